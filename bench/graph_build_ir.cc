// IR-only graph-construction benchmark (issue #2 item 10 (a) without the rest of the library):
// the same N-node chain as the first part of graph_build_cpp.cc (OpDesc + AddInputDesc /
// AddOutputDesc + AddNode + AddDataEdge per node), then TopologicalSort and destruction. It needs
// only compiler/graph and compiler/common, so bench/graph_build_ir.sh can compile it against two
// source trees in a minute and compare IR layouts side by side without two full library builds.
// Prints one line: `wall/cpu` seconds per phase, fresh bytes per node (peak RSS growth / N) and
// the object sizes.
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "common/error.h"
#include "graph/compute_graph.h"

namespace {

double CpuNow() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double WallNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024.0;
}

int Die(const char *what) {
  std::fprintf(stderr, "%s failed: %s\n", what, ge::GetLastError().c_str());
  return 1;
}

}  // namespace

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  const double rss0 = PeakRssBytes();
  const double wall0 = WallNow();
  const double cpu0 = CpuNow();
  auto graph = std::make_shared<ge::ComputeGraph>("chain");
  ge::Node *prev = nullptr;
  for (int64_t i = 0; i < n; ++i) {
    ge::OpDesc op("n" + std::to_string(i), i == 0 ? "Data" : "Identity");
    if (i > 0) op.AddInputDesc("x", ge::GeTensorDesc());
    op.AddOutputDesc("y", ge::GeTensorDesc());
    ge::Node *node = graph->AddNode(std::move(op));
    if (node == nullptr) return Die("AddNode");
    if (prev != nullptr && graph->AddDataEdge(prev, 0, node, 0) != ge::SUCCESS) {
      return Die("AddDataEdge");
    }
    prev = node;
  }
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
      "sizeof Node/OpDesc/GeTensorDesc %zu/%zu/%zu\n",
      wall1 - wall0, cpu1 - cpu0, wall2 - wall1, cpu2 - cpu1, wall2 - wall0, cpu2 - cpu0,
      wall3 - wall2, cpu3 - cpu2, bytes_per_node, sizeof(ge::Node), sizeof(ge::OpDesc),
      sizeof(ge::GeTensorDesc));
  return 0;
}
