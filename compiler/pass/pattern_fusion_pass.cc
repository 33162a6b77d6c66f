// PatternFusionPass(V2) and DecomposePass(V2): hooks around the shared loops.
#include "ge/fusion/pass/pattern_fusion_pass.h"

#include "ge/fusion/pass/decompose_pass.h"
#include "pass/pattern_fusion_runner.h"

namespace ge {
namespace fusion {

PatternFusionPass::PatternFusionPass() : match_config_(PatternMatcherConfigBuilder().Build()) {}
PatternFusionPass::PatternFusionPass(std::unique_ptr<PatternMatcherConfig> match_config)
    : match_config_(match_config != nullptr ? std::move(match_config)
                                            : PatternMatcherConfigBuilder().Build()) {}
PatternFusionPass::~PatternFusionPass() = default;

bool PatternFusionPass::MeetRequirements(const std::unique_ptr<MatchResult> &match_result) {
  return true;
}

Status PatternFusionPass::Run(GraphPtr &graph, CustomPassContext &pass_context) {
  PatternFusionHooks hooks;
  hooks.patterns = [this]() { return Patterns(); };
  hooks.meet_requirements = [this](const std::unique_ptr<MatchResult> &match) {
    return MeetRequirements(match);
  };
  hooks.replacement = [this](const std::unique_ptr<MatchResult> &match) {
    return Replacement(match);
  };
  return RunPatternFusion(graph, pass_context, match_config_.get(), hooks);
}

PatternFusionPassV2::PatternFusionPassV2() : match_config_(PatternMatcherConfigBuilder().Build()) {}
PatternFusionPassV2::PatternFusionPassV2(std::unique_ptr<PatternMatcherConfig> match_config)
    : match_config_(match_config != nullptr ? std::move(match_config)
                                            : PatternMatcherConfigBuilder().Build()) {}
PatternFusionPassV2::~PatternFusionPassV2() = default;

bool PatternFusionPassV2::MeetRequirements(const std::unique_ptr<MatchResult> &match_result,
                                           CustomPassContext &pass_context) {
  return true;
}

Status PatternFusionPassV2::Run(GraphPtr &graph, CustomPassContext &pass_context) {
  PatternFusionHooks hooks;
  hooks.patterns = [this]() { return Patterns(); };
  hooks.meet_requirements = [this, &pass_context](const std::unique_ptr<MatchResult> &match) {
    return MeetRequirements(match, pass_context);
  };
  hooks.replacement = [this, &pass_context](const std::unique_ptr<MatchResult> &match) {
    return Replacement(match, pass_context);
  };
  return RunPatternFusion(graph, pass_context, match_config_.get(), hooks);
}

DecomposePass::DecomposePass(const std::vector<AscendString> &op_types) : op_types_(op_types) {}

bool DecomposePass::MeetRequirements(const GNode &matched_node) { return true; }

Status DecomposePass::Run(GraphPtr &graph, CustomPassContext &pass_context) {
  DecomposeHooks hooks;
  hooks.op_types = op_types_;
  hooks.meet_requirements = [this](const GNode &node) { return MeetRequirements(node); };
  hooks.replacement = [this](const GNode &node) { return Replacement(node); };
  return RunDecompose(graph, pass_context, hooks);
}

DecomposePassV2::DecomposePassV2(const std::vector<AscendString> &op_types) : op_types_(op_types) {}

bool DecomposePassV2::MeetRequirements(const GNode &matched_node, CustomPassContext &pass_context) {
  return true;
}

Status DecomposePassV2::Run(GraphPtr &graph, CustomPassContext &pass_context) {
  DecomposeHooks hooks;
  hooks.op_types = op_types_;
  hooks.meet_requirements = [this, &pass_context](const GNode &node) {
    return MeetRequirements(node, pass_context);
  };
  hooks.replacement = [this, &pass_context](const GNode &node) {
    return Replacement(node, pass_context);
  };
  return RunDecompose(graph, pass_context, hooks);
}

}  // namespace fusion
}  // namespace ge
