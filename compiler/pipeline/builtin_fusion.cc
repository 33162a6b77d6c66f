// Built-in fusion passes of the compile pipeline (see builtin_fusion.h).
#include "pipeline/builtin_fusion.h"

#include "common/error.h"
#include "common/log.h"
#include "pass/fusion_switch.h"
#include "pipeline/conv_activation_fusion.h"
#include "pipeline/conv_bn_fold.h"

namespace ge {
namespace {

using BuiltinPassFn = Status (*)(ComputeGraph &graph, size_t *changes);

struct BuiltinPass {
  const char *name;
  BuiltinFusionPoint point;
  BuiltinPassFn run;
};

// The one list of built-in passes. The batch-norm fold is a graph fusion (its result is what
// later custom passes see); the activation fusion is a build-time kernel fusion, so no custom
// pass ever meets a conv carrying `_fused_activation`.
const std::vector<BuiltinPass> &BuiltinPasses() {
  static const std::vector<BuiltinPass> kPasses = {
      {kConvBatchNormFoldPassName, BuiltinFusionPoint::kGraphFusion, FoldConvBatchNorm},
      {kConvActivationFusionPassName, BuiltinFusionPoint::kBuild, FuseConvActivation},
  };
  return kPasses;
}

}  // namespace

std::vector<std::string> BuiltinFusionPassNames(BuiltinFusionPoint point) {
  std::vector<std::string> names;
  for (const BuiltinPass &pass : BuiltinPasses()) {
    if (pass.point == point) names.emplace_back(pass.name);
  }
  return names;
}

Status RunBuiltinFusion(const ComputeGraphPtr &graph,
                        const std::map<std::string, std::string> &options,
                        BuiltinFusionPoint point) {
  const fusion::FusionSwitch switches(options);
  std::vector<ComputeGraph *> graphs{graph.get()};
  for (const ComputeGraphPtr &subgraph : graph->GetAllSubgraphs()) graphs.push_back(subgraph.get());
  for (const BuiltinPass &pass : BuiltinPasses()) {
    if (pass.point != point) {
      continue;
    }
    std::string source;
    if (!switches.IsEnabled(pass.name, &source)) {
      GELOGI("[BuiltinFusion][SKIP] Pass [%s] is switched off by %s.", pass.name, source.c_str());
      continue;
    }
    for (ComputeGraph *target : graphs) {
      size_t changes = 0;
      if (pass.run(*target, &changes) != SUCCESS) {
        return Fail(std::string("[") + pass.name + "][Run] failed on graph " + target->GetName() +
                    ": " + GetLastError());
      }
      GELOGI("[BuiltinFusion] Pass[%s] graph[%s] changes=%zu", pass.name, target->GetName().c_str(),
             changes);
    }
  }
  return SUCCESS;
}

}  // namespace ge
