// ONNX elementwise, logic, cast and simple 1:1 ops (mapping table: docs/onnx_import.md).
#include <cstring>
#include <limits>
#include <set>
#include <string_view>
#include <unordered_map>

#include "common/error.h"
#include "parser/onnx_input_query.h"
#include "parser/onnx_op_mapper.h"
#include "parser/onnx_tensor.h"

namespace ge {
namespace {

using onnx_map::BindOutput;
using onnx_map::CheckInputCount;
using onnx_map::Connect;
using onnx_map::ConnectConst;
using onnx_map::ConnectInput;
using onnx_map::HelperOp;
using onnx_map::MainOp;
using onnx_map::NodeError;

/// ONNX op -> Ascend IR op whose inputs are the ONNX inputs in the same order, one output.
const std::unordered_map<std::string_view, std::string> &DirectTypes() {
  static const std::unordered_map<std::string_view, std::string> types = {
      {"Identity", "Identity"},
      {"Add", "Add"},
      {"Sub", "Sub"},
      {"Mul", "Mul"},
      {"Sqrt", "Sqrt"},
      {"Exp", "Exp"},
      {"Log", "Log"},
      {"Abs", "Abs"},
      {"Neg", "Neg"},
      {"Relu", "Relu"},
      {"Sigmoid", "Sigmoid"},
      {"Tanh", "Tanh"},
      {"Erf", "Erf"},
      {"Sin", "Sin"},
      {"Cos", "Cos"},
      {"Tan", "Tan"},
      {"Asin", "Asin"},
      {"Acos", "Acos"},
      {"Atan", "Atan"},
      {"Sinh", "Sinh"},
      {"Cosh", "Cosh"},
      {"Asinh", "Asinh"},
      {"Acosh", "Acosh"},
      {"Atanh", "Atanh"},
      {"Round", "Round"},
      {"Sign", "Sign"},
      {"Softplus", "Softplus"},
      {"Softsign", "Softsign"},
      {"Mish", "Mish"},
      {"Reciprocal", "Reciprocal"},
      {"Floor", "Floor"},
      {"Ceil", "Ceil"},
      {"Div", "RealDiv"},
      {"Equal", "Equal"},
      {"Less", "Less"},
      {"Greater", "Greater"},
      {"LessOrEqual", "LessEqual"},
      {"GreaterOrEqual", "GreaterEqual"},
      {"Not", "LogicalNot"},
      {"And", "LogicalAnd"},
      {"Or", "LogicalOr"},
      {"Where", "SelectV2"},
      {"Expand", "Expand"},
      {"Tile", "Tile"},
  };
  return types;
}

/// Whether ONNX input `index` of `node` is a constant whose every element is zero (false).
bool IsConstantZero(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index) {
  GeTensor value;
  if (!node.HasInput(index) || !ctx.HasConstantValue(node.InputName(index)) ||
      ctx.ConstantValue(node.InputName(index), node, &value) != SUCCESS) {
    return false;
  }
  const uint8_t *data = value.GetData();
  for (size_t i = 0; i < value.GetSize(); ++i) {
    if (data[i] != 0) {
      return false;
    }
  }
  return true;
}

Status MapDirect(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const std::string &type = DirectTypes().at(node.OpType());
  Node *op = MainOp(node, ctx, type);
  if (op == nullptr) {
    return FAILED;
  }
  if (node.InputCount() > op->GetInputsSize()) {
    return NodeError(node, ctx,
                     "has " + std::to_string(node.InputCount()) + " inputs but " + type +
                         " takes " + std::to_string(op->GetInputsSize()));
  }
  for (size_t i = 0; i < node.InputCount(); ++i) {
    if (!node.HasInput(i)) {
      continue;
    }
    OutAnchor src;
    if (ctx.Input(node, i, &src) != SUCCESS ||
        ctx.ConnectIndex(src, op, static_cast<int32_t>(i)) != SUCCESS) {
      return FAILED;
    }
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Range-27's stash_type 0 accumulates float16/bfloat16 in the half type itself; the host kernel
/// computes halves in float, which is stash_type 1 (the default).
Status MapRange(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (node.Opset() >= 27 && node.GetInt("stash_type", 1) != 1) {
    return NodeError(
        node, ctx,
        "Range-27 attribute 'stash_type' = " + std::to_string(node.GetInt("stash_type", 1)) +
            " is not supported (the host runtime computes halves in float: 1)");
  }
  if (CheckInputCount(node, ctx, 3, 3) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Range");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "start") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "limit") != SUCCESS ||
      ConnectInput(node, ctx, 2, op, "delta") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Copies Cast's `saturate` (opset 19+) and `round_mode` (opset 25+) onto the GE Cast node,
/// where the host kernel reads them when narrowing to the float8 types.
Status CopyNarrowingAttrs(const OnnxNodeView &node, OnnxImportContext &ctx, Node *op) {
  if (node.HasAttr("saturate")) {
    op->MutableOpDesc().SetAttr("saturate", node.GetInt("saturate", 1) != 0);
  }
  if (node.HasAttr("round_mode")) {
    const std::string mode = node.GetString("round_mode", "up");
    if (mode != "up" && mode != "down" && mode != "nearest") {
      return NodeError(node, ctx,
                       "attribute 'round_mode' = '" + mode + "' is not one of up, down, nearest");
    }
    op->MutableOpDesc().SetAttr("round_mode", mode);
  }
  return SUCCESS;
}

Status MapCast(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  if (!node.HasAttr("to")) {
    return NodeError(node, ctx, "required attribute 'to' is missing");
  }
  const int64_t to = node.GetInt("to", 0);
  DataType dst = DT_UNDEFINED;
  if (to < 0 || to > std::numeric_limits<int32_t>::max() ||
      !OnnxToGeDataType(static_cast<int32_t>(to), &dst)) {
    return NodeError(node, ctx,
                     "attribute 'to' = " + std::to_string(to) + " (" +
                         onnx::DataTypeName(static_cast<int32_t>(to)) +
                         ") has no Ascend IR data type");
  }
  Node *op = MainOp(node, ctx, "Cast");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      CopyNarrowingAttrs(node, ctx, op) != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(dst));
  return BindOutput(node, ctx, 0, {op, 0});
}

/// CastLike: a Cast to the data type of input 1 (known at import from the graph so far).
Status MapCastLike(const OnnxNodeView &node, OnnxImportContext &ctx) {
  DataType dst = DT_UNDEFINED;
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS ||
      InferredInputDtype(node, ctx, 1, "CastLike", &dst) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Cast");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      CopyNarrowingAttrs(node, ctx, op) != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(dst));
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Mod: fmod 0 is the floored remainder with the divisor's sign (FloorMod), fmod 1 C's fmod
/// with the dividend's sign (Mod).
Status MapMod(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, node.GetInt("fmod", 0) != 0 ? "Mod" : "FloorMod");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x1") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "x2") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Xor of bools is their inequality.
Status MapXor(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "NotEqual");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x1") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "x2") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// ONNX Pow keeps the base's type: an integer base with a float exponent is computed in the
/// promoted float type and cast back, a float base takes the exponent cast to its type.
Status MapPow(const OnnxNodeView &node, OnnxImportContext &ctx) {
  DataType base = DT_UNDEFINED;
  DataType exponent = DT_UNDEFINED;
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS ||
      InferredInputDtype(node, ctx, 0, "Pow", &base) != SUCCESS ||
      InferredInputDtype(node, ctx, 1, "Pow", &exponent) != SUCCESS) {
    return FAILED;
  }
  const bool float_base =
      base == DT_FLOAT || base == DT_DOUBLE || base == DT_FLOAT16 || base == DT_BF16;
  const bool cast_result = base != exponent && !float_base;
  Node *op = cast_result ? HelperOp(node, ctx, "Pow", "Pow") : MainOp(node, ctx, "Pow");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x1") != SUCCESS) {
    return FAILED;
  }
  if (base != exponent && float_base) {
    Node *cast = HelperOp(node, ctx, "exponent", "Cast");
    if (cast == nullptr || ConnectInput(node, ctx, 1, cast, "x") != SUCCESS ||
        Connect(ctx, {cast, 0}, op, "x2") != SUCCESS) {
      return FAILED;
    }
    cast->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(base));
  } else if (ConnectInput(node, ctx, 1, op, "x2") != SUCCESS) {
    return FAILED;
  }
  if (!cast_result) {
    return BindOutput(node, ctx, 0, {op, 0});
  }
  Node *cast = MainOp(node, ctx, "Cast");
  if (cast == nullptr || Connect(ctx, {op, 0}, cast, "x") != SUCCESS) {
    return FAILED;
  }
  cast->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(base));
  return BindOutput(node, ctx, 0, {cast, 0});
}

Status MapShape(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Shape");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT64));
  const int64_t start = node.GetInt("start", 0);
  if (start == 0 && !node.HasAttr("end")) {
    return BindOutput(node, ctx, 0, {op, 0});
  }
  // Opset 15 start/end select dims [start, end) of the shape with Slice's rules (negative
  // values count from the rank, out-of-range values clamp), so they become a slice of it.
  Node *slice = HelperOp(node, ctx, "Slice", "StridedSliceV2");
  const int64_t end = node.GetInt("end", std::numeric_limits<int64_t>::max());
  if (slice == nullptr || Connect(ctx, {op, 0}, slice, "x") != SUCCESS ||
      ConnectConst(node, ctx, "start", MakeInt64Tensor({start}), slice, "begin") != SUCCESS ||
      ConnectConst(node, ctx, "end", MakeInt64Tensor({end}), slice, "end") != SUCCESS ||
      ConnectConst(node, ctx, "axes", MakeInt64Tensor({0}), slice, "axes") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {slice, 0});
}

/// Inference-time Dropout is the identity (GE deletes the node and forwards input 0) and its
/// mask is all true. Training mode (a training_mode input that is not a constant false) drops
/// at random and is refused, except with a constant ratio 0, where it is the identity too.
Status MapDropout(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 3) != SUCCESS) {
    return FAILED;
  }
  if (node.HasInput(2) && !IsConstantZero(node, ctx, 2) && !IsConstantZero(node, ctx, 1)) {
    return NodeError(node, ctx,
                     "training mode (input 'training_mode' is not a constant false) is not "
                     "supported: only inference Dropout is imported");
  }
  OutAnchor src;
  if (ctx.Input(node, 0, &src) != SUCCESS || BindOutput(node, ctx, 0, src) != SUCCESS) {
    return FAILED;
  }
  if (!node.HasOutput(1)) {
    return SUCCESS;
  }
  Node *shape = HelperOp(node, ctx, "Shape", "Shape");
  Node *fill = HelperOp(node, ctx, "mask", "Fill");
  if (shape == nullptr || fill == nullptr || ctx.Connect(src, shape, "x") != SUCCESS ||
      Connect(ctx, {shape, 0}, fill, "dims") != SUCCESS ||
      ConnectConst(node, ctx, "true", MakeBoolTensor({true}, true), fill, "value") != SUCCESS) {
    return FAILED;
  }
  shape->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT64));
  return BindOutput(node, ctx, 1, {fill, 0});
}

Status MapSum(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const int64_t n = static_cast<int64_t>(node.InputCount());
  if (n < 1) {
    return NodeError(node, ctx, "needs at least one input");
  }
  Node *op = MainOp(node, ctx, "AccumulateNV2", {{"x", n}});
  if (op == nullptr) {
    return FAILED;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (ConnectInput(node, ctx, static_cast<size_t>(i), op, "x" + std::to_string(i)) != SUCCESS) {
      return FAILED;
    }
  }
  op->MutableOpDesc().SetAttr("N", n);
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Max / Min: a left fold of Maximum / Minimum; one input is an Identity.
Status MapMaxMin(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const size_t n = node.InputCount();
  if (n < 1) {
    return NodeError(node, ctx, "needs at least one input");
  }
  const std::string type = node.OpType() == "Max" ? "Maximum" : "Minimum";
  if (n == 1) {
    Node *op = MainOp(node, ctx, "Identity");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, {op, 0});
  }
  OutAnchor acc;
  if (ctx.Input(node, 0, &acc) != SUCCESS) {
    return FAILED;
  }
  for (size_t i = 1; i < n; ++i) {
    Node *op = i + 1 == n ? MainOp(node, ctx, type)
                          : HelperOp(node, ctx, type + "_" + std::to_string(i), type);
    if (op == nullptr || ctx.Connect(acc, op, "x1") != SUCCESS ||
        ConnectInput(node, ctx, i, op, "x2") != SUCCESS) {
      return FAILED;
    }
    acc = {op, 0};
  }
  return BindOutput(node, ctx, 0, acc);
}

Status MapClip(const OnnxNodeView &node, OnnxImportContext &ctx) {
  constexpr float kFloatMax = 3.402823e38F;
  if (node.Opset() <= 10) {
    // Attributes min/max: Cast(x -> fp32) then ClipByValue with fp32 scalar constants.
    Node *cast = HelperOp(node, ctx, "Cast", "Cast");
    Node *clip = MainOp(node, ctx, "ClipByValue");
    if (cast == nullptr || clip == nullptr || ConnectInput(node, ctx, 0, cast, "x") != SUCCESS) {
      return FAILED;
    }
    cast->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(DT_FLOAT));
    if (ctx.Connect({cast, 0}, clip, "x") != SUCCESS ||
        ConnectConst(node, ctx, "min", MakeFloatTensor({node.GetFloat("min", -kFloatMax)}, true),
                     clip, "clip_value_min") != SUCCESS ||
        ConnectConst(node, ctx, "max", MakeFloatTensor({node.GetFloat("max", kFloatMax)}, true),
                     clip, "clip_value_max") != SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, {clip, 0});
  }
  const bool has_min = node.HasInput(1);
  const bool has_max = node.HasInput(2);
  Node *op = nullptr;
  if (!has_min && !has_max) {
    // No bounds: the identity.
    op = MainOp(node, ctx, "Identity");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, {op, 0});
  }
  if (has_min && has_max) {
    op = MainOp(node, ctx, "ClipByValue");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
        ConnectInput(node, ctx, 1, op, "clip_value_min") != SUCCESS ||
        ConnectInput(node, ctx, 2, op, "clip_value_max") != SUCCESS) {
      return FAILED;
    }
  } else {
    op = MainOp(node, ctx, has_max ? "Minimum" : "Maximum");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x1") != SUCCESS ||
        ConnectInput(node, ctx, has_max ? 2 : 1, op, "x2") != SUCCESS) {
      return FAILED;
    }
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// LeakyRelu / HardSigmoid / HardSwish / Elu / Selu / ThresholdedRelu with ONNX's attribute
/// defaults made explicit (GE's HardSigmoid defaults differ: alpha 1/6).
Status MapActivation(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, std::string(node.OpType()));
  OutAnchor x;
  if (op == nullptr || ctx.Input(node, 0, &x) != SUCCESS || ctx.ConnectIndex(x, op, 0) != SUCCESS) {
    return FAILED;
  }
  if (node.OpType() == "LeakyRelu") {
    op->MutableOpDesc().SetAttr("negative_slope", node.GetFloat("alpha", 0.01F));
  } else if (node.OpType() == "HardSigmoid") {
    op->MutableOpDesc().SetAttr("alpha", node.GetFloat("alpha", 0.2F));
    op->MutableOpDesc().SetAttr("beta", node.GetFloat("beta", 0.5F));
  } else if (node.OpType() == "Elu" || node.OpType() == "ThresholdedRelu") {
    op->MutableOpDesc().SetAttr("alpha", node.GetFloat("alpha", 1.0F));
  } else if (node.OpType() == "Selu") {
    op->MutableOpDesc().SetAttr("alpha", node.GetFloat("alpha", 1.67326319F));
    op->MutableOpDesc().SetAttr("gamma", node.GetFloat("gamma", 1.05070102F));
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapGelu(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const std::string approximate = node.GetString("approximate", "none");
  if (approximate != "none" && approximate != "tanh") {
    return NodeError(node, ctx,
                     "attribute 'approximate' = '" + approximate + "' (expected 'none' or 'tanh')");
  }
  Node *op = MainOp(node, ctx, "GeluV2");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("approximate", approximate);
  return BindOutput(node, ctx, 0, {op, 0});
}

/// The direct ops whose versions before opset 7 mean what their later ones do: they differ only
/// by `consumed_inputs`, a legacy memory hint with no effect on the result (the elementwise
/// binary ops are not among them: before 7 they broadcast by `broadcast`/`axis` attributes).
bool UnchangedSinceOpsetOne(std::string_view op_type) {
  static const std::set<std::string_view> kOps = {
      "Identity", "Abs",  "Neg", "Exp",     "Log",  "Sqrt",     "Reciprocal", "Floor",
      "Ceil",     "Relu", "Not", "Sigmoid", "Tanh", "Softplus", "Softsign"};
  return kOps.count(op_type) != 0;
}

}  // namespace

void AppendElementwiseMappings(std::vector<OnnxOpMapping> *mappings) {
  for (const auto &entry : DirectTypes()) {
    const int64_t first = UnchangedSinceOpsetOne(entry.first) ? 1 : kMinOnnxOpset;
    mappings->push_back({entry.first.data(), first, kMaxOnnxOpset, MapDirect});
  }
  mappings->push_back({"Range", 11, kMaxOnnxOpset, MapRange});
  mappings->push_back({"LeakyRelu", kMinOnnxOpset, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"HardSigmoid", kMinOnnxOpset, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"HardSwish", 14, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"Elu", kMinOnnxOpset, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"Selu", kMinOnnxOpset, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"ThresholdedRelu", 10, kMaxOnnxOpset, MapActivation});
  mappings->push_back({"CastLike", 15, kMaxOnnxOpset, MapCastLike});
  mappings->push_back({"Mod", 10, kMaxOnnxOpset, MapMod});
  mappings->push_back({"Xor", kMinOnnxOpset, kMaxOnnxOpset, MapXor});
  mappings->push_back({"Pow", kMinOnnxOpset, kMaxOnnxOpset, MapPow});
  mappings->push_back({"Cast", kMinOnnxOpset, kMaxOnnxOpset, MapCast});
  mappings->push_back({"Shape", kMinOnnxOpset, kMaxOnnxOpset, MapShape});
  mappings->push_back({"Dropout", kMinOnnxOpset, kMaxOnnxOpset, MapDropout});
  mappings->push_back({"Sum", kMinOnnxOpset, kMaxOnnxOpset, MapSum});
  mappings->push_back({"Max", kMinOnnxOpset, kMaxOnnxOpset, MapMaxMin});
  mappings->push_back({"Min", kMinOnnxOpset, kMaxOnnxOpset, MapMaxMin});
  mappings->push_back({"Clip", kMinOnnxOpset, kMaxOnnxOpset, MapClip});
  // Gelu exists from opset 20; mapped to GeluV2 (ge_py's choice: GE has no Gelu mapping).
  mappings->push_back({"Gelu", 20, kMaxOnnxOpset, MapGelu});
}

}  // namespace ge
