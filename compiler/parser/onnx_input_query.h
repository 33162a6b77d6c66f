// What a mapper may learn about an ONNX node's inputs from the graph built so far: their shapes
// and data types (running shape inference on that graph when needed) and the values of constant
// inputs. Used where ONNX semantics need them at import time (auto_pad, Pad axes).
#ifndef GE_PARSER_ONNX_INPUT_QUERY_H_
#define GE_PARSER_ONNX_INPUT_QUERY_H_

#include <cstddef>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "parser/onnx_import_context.h"

namespace ge {

/// The shape of ONNX input `index` of `node`. Graph inputs and constants carry theirs; for any
/// other producer the graph built so far is shape-inferred first (shapes only, no other edit).
/// Fails naming the node and `purpose` when inference fails or the rank stays unknown; dims
/// may still be unknown (-1).
Status InferredInputShape(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                          const std::string &purpose, GeShape *shape);

/// The data type of ONNX input `index` of `node`, found as InferredInputShape finds shapes.
Status InferredInputDtype(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                          const std::string &purpose, DataType *dtype);

/// The integer values of ONNX input `index` of `node`, which must be constant (an initializer
/// or a Constant node) of an integer type. Fails naming the node and the input's role `what`.
Status ConstantInputInts(const OnnxNodeView &node, OnnxImportContext &ctx, size_t index,
                         const std::string &what, std::vector<int64_t> *values);

}  // namespace ge

#endif  // GE_PARSER_ONNX_INPUT_QUERY_H_
