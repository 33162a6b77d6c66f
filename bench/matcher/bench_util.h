// Shared by the matcher benches (matcher_bench.cc, addzero_chain_bench.cc): plugin loading, the
// tensor desc helper and the timing of the fusion stage (wall and process CPU time).
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
#include "pass/fusion_pass_executor.h"

namespace bench {

/// A float ND desc of `dims`.
inline ge::GeTensorDesc Desc(std::vector<int64_t> dims) {
  return ge::GeTensorDesc(ge::GeShape(std::move(dims)), ge::FORMAT_ND, ge::DT_FLOAT);
}

/// User + system CPU time of this process, in ms: wall time on a shared machine is noisy.
inline double CpuMs() {
  rusage usage{};
  (void)getrusage(RUSAGE_SELF, &usage);
  const auto ms = [](const timeval &tv) {
    return static_cast<double>(tv.tv_sec) * 1e3 + static_cast<double>(tv.tv_usec) * 1e-3;
  };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

/// Checks ASCEND_OPP_PATH and loads the sample plugins from it; prints why and returns false
/// when that fails.
inline bool LoadSamplePlugins() {
  if (std::getenv("ASCEND_OPP_PATH") == nullptr) {
    std::fprintf(stderr, "set ASCEND_OPP_PATH to the test OPP tree (build/<dir>/test_opp)\n");
    return false;
  }
  if (ge::LoadPassPlugins() != ge::SUCCESS) {
    std::fprintf(stderr, "LoadPassPlugins failed: %s\n", ge::GetLastError().c_str());
    return false;
  }
  return true;
}

/// The fusion stage (kBeforeInferShape) on `graph`, timed: only this is what the benches measure.
struct StageTime {
  double wall_ms = 0.0;
  double cpu_ms = 0.0;
};

inline bool RunFusionStage(const ge::ComputeGraphPtr &graph, StageTime *time) {
  const double cpu_start = CpuMs();
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
  time->cpu_ms = CpuMs() - cpu_start;
  return true;
}

}  // namespace bench

#endif  // BENCH_MATCHER_BENCH_UTIL_H_
