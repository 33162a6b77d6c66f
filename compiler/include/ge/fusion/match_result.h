// MatchResult: one occurrence of a pattern in a target graph. Holds a pointer to the pattern:
// it must not outlive the PatternMatcher that produced it.
#ifndef GE_FUSION_MATCH_RESULT_H_
#define GE_FUSION_MATCH_RESULT_H_

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "ge/fusion/node_io.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/subgraph_boundary.h"
#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"
#include "graph/gnode.h"

namespace ge {
namespace fusion {

struct MatchResultImpl;

class MatchResult {
 public:
  explicit MatchResult(const Pattern *pattern);
  MatchResult(const MatchResult &other);
  MatchResult &operator=(const MatchResult &other);
  ~MatchResult();

  /// Records that `pattern_node` is bound to `target_node`.
  Status AppendNodeMatchPair(const GNode &pattern_node, const GNode &target_node);
  /// FAILED when `pattern_node` is not bound.
  Status GetMatchedNode(const GNode &pattern_node, GNode &matched_node) const;
  /// Target nodes bound to non-Data pattern nodes, sorted by op id (then creation order).
  std::vector<GNode> GetMatchedNodes() const;
  /// The target tensor bound to capture `capture_idx` of the pattern.
  Status GetCapturedTensor(size_t capture_idx, NodeIo &node_output) const;
  const Graph &GetPatternGraph() const;
  /// Boundary of the match: input i = consumers (among matched nodes) of the tensor bound to
  /// pattern Data `index` i; output k = target port bound to pattern output k.
  std::unique_ptr<SubgraphBoundary> ToSubgraphBoundary() const;
  /// "[PatternName:<n>][MatchNodesPair]{{<pattern type>:<target name>}...}"
  AscendString ToAscendString() const;

  /// Compiler-internal state (boundary inputs/outputs recorded by the matcher).
  MatchResultImpl &Impl() { return *impl_; }
  const MatchResultImpl &Impl() const { return *impl_; }

 private:
  std::unique_ptr<MatchResultImpl> impl_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_MATCH_RESULT_H_
