// Shared by the matcher benches (matcher_bench.cc, addzero_chain_bench.cc, commutative_bench.cc):
// plugin loading, the tensor desc helper and the timing of the fusion stage (wall time, process CPU
// time split into user and system, minor page faults).
#ifndef BENCH_MATCHER_BENCH_UTIL_H_
#define BENCH_MATCHER_BENCH_UTIL_H_

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "common/error.h"
#include "graph/compute_graph.h"
#include "loader/pass_plugin_loader.h"
#include "ops/op_catalog.h"
#include "pass/fusion_pass_executor.h"

namespace bench {

/// A float ND desc of `dims`.
inline ge::GeTensorDesc Desc(std::vector<int64_t> dims) {
  return ge::GeTensorDesc(ge::GeShape(std::move(dims)), ge::FORMAT_ND, ge::DT_FLOAT);
}

/// Adds the graph input "x" (Data, `index` 0) of shape `dims` to `graph`.
inline ge::Node *AddInputX(ge::ComputeGraph &graph, const std::vector<int64_t> &dims) {
  ge::OpDesc data("x", "Data");
  data.AddInputDesc("x", Desc(dims));
  data.AddOutputDesc("y", Desc(dims));
  data.SetAttr("index", ge::GeAttrValue(static_cast<int64_t>(0)));
  return graph.AddNode(std::move(data));
}

/// Resource usage of this process so far: CPU time split into user and system, in ms, and minor
/// page faults (first touches of fresh memory, which the system time of a large graph is made of).
struct Usage {
  double user_ms = 0.0;
  double sys_ms = 0.0;
  long minor_faults = 0;
};

inline Usage ProcessUsage() {
  rusage usage{};
  (void)getrusage(RUSAGE_SELF, &usage);
  const auto ms = [](const timeval &tv) {
    return static_cast<double>(tv.tv_sec) * 1e3 + static_cast<double>(tv.tv_usec) * 1e-3;
  };
  return Usage{ms(usage.ru_utime), ms(usage.ru_stime), usage.ru_minflt};
}

/// Checks ASCEND_OPP_PATH and loads the sample plugins from it, and builds the op catalog;
/// prints why and returns false when that fails.
inline bool LoadSamplePlugins() {
  if (std::getenv("ASCEND_OPP_PATH") == nullptr) {
    std::fprintf(stderr, "set ASCEND_OPP_PATH to the test OPP tree (build/<dir>/test_opp)\n");
    return false;
  }
  if (ge::LoadPassPlugins() != ge::SUCCESS) {
    std::fprintf(stderr, "LoadPassPlugins failed: %s\n", ge::GetLastError().c_str());
    return false;
  }
  // The op catalog is built on first use. In a real compile the importer has used it long before
  // the fusion stage; here the first replacement would, and its ~1.5M instructions would land in
  // the timed stage of the first (and with one size per process, every) size.
  (void)ge::OpCatalog::Instance();
  return true;
}

/// The fusion stage (kBeforeInferShape) on `graph`, timed: only this is what the benches measure.
/// CPU time is user + system: wall time on a shared machine is noisy.
struct StageTime {
  double wall_ms = 0.0;
  double cpu_ms = 0.0;
  double user_ms = 0.0;
  double sys_ms = 0.0;
  long minor_faults = 0;
};

inline bool RunFusionStage(const ge::ComputeGraphPtr &graph, StageTime *time) {
  const Usage before = ProcessUsage();
  const auto start = std::chrono::steady_clock::now();
  {
    ge::fusion::FusionPassExecutor executor;
    if (executor.RunPasses(graph, ge::CustomPassStage::kBeforeInferShape) != ge::SUCCESS) {
      std::fprintf(stderr, "RunPasses failed: %s\n", ge::GetLastError().c_str());
      return false;
    }
  }
  time->wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const Usage after = ProcessUsage();
  time->user_ms = after.user_ms - before.user_ms;
  time->sys_ms = after.sys_ms - before.sys_ms;
  time->cpu_ms = time->user_ms + time->sys_ms;
  time->minor_faults = after.minor_faults - before.minor_faults;
  return true;
}

}  // namespace bench

#endif  // BENCH_MATCHER_BENCH_UTIL_H_
