// Shared by the graph-construction benchmarks (graph_build_cpp.cc, graph_build_ir.cc): clocks,
// peak RSS, the machine's fresh-memory cost, and the N-node chain both of them time.
#ifndef GE_BENCH_GRAPH_BUILD_CHAIN_H_
#define GE_BENCH_GRAPH_BUILD_CHAIN_H_

#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "common/error.h"
#include "graph/compute_graph.h"

namespace ge_bench {

inline double CpuNow() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

inline double WallNow() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Peak resident set size of the process in bytes.
inline double PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024.0;
}

inline int Die(const char *what) {
  std::fprintf(stderr, "%s failed: %s\n", what, ge::GetLastError().c_str());
  return 1;
}

/// Wall seconds to touch `bytes` of memory the process has never used (one write per 4 KiB
/// page of a fresh anonymous mapping). On a VM that backs guest memory lazily this is the floor
/// for any build that needs that much fresh memory, whatever the data structure.
inline double FreshMemorySeconds(double bytes) {
  const size_t size = static_cast<size_t>(bytes);
  if (size == 0) return 0.0;
  void *mapping = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) return -1.0;
  auto *bytes_ptr = static_cast<volatile char *>(mapping);
  const double start = WallNow();
  for (size_t offset = 0; offset < size; offset += 4096) bytes_ptr[offset] = 1;
  const double seconds = WallNow() - start;
  munmap(mapping, size);
  return seconds;
}

/// Builds Data -> Identity -> ... -> Identity (n nodes) straight in the IR: OpDesc +
/// AddInputDesc / AddOutputDesc + AddNode + AddDataEdge per node. Null on failure (message
/// printed).
inline std::shared_ptr<ge::ComputeGraph> BuildIrChain(int64_t n) {
  auto graph = std::make_shared<ge::ComputeGraph>("chain");
  ge::Node *prev = nullptr;
  for (int64_t i = 0; i < n; ++i) {
    ge::OpDesc op("n" + std::to_string(i), i == 0 ? "Data" : "Identity");
    if (i > 0) op.AddInputDesc("x", ge::GeTensorDesc());
    op.AddOutputDesc("y", ge::GeTensorDesc());
    ge::Node *node = graph->AddNode(std::move(op));
    if (node == nullptr) {
      Die("AddNode");
      return nullptr;
    }
    if (prev != nullptr && graph->AddDataEdge(prev, 0, node, 0) != ge::SUCCESS) {
      Die("AddDataEdge");
      return nullptr;
    }
    prev = node;
  }
  return graph;
}

}  // namespace ge_bench

#endif  // GE_BENCH_GRAPH_BUILD_CHAIN_H_
