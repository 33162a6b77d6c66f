// GraphFuseInspector: may these nodes be fused into one (CanFuse), and provenance bookkeeping
// for a pass that rewrote the graph by hand (ReportFuse).
#ifndef GE_FUSION_GRAPH_FUSE_INSPECTOR_H_
#define GE_FUSION_GRAPH_FUSE_INSPECTOR_H_

#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"
#include "graph/gnode.h"

namespace ge {
namespace fusion {

class GraphFuseInspector {
 public:
  /// True when the nodes are live, in one graph, carry no conflicting fusion-scoped attrs
  /// (stream label, super kernel, core num, deterministic) and fusing them creates no cycle.
  /// Otherwise false with `reason` saying why.
  static bool CanFuse(const std::vector<GNode> &nodes, AscendString &reason);
  /// Records on `nodes_after` that they come from `nodes_before` through the context's pass
  /// (`pass_name`, `_datadump_original_op_names`, `_datadump_original_op_types`). Call after
  /// editing and before deleting the old nodes. `nodes_after` may be empty (pure deletion).
  static Status ReportFuse(const std::vector<GNode> &nodes_before,
                           const std::vector<GNode> &nodes_after, CustomPassContext &pass_context);
};

/// GE's spelling of the same helpers.
using GraphFuseInspectorUtils = GraphFuseInspector;

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_GRAPH_FUSE_INSPECTOR_H_
