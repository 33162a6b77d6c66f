// Input shapes and constant values for mappers (see onnx_input_query.h).
#include "parser/onnx_input_query.h"

#include <cstring>

#include "common/error.h"
#include "ops/graph_shape_inference.h"
#include "parser/onnx_op_mapper.h"

namespace ge {
namespace {

bool CarriesOwnShape(const Node &producer) {
  return producer.GetType() == "Const" || IsDataType(producer.GetType());
}

}  // namespace

namespace {

/// The output desc feeding ONNX input `index` of `node`, inferring the graph built so far when
/// its producer is a mapped op (descs of mapped ops are filled only by shape inference).
Status InferredInputDesc(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                         const std::string &purpose, const GeTensorDesc **desc) {
  OutAnchor anchor;
  if (ctx.Input(node, index, &anchor) != SUCCESS) {
    return FAILED;
  }
  // Everything upstream of this node is already in the graph (ONNX nodes come in topological
  // order), so inferring it now is exact.
  if (!CarriesOwnShape(*anchor.node) && InferGraphNodes(ctx.Graph()) != SUCCESS) {
    return onnx_map::NodeError(node, ctx,
                               purpose + " needs the shape of input " + std::to_string(index) +
                                   " ('" + std::string(node.InputName(index)) +
                                   "'), but inferring the graph so far failed: " + GetLastError());
  }
  *desc = anchor.node->GetOpDesc().GetOutputDesc(anchor.index);
  return SUCCESS;
}

}  // namespace

Status InferredInputShape(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                          const std::string &purpose, GeShape *shape) {
  const GeTensorDesc *desc = nullptr;
  if (InferredInputDesc(node, ctx, index, purpose, &desc) != SUCCESS) {
    return FAILED;
  }
  if (desc == nullptr || desc->GetShape().IsUnknownRank()) {
    return onnx_map::NodeError(node, ctx,
                               purpose + " needs the rank of input " + std::to_string(index) +
                                   " ('" + std::string(node.InputName(index)) +
                                   "'), which is unknown");
  }
  *shape = desc->GetShape();
  return SUCCESS;
}

Status InferredInputDtype(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                          const std::string &purpose, DataType *dtype) {
  const GeTensorDesc *desc = nullptr;
  if (InferredInputDesc(node, ctx, index, purpose, &desc) != SUCCESS) {
    return FAILED;
  }
  if (desc == nullptr || desc->GetDataType() == DT_UNDEFINED) {
    return onnx_map::NodeError(node, ctx,
                               purpose + " needs the data type of input " + std::to_string(index) +
                                   " ('" + std::string(node.InputName(index)) +
                                   "'), which is unknown");
  }
  *dtype = desc->GetDataType();
  return SUCCESS;
}

Status ConstantInputInts(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                         const std::string &what, std::vector<int64_t> *values) {
  if (!node.HasInput(index)) {
    return onnx_map::NodeError(node, ctx,
                               "has no input " + std::to_string(index) + " ('" + what + "')");
  }
  GeTensor holder;
  if (ctx.ConstantValue(node.InputName(index), ImportSubject(node, what), &holder) != SUCCESS) {
    return FAILED;
  }
  const GeTensor *tensor = &holder;
  const DataType dtype = tensor->GetTensorDesc().GetDataType();
  const size_t width = dtype == DT_INT64 ? 8 : (dtype == DT_INT32 ? 4 : 0);
  if (width == 0 || tensor->GetSize() % width != 0) {
    return onnx_map::NodeError(node, ctx,
                               "input " + std::to_string(index) + " ('" + what +
                                   "') must be int32 or int64, found " + DataTypeToString(dtype));
  }
  values->clear();
  for (size_t offset = 0; offset < tensor->GetSize(); offset += width) {
    if (width == 8) {
      int64_t value = 0;
      std::memcpy(&value, tensor->GetData() + offset, sizeof(value));
      values->push_back(value);
    } else {
      int32_t value = 0;
      std::memcpy(&value, tensor->GetData() + offset, sizeof(value));
      values->push_back(value);
    }
  }
  return SUCCESS;
}

}  // namespace ge
