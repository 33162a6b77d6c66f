// What the per-pass report costs: the fusion stage (sample C++ plugins AddZeroFusionPass and
// MatMulAddToGemmPass, the cheapest hooks there are, so the report's share is the largest) on a
// fresh graph, without a report and with a detailed one, alternately, in one process. Prints the
// median CPU time (user + sys) of each and their ratio, per graph. With `graph` and `side`, one
// graph and one side only (for callgrind, which counts one process: see README.md).
// Usage: ASCEND_OPP_PATH=<build>/test_opp pass_report_bench [nodes=100000] [repeat=9]
//        [graph=all|add_zero_chain|matmul_add] [side=both|on|off]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "addzero_chain.h"
#include "bench_util.h"
#include "block_graph.h"
#include "pass/pass_report.h"

namespace {

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// CPU ms of one fusion stage on a fresh graph; with `report`, inside a detailed PassReport.
bool TimeStage(const std::function<ge::ComputeGraphPtr()> &build, bool report, double *cpu_ms,
               size_t *runs) {
  ge::ComputeGraphPtr graph = build();
  ge::fusion::PassReport pass_report(true);
  bench::StageTime time;
  if (report) {
    ge::fusion::PassReportScope scope(&pass_report);
    if (!bench::RunFusionStage(graph, &time)) {
      return false;
    }
  } else if (!bench::RunFusionStage(graph, &time)) {
    return false;
  }
  *cpu_ms = time.cpu_ms;
  *runs = pass_report.Runs().size();
  return true;
}

double MedianOrZero(const std::vector<double> &values) {
  return values.empty() ? 0.0 : Median(values);
}

// `sides`: "both", "on" (with a report only) or "off".
bool Compare(const char *name, const std::function<ge::ComputeGraphPtr()> &build, int repeat,
             const std::string &sides) {
  std::vector<double> off;
  std::vector<double> on;
  size_t records = 0;
  for (int i = 0; i < repeat; ++i) {
    // Alternate which side goes first, so drift (heat, other load) hits both alike.
    for (int side = 0; side < 2; ++side) {
      const bool with_report = (side == 0) == (i % 2 == 0);
      if (sides != "both" && with_report != (sides == "on")) {
        continue;
      }
      double cpu_ms = 0.0;
      size_t runs = 0;
      if (!TimeStage(build, with_report, &cpu_ms, &runs)) {
        return false;
      }
      (with_report ? on : off).push_back(cpu_ms);
      records = with_report ? runs : records;
    }
  }
  const double median_off = MedianOrZero(off);
  const double median_on = MedianOrZero(on);
  std::printf("%-16s %8zu %10.1f %10.1f %8.3f %8zu\n", name, build()->GetDirectNodesSize(),
              median_off, median_on, median_off > 0.0 ? median_on / median_off : 0.0, records);
  std::fflush(stdout);
  return true;
}

}  // namespace

int main(int argc, char **argv) {
  const size_t nodes =
      argc > 1 ? static_cast<size_t>(std::strtoull(argv[1], nullptr, 10)) : 100000U;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 9;
  const std::string graph = argc > 3 ? argv[3] : "all";
  const std::string sides = argc > 4 ? argv[4] : "both";
  if (repeat < 1 || (graph != "all" && graph != "add_zero_chain" && graph != "matmul_add") ||
      (sides != "both" && sides != "on" && sides != "off") || !bench::LoadSamplePlugins()) {
    return 1;
  }
  std::printf("%-16s %8s %10s %10s %8s %8s\n", "graph", "nodes", "off_cpu_ms", "on_cpu_ms",
              "on/off", "records");
  const bool ok =
      (graph == "matmul_add" ||
       Compare(
           "add_zero_chain", [nodes]() { return bench::BuildAddZeroChain(nodes / 3U); }, repeat,
           sides)) &&
      (graph == "add_zero_chain" ||
       Compare(
           "matmul_add", [nodes]() { return bench::BuildBlockGraph(nodes); }, repeat, sides));
  (void)ge::UnloadPassPlugins();
  return ok ? 0 : 1;
}
