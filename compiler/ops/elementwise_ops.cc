// Element-wise ops: broadcasting binaries, unaries, scalar-attr
// ops, Cast and the softmax family.
#include <algorithm>

#include "ops/builtin_ops.h"
#include "ops/dtype_promotion.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// The logical ops take one input dtype.
Status CheckSameDtypes(InferShapeContext &context, size_t first, size_t count) {
  DataType dtype = InputDtype(context, first);
  for (size_t i = first + 1; i < first + count; ++i) {
    if (InputDtype(context, i) != dtype) {
      return context.Error("input " + std::to_string(i) + " has dtype " +
                           DataTypeToString(InputDtype(context, i)) + " but input " +
                           std::to_string(first) + " has " + DataTypeToString(dtype) +
                           "; the inputs must have the same dtype");
    }
  }
  return SUCCESS;
}

// AddCustom runs on the host's Add kernel, which takes float16/bfloat16 as float32.
Status InferAddCustom(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS || RequireSameComputeDtype(context, {0, 1}) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 2, InputDtype(context, 0));
}

// GE's dtype promotion (dtype_promotion.h): the output has the promoted dtype.
Status InferBinaryPromoted(InferShapeContext &context) {
  DataType promoted = DT_UNDEFINED;
  if (context.RequireInputs(2) != SUCCESS ||
      PromoteInputDtypes(context, 0, 2, &promoted) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 2, promoted);
}

// Comparisons promote their inputs too; the output is bool.
Status InferComparePromoted(InferShapeContext &context) {
  DataType promoted = DT_UNDEFINED;
  if (context.RequireInputs(2) != SUCCESS ||
      PromoteInputDtypes(context, 0, 2, &promoted) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 2, DT_BOOL);
}

Status InferLogical(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS || CheckSameDtypes(context, 0, 2) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 2, DT_BOOL);
}

Status InferUnary(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return context.PassThrough(0, 0);
}

Status InferLogicalNot(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(0, InputDims(context, 0), DT_BOOL);
}

Status InferClipByValue(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  return InferBroadcastInputs(context, 0, 3, InputDtype(context, 0));
}

Status InferCast(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  int64_t dst = context.GetAttrInt("dst_type", -1);
  if (dst < 0 || dst > INT32_MAX || !IsValidDataType(static_cast<int32_t>(dst)) ||
      dst == DT_UNDEFINED) {
    return context.Error("attribute 'dst_type' = " + std::to_string(dst) +
                         " is not a valid ge::DataType value");
  }
  const DataType src = InputDtype(context, 0);
  auto castable = [](DataType dtype) {
    const auto &narrow = dtypes::HostNarrow();
    return IsHostComputeType(dtype) ||
           std::find(narrow.begin(), narrow.end(), dtype) != narrow.end();
  };
  if (src != dst && (!castable(src) || !castable(static_cast<DataType>(dst)))) {
    return context.Error("the host runtime cannot cast " + DataTypeToString(src) + " to " +
                         DataTypeToString(static_cast<DataType>(dst)) +
                         " (it converts between bool, the integer types, the float types, "
                         "float8 E4M3FN/E5M2/E8M0, float4 E2M1, int4, int2 and uint2)");
  }
  return context.SetOutput(0, InputDims(context, 0), static_cast<DataType>(dst));
}

// Softmax axes must be valid for x's rank; half_to_float turns fp16 into fp32.
Status InferSoftmax(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims dims = InputDims(context, 0);
  std::vector<int64_t> axes;
  context.GetAttrListInt("axes", &axes);
  if (!IsUnknownRankDims(dims)) {
    for (int64_t axis : axes) {
      int64_t normalized = 0;
      if (!NormalizeAxis(axis, static_cast<int64_t>(dims.size()), &normalized)) {
        return context.Error("axis " + std::to_string(axis) + " of attribute 'axes' is out of " +
                             "range for " + DescribeInput(context, 0));
      }
    }
  }
  DataType dtype = InputDtype(context, 0);
  if (context.GetAttrBool("half_to_float", false) && dtype == DT_FLOAT16) {
    dtype = DT_FLOAT;
  }
  return context.SetOutput(0, dims, dtype);
}

void Binary(OpCatalog &catalog, const char *type, const std::vector<DataType> &types,
            InferShapeFn fn, const char *doc, const std::vector<DataType> &out_types = {}) {
  RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                               .Input("x1", types)
                               .Input("x2", types)
                               .Output("y", out_types.empty() ? types : out_types)
                               .Doc(doc)
                               .Infer(std::move(fn)));
}

void Unary(OpCatalog &catalog, const char *type, const std::vector<DataType> &types,
           const char *doc, const char *module = "math") {
  RegisterBuiltin(
      catalog,
      OpDefBuilder(type, module).Input("x", types).Output("y", types).Doc(doc).Infer(InferUnary));
}

// Exp and Log share the base/scale/shift attributes.
void ExpLog(OpCatalog &catalog, const char *type, const char *doc) {
  RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("base", AttrValueType::kFloat, -1.0F)
                               .Attr("scale", AttrValueType::kFloat, 1.0F)
                               .Attr("shift", AttrValueType::kFloat, 0.0F)
                               .Doc(doc)
                               .Infer(InferUnary));
}

void ScalarAttr(OpCatalog &catalog, const char *type, const char *doc) {
  RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                               .Input("x", dtypes::HostReal())
                               .Output("y", dtypes::HostReal())
                               .RequiredAttr("value", AttrValueType::kFloat)
                               .Doc(doc)
                               .Infer(InferUnary));
}
}  // namespace

void RegisterElementwiseOps(OpCatalog &catalog) {
  // GE's dtype promotion (dtype_promotion.h) decides the output dtype of these; the compile
  // pipeline casts the inputs to it.
  Binary(catalog, "Add", dtypes::Host(), InferBinaryPromoted, "y = x1 + x2 (broadcasting).");
  Binary(catalog, "AddV2", dtypes::Host(), InferBinaryPromoted, "y = x1 + x2 (broadcasting).");
  Binary(catalog, "Sub", dtypes::Host(), InferBinaryPromoted, "y = x1 - x2 (broadcasting).");
  Binary(catalog, "Mul", dtypes::Host(), InferBinaryPromoted, "y = x1 * x2 (broadcasting).");
  Binary(catalog, "Div", dtypes::Host(), InferBinaryPromoted,
         "y = x1 / x2 (broadcasting; integer division truncates toward zero).");
  Binary(catalog, "RealDiv", dtypes::Host(), InferBinaryPromoted,
         "y = x1 / x2 real division (broadcasting).");
  Binary(catalog, "Maximum", dtypes::Host(), InferBinaryPromoted,
         "Element-wise max (broadcasting).");
  Binary(catalog, "Minimum", dtypes::Host(), InferBinaryPromoted,
         "Element-wise min (broadcasting).");
  Binary(catalog, "Pow", dtypes::Host(), InferBinaryPromoted, "y = x1 ^ x2 (broadcasting).");
  Binary(catalog, "FloorDiv", dtypes::HostReal(), InferBinaryPromoted,
         "y = floor(x1 / x2) (broadcasting).");
  Binary(catalog, "FloorMod", dtypes::HostReal(), InferBinaryPromoted,
         "y = x1 - floor(x1 / x2) * x2, the sign of x2 (broadcasting).");
  Binary(catalog, "Mod", dtypes::HostReal(), InferBinaryPromoted,
         "y = x1 - trunc(x1 / x2) * x2, the sign of x1 (broadcasting).");
  Binary(catalog, "Equal", dtypes::Host(), InferComparePromoted, "y = (x1 == x2), bool.",
         dtypes::Bool());
  Binary(catalog, "NotEqual", dtypes::Host(), InferComparePromoted, "y = (x1 != x2), bool.",
         dtypes::Bool());
  Binary(catalog, "Less", dtypes::Host(), InferComparePromoted, "y = (x1 < x2), bool.",
         dtypes::Bool());
  Binary(catalog, "Greater", dtypes::Host(), InferComparePromoted, "y = (x1 > x2), bool.",
         dtypes::Bool());
  Binary(catalog, "LessEqual", dtypes::Host(), InferComparePromoted, "y = (x1 <= x2), bool.",
         dtypes::Bool());
  Binary(catalog, "GreaterEqual", dtypes::Host(), InferComparePromoted, "y = (x1 >= x2), bool.",
         dtypes::Bool());
  Binary(catalog, "LogicalAnd", dtypes::Bool(), InferLogical, "y = x1 and x2.");
  Binary(catalog, "LogicalOr", dtypes::Bool(), InferLogical, "y = x1 or x2.");
  // The custom op of GE's fusion-pass examples: x, y -> z.
  RegisterBuiltin(catalog, OpDefBuilder("AddCustom", "custom")
                               .Input("x", dtypes::Host())
                               .Input("y", dtypes::Host())
                               .Output("z", dtypes::Host())
                               .Doc("Custom-op example: z = x + y (broadcasting).")
                               .Infer(InferAddCustom));

  Unary(catalog, "Sqrt", dtypes::HostFloat(), "y = sqrt(x).");
  Unary(catalog, "Rsqrt", dtypes::HostFloat(), "y = 1 / sqrt(x).");
  ExpLog(catalog, "Exp", "y = base^(scale * x + shift); base -1 means e.");
  ExpLog(catalog, "Log", "y = log_base(shift + scale * x); base -1 means e.");
  Unary(catalog, "Abs", dtypes::HostReal(), "y = |x|.");
  Unary(catalog, "Neg", dtypes::HostReal(), "y = -x.");
  Unary(catalog, "Reciprocal", dtypes::HostFloat(), "y = 1 / x.");
  Unary(catalog, "Square", dtypes::HostReal(), "y = x * x.");
  Unary(catalog, "Floor", dtypes::HostFloat(), "y = floor(x).");
  Unary(catalog, "Ceil", dtypes::HostFloat(), "y = ceil(x).");
  Unary(catalog, "Relu", dtypes::HostReal(), "y = max(x, 0).", "nn");
  Unary(catalog, "Relu6", dtypes::HostReal(), "y = min(max(x, 0), 6).", "nn");
  Unary(catalog, "Sigmoid", dtypes::HostFloat(), "y = 1 / (1 + exp(-x)).", "nn");
  Unary(catalog, "Tanh", dtypes::HostFloat(), "y = tanh(x).");
  Unary(catalog, "Gelu", dtypes::HostFloat(),
        "y = 0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3))) (tanh approximation).", "nn");
  RegisterBuiltin(catalog, OpDefBuilder("GeluV2", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("approximate", AttrValueType::kString, "none")
                               .Doc("Gelu: approximate 'none' = x*Phi(x) (erf), 'tanh' = tanh "
                                    "approximation.")
                               .Infer(InferUnary));
  Unary(catalog, "FastGelu", dtypes::HostFloat(),
        "y = x / (1 + exp(-1.702|x|)) * exp(0.851(x - |x|)).", "nn");
  Unary(catalog, "Erf", dtypes::HostFloat(), "y = erf(x).");
  Unary(catalog, "Sin", dtypes::HostFloat(), "y = sin(x).");
  Unary(catalog, "Cos", dtypes::HostFloat(), "y = cos(x).");
  Unary(catalog, "Sign", dtypes::HostReal(), "y = -1, 0 or 1 by the sign of x.");
  Unary(catalog, "Tan", dtypes::HostFloat(), "y = tan(x).");
  Unary(catalog, "Asin", dtypes::HostFloat(), "y = asin(x).");
  Unary(catalog, "Acos", dtypes::HostFloat(), "y = acos(x).");
  Unary(catalog, "Atan", dtypes::HostFloat(), "y = atan(x).");
  Unary(catalog, "Sinh", dtypes::HostFloat(), "y = sinh(x).");
  Unary(catalog, "Cosh", dtypes::HostFloat(), "y = cosh(x).");
  Unary(catalog, "Asinh", dtypes::HostFloat(), "y = asinh(x).");
  Unary(catalog, "Acosh", dtypes::HostFloat(), "y = acosh(x).");
  Unary(catalog, "Atanh", dtypes::HostFloat(), "y = atanh(x).");
  Unary(catalog, "Round", dtypes::HostFloat(),
        "y = x rounded to the nearest integer, halves to even.");
  Unary(catalog, "Softplus", dtypes::HostFloat(), "y = log(1 + exp(x)).", "nn");
  Unary(catalog, "Softsign", dtypes::HostFloat(), "y = x / (1 + |x|).", "nn");
  Unary(catalog, "Mish", dtypes::HostFloat(), "y = x * tanh(log(1 + exp(x))).", "nn");
  RegisterBuiltin(catalog, OpDefBuilder("Elu", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("alpha", AttrValueType::kFloat, 1.0F)
                               .Doc("y = x if x >= 0 else alpha * (exp(x) - 1).")
                               .Infer(InferUnary));
  RegisterBuiltin(catalog, OpDefBuilder("Selu", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("alpha", AttrValueType::kFloat, 1.67326319F)
                               .Attr("gamma", AttrValueType::kFloat, 1.05070102F)
                               .Doc("y = gamma * (x if x > 0 else alpha * (exp(x) - 1)).")
                               .Infer(InferUnary));
  RegisterBuiltin(catalog, OpDefBuilder("ThresholdedRelu", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("alpha", AttrValueType::kFloat, 1.0F)
                               .Doc("y = x if x > alpha else 0.")
                               .Infer(InferUnary));
  Unary(catalog, "HardSwish", dtypes::HostFloat(), "y = x * min(max(x + 3, 0), 6) / 6.", "nn");
  RegisterBuiltin(catalog, OpDefBuilder("LeakyRelu", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("negative_slope", AttrValueType::kFloat, 0.0F)
                               .Doc("y = x if x >= 0 else negative_slope * x.")
                               .Infer(InferUnary));
  RegisterBuiltin(catalog, OpDefBuilder("HardSigmoid", "nn")
                               .Input("input_x", dtypes::HostFloat())
                               .Output("output_y", dtypes::HostFloat())
                               .Attr("alpha", AttrValueType::kFloat, 0.16666666F)
                               .Attr("beta", AttrValueType::kFloat, 0.5F)
                               .Doc("y = max(0, min(1, alpha * x + beta)).")
                               .Infer(InferUnary));
  ScalarAttr(catalog, "Muls", "y = x * value.");
  ScalarAttr(catalog, "Adds", "y = x + value.");
  RegisterBuiltin(catalog,
                  OpDefBuilder("ClipByValue", "math")
                      .Input("x", dtypes::Host())
                      .Input("clip_value_min", dtypes::Host())
                      .Input("clip_value_max", dtypes::Host())
                      .Output("y", dtypes::Host())
                      .Doc("y = min(max(x, clip_value_min), clip_value_max), broadcasting.")
                      .Infer(InferClipByValue));
  RegisterBuiltin(catalog, OpDefBuilder("LogicalNot", "math")
                               .Input("x", dtypes::Bool())
                               .Output("y", dtypes::Bool())
                               .Doc("y = not x.")
                               .Infer(InferLogicalNot));
  RegisterBuiltin(catalog, OpDefBuilder("Cast", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .RequiredAttr("dst_type", AttrValueType::kInt)
                               .Doc("y = x converted to ge::DataType dst_type (float->int "
                                    "truncates toward zero; ->bool is x != 0; float8, float4 "
                                    "and 4/2-bit integers as ONNX's Cast converts them).")
                               .Infer(InferCast));

  RegisterBuiltin(catalog, OpDefBuilder("SoftmaxV2", "nn")
                               .Input("x", {DT_DOUBLE, DT_FLOAT16, DT_BF16, DT_FLOAT})
                               .Output("y", {DT_DOUBLE, DT_FLOAT16, DT_BF16, DT_FLOAT})
                               .Attr("axes", AttrValueType::kListInt, std::vector<int64_t>{-1})
                               .Attr("half_to_float", AttrValueType::kBool, false)
                               .Doc("Softmax over axes; half_to_float: fp16 in, fp32 out.")
                               .Infer(InferSoftmax));
  RegisterBuiltin(catalog, OpDefBuilder("LogSoftmaxV2", "nn")
                               .Input("logits", {DT_DOUBLE, DT_FLOAT16, DT_BF16, DT_FLOAT})
                               .Output("logsoftmax", {DT_DOUBLE, DT_FLOAT16, DT_BF16, DT_FLOAT})
                               .Attr("axes", AttrValueType::kListInt, std::vector<int64_t>{-1})
                               .Doc("log(softmax(logits)) over axes.")
                               .Infer(InferSoftmax));
}

}  // namespace ge
