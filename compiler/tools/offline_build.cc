// The compile step shared by atc --mode=0 and ge.offline_compile (see offline_build.h).
#include "tools/offline_build.h"

#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <memory>

#include "common/error.h"
#include "common/log.h"
#include "ops/platform_info.h"
#include "pipeline/compile_graph.h"
#include "pipeline/compile_pass_report.h"
#include "pipeline/host_inert_options.h"

namespace ge {
namespace {

// Keep in step with pyproject.toml's version.
constexpr const char *kProducerVersion = "0.1.0";

/// UTC ISO 8601 of now, or of $SOURCE_DATE_EPOCH (reproducible-builds convention) when it is a
/// valid number of seconds.
std::string BuildTime() {
  std::time_t when = std::time(nullptr);
  if (const char *epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char *end = nullptr;
    errno = 0;
    const long long seconds = std::strtoll(epoch, &end, 10);
    if (errno == 0 && end != epoch && *end == '\0' && seconds >= 0) {
      when = static_cast<std::time_t>(seconds);
    } else {
      GELOGW("SOURCE_DATE_EPOCH='%s' is not a number of seconds; using the current time", epoch);
    }
  }
  std::tm tm_utc{};
  gmtime_r(&when, &tm_utc);
  char buffer[32];
  std::strftime(buffer, sizeof(buffer), "%Y-%m-%dT%H:%M:%SZ", &tm_utc);
  return buffer;
}

}  // namespace

Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options) {
  if (graph == nullptr) {
    return Fail("BuildOfflineGraph: graph is null");
  }
  CompileResult result;
  if (CompileGraph(graph, options, &result) != SUCCESS) {
    return Fail("compiling graph '" + graph->GetName() + "' failed: " + GetLastError());
  }
  GELOGI("graph '%s' compiled in %zu steps", graph->GetName().c_str(), result.steps.size());
  return SUCCESS;
}

Status BuildOmModel(const ComputeGraphPtr &graph, const std::map<std::string, std::string> &options,
                    OmModel *model) {
  if (graph == nullptr || model == nullptr) {
    return Fail("BuildOmModel: graph and model must not be null");
  }
  const auto soc_it = options.find(kSocVersionOption);
  if (soc_it == options.end() || soc_it->second.empty()) {
    return Fail(std::string("the option '") + kSocVersionOption +
                "' (the target soc, for example Ascend910B1) is required to build a model");
  }
  const std::string &soc = soc_it->second;
  // The soc selects the platform table the compiler (AICore support checks) works with.
  std::shared_ptr<const PlatformInfo> platform;
  if (PlatformInfo::Load(soc, &platform) != SUCCESS || SetCurrentSocVersion(soc) != SUCCESS) {
    return Fail(std::string("option ") + kSocVersionOption + "=" + soc + ": " + GetLastError());
  }
  WarnHostInertOptions(options, OptionSource::kOfflineCompile);
  if (BuildOfflineGraph(graph, options) != SUCCESS) {
    return FAILED;
  }
  model->graph = graph;
  model->compile_options = options;
  model->compile_options.erase(kPassReportOption);  // where a diagnostic went, not how to build
  model->platform["soc_version"] = platform->GetSocVersion();
  model->platform["short_soc_version"] = platform->GetShortSocVersion();
  model->platform["ai_core_count"] = std::to_string(platform->GetAiCoreCount());
  model->platform["vector_core_count"] = std::to_string(platform->GetVectorCoreCount());
  model->platform["ai_cpu_count"] = std::to_string(platform->GetAiCpuCount());
  model->build_info["producer_version"] = kProducerVersion;
  model->build_info["build_time"] = BuildTime();
  return SUCCESS;
}

}  // namespace ge
