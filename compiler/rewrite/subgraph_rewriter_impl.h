// Internal entry of SubgraphRewriter: resolves and validates a boundary and a replacement, then
// rewrites. Everything is checked before the first edit.
#ifndef GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_
#define GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_

#include <string>
#include <utility>
#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/subgraph_boundary.h"
#include "graph/compute_graph.h"
#include "rewrite/fusion_utils.h"

namespace ge {
namespace fusion {

/// A boundary resolved against its graph.
struct ResolvedBoundary {
  ComputeGraph *graph = nullptr;
  std::vector<OutAnchor> input_producers;  // per input position
  std::vector<std::vector<std::pair<Node *, int32_t>>> input_consumers;
  std::vector<OutAnchor> outputs;  // per output position
  std::vector<Node *> nodes;       // the nodes to replace
};

/// Fills `resolved`; FAILED with the reason as last error when the boundary is malformed, spans
/// graphs or is not self contained.
Status ResolveBoundary(const SubgraphBoundary &boundary, ResolvedBoundary *resolved);

/// Validates a boundary given by its ports: `outputs` and `input_consumers` filled, the rest is
/// derived (graph, input producers, the nodes to replace). Same checks and messages as
/// ResolveBoundary, which converts a SubgraphBoundary and then calls this.
Status CompleteBoundary(ResolvedBoundary *resolved);

/// What a successful rewrite did (for incremental cycle checking and statistics).
struct RewriteRecord {
  std::vector<const Node *> removed;
  std::vector<Node *> new_nodes;  // topological order (NoOps included)
  std::vector<Node *> producers;
  std::vector<Node *> consumers;
};

/// The rewrite. `pass_context` null = the context-less overload. `record` may be null.
Status ReplaceSubgraph(const SubgraphBoundary &boundary, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record);

/// The rewrite of an already completed boundary (see CompleteBoundary).
Status ReplaceResolved(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record);

/// The same rewrites for a replacement the caller owns and discards afterwards (the pass
/// runners' GraphUniqPtr): its body nodes are moved into the target (ComputeGraph::
/// TransferNodeFrom) instead of copied. Validation is unchanged and complete before the first
/// edit of the target; on success the replacement keeps only its Data and NetOutput nodes, on
/// failure it is left as it was. `mark_pass_name`, when given, is appended to the `pass_name`
/// list of every new node once validation passed (MarkPassName on the body, which the pass
/// runners did separately before).
Status ReplaceSubgraphMoving(const SubgraphBoundary &boundary, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name = nullptr);
Status ReplaceResolvedMoving(const ResolvedBoundary &resolved, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name = nullptr);

/// The DecomposePass boundary of `node`: one input per distinct producer port of its connected
/// inputs (numbered by first appearance), one output per output port (connected or not).
SubgraphBoundary MakeSingleNodeBoundary(const GNode &node);

/// Appends `pass_name` to the `pass_name` list attr of each node (keeping earlier passes).
void MarkPassName(const std::vector<Node *> &nodes, const std::string &pass_name);
void MarkPassName(Node *node, const std::string &pass_name);

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_
