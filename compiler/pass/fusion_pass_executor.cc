// FusionPassExecutor implementation.
#include "pass/fusion_pass_executor.h"

#include <chrono>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pass/custom_pass_helper.h"
#include "pass/pass_registry.h"
#include "rewrite/fusion_statistics.h"

namespace ge {
namespace fusion {

FusionPassExecutor::FusionPassExecutor(std::map<std::string, std::string> options)
    : options_(std::move(options)) {}

FusionPassExecutor::~FusionPassExecutor() = default;

Status FusionPassExecutor::InitPassesIfNeed(CustomPassStage stage) {
  if (passes_.count(stage) != 0U) {
    return SUCCESS;  // cached per stage (GE caches for the first stage only: fixed)
  }
  if (switch_ == nullptr) {
    switch_ = std::make_unique<FusionSwitch>(options_);
  }
  std::vector<std::pair<std::string, std::unique_ptr<FusionBasePass>>> created;
  for (const FusionPassRegistrationData &reg :
       PassRegistry::GetInstance().GetFusionPassRegDataByStage(stage)) {
    const std::string name = reg.GetPassName().GetString();
    std::string source;
    if (!switch_->IsEnabled(name, &source)) {
      GELOGI(
          "[FusionPass][SKIP] Pass [%s] is disabled by fusion switch config file, "
          "Option[%s][%s].",
          name.c_str(), name.c_str(), source.c_str());
      continue;
    }
    std::unique_ptr<FusionBasePass> pass(PassRegistry::GetInstance().CreatePass(reg));
    if (pass == nullptr) {
      GELOGE("Create fusion pass[%s] of stage[%s] failed.", name.c_str(),
             CustomPassStageName(stage));
      return Fail("Create fusion pass[" + name + "] of stage[" + CustomPassStageName(stage) +
                  "] failed: its creator returned null");
    }
    created.emplace_back(name, std::move(pass));
  }
  passes_[stage] = std::move(created);
  return SUCCESS;
}

Status FusionPassExecutor::RunOne(const std::string &name, FusionBasePass &pass,
                                  const ComputeGraphPtr &graph, CustomPassContext &context) {
  GraphPtr handle = GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  context.SetErrorMessage(AscendString(""));
  const auto start = std::chrono::steady_clock::now();
  const Status ret = pass.Run(handle, context);
  const auto elapsed = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - start);
  FusionStatistics::Instance().AddRun(name, static_cast<uint64_t>(elapsed.count()));
  if (ret != SUCCESS && ret != NOT_CHANGED) {
    std::string reason = context.GetErrorMessage().GetString();
    if (reason.empty()) {
      reason = GetLastError();
    }
    GELOGE("[%s][Run] failed on graph %s: %s", name.c_str(), graph->GetName().c_str(),
           reason.c_str());
    return Fail("[" + name + "][Run] failed on graph " + graph->GetName() +
                (reason.empty() ? "" : ": " + reason));
  }
  return SUCCESS;
}

Status FusionPassExecutor::RunPasses(const ComputeGraphPtr &graph, CustomPassStage stage) {
  if (graph == nullptr) {
    return Fail("FusionPassExecutor::RunPasses: graph is null");
  }
  if (InitPassesIfNeed(stage) != SUCCESS) {
    return FAILED;
  }
  CustomPassContext context(options_);
  for (auto &entry : passes_[stage]) {
    context.SetPassName(AscendString(entry.first.c_str()));
    if (RunOne(entry.first, *entry.second, graph, context) != SUCCESS) {
      return FAILED;
    }
    // Copy: a pass may add or remove subgraphs while running.
    const std::vector<ComputeGraphPtr> subgraphs = graph->GetAllSubgraphs();
    for (const ComputeGraphPtr &subgraph : subgraphs) {
      Node *parent = subgraph->GetParentNode();
      if (parent == nullptr || parent->GetOwnerGraph() == nullptr) {
        GELOGI("[FusionPassExec] Skip orphan subgraph[%s] for pass[%s].",
               subgraph->GetName().c_str(), entry.first.c_str());
        continue;
      }
      if (RunOne(entry.first, *entry.second, subgraph, context) != SUCCESS) {
        return FAILED;
      }
    }
  }
  if (IsLogEnabled(LogLevel::kInfo)) {
    FusionStatistics::Instance().Print();
  }
  return SUCCESS;
}

Status FusionPassExecutor::RunPassesWithLegacyCustom(const ComputeGraphPtr &graph,
                                                     CustomPassStage stage) {
  if (graph == nullptr) {
    return Fail("FusionPassExecutor::RunPassesWithLegacyCustom: graph is null");
  }
  CustomPassContext legacy_context(options_);
  if (CustomPassHelper::Instance().Run(graph, legacy_context, stage) != SUCCESS) {
    GELOGE("Run custom pass for graph [%s] failed.", graph->GetName().c_str());
    return FAILED;
  }
  return RunPasses(graph, stage);
}

std::vector<std::string> FusionPassExecutor::GetPassNames(CustomPassStage stage) const {
  std::vector<std::string> names;
  auto it = passes_.find(stage);
  if (it != passes_.end()) {
    for (const auto &entry : it->second) {
      names.push_back(entry.first);
    }
  }
  return names;
}

}  // namespace fusion
}  // namespace ge
