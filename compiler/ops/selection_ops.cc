// Selection ops of GE's operator repositories: GatherElements and ScatterElements (ops-nn, index),
// MaskedFill and TopKV2 (ops-math).
#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {

// Dims of `a` and `b` agree where both are known (same rank; each dim equal or unknown).
bool CompatibleDims(const Dims &a, const Dims &b) {
  if (IsUnknownRankDims(a) || IsUnknownRankDims(b)) {
    return true;
  }
  if (a.size() != b.size()) {
    return false;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] >= 0 && b[i] >= 0 && a[i] != b[i]) {
      return false;
    }
  }
  return true;
}

// GatherElements(x, index, dim): y[i] = x[i with i[dim] = index[i]]; y has index's shape.
Status InferGatherElements(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  Dims index = InputDims(context, 1);
  const int64_t dim = context.GetAttrInt("dim", 0);
  if (!IsUnknownRankDims(x) && !IsUnknownRankDims(index)) {
    if (x.size() != index.size()) {
      return context.Error(DescribeInput(context, 1) + " must have the rank of " +
                           DescribeInput(context, 0));
    }
    int64_t axis = 0;
    if (!NormalizeAxis(dim, static_cast<int64_t>(x.size()), &axis)) {
      return context.Error("attribute 'dim' = " + std::to_string(dim) + " is out of range for " +
                           DescribeInput(context, 0));
    }
    for (size_t d = 0; d < x.size(); ++d) {
      if (static_cast<int64_t>(d) != axis && x[d] >= 0 && index[d] > x[d]) {
        return context.Error("dim " + std::to_string(d) + " of " + DescribeInput(context, 1) +
                             " exceeds that of " + DescribeInput(context, 0));
      }
    }
  }
  return context.SetOutput(0, index, InputDtype(context, 0));
}

// ScatterElements(data, indices, updates, axis, reduction): y is data with updates written (or
// added/multiplied) at the positions indices name along axis; y has data's shape.
Status InferScatterElements(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  Dims data = InputDims(context, 0);
  Dims indices = InputDims(context, 1);
  Dims updates = InputDims(context, 2);
  const std::string reduction = context.GetAttrString("reduction", "none");
  if (reduction != "none" && reduction != "add" && reduction != "mul") {
    return context.Error("attribute 'reduction' = \"" + reduction +
                         "\" must be \"none\", \"add\" or \"mul\"");
  }
  if (RequireSameComputeDtype(context, {0, 2}) != SUCCESS) {
    return FAILED;
  }
  if (!CompatibleDims(indices, updates)) {
    return context.Error(DescribeInput(context, 2) + " must have the shape of " +
                         DescribeInput(context, 1));
  }
  if (!IsUnknownRankDims(data)) {
    const int64_t axis = context.GetAttrInt("axis", 0);
    int64_t normalized = 0;
    if (!NormalizeAxis(axis, static_cast<int64_t>(data.size()), &normalized)) {
      return context.Error("attribute 'axis' = " + std::to_string(axis) + " is out of range for " +
                           DescribeInput(context, 0));
    }
    if (!IsUnknownRankDims(indices) && indices.size() != data.size()) {
      return context.Error(DescribeInput(context, 1) + " must have the rank of " +
                           DescribeInput(context, 0));
    }
  }
  return context.SetOutput(0, data, InputDtype(context, 0));
}

// MaskedFill(x, mask, value): y = mask ? value : x, broadcasting all three; y has x's dtype
// (value is converted to it, as GE's prototype says).
Status InferMaskedFill(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 3, InputDtype(context, 0));
}

// TopKV2(x, k): values and indices of the k largest (or smallest) elements along `dim`; both
// outputs have x's shape with that dim replaced by k (unknown when k is not constant).
Status InferTopKV2(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const int64_t indices_dtype = context.GetAttrInt("indices_dtype", DT_INT32);
  if (indices_dtype != DT_INT32 && indices_dtype != DT_INT64) {
    return context.Error("attribute 'indices_dtype' = " + std::to_string(indices_dtype) +
                         " must be DT_INT32 (3) or DT_INT64 (9)");
  }
  Dims k_dims = InputDims(context, 1);
  if (!IsUnknownRankDims(k_dims) && DimsProduct(k_dims) > 1) {
    return context.Error("k (input 1) must hold one value, got " + DescribeInput(context, 1));
  }
  std::vector<int64_t> k;
  bool k_known = false;
  if (ReadConstInts(context, 1, &k, &k_known) != SUCCESS) {
    return FAILED;
  }
  Dims output = InputDims(context, 0);
  if (!IsUnknownRankDims(output)) {
    const int64_t dim = context.GetAttrInt("dim", -1);
    int64_t axis = 0;
    if (!NormalizeAxis(dim, static_cast<int64_t>(output.size()), &axis)) {
      return context.Error("attribute 'dim' = " + std::to_string(dim) + " is out of range for " +
                           DescribeInput(context, 0));
    }
    if (k_known) {
      if (k.size() != 1 || k[0] < 0 || (output[axis] >= 0 && k[0] > output[axis])) {
        return context.Error("k = " + DimsToString(k) + " must be one value in [0, " +
                             std::to_string(output[axis]) + "] for " + DescribeInput(context, 0));
      }
      output[axis] = k[0];
    } else {
      output[axis] = UNKNOWN_DIM;
    }
  }
  if (context.SetOutput(0, output, InputDtype(context, 0)) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(1, output, static_cast<DataType>(indices_dtype));
}

}  // namespace

void RegisterSelectionOps(OpCatalog &catalog) {
  // Dtypes as the host kernels run them (docs/op_catalog.md, "Dtypes"): GatherElements and
  // MaskedFill move elements, ScatterElements and TopKV2 compute on numbers.
  RegisterBuiltin(catalog, OpDefBuilder("GatherElements", "nn")
                               .Input("x", dtypes::HostStorable())
                               .Input("index", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Attr("dim", AttrValueType::kInt, int64_t{0})
                               .Doc("y[i] = x[i with i[dim] = index[i]] (PyTorch gather); y has "
                                    "index's shape.")
                               .Infer(InferGatherElements));
  RegisterBuiltin(catalog, OpDefBuilder("ScatterElements", "nn")
                               .Input("data", dtypes::HostReal())
                               .Input("indices", dtypes::Index())
                               .Input("updates", dtypes::HostReal())
                               .Output("y", dtypes::HostReal())
                               .Attr("axis", AttrValueType::kInt, int64_t{0})
                               .Attr("reduction", AttrValueType::kString, "none")
                               .Doc("y = data with updates[i] written to i with i[axis] = "
                                    "indices[i] (reduction none, add or mul; ONNX "
                                    "ScatterElements).")
                               .Infer(InferScatterElements));
  RegisterBuiltin(catalog, OpDefBuilder("MaskedFill", "math")
                               .Input("x", dtypes::Host())
                               .Input("mask", dtypes::Bool())
                               .Input("value", dtypes::Host())
                               .Output("y", dtypes::Host())
                               .Doc("y = mask ? value : x, broadcasting x, mask and value; value "
                                    "is converted to x's dtype.")
                               .Infer(InferMaskedFill));
  RegisterBuiltin(catalog, OpDefBuilder("TopKV2", "math")
                               .Input("x", dtypes::HostReal())
                               .Input("k", dtypes::Index())
                               .Output("values", dtypes::HostReal())
                               .Output("indices", dtypes::Index())
                               .Attr("sorted", AttrValueType::kBool, true)
                               .Attr("dim", AttrValueType::kInt, int64_t{-1})
                               .Attr("largest", AttrValueType::kBool, true)
                               .Attr("indices_dtype", AttrValueType::kInt, int64_t{DT_INT32})
                               .Attr("sort_policy", AttrValueType::kInt, int64_t{0})
                               .Doc("The k largest (largest=false: smallest) elements along dim "
                                    "and their indices.")
                               .Infer(InferTopKV2));
}

}  // namespace ge
