// CompileGraph implementation.
#include "pipeline/compile_graph.h"

#include "common/error.h"
#include "common/log.h"
#include "dump/dump_policy.h"
#include "ge/fusion/pass/custom_pass_context.h"
#include "loader/pass_plugin_loader.h"
#include "match_trace/match_trace_run.h"
#include "ops/graph_shape_inference.h"
#include "pass/fusion_pass_executor.h"
#include "pipeline/builtin_fusion.h"
#include "pipeline/compile_pass_report.h"
#include "pipeline/promotion_casts.h"
#include "pipeline/whole_graph_optimizers.h"

namespace ge {
namespace {

// Holds one plugin user for the duration of a compile, whatever path returns.
class PluginUse {
 public:
  Status Acquire(bool strict) {
    const Status ret = LoadPassPlugins(strict);
    acquired_ = ret == SUCCESS;
    return ret;
  }
  ~PluginUse() {
    if (acquired_) {
      (void)UnloadPassPlugins();
    }
  }

 private:
  bool acquired_ = false;
};

Status Dump(const ComputeGraph &graph, const std::string &suffix, CompileResult *result) {
  result->dump_suffixes.push_back(suffix);
  if (DumpGraphAtStage(graph, suffix) != SUCCESS) {
    // A dump is a diagnostic: failing to write one never fails the compile.
    GELOGW("Dump graph[%s] at stage[%s] failed: %s", graph.GetName().c_str(), suffix.c_str(),
           GetLastError().c_str());
  }
  return SUCCESS;
}

// A fresh executor per stage: pass instances live for one stage invocation, as in GE.
Status RunStage(const ComputeGraphPtr &graph, const std::map<std::string, std::string> &options,
                CustomPassStage stage, const std::string &dump_suffix, CompileResult *result) {
  result->steps.push_back(CustomPassStageName(stage));
  {
    fusion::FusionPassExecutor executor(options);
    if (executor.RunPassesWithLegacyCustom(graph, stage) != SUCCESS) {
      const std::string reason = GetLastError();
      GELOGE("Custom pass stage[%s] failed on graph[%s]: %s", CustomPassStageName(stage),
             graph->GetName().c_str(), reason.c_str());
      return Fail(std::string("Custom pass stage[") + CustomPassStageName(stage) +
                  "] failed on graph[" + graph->GetName() + "]: " + reason);
    }
  }
  return Dump(*graph, dump_suffix, result);
}

}  // namespace

bool IsPythonPassStrictOption(const std::map<std::string, std::string> &options) {
  auto it = options.find(kPythonPassStrictOption);
  return it != options.end() && (it->second == "1" || it->second == "true");
}

namespace {

Status CompileStages(const ComputeGraphPtr &graph,
                     const std::map<std::string, std::string> &options, CompileResult *result) {
  const fusion::CompileTrace trace(options);  // reports when the compile ends, however it ends
  result->steps.push_back("PreRunBegin");
  (void)Dump(*graph, "PreRunBegin", result);
  PluginUse plugins;
  if (plugins.Acquire(IsPythonPassStrictOption(options)) != SUCCESS) {
    return Fail("CompileGraph: loading pass plugins failed: " + GetLastError());
  }
  if (RunStage(graph, options, CustomPassStage::kBeforeInferShape, "RunCustomPassBeforeInfershape",
               result) != SUCCESS) {
    return FAILED;
  }
  result->steps.push_back("InferShape");
  if (InferGraphShape(*graph, {}) != SUCCESS) {
    return Fail("CompileGraph: InferShape failed on graph[" + graph->GetName() +
                "]: " + GetLastError());
  }
  // GE's dtype promotion: inputs of Add, Mul, Less, ... reach the promoted dtype through Casts.
  if (InsertPromotionCasts(*graph) != SUCCESS) {
    return Fail("CompileGraph: InferShape failed on graph[" + graph->GetName() +
                "]: " + GetLastError());
  }
  (void)Dump(*graph, "AfterInfershape", result);
  if (RunStage(graph, options, CustomPassStage::kAfterInferShape, "RunCustomPass_AfterInferShape",
               result) != SUCCESS) {
    return FAILED;
  }
  // Built-in graph fusion (builtin_fusion.h), where GE runs its own graph fusion passes.
  result->steps.push_back("BuiltinFusion");
  if (RunBuiltinFusion(graph, options, BuiltinFusionPoint::kGraphFusion) != SUCCESS) {
    return Fail("CompileGraph: built-in fusion failed on graph[" + graph->GetName() +
                "]: " + GetLastError());
  }
  if (RunStage(graph, options, CustomPassStage::kAfterBuiltinFusionPass,
               "RunCustomPassAfterBuiltinFusionPass", result) != SUCCESS) {
    return FAILED;
  }
  (void)Dump(*graph, "PreRunAfterOptimizeOriginalGraph", result);
  if (RunStage(graph, options, CustomPassStage::kAfterOriginGraphOptimize,
               "RunCustomPassAfterOriginGraphOptimize", result) != SUCCESS) {
    return FAILED;
  }
  if (RunWholeGraphOptimizers(*graph, options) != SUCCESS) {
    return Fail("CompileGraph: graph[" + graph->GetName() + "]: " + GetLastError());
  }
  result->steps.push_back("Build");
  // Build-time kernel fusion: after every custom pass, so none of them meets a fused node.
  if (RunBuiltinFusion(graph, options, BuiltinFusionPoint::kBuild) != SUCCESS) {
    return Fail("CompileGraph: built-in fusion failed on graph[" + graph->GetName() +
                "]: " + GetLastError());
  }
  if (graph->TopologicalSort(true) != SUCCESS) {
    return Fail("CompileGraph: the graph[" + graph->GetName() +
                "] is not a DAG after the passes: " + GetLastError());
  }
  (void)Dump(*graph, "Build", result);
  return SUCCESS;
}

}  // namespace

Status CompileGraph(const ComputeGraphPtr &graph, const std::map<std::string, std::string> &options,
                    CompileResult *result) {
  if (graph == nullptr || result == nullptr) {
    return Fail("CompileGraph: graph and result must not be null");
  }
  CompilePassReport report(options);
  const Status ret = CompileStages(graph, options, result);
  const std::string error = ret == SUCCESS ? "" : GetLastError();
  const Status finished = report.Finish();
  if (ret != SUCCESS) {
    (void)Fail(error);  // the compile's own reason, whatever the report did
    return ret;
  }
  return finished;
}

}  // namespace ge
