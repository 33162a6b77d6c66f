// ReplaceVerifiedMatch: the pass runner's rewrite of a match.
#include "rewrite/subgraph_rewriter.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {

Status ReplaceVerifiedMatch(VerifiedMatch &match, const ComputeGraph &graph,
                            ComputeGraph &replacement, bool move_body, const std::string &pass_name,
                            RewriteRecord *record) {
  ResolvedBoundary &boundary = match.Boundary();
  if (!match.IsProven(graph) && CompleteBoundary(&boundary) != SUCCESS) {
    return FAILED;
  }
  return move_body ? ReplaceResolvedMoving(boundary, replacement, nullptr, record, &pass_name)
                   : ReplaceResolved(boundary, replacement, nullptr, record);
}

}  // namespace fusion
}  // namespace ge
