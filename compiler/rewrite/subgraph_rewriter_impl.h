// Internal entry of SubgraphRewriter: resolves and validates a boundary, then rewrites the
// resolved form. Everything is checked before the first edit. Private to rewrite/: other
// components go through subgraph_rewriter.h.
#ifndef GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_
#define GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_

#include <string>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/subgraph_boundary.h"
#include "graph/compute_graph.h"
#include "pattern/fusion_utils.h"
#include "pattern/resolved_boundary.h"
#include "rewrite/subgraph_rewriter.h"

namespace ge {
namespace fusion {

/// Fills `resolved`; FAILED with the reason as last error when the boundary is malformed, spans
/// graphs or is not self contained.
Status ResolveBoundary(const SubgraphBoundary &boundary, ResolvedBoundary *resolved);

/// Validates a boundary given by its ports: `outputs` and `input_consumers` filled, the rest is
/// derived (graph, input producers, the nodes to replace). Same checks and messages as
/// ResolveBoundary, which converts a SubgraphBoundary and then calls this.
Status CompleteBoundary(ResolvedBoundary *resolved);

/// The rewrite of an already completed boundary (see CompleteBoundary).
Status ReplaceResolved(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record);
/// The same, moving the replacement's body (see ReplaceSubgraphMoving).
Status ReplaceResolvedMoving(const ResolvedBoundary &resolved, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name = nullptr);

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_SUBGRAPH_REWRITER_IMPL_H_
