// Read-only questions the built-in fusion passes of the compile pipeline ask before they rewrite
// (the rewrite itself goes through fusion::NodeRewrite, rewrite/node_rewrite.h): reading a Const
// producer's value, who reads an output, which nodes to visit.
#ifndef GE_PIPELINE_FUSION_GUARDS_H_
#define GE_PIPELINE_FUSION_GUARDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"

namespace ge {

/// Const or Constant.
bool IsConstType(const std::string &type);

/// The `value` of the Const/Constant node feeding `node`:`in_index`; nullptr when that input is
/// unconnected or its producer is not a constant with a value.
const GeTensor *ConstInputValue(const Node &node, size_t in_index);

/// True when output `out_index` of `node` feeds exactly one input (that of `consumer`) and is
/// not one of the graph's designated outputs.
bool HasSoleConsumer(const ComputeGraph &graph, const Node &node, int32_t out_index,
                     const Node &consumer);

/// True when no output of `node` from `first_out` on is consumed or a graph output.
bool OutputsUnusedFrom(const ComputeGraph &graph, const Node &node, size_t first_out);

/// True when `node` has control inputs or outputs. The built-in passes leave such nodes alone:
/// a rewrite would carry their control edges through NoOp nodes.
bool HasControlEdges(const Node &node);

/// The graph's direct nodes as owning pointers, in order: a pass that removes nodes while it walks
/// this list never follows a dangling pointer (check `graph.HasNode` before using an entry).
std::vector<NodePtr> SnapshotDirectNodes(const ComputeGraph &graph);

/// `base`, or `base_1`, `base_2`, ... : the first name not used in `graph`.
std::string UniqueNodeName(const ComputeGraph &graph, const std::string &base);

}  // namespace ge

#endif  // GE_PIPELINE_FUSION_GUARDS_H_
