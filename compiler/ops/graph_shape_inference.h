// Whole-graph shape inference (GeUtils.infer_shape, the compiler pipeline): every node in
// topological order, input descs refreshed from producers, subgraphs through their control ops.
#ifndef GE_OPS_GRAPH_SHAPE_INFERENCE_H_
#define GE_OPS_GRAPH_SHAPE_INFERENCE_H_

#include <cstdint>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Infers the shapes of `graph` (a root graph). input_shapes[i] becomes the shape of the Data
/// node whose attr `index` is i (both its input and output desc); Data nodes without a given
/// shape keep theirs. Fails, naming the problem, when more shapes than Data nodes are given,
/// when no Data node has a requested index, or when any node's inference fails. Only shapes,
/// dtypes and formats change: no constant folding, no other graph edits.
Status InferGraphShape(ComputeGraph &graph, const std::vector<std::vector<int64_t>> &input_shapes);

/// Infers every node of `graph` (root or subgraph) in topological order without touching the
/// Data descs first. Control ops (If/Case/While/PartitionedCall) infer their subgraphs from
/// their own input descs.
Status InferGraphNodes(ComputeGraph &graph);

/// Copies shape, dtype and format (with their origin forms) of `producer` into `consumer`,
/// keeping the consumer's name and attributes.
void CopyTensorMeta(const GeTensorDesc &producer, GeTensorDesc *consumer);

/// True for node types that are graph inputs (Data, RefData, AippData, AnyData).
bool IsDataType(const std::string &type);

}  // namespace ge

#endif  // GE_OPS_GRAPH_SHAPE_INFERENCE_H_
