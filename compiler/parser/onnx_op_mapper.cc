// The mapping registry and the shared mapper helpers.
#include "parser/onnx_op_mapper.h"

#include "common/error.h"

namespace ge {

const std::vector<OnnxOpMapping> &GetOnnxOpMappings() {
  // Built once from the family files, in a fixed order (no static registrars to lose).
  static const std::vector<OnnxOpMapping> mappings = [] {
    std::vector<OnnxOpMapping> all;
    AppendElementwiseMappings(&all);
    AppendNnMappings(&all);
    AppendShapeMappings(&all);
    AppendReduceMappings(&all);
    return all;
  }();
  return mappings;
}

const OnnxOpMapping *FindOnnxOpMapping(std::string_view op_type, int64_t opset) {
  for (const OnnxOpMapping &mapping : GetOnnxOpMappings()) {
    if (op_type == mapping.op_type && opset >= mapping.min_opset && opset <= mapping.max_opset) {
      return &mapping;
    }
  }
  return nullptr;
}

std::string MappedOpsetRanges(std::string_view op_type) {
  std::string ranges;
  for (const OnnxOpMapping &mapping : GetOnnxOpMappings()) {
    if (op_type == mapping.op_type) {
      ranges += (ranges.empty() ? "" : ", ") + std::to_string(mapping.min_opset) + " to " +
                std::to_string(mapping.max_opset);
    }
  }
  return ranges;
}

namespace onnx_map {

Node *MainOp(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &type,
             const std::map<std::string, int64_t> &dynamic_inputs,
             const std::map<std::string, int64_t> &dynamic_outputs) {
  return ctx.AddMainOp(node, type, dynamic_inputs, dynamic_outputs);
}

Node *HelperOp(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &suffix,
               const std::string &type, const std::map<std::string, int64_t> &dynamic_inputs,
               const std::map<std::string, int64_t> &dynamic_outputs) {
  return ctx.AddOp(node, ctx.UniqueName(node.Name() + "/" + suffix), type, dynamic_inputs,
                   dynamic_outputs);
}

Status ConnectInput(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_index, Node *dst,
                    const std::string &ir_input) {
  OutAnchor src;
  if (ctx.Input(node, onnx_index, &src) != SUCCESS) {
    return FAILED;
  }
  return ctx.Connect(src, dst, ir_input);
}

Status ConnectConst(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &suffix,
                    GeTensor tensor, Node *dst, const std::string &ir_input) {
  OutAnchor src;
  if (ctx.AddConst(node, ctx.UniqueName(node.Name() + "/" + suffix), std::move(tensor), &src) !=
      SUCCESS) {
    return FAILED;
  }
  return ctx.Connect(src, dst, ir_input);
}

Status Connect(OnnxImportContext &ctx, OutAnchor src, Node *dst, const std::string &ir_input) {
  return ctx.Connect(src, dst, ir_input);
}

Status BindOutput(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_index,
                  OutAnchor anchor) {
  if (!node.HasOutput(onnx_index)) {
    return SUCCESS;
  }
  return ctx.Bind(node.OutputName(onnx_index), anchor);
}

Status NodeError(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &message) {
  return Fail(ctx.Source() + ": " + node.Describe() + ": " + message);
}

Status CheckInputCount(const OnnxNodeView &node, OnnxImportContext &ctx, size_t min, size_t max) {
  const size_t count = node.InputCount();
  if (count < min || count > max) {
    return NodeError(node, ctx,
                     "expects " +
                         (min == max ? std::to_string(min)
                                     : std::to_string(min) + " to " + std::to_string(max)) +
                         " inputs, found " + std::to_string(count));
  }
  return SUCCESS;
}

}  // namespace onnx_map
}  // namespace ge
