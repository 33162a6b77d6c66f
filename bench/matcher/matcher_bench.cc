// Matcher/rewriter benchmark (run by hand, see README.md): synthetic graphs of repeated
// MatMul(X, W_i) + B_i blocks with interleaved Add(x, 0), rewritten by the sample C++ plugins
// (Add-zero and MatMul+Add -> GEMM) loaded from the test OPP tree. Prints the time per node.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_util.h"
#include "block_graph.h"

namespace {

size_t CountType(const ge::ComputeGraph &graph, const std::string &type) {
  size_t count = 0;
  for (ge::Node *node : graph.GetDirectNodes()) {
    count += node->GetType() == type ? 1U : 0U;
  }
  return count;
}

}  // namespace

int main(int argc, char **argv) {
  if (!bench::LoadSamplePlugins()) {
    return 1;
  }
  std::vector<size_t> sizes{1000, 10000, 100000, 1000000};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) {
      sizes.push_back(static_cast<size_t>(std::strtoull(argv[i], nullptr, 10)));
    }
  }
  // One row per size; run_bench.py parses these columns. user/sys split the CPU time, faults
  // are the minor page faults of the stage (its system time is mostly those).
  std::printf("%10s %10s %10s %10s %12s %12s %8s %8s %10s %10s %9s\n", "nodes", "after", "wall_ms",
              "cpu_ms", "ns/node_wal", "ns/node_cpu", "gemm", "add", "user_ms", "sys_ms", "faults");
  double cpu_ns_10k = 0.0;
  for (size_t size : sizes) {
    ge::ComputeGraphPtr graph = bench::BuildBlockGraph(size);
    const size_t nodes = graph->GetDirectNodesSize();
    bench::StageTime time;
    if (!bench::RunFusionStage(graph, &time)) {
      return 1;
    }
    const double wall_ns = time.wall_ms * 1e6 / static_cast<double>(nodes);
    const double cpu_ns = time.cpu_ms * 1e6 / static_cast<double>(nodes);
    if (size == 10000) {
      cpu_ns_10k = cpu_ns;
    }
    std::printf("%10zu %10zu %10.1f %10.1f %12.1f %12.1f %8zu %8zu %10.1f %10.1f %9ld\n", nodes,
                graph->GetDirectNodesSize(), time.wall_ms, time.cpu_ms, wall_ns, cpu_ns,
                CountType(*graph, "GEMM"), CountType(*graph, "Add"), time.user_ms, time.sys_ms,
                time.minor_faults);
    if (cpu_ns_10k > 0.0 && size > 10000) {
      std::printf("%10s per-node CPU time ratio to 10k: %.2f\n", "", cpu_ns / cpu_ns_10k);
    }
    std::fflush(stdout);
  }
  (void)ge::UnloadPassPlugins();
  return 0;
}
