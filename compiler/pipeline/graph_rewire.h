// Small graph edits shared by the built-in fusion passes of the compile pipeline: reading a Const
// producer's value, moving the consumers of one output to another, dropping dead constants.
#ifndef GE_PIPELINE_GRAPH_REWIRE_H_
#define GE_PIPELINE_GRAPH_REWIRE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"

namespace ge {

/// The `value` of the Const/Constant node feeding `node`:`in_index`; nullptr when that input is
/// unconnected or its producer is not a constant with a value.
const GeTensor *ConstInputValue(const Node &node, size_t in_index);

/// True when output `out_index` of `node` feeds exactly one input (that of `consumer`) and is
/// not one of the graph's designated outputs.
bool HasSoleConsumer(const ComputeGraph &graph, const Node &node, int32_t out_index,
                     const Node &consumer);

/// True when no output of `node` from `first_out` on is consumed or a graph output.
bool OutputsUnusedFrom(const ComputeGraph &graph, const Node &node, size_t first_out);

/// Reconnects every consumer of `from`:`from_out` (and a graph output naming it) to `to`:`to_out`.
Status MoveConsumers(ComputeGraph &graph, Node *from, int32_t from_out, Node *to, int32_t to_out);

/// The graph's direct nodes as owning pointers, in order: a pass that removes nodes while it walks
/// this list never follows a dangling pointer (check `graph.HasNode` before using an entry).
std::vector<NodePtr> SnapshotDirectNodes(const ComputeGraph &graph);

/// Removes `node` when it is a Const/Constant nobody reads any more (no data or control
/// consumers, not a graph output).
Status RemoveIfDeadConst(ComputeGraph &graph, Node *node);

/// `base`, or `base_1`, `base_2`, ... : the first name not used in `graph`.
std::string UniqueNodeName(const ComputeGraph &graph, const std::string &base);

/// Adds a Const node named (uniquely) after `base` holding `value`.
Node *AddConstNode(ComputeGraph &graph, const std::string &base, GeTensor value);

}  // namespace ge

#endif  // GE_PIPELINE_GRAPH_REWIRE_H_
