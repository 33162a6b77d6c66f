// Broadcast / fill / select / misc ops: Tile, TileD, Expand, ExpandD,
// BroadcastTo, SelectV2, Select, Where, Fill, ZerosLike, Range, Trilu, AccumulateNV2.
#include <cmath>

#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
Status TileBy(InferShapeContext &context, const std::vector<int64_t> &multiples) {
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, Dims(multiples.size(), UNKNOWN_DIM), InputDtype(context, 0));
  }
  if (multiples.size() != x.size()) {
    return context.Error("multiples " + DimsToString(multiples) +
                         " must have one entry per dim of " + DescribeInput(context, 0));
  }
  Dims output = x;
  for (size_t i = 0; i < x.size(); ++i) {
    if (multiples[i] < 0) {
      return context.Error("multiples " + DimsToString(multiples) + " must not be negative");
    }
    output[i] = x[i] < 0 ? UNKNOWN_DIM : x[i] * multiples[i];
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

// The output rank when a shape-like input's values are unknown.
Dims UnknownFromShapeInput(const InferShapeContext &context, size_t index) {
  Dims dims = InputDims(context, index);
  return dims.size() == 1 && dims[0] >= 0 ? Dims(static_cast<size_t>(dims[0]), UNKNOWN_DIM)
                                          : UnknownRankDims();
}

Status InferTile(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> multiples;
  bool known = false;
  if (ReadConstInts(context, 1, &multiples, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    Dims x = InputDims(context, 0);
    return context.SetOutput(
        0, IsUnknownRankDims(x) ? UnknownFromShapeInput(context, 1) : Dims(x.size(), UNKNOWN_DIM),
        InputDtype(context, 0));
  }
  return TileBy(context, multiples);
}

Status InferTileD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> multiples;
  context.GetAttrListInt("multiples", &multiples);
  return TileBy(context, multiples);
}

// Expand: bidirectional broadcast of x with `shape` (ONNX).
Status ExpandTo(InferShapeContext &context, const std::vector<int64_t> &shape) {
  Dims output;
  std::string why;
  if (!BroadcastDims(InputDims(context, 0), shape, &output, &why)) {
    return context.Error("cannot expand " + DescribeInput(context, 0) + " to " +
                         DimsToString(shape) + ": " + why);
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status InferExpand(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> shape;
  bool known = false;
  if (ReadConstInts(context, 1, &shape, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    Dims target = UnknownFromShapeInput(context, 1);
    Dims x = InputDims(context, 0);
    if (!IsUnknownRankDims(target) && !IsUnknownRankDims(x) && x.size() > target.size()) {
      target.assign(x.size(), UNKNOWN_DIM);
    }
    return context.SetOutput(0, target, InputDtype(context, 0));
  }
  return ExpandTo(context, shape);
}

Status InferExpandD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> shape;
  context.GetAttrListInt("shape", &shape);
  return ExpandTo(context, shape);
}

// BroadcastTo: the output is exactly `shape`; x must broadcast to it.
Status InferBroadcastTo(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> shape;
  bool known = false;
  if (ReadConstInts(context, 1, &shape, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    return context.SetOutput(0, UnknownFromShapeInput(context, 1), InputDtype(context, 0));
  }
  Dims x = InputDims(context, 0);
  Dims output;
  std::string why;
  if (!BroadcastDims(x, shape, &output, &why) ||
      (!IsUnknownRankDims(x) && x.size() > shape.size())) {
    return context.Error("cannot broadcast " + DescribeInput(context, 0) + " to " +
                         DimsToString(shape) + (why.empty() ? "" : ": " + why));
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] >= 0 && output[i] >= 0 && output[i] != shape[i]) {
      return context.Error("cannot broadcast " + DescribeInput(context, 0) + " to " +
                           DimsToString(shape));
    }
  }
  return context.SetOutput(0, shape, InputDtype(context, 0));
}

Status InferSelectV2(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  if (InputDtype(context, 1) != InputDtype(context, 2)) {
    return context.Error("then (input 1) is " + DataTypeToString(InputDtype(context, 1)) +
                         " but else (input 2) is " + DataTypeToString(InputDtype(context, 2)));
  }
  return InferBroadcastInputs(context, 0, 3, InputDtype(context, 1));
}

// TF Select: condition has x1's shape, or is 1-D selecting along dim 0.
Status InferSelect(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS || RequireSameDtype(context, {1, 2}) != SUCCESS) {
    return FAILED;
  }
  Dims condition = InputDims(context, 0);
  Dims x1 = InputDims(context, 1);
  Dims x2 = InputDims(context, 2);
  Dims output;
  std::string why;
  if (!BroadcastDims(x1, x2, &output, &why) ||
      (!IsUnknownRankDims(x1) && !IsUnknownRankDims(x2) && x1.size() != x2.size())) {
    return context.Error(DescribeInput(context, 1) + " and " + DescribeInput(context, 2) +
                         " must have the same shape");
  }
  if (!IsUnknownRankDims(condition) && !IsUnknownRankDims(output) && condition != output &&
      !(condition.size() == 1 && !output.empty() &&
        (condition[0] == output[0] || condition[0] < 0 || output[0] < 0))) {
    Dims check;
    if (!BroadcastDims(condition, output, &check, &why) || check.size() != output.size()) {
      return context.Error(DescribeInput(context, 0) + " must match " + DimsToString(output) +
                           " or be 1-D along dim 0");
    }
  }
  return context.SetOutput(0, output, InputDtype(context, 1));
}

// TF Where: [num_true, rank] int64 coordinates; num_true is data dependent.
Status InferWhere(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  int64_t rank = IsUnknownRankDims(x) ? UNKNOWN_DIM : static_cast<int64_t>(x.size());
  return context.SetOutput(0, {UNKNOWN_DIM, rank}, DT_INT64);
}

Status InferFill(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  Dims value = InputDims(context, 1);
  if (!IsUnknownRankDims(value) && DimsProduct(value) > 1) {
    return context.Error(DescribeInput(context, 1) + " must be a scalar (one element)");
  }
  std::vector<int64_t> dims;
  bool known = false;
  if (ReadConstInts(context, 0, &dims, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    return context.SetOutput(0, UnknownFromShapeInput(context, 0), InputDtype(context, 1));
  }
  for (int64_t dim : dims) {
    if (dim < 0) {
      return context.Error("dims " + DimsToString(dims) + " (input 0) must not be negative");
    }
  }
  return context.SetOutput(0, dims, InputDtype(context, 1));
}

Status InferPassThrough(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return context.PassThrough(0, 0);
}

// Range: ceil((limit - start) / delta) elements ([start, limit]: +1 when is_closed and exact).
Status InferRange(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  DataType dtype = InputDtype(context, 0);
  std::vector<double> start;
  std::vector<double> limit;
  std::vector<double> delta;
  if (!context.GetConstInputDoubles(0, &start) || !context.GetConstInputDoubles(1, &limit) ||
      !context.GetConstInputDoubles(2, &delta)) {
    return context.SetOutput(0, {UNKNOWN_DIM}, dtype);
  }
  if (start.size() != 1 || limit.size() != 1 || delta.size() != 1) {
    return context.Error("start, limit and delta must be scalars");
  }
  if (delta[0] == 0.0 || !std::isfinite(delta[0]) || !std::isfinite(start[0]) ||
      !std::isfinite(limit[0])) {
    return context.Error("delta must be non-zero and start/limit/delta finite, got start " +
                         std::to_string(start[0]) + ", limit " + std::to_string(limit[0]) +
                         ", delta " + std::to_string(delta[0]));
  }
  double span = (limit[0] - start[0]) / delta[0];
  int64_t count = 0;
  if (context.GetAttrBool("is_closed", false)) {
    count = span < 0 ? 0 : static_cast<int64_t>(std::floor(span)) + 1;
  } else {
    count = span <= 0 ? 0 : static_cast<int64_t>(std::ceil(span));
  }
  return context.SetOutput(0, {count}, dtype);
}

Status InferTrilu(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (!IsUnknownRankDims(x) && x.size() < 2) {
    return context.Error(DescribeInput(context, 0) + " must have rank >= 2");
  }
  return context.PassThrough(0, 0);
}

Status InferAccumulateNV2(InferShapeContext &context) {
  std::pair<int32_t, int32_t> range = context.GetIrInputRange("x");
  if (range.first < 0 || range.second == 0) {
    return context.Error("has no instances of the dynamic input 'x'");
  }
  std::vector<size_t> inputs;
  for (int32_t i = 0; i < range.second; ++i) inputs.push_back(static_cast<size_t>(range.first + i));
  if (RequireSameComputeDtype(context, inputs) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, static_cast<size_t>(range.first),
                              static_cast<size_t>(range.second),
                              InputDtype(context, static_cast<size_t>(range.first)));
}
}  // namespace

void RegisterBroadcastFillOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("Tile", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("multiples", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("y.dim[i] = x.dim[i] * multiples[i].")
                               .Infer(InferTile));
  RegisterBuiltin(catalog, OpDefBuilder("TileD", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("multiples", AttrValueType::kListInt)
                               .Doc("Tile with multiples as attribute.")
                               .Infer(InferTileD));
  RegisterBuiltin(catalog, OpDefBuilder("Expand", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("shape", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("ONNX Expand: y.shape = broadcast(x.shape, shape).")
                               .Infer(InferExpand));
  RegisterBuiltin(catalog, OpDefBuilder("ExpandD", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("shape", AttrValueType::kListInt)
                               .Doc("Expand with shape as attribute.")
                               .Infer(InferExpandD));
  RegisterBuiltin(catalog, OpDefBuilder("BroadcastTo", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("shape", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("Broadcasts x to exactly `shape`.")
                               .Infer(InferBroadcastTo));
  RegisterBuiltin(catalog, OpDefBuilder("SelectV2", "math")
                               .Input("condition", dtypes::Bool())
                               .Input("then", dtypes::HostStorable())
                               .Input("else", dtypes::HostStorable())
                               .Output("result", dtypes::HostStorable())
                               .Doc("condition ? then : else with 3-way broadcasting.")
                               .Infer(InferSelectV2));
  RegisterBuiltin(catalog, OpDefBuilder("Select", "math")
                               .Input("condition", dtypes::Bool())
                               .Input("x1", dtypes::HostStorable())
                               .Input("x2", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Doc("TF Select: condition same shape, or 1-D along dim 0.")
                               .Infer(InferSelect));
  RegisterBuiltin(catalog, OpDefBuilder("Where", "math")
                               .Input("x", dtypes::Bool())
                               .Output("y", {DT_INT64})
                               .Doc("TF Where: [num_true, rank] coordinates of true elements.")
                               .Infer(InferWhere));
  RegisterBuiltin(catalog, OpDefBuilder("Fill", "math")
                               .Input("dims", dtypes::Index())
                               .Input("value", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Doc("Tensor of shape dims filled with the scalar value.")
                               .Infer(InferFill));
  RegisterBuiltin(catalog, OpDefBuilder("ZerosLike", "math")
                               .Input("x", dtypes::Host())
                               .Output("y", dtypes::Host())
                               .Doc("Zeros of x's shape and dtype.")
                               .Infer(InferPassThrough));
  RegisterBuiltin(catalog, OpDefBuilder("OnesLike", "math")
                               .Input("x", dtypes::Host())
                               .Output("y", dtypes::Host())
                               .Doc("Ones of x's shape and dtype (true for bool).")
                               .Infer(InferPassThrough));
  RegisterBuiltin(catalog, OpDefBuilder("Range", "math")
                               .Input("start", dtypes::HostReal())
                               .Input("limit", dtypes::HostReal())
                               .Input("delta", dtypes::HostReal())
                               .Output("y", dtypes::HostReal())
                               .Attr("is_closed", AttrValueType::kBool, false)
                               .Doc("[start, limit) by delta; is_closed includes limit.")
                               .Infer(InferRange));
  RegisterBuiltin(catalog, OpDefBuilder("Trilu", "math")
                               .Input("x", dtypes::HostStorable())
                               .OptionalInput("k", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Attr("upper", AttrValueType::kInt, int64_t{0})
                               .Doc("Upper (upper != 0) or lower triangle of the last two dims, "
                                    "diagonal offset k.")
                               .Infer(InferTrilu));
  RegisterBuiltin(catalog, OpDefBuilder("AccumulateNV2", "math")
                               .DynamicInput("x", dtypes::Host())
                               .Output("y", dtypes::Host())
                               .RequiredAttr("N", AttrValueType::kInt)
                               .Doc("Sum of N tensors (broadcasting, ONNX Sum).")
                               .Infer(InferAccumulateNV2));
}

}  // namespace ge
