// PatternFusionPass: "find each occurrence of these patterns, check it, replace it". Run is the
// framework's loop (docs/fusion_framework.md); a pass only supplies the hooks.
#ifndef GE_FUSION_PASS_PATTERN_FUSION_PASS_H_
#define GE_FUSION_PASS_PATTERN_FUSION_PASS_H_

#include <memory>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher_config.h"

namespace ge {
namespace fusion {

class PatternFusionPass : public FusionBasePass {
 public:
  /// All matcher switches off.
  PatternFusionPass();
  explicit PatternFusionPass(std::unique_ptr<PatternMatcherConfig> match_config);
  ~PatternFusionPass() override;
  Status Run(GraphPtr &graph, CustomPassContext &pass_context) override;

  /// Called once per Run; each pattern is searched in order.
  virtual std::vector<PatternUniqPtr> Patterns() = 0;
  /// Default true. Return false to leave a match alone (nothing is changed).
  virtual bool MeetRequirements(const std::unique_ptr<MatchResult> &match_result);
  /// The graph replacing the match: one Data (attr `index` = boundary input) per boundary input
  /// and one NetOutput input per pattern output. nullptr fails the pass.
  virtual GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &match_result) = 0;

 private:
  std::unique_ptr<PatternMatcherConfig> match_config_;
};

/// As PatternFusionPass, with hooks that also see the run's context.
class PatternFusionPassV2 : public FusionBasePass {
 public:
  PatternFusionPassV2();
  explicit PatternFusionPassV2(std::unique_ptr<PatternMatcherConfig> match_config);
  ~PatternFusionPassV2() override;
  Status Run(GraphPtr &graph, CustomPassContext &pass_context) override;

  virtual std::vector<PatternUniqPtr> Patterns() = 0;
  virtual bool MeetRequirements(const std::unique_ptr<MatchResult> &match_result,
                                CustomPassContext &pass_context);
  virtual GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &match_result,
                                   CustomPassContext &pass_context) = 0;

 private:
  std::unique_ptr<PatternMatcherConfig> match_config_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PASS_PATTERN_FUSION_PASS_H_
