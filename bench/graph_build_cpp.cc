// Graph-construction benchmark (run by bench/graph_build.py): builds an N-node chain
// Data -> Identity -> ... in the C++ IR, directly and through EsGraphBuilder, and sorts it
// topologically. Prints one "<label> <wall seconds> <cpu seconds>" line per measurement: the CPU
// time of the process is what to compare on a machine shared with other jobs.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "air/air_io.h"
#include "es/es_graph_builder.h"
#include "graph_build_chain.h"
#include "ops/op_catalog.h"

namespace {

using ge_bench::Die;

/// Wall and process CPU time since construction or the last Report().
class Stopwatch {
 public:
  Stopwatch() { Restart(); }
  void Restart() {
    wall_ = ge_bench::WallNow();
    cpu_ = ge_bench::CpuNow();
  }
  void Report(const char *label) {
    std::printf("%s %.3f %.3f\n", label, ge_bench::WallNow() - wall_, ge_bench::CpuNow() - cpu_);
    std::fflush(stdout);
    Restart();
  }

 private:
  double wall_ = 0.0;
  double cpu_ = 0.0;
};

}  // namespace

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  // argv[2] != 0: also time AIR save/load of the ES-built chain (graph_build.py does at 100k).
  const bool measure_air = argc > 2 && std::atoll(argv[2]) != 0;

  // (1) Raw IR: AddNode + AddDataEdge per node.
  const double rss_before = ge_bench::PeakRssBytes();
  Stopwatch watch;
  ge::ComputeGraphPtr graph = ge_bench::BuildIrChain(n);
  if (graph == nullptr) return 1;
  watch.Report("ir_build");
  // Fresh memory per node (peak RSS growth / N): the first touch of a page is what costs here.
  const double fresh_bytes = ge_bench::PeakRssBytes() - rss_before;
  std::printf("ir_bytes_per_node %.0f\n", fresh_bytes / static_cast<double>(n));
  watch.Restart();
  std::vector<ge::Node *> order;
  if (graph->GetTopologicalOrder(&order) != ge::SUCCESS) return Die("GetTopologicalOrder");
  watch.Report("ir_topo_order");
  if (graph->TopologicalSort() != ge::SUCCESS) return Die("TopologicalSort");
  watch.Report("ir_topo_sort");
  graph.reset();
  watch.Report("ir_destroy");
  // What first-touching the build's fresh memory alone costs on this machine (no graph work).
  std::printf("ir_fresh_memory_floor %.3f\n", ge_bench::FreshMemorySeconds(fresh_bytes));
  watch.Restart();

  // (2) EsGraphBuilder with catalog ops (prototype lookup, shared IR metadata, holders).
  if (ge::OpCatalog::Instance().Find("Identity") == nullptr) {
    std::printf("es_build skipped (no Identity in the op catalog)\n");
    return 0;
  }
  watch.Restart();
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
  watch.Report("es_build");
  if (built->TopologicalSort() != ge::SUCCESS) return Die("TopologicalSort");
  watch.Report("es_topo_sort");

  // (3) AIR of the ES-built chain: serialize + parse in memory, then the file round trip.
  if (!measure_air) {
    return 0;
  }
  std::string bytes;
  if (ge::SerializeGraphToModelDef(built, &bytes) != ge::SUCCESS) return Die("Serialize");
  watch.Report("air_serialize");
  ge::ComputeGraphPtr parsed;
  if (ge::ParseModelDef(bytes, "<memory>", &parsed) != ge::SUCCESS) return Die("Parse");
  watch.Report("air_parse");
  std::printf("air_bytes %zu\n", bytes.size());
  parsed.reset();
  watch.Restart();
  char dir[] = "/tmp/ge_bench_XXXXXX";
  if (mkdtemp(dir) == nullptr) return Die("mkdtemp");
  const std::string path = std::string(dir) + "/chain.air";
  if (ge::SaveGraphToAir(built, path) != ge::SUCCESS) return Die("SaveGraphToAir");
  watch.Report("air_save");
  if (ge::LoadGraphFromAir(path, &parsed) != ge::SUCCESS) return Die("LoadGraphFromAir");
  watch.Report("air_load");
  std::remove(path.c_str());
  rmdir(dir);
  return 0;
}
