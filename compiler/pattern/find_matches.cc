// FindMatches: one PatternMatcher sweep, collected.
#include "ge/fusion/find_matches.h"

namespace ge {
namespace fusion {

FoundMatches FindMatches(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph,
                         std::unique_ptr<PatternMatcherConfig> matcher_config) {
  FoundMatches found;
  found.matcher =
      std::make_unique<PatternMatcher>(std::move(pattern), target_graph, std::move(matcher_config));
  while (std::unique_ptr<MatchResult> result = found.matcher->MatchNext()) {
    found.results.push_back(std::move(result));
  }
  return found;
}

}  // namespace fusion
}  // namespace ge
