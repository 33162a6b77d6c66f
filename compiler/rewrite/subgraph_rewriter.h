// The rewriter's entry points for the pass runners (pass/pattern_fusion_runner.cc): rewrites of
// a SubgraphBoundary or of a verified match that can take the replacement's body over instead of
// copying it, DecomposePass's single-node boundary, and the pass-name marking of new nodes.
// SubgraphRewriter (ge/fusion/graph_rewriter.h) is the public face of the same rewrite.
#ifndef GE_REWRITE_SUBGRAPH_REWRITER_H_
#define GE_REWRITE_SUBGRAPH_REWRITER_H_

#include <string>
#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/subgraph_boundary.h"
#include "graph/compute_graph.h"
#include "pattern/verified_match.h"

namespace ge {
namespace fusion {

/// What a successful rewrite did (for incremental cycle checking and statistics).
struct RewriteRecord {
  std::vector<const Node *> removed;
  std::vector<Node *> new_nodes;  // topological order (NoOps included)
  std::vector<Node *> producers;
  std::vector<Node *> consumers;
};

/// The rewrite. Everything is checked before the first edit. `pass_context` null = the
/// context-less overload. `record` may be null.
Status ReplaceSubgraph(const SubgraphBoundary &boundary, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record);

/// The same rewrite for a replacement the caller owns and discards afterwards (the pass
/// runners' GraphUniqPtr): its body nodes are moved into the target (ComputeGraph::
/// TransferNodeFrom) instead of copied. Validation is unchanged and complete before the first
/// edit of the target; on success the replacement keeps only its Data and NetOutput nodes, on
/// failure it is left as it was. `mark_pass_name`, when given, is appended to the `pass_name`
/// list of every new node once validation passed (MarkPassName on the body, which the pass
/// runners did separately before).
Status ReplaceSubgraphMoving(const SubgraphBoundary &boundary, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name = nullptr);

/// Rewrites a match VerifiedMatch::Verify found kReady in `graph`. Its boundary is validated in
/// full first unless the matcher's proof still holds (VerifiedMatch::IsProven). `move_body`: the
/// replacement's body is moved and marked with `pass_name` as by ReplaceSubgraphMoving;
/// otherwise it is copied and left unmarked.
Status ReplaceVerifiedMatch(VerifiedMatch &match, const ComputeGraph &graph,
                            ComputeGraph &replacement, bool move_body, const std::string &pass_name,
                            RewriteRecord *record);

/// The DecomposePass boundary of `node`: one input per distinct producer port of its connected
/// inputs (numbered by first appearance), one output per output port (connected or not).
SubgraphBoundary MakeSingleNodeBoundary(const GNode &node);

/// Appends `pass_name` to the `pass_name` list attr of each node (keeping earlier passes).
void MarkPassName(const std::vector<Node *> &nodes, const std::string &pass_name);
void MarkPassName(Node *node, const std::string &pass_name);

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_SUBGRAPH_REWRITER_H_
