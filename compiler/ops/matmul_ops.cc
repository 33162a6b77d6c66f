// Matrix multiply family: MatMul, MatMulV2, MatMulV3, BatchMatMul,
// BatchMatMulV2, GEMM, BiasAdd, Einsum.
#include "ops/builtin_ops.h"
#include "ops/einsum_equation.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
bool DimsCompatible(int64_t a, int64_t b) { return a < 0 || b < 0 || a == b; }

// int8 matmuls accumulate into int32 (quantised MatMulV2/BatchMatMulV2).
DataType MatmulOutputType(DataType input) { return input == DT_INT8 ? DT_INT32 : input; }

// Checks an optional bias [N] (or broadcastable to the output) when connected.
Status CheckBias(InferShapeContext &context, size_t bias_index, const Dims &output) {
  if (context.GetInputsSize() <= bias_index || !context.IsInputConnected(bias_index)) {
    return SUCCESS;
  }
  Dims bias = InputDims(context, bias_index);
  Dims broadcast;
  std::string why;
  if (!BroadcastDims(output, bias, &broadcast, &why) || broadcast.size() != output.size()) {
    return context.Error(DescribeInput(context, bias_index) +
                         " does not broadcast to the output shape " + DimsToString(output));
  }
  return SUCCESS;
}

// 2-D matmul: op(x1)[M,K] . op(x2)[K,N] -> [M,N].
Status InferMatMul2D(InferShapeContext &context, const char *transpose1, const char *transpose2) {
  // x1, x2 and bias (GEMM: a, b and c) feed one product in one dtype.
  if (context.RequireInputs(2) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  Dims a = InputDims(context, 0);
  Dims b = InputDims(context, 1);
  if (IsUnknownRankDims(a)) a = {UNKNOWN_DIM, UNKNOWN_DIM};
  if (IsUnknownRankDims(b)) b = {UNKNOWN_DIM, UNKNOWN_DIM};
  if (a.size() != 2 || b.size() != 2) {
    return context.Error("expects 2-D inputs, got " + DescribeInput(context, 0) + " and " +
                         DescribeInput(context, 1));
  }
  bool t1 = context.GetAttrBool(transpose1, false);
  bool t2 = context.GetAttrBool(transpose2, false);
  int64_t m = t1 ? a[1] : a[0];
  int64_t k1 = t1 ? a[0] : a[1];
  int64_t k2 = t2 ? b[1] : b[0];
  int64_t n = t2 ? b[0] : b[1];
  if (!DimsCompatible(k1, k2)) {
    return context.Error("inner dims differ: " + DescribeInput(context, 0) +
                         (t1 ? " (transposed)" : "") + " has K=" + std::to_string(k1) + ", " +
                         DescribeInput(context, 1) + (t2 ? " (transposed)" : "") +
                         " has K=" + std::to_string(k2));
  }
  Dims output = {m, n};
  if (CheckBias(context, 2, output) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(0, output, MatmulOutputType(InputDtype(context, 0)));
}

Status InferMatMul(InferShapeContext &context) {
  return InferMatMul2D(context, "transpose_x1", "transpose_x2");
}

// Batched matmul with broadcast batch dims; rank-1 operands follow numpy matmul
// (ge_py's choice).
Status InferBatchMatMul(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  Dims a = InputDims(context, 0);
  Dims b = InputDims(context, 1);
  if (IsUnknownRankDims(a) || IsUnknownRankDims(b)) {
    return context.SetOutput(0, UnknownRankDims(), MatmulOutputType(InputDtype(context, 0)));
  }
  if (a.empty() || b.empty()) {
    return context.Error("matmul operands must have rank >= 1, got " + DescribeInput(context, 0) +
                         " and " + DescribeInput(context, 1));
  }
  bool adj1 = context.GetAttrBool("adj_x1", false);
  bool adj2 = context.GetAttrBool("adj_x2", false);
  bool vector1 = a.size() == 1;
  bool vector2 = b.size() == 1;
  if (vector1) a = {1, a[0]};
  if (vector2) b = {b[0], 1};
  if (adj1 && !vector1) std::swap(a[a.size() - 1], a[a.size() - 2]);
  if (adj2 && !vector2) std::swap(b[b.size() - 1], b[b.size() - 2]);
  int64_t m = a[a.size() - 2];
  int64_t k1 = a[a.size() - 1];
  int64_t k2 = b[b.size() - 2];
  int64_t n = b[b.size() - 1];
  if (!DimsCompatible(k1, k2)) {
    return context.Error("inner dims differ: K=" + std::to_string(k1) + " from " +
                         DescribeInput(context, 0) + (adj1 ? " (adjoint)" : "") +
                         " vs K=" + std::to_string(k2) + " from " + DescribeInput(context, 1) +
                         (adj2 ? " (adjoint)" : ""));
  }
  Dims batch_a(a.begin(), a.end() - 2);
  Dims batch_b(b.begin(), b.end() - 2);
  Dims batch;
  std::string why;
  if (!BroadcastDims(batch_a, batch_b, &batch, &why)) {
    return context.Error("batch dims of " + DescribeInput(context, 0) + " and " +
                         DescribeInput(context, 1) + " do not broadcast: " + why);
  }
  Dims output = batch;
  if (!vector1) output.push_back(m);
  if (!vector2) output.push_back(n);
  if (CheckBias(context, 2, output) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(0, output, MatmulOutputType(InputDtype(context, 0)));
}

Status InferGemm(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  if (InferMatMul2D(context, "transpose_a", "transpose_b") != SUCCESS) {
    return FAILED;
  }
  Dims output = context.MutableOutputDesc(0)->GetShape().GetDims();
  Dims with_c;
  std::string why;
  if (!BroadcastDims(output, InputDims(context, 2), &with_c, &why)) {
    return context.Error(DescribeInput(context, 2) + " does not broadcast to the product " +
                         DimsToString(output) + ": " + why);
  }
  return context.SetOutput(0, with_c, InputDtype(context, 0));
}

// The channel dim of x for a data_format string.
int64_t ChannelAxis(const std::string &data_format, size_t rank) {
  if (data_format == "NCHW" || data_format == "NCDHW") {
    return rank >= 2 ? 1 : static_cast<int64_t>(rank) - 1;
  }
  return static_cast<int64_t>(rank) - 1;
}

Status InferBiasAdd(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS || RequireSameComputeDtype(context, {0, 1}) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  Dims bias = InputDims(context, 1);
  if (!IsUnknownRankDims(bias) && bias.size() != 1) {
    return context.Error(DescribeInput(context, 1) + " must be 1-D");
  }
  if (!IsUnknownRankDims(x) && !IsUnknownRankDims(bias)) {
    if (x.empty()) {
      return context.Error(DescribeInput(context, 0) + " must have rank >= 1");
    }
    std::string format = context.GetAttrString("data_format", "NHWC");
    int64_t axis = ChannelAxis(format, x.size());
    int64_t channels = x[static_cast<size_t>(axis)];
    if (!DimsCompatible(channels, bias[0])) {
      return context.Error("bias length " + std::to_string(bias[0]) +
                           " differs from the channel dim " + std::to_string(channels) + " (axis " +
                           std::to_string(axis) + " for data_format " + format + ") of " +
                           DescribeInput(context, 0));
    }
  }
  return context.PassThrough(0, 0);
}

// Einsum(x0..x{N-1}; equation): the output dims are the sizes of the output's labels.
Status InferEinsum(InferShapeContext &context) {
  const std::pair<int32_t, int32_t> range = context.GetIrInputRange("x");
  if (range.first < 0 || range.second == 0) {
    return context.Error("has no instances of the dynamic input 'x'");
  }
  std::vector<size_t> inputs;
  std::vector<std::vector<int64_t>> shapes;
  bool unknown_rank = false;
  for (int32_t i = 0; i < range.second; ++i) {
    inputs.push_back(static_cast<size_t>(range.first + i));
    shapes.push_back(InputDims(context, inputs.back()));
    unknown_rank = unknown_rank || IsUnknownRankDims(shapes.back());
  }
  if (RequireSameComputeDtype(context, inputs) != SUCCESS) {
    return FAILED;
  }
  const DataType dtype = InputDtype(context, inputs[0]);
  if (unknown_rank) {
    return context.SetOutput(0, UnknownRankDims(), dtype);
  }
  EinsumPlan plan;
  std::string why;
  if (!ResolveEinsum(context.GetAttrString("equation", ""), shapes, &plan, &why)) {
    return context.Error(why);
  }
  return context.SetOutput(0, plan.OutputDims(), dtype);
}

}  // namespace

void RegisterMatmulOps(OpCatalog &catalog) {
  // MatMul and GEMM belong to ge.es.math, where GE's samples import them from; the other
  // matmuls to ge.es.nn, as in GE's op repositories (docs/op_catalog.md).
  RegisterBuiltin(catalog, OpDefBuilder("Einsum", "math")
                               .DynamicInput("x", dtypes::HostMatMul())
                               .Output("y", dtypes::HostMatMul())
                               .RequiredAttr("equation", AttrValueType::kString)
                               .RequiredAttr("N", AttrValueType::kInt)
                               .Doc("Einstein summation of N tensors by `equation` (numpy / ONNX "
                                    "form: ellipsis, diagonals, implicit output).")
                               .Infer(InferEinsum));
  RegisterBuiltin(catalog, OpDefBuilder("MatMul", "math")
                               .Input("x1", dtypes::HostMatMul())
                               .Input("x2", dtypes::HostMatMul())
                               .OptionalInput("bias", dtypes::HostMatMul())
                               .Output("y", dtypes::HostMatMul())
                               .Attr("transpose_x1", AttrValueType::kBool, false)
                               .Attr("transpose_x2", AttrValueType::kBool, false)
                               .Doc("2-D op(x1)[M,K] @ op(x2)[K,N] (+ bias[N]) -> [M,N].")
                               .Infer(InferMatMul));
  for (const char *type : {"MatMulV2", "MatMulV3"}) {
    OpDefBuilder builder(type, "nn");
    builder.Input("x1", dtypes::HostMatMul())
        .Input("x2", dtypes::HostMatMul())
        .OptionalInput("bias", dtypes::HostMatMul())
        .OptionalInput("offset_w", {DT_INT8, DT_INT4})
        .Output("y", dtypes::HostMatMul())
        .Attr("transpose_x1", AttrValueType::kBool, false)
        .Attr("transpose_x2", AttrValueType::kBool, false)
        .Attr("offset_x", AttrValueType::kInt, int64_t{0})
        .Doc("2-D op(x1)[M,K] @ op(x2)[K,N] (+ bias[N]) -> [M,N]; offset_w/offset_x for int8.")
        .Infer(InferMatMul);
    if (std::string(type) == "MatMulV3") {
      builder.Attr("opImplMode", AttrValueType::kInt, int64_t{1});
    }
    RegisterBuiltin(catalog, builder);
  }
  RegisterBuiltin(catalog, OpDefBuilder("BatchMatMul", "nn")
                               .Input("x1", dtypes::HostMatMul())
                               .Input("x2", dtypes::HostMatMul())
                               .Output("y", dtypes::HostMatMul())
                               .Attr("adj_x1", AttrValueType::kBool, false)
                               .Attr("adj_x2", AttrValueType::kBool, false)
                               .Doc("[...,M,K] @ [...,K,N] -> [...,M,N]; adj transposes the "
                                    "last two dims.")
                               .Infer(InferBatchMatMul));
  RegisterBuiltin(catalog, OpDefBuilder("BatchMatMulV2", "nn")
                               .Input("x1", dtypes::HostMatMul())
                               .Input("x2", dtypes::HostMatMul())
                               .OptionalInput("bias", dtypes::HostMatMul())
                               .OptionalInput("offset_w", {DT_INT8, DT_INT4})
                               .Output("y", dtypes::HostMatMul())
                               .Attr("adj_x1", AttrValueType::kBool, false)
                               .Attr("adj_x2", AttrValueType::kBool, false)
                               .Attr("offset_x", AttrValueType::kInt, int64_t{0})
                               .Doc("Batched matmul with broadcast batch dims; rank-1 operands "
                                    "follow numpy matmul.")
                               .Infer(InferBatchMatMul));
  RegisterBuiltin(catalog, OpDefBuilder("GEMM", "math")
                               .Input("a", dtypes::HostMatMul())
                               .Input("b", dtypes::HostMatMul())
                               .Input("c", dtypes::HostMatMul())
                               .Input("alpha", dtypes::Host())
                               .Input("beta", dtypes::Host())
                               .Output("y", dtypes::HostMatMul())
                               .Attr("transpose_a", AttrValueType::kBool, false)
                               .Attr("transpose_b", AttrValueType::kBool, false)
                               .Doc("y = alpha[0] * op(a) @ op(b) + beta[0] * c.")
                               .Infer(InferGemm));
  RegisterBuiltin(catalog, OpDefBuilder("BiasAdd", "nn")
                               .Input("x", dtypes::Host())
                               .Input("bias", dtypes::Host())
                               .Output("y", dtypes::Host())
                               .Attr("data_format", AttrValueType::kString, "NHWC")
                               .Doc("Adds the 1-D bias along the C dim of data_format.")
                               .Infer(InferBiasAdd));
}

}  // namespace ge
