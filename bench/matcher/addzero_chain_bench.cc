// The C++ Add-zero pass alone on bench/bridge's chain (the baseline bench/bridge compares the
// Python Add-zero pass with): `blocks` x (Add(x, zero[1]) -> Relu), shapes [1, 4], every Add
// fused away. Prints the fusion stage's wall and CPU time and the pass's own FusionStatistics
// time, per match.
// Usage: ASCEND_OPP_PATH=<build>/test_opp addzero_chain_bench [blocks=33333]
#include <cstdio>
#include <cstdlib>

#include "addzero_chain.h"
#include "bench_util.h"
#include "rewrite/fusion_statistics.h"

int main(int argc, char **argv) {
  const size_t blocks =
      argc > 1 ? static_cast<size_t>(std::strtoull(argv[1], nullptr, 10)) : 33333U;
  if (!bench::LoadSamplePlugins()) {
    return 1;
  }
  ge::ComputeGraphPtr graph = bench::BuildAddZeroChain(blocks);
  const size_t nodes = graph->GetDirectNodesSize();
  ge::fusion::FusionStatistics::Instance().Clear();
  bench::StageTime time;
  if (!bench::RunFusionStage(graph, &time)) {
    return 1;
  }
  const double wall_ms = time.wall_ms;
  const double cpu_ms = time.cpu_ms;
  const ge::fusion::FusionPassStats stats =
      ge::fusion::FusionStatistics::Instance().Get("AddZeroFusionPass");
  const double matches = stats.effect_times == 0U ? 1.0 : static_cast<double>(stats.effect_times);
  std::printf("blocks %zu nodes %zu -> %zu, AddZeroFusionPass matched %llu effected %llu\n", blocks,
              nodes, graph->GetDirectNodesSize(),
              static_cast<unsigned long long>(stats.match_times),
              static_cast<unsigned long long>(stats.effect_times));
  std::printf("fusion stage: wall %.1f ms, CPU %.1f ms; per match: wall %.2f us, CPU %.2f us\n",
              wall_ms, cpu_ms, wall_ms * 1e3 / matches, cpu_ms * 1e3 / matches);
  std::printf("AddZeroFusionPass time_us %llu = %.2f us per match\n",
              static_cast<unsigned long long>(stats.time_us),
              static_cast<double>(stats.time_us) / matches);
  (void)ge::UnloadPassPlugins();
  return 0;
}
