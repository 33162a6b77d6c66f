// Pad ops: Pad, PadD, PadV2, PadV3, MirrorPad. y.dim = x.dim + before + after.
#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// `pads` holds (before, after) per dim: interleaved [b0, e0, b1, e1, ...] when `contiguous`, else
// the ONNX layout [b0, b1, ..., e0, e1, ...]. Negative pads crop.
Status ApplyPads(InferShapeContext &context, const std::vector<int64_t> &pads, bool contiguous,
                 bool allow_negative) {
  Dims x = InputDims(context, 0);
  DataType dtype = InputDtype(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(
        0, pads.size() % 2 == 0 ? Dims(pads.size() / 2, UNKNOWN_DIM) : UnknownRankDims(), dtype);
  }
  if (pads.size() != x.size() * 2) {
    return context.Error("paddings " + DimsToString(pads) + " must hold 2 values per dim of " +
                         DescribeInput(context, 0) + " (" + std::to_string(x.size() * 2) + ")");
  }
  Dims output = x;
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t before = contiguous ? pads[2 * i] : pads[i];
    int64_t after = contiguous ? pads[2 * i + 1] : pads[i + x.size()];
    if (!allow_negative && (before < 0 || after < 0)) {
      return context.Error("paddings " + DimsToString(pads) + " must not be negative");
    }
    if (x[i] < 0) {
      continue;
    }
    output[i] = x[i] + before + after;
    if (output[i] < 0) {
      return context.Error("paddings " + DimsToString(pads) + " crop dim " + std::to_string(i) +
                           " of " + DescribeInput(context, 0) + " below zero");
    }
  }
  return context.SetOutput(0, output, dtype);
}

// The host converts constant_values (input 2) to x's dtype: equal dtypes, or two it computes in.
Status CheckConstantValues(const InferShapeContext &context) {
  if (context.GetInputsSize() < 3 || !context.IsInputConnected(2)) {
    return SUCCESS;
  }
  const DataType x = InputDtype(context, 0);
  const DataType value = InputDtype(context, 2);
  if (x != value && (!IsHostComputeType(x) || !IsHostComputeType(value))) {
    return context.Error("input 2 'constant_values' has dtype " + DataTypeToString(value) +
                         ", which the host runtime cannot convert to x's " + DataTypeToString(x));
  }
  return SUCCESS;
}

// Paddings from a constant input ([rank, 2] or flat); unknown values give unknown dims.
Status PadFromInput(InferShapeContext &context, bool contiguous, bool allow_negative) {
  if (context.RequireInputs(2) != SUCCESS || CheckConstantValues(context) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> pads;
  bool known = false;
  if (ReadConstInts(context, 1, &pads, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    Dims x = InputDims(context, 0);
    return context.SetOutput(0, IsUnknownRankDims(x) ? x : Dims(x.size(), UNKNOWN_DIM),
                             InputDtype(context, 0));
  }
  return ApplyPads(context, pads, contiguous, allow_negative);
}

Status InferPad(InferShapeContext &context) { return PadFromInput(context, true, false); }

Status InferPadD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<std::vector<int64_t>> paddings;
  context.GetAttrListListInt("paddings", &paddings);
  std::vector<int64_t> flat;
  for (const auto &pair : paddings) {
    if (pair.size() != 2) {
      return context.Error("attribute 'paddings' must be a list of [before, after] pairs");
    }
    flat.insert(flat.end(), pair.begin(), pair.end());
  }
  return ApplyPads(context, flat, true, false);
}

Status InferPadV3(InferShapeContext &context) {
  std::string mode = context.GetAttrString("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge" && mode != "symmetric" &&
      mode != "circular") {
    return context.Error("attribute 'mode' = '" + mode +
                         "' is not one of constant, reflect, edge, symmetric, circular");
  }
  return PadFromInput(context, context.GetAttrBool("paddings_contiguous", true), true);
}

Status InferMirrorPad(InferShapeContext &context) {
  std::string mode = context.GetAttrString("mode", "");
  if (mode != "REFLECT" && mode != "SYMMETRIC") {
    return context.Error("attribute 'mode' = '" + mode + "' is not REFLECT or SYMMETRIC");
  }
  return PadFromInput(context, true, false);
}
}  // namespace

void RegisterPadOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("Pad", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("paddings", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("Zero pad; paddings[i] = [before, after].")
                               .Infer(InferPad));
  RegisterBuiltin(catalog, OpDefBuilder("PadD", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("paddings", AttrValueType::kListListInt)
                               .Doc("Pad with paddings as attribute.")
                               .Infer(InferPadD));
  RegisterBuiltin(catalog, OpDefBuilder("PadV2", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("paddings", dtypes::Index())
                               .Input("constant_values", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Doc("Constant pad with the given scalar.")
                               .Infer(InferPad));
  RegisterBuiltin(catalog, OpDefBuilder("PadV3", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("paddings", dtypes::Index())
                               .OptionalInput("constant_values", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Attr("mode", AttrValueType::kString, "constant")
                               .Attr("paddings_contiguous", AttrValueType::kBool, true)
                               .Doc("Pad modes constant/reflect/edge/symmetric/circular; "
                                    "contiguous = [b0, e0, b1, e1, ...], else ONNX layout; "
                                    "negative pads crop.")
                               .Infer(InferPadV3));
  RegisterBuiltin(catalog, OpDefBuilder("MirrorPad", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("paddings", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("mode", AttrValueType::kString)
                               .Doc("Mirror pad, mode REFLECT or SYMMETRIC.")
                               .Infer(InferMirrorPad));
}

}  // namespace ge
