// ONNX op -> Ascend IR mapping registry (docs/onnx_import.md) and the helpers mappers build nodes
// with. A mapper turns one ONNX node into one or more catalog nodes (GE's PartitionedCall
// plugins are inlined directly) and binds every used ONNX output to a node output.
#ifndef GE_PARSER_ONNX_OP_MAPPER_H_
#define GE_PARSER_ONNX_OP_MAPPER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ge/ge_error_codes.h"
#include "parser/onnx_import_context.h"

namespace ge {

using OnnxOpMapper = Status (*)(const OnnxNodeView &node, OnnxImportContext &ctx);

/// A mapper for op `op_type` of the default domain at opsets [min_opset, max_opset].
struct OnnxOpMapping {
  const char *op_type;
  int64_t min_opset;
  int64_t max_opset;
  OnnxOpMapper mapper;
};

/// The first opset of most mappings: before 7 the elementwise ops broadcast by attributes and
/// several ops had other inputs; the few whose older versions mean the same start at 1. The
/// newest opset accepted is the newest of the onnx release the backend node cases are measured
/// with; op versions of opsets 22 to 28 of the mapped ops add data types only, except where a
/// mapper handles or refuses the difference (docs/onnx_import.md, "Opsets and errors").
constexpr int64_t kMinOnnxOpset = 7;
constexpr int64_t kMaxOnnxOpset = 28;

/// The mapping of `op_type` at `opset` (default domain), nullptr when none.
const OnnxOpMapping *FindOnnxOpMapping(std::string_view op_type, int64_t opset);
/// The opsets at which `op_type` has a mapping, as "a to b[, c to d]"; empty when it has none.
std::string MappedOpsetRanges(std::string_view op_type);
/// Every mapping, in registration order.
const std::vector<OnnxOpMapping> &GetOnnxOpMappings();

// Each family file appends its mappings (called once, in this order, by the registry).
void AppendElementwiseMappings(std::vector<OnnxOpMapping> *mappings);
void AppendNnMappings(std::vector<OnnxOpMapping> *mappings);
void AppendShapeMappings(std::vector<OnnxOpMapping> *mappings);
void AppendReduceMappings(std::vector<OnnxOpMapping> *mappings);

// ---- helpers for mappers ----
namespace onnx_map {

/// The node that carries the ONNX node's own name.
Node *MainOp(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &type,
             const std::map<std::string, int64_t> &dynamic_inputs = {},
             const std::map<std::string, int64_t> &dynamic_outputs = {});
/// A helper node named "<node name>/<suffix>".
Node *HelperOp(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &suffix,
               const std::string &type, const std::map<std::string, int64_t> &dynamic_inputs = {},
               const std::map<std::string, int64_t> &dynamic_outputs = {});
/// Connects ONNX input `onnx_index` of `node` to the IR input `ir_input` of `dst`.
Status ConnectInput(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_index, Node *dst,
                    const std::string &ir_input);
/// Creates Const "<node name>/<suffix>" and connects it to `ir_input` of `dst`.
Status ConnectConst(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &suffix,
                    GeTensor tensor, Node *dst, const std::string &ir_input);
Status Connect(OnnxImportContext &ctx, OutAnchor src, Node *dst, const std::string &ir_input);
/// Binds ONNX output `onnx_index` of `node` to `anchor` (no-op for an unused output).
Status BindOutput(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_index,
                  OutAnchor anchor);
/// Fails "<source>: <node>: <message>".
Status NodeError(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &message);
/// Fails unless `node` has between `min` and `max` inputs.
Status CheckInputCount(const OnnxNodeView &node, OnnxImportContext &ctx, size_t min, size_t max);

}  // namespace onnx_map
}  // namespace ge

#endif  // GE_PARSER_ONNX_OP_MAPPER_H_
