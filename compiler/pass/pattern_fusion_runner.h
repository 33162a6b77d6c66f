// The loops behind PatternFusionPass(V2)::Run and DecomposePass(V2)::Run: shared
// by the V1/V2 classes and by the Python adapters, which only supply hooks.
#ifndef GE_PASS_PATTERN_FUSION_RUNNER_H_
#define GE_PASS_PATTERN_FUSION_RUNNER_H_

#include <functional>
#include <memory>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher_config.h"

namespace ge {
namespace fusion {

struct PatternFusionHooks {
  std::function<std::vector<PatternUniqPtr>()> patterns;
  std::function<bool(const std::unique_ptr<MatchResult> &)> meet_requirements;
  std::function<GraphUniqPtr(const std::unique_ptr<MatchResult> &)> replacement;
};

/// One sweep per pattern with immediate rewrites. Matches whose fusion would create a cycle are
/// skipped and counted. SUCCESS if anything changed, NOT_CHANGED if not, FAILED when a
/// replacement is null or cannot be applied (the message names the pass and the match).
Status RunPatternFusion(GraphPtr &graph, CustomPassContext &context,
                        const PatternMatcherConfig *config, const PatternFusionHooks &hooks);

struct DecomposeHooks {
  std::vector<AscendString> op_types;
  std::function<bool(const GNode &)> meet_requirements;
  std::function<GraphUniqPtr(const GNode &)> replacement;
};

Status RunDecompose(GraphPtr &graph, CustomPassContext &context, const DecomposeHooks &hooks);

}  // namespace fusion
}  // namespace ge

#endif  // GE_PASS_PATTERN_FUSION_RUNNER_H_
