// SubgraphRewriter: replaces the nodes inside a SubgraphBoundary by a replacement graph. All
// checks run before the first edit: on failure the target graph is exactly as before.
#ifndef GE_FUSION_GRAPH_REWRITER_H_
#define GE_FUSION_GRAPH_REWRITER_H_

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/subgraph_boundary.h"
#include "ge/ge_error_codes.h"
#include "graph/graph.h"

namespace ge {
namespace fusion {

class SubgraphRewriter {
 public:
  /// `replacement` (not consumed; it is copied) must have one Data per boundary input (attr
  /// `index` = input position) and one NetOutput whose inputs are the boundary outputs in order.
  static Status Replace(const SubgraphBoundary &subgraph, const Graph &replacement);
  /// As above, plus GraphFuseInspector::CanFuse before and ReportFuse after the rewrite, under
  /// the context's pass name (which must not be empty).
  static Status Replace(const SubgraphBoundary &subgraph, const Graph &replacement,
                        CustomPassContext &pass_context);
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_GRAPH_REWRITER_H_
