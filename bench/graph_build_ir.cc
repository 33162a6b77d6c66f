// IR-only graph-construction benchmark (target (a) of bench/README.md without the rest of the
// library): the same N-node chain as the first part of graph_build_cpp.cc (OpDesc + AddInputDesc /
// AddOutputDesc + AddNode + AddDataEdge per node), then TopologicalSort and destruction. It needs
// only compiler/graph and compiler/common, so bench/graph_build_ir.sh can compile it against two
// source trees in a minute and compare IR layouts side by side without two full library builds.
// Prints one line: `wall/cpu` seconds per phase, fresh bytes per node (peak RSS growth / N), the
// object sizes, and the wall seconds this machine needs to first-touch that much fresh memory.
#include <cstdio>
#include <cstdlib>

#include "graph_build_chain.h"

using ge_bench::CpuNow;
using ge_bench::Die;
using ge_bench::PeakRssBytes;
using ge_bench::WallNow;

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  const double rss0 = PeakRssBytes();
  const double wall0 = WallNow();
  const double cpu0 = CpuNow();
  auto graph = ge_bench::BuildIrChain(n);
  if (graph == nullptr) return 1;
  const double wall1 = WallNow();
  const double cpu1 = CpuNow();
  const double bytes_per_node = (PeakRssBytes() - rss0) / static_cast<double>(n);
  if (graph->TopologicalSort() != ge::SUCCESS) return Die("TopologicalSort");
  const double wall2 = WallNow();
  const double cpu2 = CpuNow();
  graph.reset();
  const double wall3 = WallNow();
  const double cpu3 = CpuNow();
  std::printf(
      "build %.3f/%.3f sort %.3f/%.3f build+sort %.3f/%.3f destroy %.3f/%.3f bytes/node %.0f "
      "sizeof Node/OpDesc/GeTensorDesc %zu/%zu/%zu fresh-memory floor %.3f\n",
      wall1 - wall0, cpu1 - cpu0, wall2 - wall1, cpu2 - cpu1, wall2 - wall0, cpu2 - cpu0,
      wall3 - wall2, cpu3 - cpu2, bytes_per_node, sizeof(ge::Node), sizeof(ge::OpDesc),
      sizeof(ge::GeTensorDesc), ge_bench::FreshMemorySeconds(bytes_per_node * n));
  return 0;
}
