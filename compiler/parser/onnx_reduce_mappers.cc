// ONNX Reduce* ops, before (attribute) and after (input) axes moved to an input.
#include "common/error.h"
#include "parser/onnx_op_mapper.h"

namespace ge {
namespace {

using onnx_map::BindOutput;
using onnx_map::CheckInputCount;
using onnx_map::ConnectConst;
using onnx_map::ConnectInput;
using onnx_map::MainOp;

Status MapReduce(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, node.OpType());  // ReduceMean -> ReduceMean, ...
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  // Axes: input 1 when present (ReduceSum >= 13, all >= 18), else the attribute as an int32
  // Const (empty = all axes).
  const bool axes_input = node.Opset() >= 13 && node.HasInput(1);
  if (axes_input) {
    if (ConnectInput(node, ctx, 1, op, "axes") != SUCCESS) {
      return FAILED;
    }
  } else if (ConnectConst(node, ctx, "axes", MakeInt32Tensor(node.GetInts("axes", {})), op,
                          "axes") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("keep_dims", node.GetInt("keepdims", 1) != 0);
  // Before opset 13 an empty axes list always means "reduce everything".
  const bool noop = node.Opset() >= 13 && node.GetInt("noop_with_empty_axes", 0) != 0;
  op->MutableOpDesc().SetAttr("noop_with_empty_axes", noop);
  return BindOutput(node, ctx, 0, {op, 0});
}

}  // namespace

void AppendReduceMappings(std::vector<OnnxOpMapping> *mappings) {
  for (const char *type : {"ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceSum"}) {
    mappings->push_back({type, kMinOnnxOpset, kMaxOnnxOpset, MapReduce});
  }
}

}  // namespace ge
