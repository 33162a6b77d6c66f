// PatternMatcher: finds the occurrences of one Pattern in one graph (direct nodes only, never
// subgraphs), one per MatchNext. The graph may be rewritten between calls; nodes created after
// the first MatchNext are never bound to non-Data pattern nodes (docs/pattern_matcher.md).
#ifndef GE_FUSION_PATTERN_MATCHER_H_
#define GE_FUSION_PATTERN_MATCHER_H_

#include <memory>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "graph/graph.h"

namespace ge {
namespace fusion {

class PatternMatcherImpl;

class PatternMatcher {
 public:
  PatternMatcher(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph);
  PatternMatcher(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph,
                 std::unique_ptr<PatternMatcherConfig> matcher_config);
  ~PatternMatcher();
  PatternMatcher(const PatternMatcher &) = delete;
  PatternMatcher &operator=(const PatternMatcher &) = delete;

  /// The next occurrence, or nullptr when there is none (or the pattern is invalid: the error
  /// "Pattern[<name>] is invalid. Reason: ..." is logged and recorded as last error).
  std::unique_ptr<MatchResult> MatchNext();

 private:
  std::unique_ptr<PatternMatcherImpl> impl_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PATTERN_MATCHER_H_
