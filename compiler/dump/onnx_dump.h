// GE's ONNX-style graph dump (ge_onnx_*.pbtxt): a ge.onnx ModelProto in
// protobuf text, op types prefixed "ge:", GE metadata and descriptors as node attributes.
#ifndef GE_DUMP_ONNX_DUMP_H_
#define GE_DUMP_ONNX_DUMP_H_

#include <string>

#include "graph/compute_graph.h"

namespace ge {

/// `level` is the DUMP_GE_GRAPH content level: 1 everything (string attrs, weight data),
/// 2 without weight data and strings, 3 without any node attributes.
std::string GraphToOnnxText(const ComputeGraph &graph, int level);

/// ONNX TensorProto.DataType number of a ge::DataType (0 when ONNX has none).
int32_t ToOnnxDataType(DataType type);

}  // namespace ge

#endif  // GE_DUMP_ONNX_DUMP_H_
