// VerifiedMatch: a match of the pass runner (pass/pattern_fusion_runner.cc) on its way to the
// rewriter (ReplaceVerifiedMatch, rewrite/subgraph_rewriter.h), read from the match's bindings
// without building GNode handles. The match's internal state stays private to the matcher.
#ifndef GE_PATTERN_VERIFIED_MATCH_H_
#define GE_PATTERN_VERIFIED_MATCH_H_

#include <cstdint>
#include <vector>

#include "ge/fusion/match_result.h"
#include "graph/compute_graph.h"
#include "graph/node.h"
#include "pattern/fusion_utils.h"
#include "pattern/resolved_boundary.h"

namespace ge {
namespace fusion {

/// A match checked for the rewriter: fusing its nodes closes no cycle, and its boundary (the ports
/// MatchResult::ToSubgraphBoundary would name: inputs by ascending pattern Data index, outputs by
/// pattern output) is resolved against the target graph. Whether the boundary is self-contained
/// the matcher proves for the graph as it was matched (PatternMatcherImpl::MakeResult); IsProven
/// says whether that still holds, and the rewriter validates the boundary in full when it does not.
/// One object serves a whole sweep: its vectors keep their capacity from match to match.
class VerifiedMatch {
 public:
  enum class Verdict {
    kReady,       // Boundary() is filled
    kWouldCycle,  // fusing the matched nodes would create a cycle: the match is to be skipped
    kNoBoundary,  // a pattern input has no live consumer or an output is not bound (last error)
  };

  /// Reads `match`: its matched target nodes (pattern Data bindings excluded), each node it
  /// refers to (held until Release or the next Verify), the cycle prediction of `cycles` for the
  /// matched nodes, then the boundary ports.
  Verdict Verify(const MatchResult &match, CycleChecker &cycles);
  /// True when the matcher proved the boundary valid and `graph` was not edited since (the hooks
  /// that run between the match and the rewrite may edit it).
  bool IsProven(const ComputeGraph &graph) const {
    return checked_graph_ == &graph && graph.GetModificationCount() == checked_version_;
  }
  ResolvedBoundary &Boundary() { return boundary_; }
  const ResolvedBoundary &Boundary() const { return boundary_; }
  /// Lets the nodes go (after a rewrite, so that the removed nodes' handles expire before the
  /// next match).
  void Release() { alive_.clear(); }

 private:
  bool ReadPorts(const MatchResultImpl &impl);

  ResolvedBoundary boundary_;
  std::vector<NodePtr> alive_;  // by position in the match
  const ComputeGraph *checked_graph_ = nullptr;
  uint64_t checked_version_ = 0;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_VERIFIED_MATCH_H_
