// Graph-construction benchmark (run by bench/graph_build.py): builds an N-node chain
// Data -> Identity -> ... in the C++ IR, directly and through EsGraphBuilder, and sorts it
// topologically. Prints one "<label> <seconds>" line per measurement.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/error.h"
#include "es/es_graph_builder.h"
#include "graph/compute_graph.h"
#include "ops/op_catalog.h"

namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int Die(const char *what) {
  std::fprintf(stderr, "%s failed: %s\n", what, ge::GetLastError().c_str());
  return 1;
}

}  // namespace

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;

  // (1) Raw IR: AddNode + AddDataEdge per node.
  auto start = std::chrono::steady_clock::now();
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
  std::printf("ir_build %.3f\n", Seconds(start));
  start = std::chrono::steady_clock::now();
  std::vector<ge::Node *> order;
  if (graph->GetTopologicalOrder(&order) != ge::SUCCESS) return Die("GetTopologicalOrder");
  std::printf("ir_topo_order %.3f\n", Seconds(start));
  start = std::chrono::steady_clock::now();
  if (graph->TopologicalSort() != ge::SUCCESS) return Die("TopologicalSort");
  std::printf("ir_topo_sort %.3f\n", Seconds(start));
  start = std::chrono::steady_clock::now();
  graph.reset();
  std::printf("ir_destroy %.3f\n", Seconds(start));

  // (2) EsGraphBuilder with catalog ops (prototype lookup, shared IR metadata, holders).
  if (ge::OpCatalog::Instance().Find("Identity") == nullptr) {
    std::printf("es_build skipped (no Identity in the op catalog)\n");
    return 0;
  }
  start = std::chrono::steady_clock::now();
  ge::es::EsGraphBuilder builder("chain");
  ge::es::EsTensorHolder *x = builder.CreateInput(0, "", "Data", ge::DT_FLOAT, ge::FORMAT_ND, {1});
  if (x == nullptr) return Die("CreateInput");
  std::vector<ge::es::EsTensorHolder *> out;
  for (int64_t i = 1; i < n; ++i) {
    if (builder.CreateOp("Identity", {{x}}, {}, {}, {}, &out) != ge::SUCCESS) {
      return Die("CreateOp");
    }
    x = out[0];
  }
  if (builder.SetGraphOutput(x, 0) != ge::SUCCESS) return Die("SetGraphOutput");
  ge::ComputeGraphPtr built = builder.BuildAndReset();
  if (built == nullptr) return Die("BuildAndReset");
  std::printf("es_build %.3f\n", Seconds(start));
  start = std::chrono::steady_clock::now();
  if (built->TopologicalSort() != ge::SUCCESS) return Die("TopologicalSort");
  std::printf("es_topo_sort %.3f\n", Seconds(start));
  return 0;
}
