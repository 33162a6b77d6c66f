// FusionPassExecutor implementation.
#include "pass/fusion_pass_executor.h"

#include <chrono>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pass/custom_pass_helper.h"
#include "pass/pass_registry.h"
#include "pass/pass_report.h"
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
    if (reg.GetMaxRuns() > 1U) {
      max_runs_[name] = reg.GetMaxRuns();
    }
    created.emplace_back(name, std::move(pass));
  }
  passes_[stage] = std::move(created);
  return SUCCESS;
}

Status FusionPassExecutor::RunOne(const std::string &name, FusionBasePass &pass,
                                  const ComputeGraphPtr &graph, CustomPassStage stage, uint32_t run,
                                  CustomPassContext &context) {
  PassReport *report = CurrentPassReport();
  PassRunRecord *record = report != nullptr && report->Detailed()
                              ? &report->AddRun(name, CustomPassStageName(stage), *graph, run)
                              : nullptr;
  PassRunObserver *observer = record == nullptr ? nullptr : report->Observer();
  if (observer != nullptr) {
    observer->BeforeRun(*graph, *record);
  }
  const uint64_t version_before = graph->GetModificationCount();
  GraphPtr handle = GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  context.SetErrorMessage(AscendString(""));
  const auto start = std::chrono::steady_clock::now();
  Status ret = FAILED;
  {
    PassRunScope run_scope(record);
    ret = pass.Run(handle, context);
  }
  const auto elapsed = std::chrono::steady_clock::now() - start;
  FusionStatistics::Instance().AddRun(
      name, static_cast<uint64_t>(
                std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count()));
  const bool ok = ret == SUCCESS || ret == NOT_CHANGED;
  if (record != nullptr) {
    record->ok = ok;
    record->changed = graph->GetModificationCount() != version_before;
    record->nodes_after = graph->GetDirectNodesSize();
    record->time_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
    GELOGI("%s", PassReport::SummaryLine(*record).c_str());
    if (observer != nullptr) {
      observer->AfterRun(*graph, *record);
    }
  }
  if (!ok) {
    if (report != nullptr) {
      report->AddFailedPass(name);
    }
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

Status FusionPassExecutor::RunOnGraphs(const std::string &name, FusionBasePass &pass,
                                       const ComputeGraphPtr &graph, CustomPassStage stage,
                                       uint32_t run, CustomPassContext &context, bool *changed) {
  uint64_t version_before = graph->GetModificationCount();
  if (RunOne(name, pass, graph, stage, run, context) != SUCCESS) {
    return FAILED;
  }
  *changed = graph->GetModificationCount() != version_before;
  // Copy: a pass may add or remove subgraphs while running.
  const std::vector<ComputeGraphPtr> subgraphs = graph->GetAllSubgraphs();
  for (const ComputeGraphPtr &subgraph : subgraphs) {
    Node *parent = subgraph->GetParentNode();
    if (parent == nullptr || parent->GetOwnerGraph() == nullptr) {
      GELOGI("[FusionPassExec] Skip orphan subgraph[%s] for pass[%s].", subgraph->GetName().c_str(),
             name.c_str());
      continue;
    }
    version_before = subgraph->GetModificationCount();
    if (RunOne(name, pass, subgraph, stage, run, context) != SUCCESS) {
      return FAILED;
    }
    *changed = *changed || subgraph->GetModificationCount() != version_before;
  }
  return SUCCESS;
}

Status FusionPassExecutor::RunRepeated(const std::string &name, FusionBasePass &pass,
                                       const ComputeGraphPtr &graph, CustomPassStage stage,
                                       CustomPassContext &context) {
  auto bound = max_runs_.find(name);
  const uint32_t max_runs = bound == max_runs_.end() ? 1U : bound->second;
  for (uint32_t run = 1U; run <= max_runs; ++run) {
    bool changed = false;
    if (RunOnGraphs(name, pass, graph, stage, run, context, &changed) != SUCCESS) {
      return FAILED;
    }
    if (!changed || max_runs == 1U) {
      return SUCCESS;
    }
  }
  const std::string message = FormatString(
      "[%s][Run] did not converge on graph %s: the pass still changed the graph in run %u, the "
      "last of the at most %u runs it is registered with (repeat until unchanged, bound %u)",
      name.c_str(), graph->GetName().c_str(), max_runs, max_runs, max_runs);
  GELOGE("%s", message.c_str());
  if (CurrentPassReport() != nullptr) {
    CurrentPassReport()->AddFailedPass(name);
  }
  return Fail(message);
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
    if (RunRepeated(entry.first, *entry.second, graph, stage, context) != SUCCESS) {
      return FAILED;
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
