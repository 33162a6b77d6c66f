// Cost of commutative matching (run by hand, see README.md): one matcher sweep, without
// rewriting, of the pattern Add(Add(MatMul(x, w), b), Const) (two commutative nodes) over the
// block graph, plain and with EnableCommutativeMatch, on the graph in the pattern's operand order
// and on the graph with both Adds' operands exchanged. Prints CPU ns per IR node.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bench_util.h"
#include "block_graph.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"

namespace {

using ge::fusion::NodeIo;
using ge::fusion::SimpleGraphBuilder;

// Add(Add(MatMul(x, w), b), zero), or with both Adds' operands exchanged (the rule copy a plain
// matcher needs for the exchanged graph).
std::unique_ptr<ge::fusion::Pattern> BlockPattern(bool exchanged) {
  SimpleGraphBuilder builder(exchanged ? "block_exchanged" : "block");
  NodeIo x = builder.AddInput(0);
  NodeIo w = builder.AddInput(1);
  NodeIo b = builder.AddInput(2);
  NodeIo zero = builder.AddConst(nullptr);
  ge::GNode mm = builder.AddNode("MatMul", {x, w}, 1);
  ge::GNode add =
      exchanged ? builder.AddNode("Add", {b, {mm, 0}}, 1) : builder.AddNode("Add", {{mm, 0}, b}, 1);
  ge::GNode outer = exchanged ? builder.AddNode("Add", {zero, {add, 0}}, 1)
                              : builder.AddNode("Add", {{add, 0}, zero}, 1);
  return std::make_unique<ge::fusion::Pattern>(std::move(*builder.Build({{outer, 0}})));
}

struct Sweep {
  double cpu_ns_per_node;
  size_t matches;
};

// Best of `repeat` measurements, each of enough sweeps to take ~0.1 s or more of CPU (the process
// CPU clock is too coarse for one sweep of a small graph); the patterns are built untimed.
Sweep TimeSweep(const ge::ComputeGraphPtr &graph, bool exchanged_pattern, bool commutative,
                int repeat) {
  const size_t nodes = graph->GetDirectNodesSize();
  const size_t sweeps = std::max<size_t>(1U, 1000000U / nodes);
  const ge::GraphPtr handle = ge::GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  Sweep best{1e300, 0};
  for (int r = 0; r < repeat; ++r) {
    std::vector<std::unique_ptr<ge::fusion::PatternMatcher>> matchers;
    for (size_t i = 0; i < sweeps; ++i) {
      ge::fusion::PatternMatcherConfigBuilder config;
      if (commutative) {
        config.EnableCommutativeMatch();
      }
      matchers.push_back(std::make_unique<ge::fusion::PatternMatcher>(
          BlockPattern(exchanged_pattern), handle, config.Build()));
    }
    size_t matches = 0;
    const bench::Usage before = bench::ProcessUsage();
    for (const auto &matcher : matchers) {
      matches = 0;
      while (matcher->MatchNext() != nullptr) {
        ++matches;
      }
    }
    const bench::Usage after = bench::ProcessUsage();
    const double cpu_ms = after.user_ms + after.sys_ms - before.user_ms - before.sys_ms;
    const double ns = cpu_ms * 1e6 / static_cast<double>(nodes * sweeps);
    if (ns < best.cpu_ns_per_node) {
      best = Sweep{ns, matches};
    }
  }
  return best;
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<size_t> sizes{10000, 100000, 1000000};
  int repeat = 5;
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) {
      sizes.push_back(static_cast<size_t>(std::strtoull(argv[i], nullptr, 10)));
    }
  }
  std::printf("%10s %9s %11s %11s %8s %11s %11s %8s\n", "nodes", "matches", "plain", "comm",
              "ratio", "copy_exch", "comm_exch", "ratio");
  for (size_t size : sizes) {
    const ge::ComputeGraphPtr direct = bench::BuildBlockGraph(size);
    const ge::ComputeGraphPtr exchanged = bench::BuildBlockGraph(size, true);
    const Sweep plain = TimeSweep(direct, false, false, repeat);
    const Sweep comm = TimeSweep(direct, false, true, repeat);
    const Sweep copy = TimeSweep(exchanged, true, false, repeat);
    const Sweep comm_exchanged = TimeSweep(exchanged, false, true, repeat);
    if (plain.matches != comm.matches || copy.matches != comm_exchanged.matches ||
        plain.matches != copy.matches) {
      std::fprintf(stderr, "match counts differ: %zu %zu %zu %zu\n", plain.matches, comm.matches,
                   copy.matches, comm_exchanged.matches);
      return 1;
    }
    std::printf("%10zu %9zu %11.1f %11.1f %8.2f %11.1f %11.1f %8.2f\n",
                direct->GetDirectNodesSize(), plain.matches, plain.cpu_ns_per_node,
                comm.cpu_ns_per_node, comm.cpu_ns_per_node / plain.cpu_ns_per_node,
                copy.cpu_ns_per_node, comm_exchanged.cpu_ns_per_node,
                comm_exchanged.cpu_ns_per_node / copy.cpu_ns_per_node);
    std::fflush(stdout);
  }
  return 0;
}
