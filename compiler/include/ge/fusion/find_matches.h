// FindMatches: the matches of one pattern in one graph, listed without rewriting anything.
#ifndef GE_FUSION_FIND_MATCHES_H_
#define GE_FUSION_FIND_MATCHES_H_

#include <memory>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "graph/graph.h"

namespace ge {
namespace fusion {

/// The results of FindMatches. They refer to the pattern, which the matcher owns: the results
/// are declared after it, so they go first.
struct FoundMatches {
  std::unique_ptr<PatternMatcher> matcher;
  std::vector<std::unique_ptr<MatchResult>> results;
};

/// Every match of `pattern` in `target_graph`, in the order a PatternFusionPass sweep meets them,
/// each the MatchResult its MeetRequirements and Replacement would receive (same captures, same
/// boundary). Nothing is rewritten, so matches may overlap where a pass that rewrites the first
/// would never see the second. An invalid pattern gives no results and sets the last error as
/// PatternMatcher does. A null `matcher_config` means every switch off.
FoundMatches FindMatches(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph,
                         std::unique_ptr<PatternMatcherConfig> matcher_config = nullptr);

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_FIND_MATCHES_H_
