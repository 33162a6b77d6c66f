// Graph boundary and plumbing ops: Data, Const, NetOutput, Identity,
// IdentityN, TensorMove, Dropout.
#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// Data: the output desc is authoritative (builders set it; InferGraphShape overrides its shape
// from the user's input shapes). The input desc mirrors it so y = x holds as in GE's proto.
Status InferData(InferShapeContext &context) {
  if (context.RequireOutputs(1) != SUCCESS) {
    return FAILED;
  }
  if (context.GetInputsSize() > 0 && context.IsInputConnected(0)) {
    return context.PassThrough(0, 0);
  }
  GeTensorDesc *input = context.MutableInputDesc(0);
  if (input != nullptr) {
    GeTensorDesc copy = *context.MutableOutputDesc(0);
    copy.SetName(input->GetName());
    *input = copy;
  }
  return SUCCESS;
}

// Const: y takes the shape, dtype and format of the `value` tensor.
Status InferConst(InferShapeContext &context) {
  if (context.RequireOutputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor *value = context.GetOpDesc().GetAttrAs<GeTensor>("value");
  if (value == nullptr) {
    return SUCCESS;  // keep whatever desc the builder set
  }
  const GeTensorDesc &desc = value->GetTensorDesc();
  int64_t bytes = desc.GetTensorBytes();
  if (bytes >= 0 && static_cast<uint64_t>(bytes) != value->GetSize()) {
    return context.Error("attribute 'value' holds " + std::to_string(value->GetSize()) +
                         " bytes but its desc " + desc.GetShape().ToString() + " " +
                         DataTypeToString(desc.GetDataType()) + " needs " + std::to_string(bytes));
  }
  return context.SetOutput(0, desc.GetShape().GetDims(), desc.GetDataType(), desc.GetFormat());
}

Status InferNothing(InferShapeContext &) { return SUCCESS; }

Status InferIdentity(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return context.PassThrough(0, 0);
}

Status InferIdentityN(InferShapeContext &context) {
  if (context.GetInputsSize() != context.GetOutputsSize()) {
    return context.Error("has " + std::to_string(context.GetInputsSize()) + " inputs but " +
                         std::to_string(context.GetOutputsSize()) +
                         " outputs; IdentityN needs one output per input");
  }
  for (size_t i = 0; i < context.GetInputsSize(); ++i) {
    if (context.PassThrough(i, i) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

// Dropout (ge_py's prototype: GE publishes none): y = x, mask = bool of x's shape.
Status InferDropout(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS || context.PassThrough(0, 0) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(1, InputDims(context, 0), DT_BOOL);
}
}  // namespace

void RegisterBoundaryOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("Data", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Attr("index", AttrValueType::kInt, int64_t{0})
                               .Doc("Graph input number `index`; y is the fed tensor.")
                               .Infer(InferData));
  // The other graph-input node types the ES builder accepts (ge.es InputType)
  // and Variable behave like Data for inference.
  for (const char *type : {"RefData", "AippData", "AnyData"}) {
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", dtypes::HostStorable())
                                 .Output("y", dtypes::HostStorable())
                                 .Attr("index", AttrValueType::kInt, int64_t{0})
                                 .Doc("Graph input number `index` (Data variant).")
                                 .Infer(InferData));
  }
  RegisterBuiltin(catalog, OpDefBuilder("Variable", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Attr("index", AttrValueType::kInt, int64_t{0})
                               .Attr("value", AttrValueType::kTensor, GeTensor())
                               .Doc("A variable; its output desc is authoritative.")
                               .Infer(InferData));
  RegisterBuiltin(catalog, OpDefBuilder("Const", "math")
                               .Output("y", dtypes::HostHeld())
                               .Attr("value", AttrValueType::kTensor, GeTensor())
                               .Doc("Constant tensor; y = value.")
                               .Infer(InferConst));
  RegisterBuiltin(catalog, OpDefBuilder("NetOutput", "math")
                               .DynamicInput("x", dtypes::HostHeld())
                               .Doc("Graph outputs (GE-internal type; ge_py: dynamic input x).")
                               .Infer(InferNothing));
  RegisterBuiltin(catalog, OpDefBuilder("NoOp", "control")
                               .Doc("Does nothing; orders the nodes around it through control "
                                    "edges (the rewriter carries a replaced node's control edges "
                                    "through NoOps).")
                               .Infer(InferNothing));
  RegisterBuiltin(catalog, OpDefBuilder("Identity", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Doc("y = x.")
                               .Infer(InferIdentity));
  RegisterBuiltin(catalog, OpDefBuilder("IdentityN", "math")
                               .DynamicInput("x", dtypes::HostHeld())
                               .DynamicOutput("y", dtypes::HostHeld())
                               .Doc("y_i = x_i.")
                               .Infer(InferIdentityN));
  RegisterBuiltin(catalog, OpDefBuilder("TensorMove", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Doc("y = a copy of x in a distinct buffer.")
                               .Infer(InferIdentity));
  RegisterBuiltin(catalog, OpDefBuilder("Dropout", "nn")
                               .Input("x", dtypes::HostHeld())
                               .OptionalInput("ratio")
                               .OptionalInput("training_mode", dtypes::Bool())
                               .Output("y", dtypes::HostHeld())
                               .Output("mask", dtypes::Bool())
                               .Doc("Inference-time identity (ge_py's prototype; GE removes the "
                                    "node and forwards input 0). mask is all true.")
                               .Infer(InferDropout));
}

}  // namespace ge
