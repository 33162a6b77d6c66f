// Cost of the match tracer (run by hand, see README.md): one matcher sweep, without rewriting,
// with and without a MatchTracer listening, on the Add-zero chain (pattern Add(x, Const)) and
// on the block graph (pattern Add(MatMul(x, w), b)). Each pattern runs as written (every block
// matches; on the block graph the outer Adds fail at the MatMul) and with const-value matching
// against a value no const holds (every candidate fails at its last node: the most a trace
// records). Prints CPU ns per IR node and the traced / plain ratio.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "addzero_chain.h"
#include "bench_util.h"
#include "block_graph.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"
#include "pattern/match_trace.h"

namespace {

using ge::fusion::NodeIo;
using ge::fusion::SimpleGraphBuilder;

// A float const of `dims` holding `value` everywhere (the pattern side of const-value matching).
NodeIo PatternConst(SimpleGraphBuilder &builder, std::vector<int64_t> dims, float value) {
  size_t count = 1;
  for (int64_t dim : dims) {
    count *= static_cast<size_t>(dim);
  }
  const std::vector<float> data(count, value);
  ge::TensorDesc desc(ge::Shape(dims), ge::FORMAT_ND, ge::DT_FLOAT);
  ge::Tensor tensor(desc, reinterpret_cast<const uint8_t *>(data.data()),
                    data.size() * sizeof(float));
  return builder.AddConst(&tensor);
}

// Add(x, Const[1] = 7): the chain's zeros never equal it.
std::unique_ptr<ge::fusion::Pattern> AddConstPattern() {
  SimpleGraphBuilder builder("add_const");
  NodeIo x = builder.AddInput(0);
  ge::GNode add = builder.AddNode("Add", {x, PatternConst(builder, {1}, 7.0F)}, 1);
  return std::make_unique<ge::fusion::Pattern>(std::move(*builder.Build({{add, 0}})));
}

// Add(MatMul(x, w), b), with b a const [4] = 7 (no block's bias) for the failing variant.
std::unique_ptr<ge::fusion::Pattern> MatMulAddPattern() {
  SimpleGraphBuilder builder("matmul_add");
  NodeIo x = builder.AddInput(0);
  NodeIo w = builder.AddInput(1);
  ge::GNode mm = builder.AddNode("MatMul", {x, w}, 1);
  ge::GNode add = builder.AddNode("Add", {{mm, 0}, PatternConst(builder, {4}, 7.0F)}, 1);
  return std::make_unique<ge::fusion::Pattern>(std::move(*builder.Build({{add, 0}})));
}

struct Sweep {
  double cpu_ns_per_node;
  size_t matches;
};

// Best of `repeat` measurements, each of enough sweeps to take ~0.1 s or more of CPU; patterns
// and matchers are built untimed. Traced: a tracer keeping the default 3 candidates listens and
// each sweep opens its pattern trace, as the pass runner does.
Sweep TimeSweep(const ge::ComputeGraphPtr &graph, bool matcher_graph, bool refuse, bool traced,
                int repeat) {
  const size_t nodes = graph->GetDirectNodesSize();
  const size_t sweeps = std::max<size_t>(1U, 1000000U / nodes);
  const ge::GraphPtr handle = ge::GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  Sweep best{1e300, 0};
  for (int r = 0; r < repeat; ++r) {
    std::vector<std::unique_ptr<ge::fusion::PatternMatcher>> matchers;
    for (size_t i = 0; i < sweeps; ++i) {
      ge::fusion::PatternMatcherConfigBuilder config;
      if (refuse) {
        config.EnableConstValueMatch();
      }
      matchers.push_back(std::make_unique<ge::fusion::PatternMatcher>(
          matcher_graph ? MatMulAddPattern() : AddConstPattern(), handle, config.Build()));
    }
    ge::fusion::MatchTracer tracer("TracedPass", 3);
    const ge::fusion::MatchTraceScope scope(traced ? &tracer : nullptr);
    size_t matches = 0;
    const bench::Usage before = bench::ProcessUsage();
    for (const auto &matcher : matchers) {
      if (traced) {
        (void)tracer.BeginPattern("traced");
      }
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
  const size_t size = argc > 1 ? static_cast<size_t>(std::strtoull(argv[1], nullptr, 10)) : 100000U;
  const int repeat = 5;
  const ge::ComputeGraphPtr chain = bench::BuildAddZeroChain(size / 3U);
  const ge::ComputeGraphPtr blocks = bench::BuildBlockGraph(size);
  std::printf("%-12s %-8s %9s %9s %11s %11s %7s\n", "graph", "pattern", "nodes", "matches", "plain",
              "traced", "ratio");
  for (bool matcher_graph : {false, true}) {
    const ge::ComputeGraphPtr &graph = matcher_graph ? blocks : chain;
    for (bool refuse : {false, true}) {
      const Sweep plain = TimeSweep(graph, matcher_graph, refuse, false, repeat);
      const Sweep traced = TimeSweep(graph, matcher_graph, refuse, true, repeat);
      if (plain.matches != traced.matches) {
        std::fprintf(stderr, "match counts differ: %zu %zu\n", plain.matches, traced.matches);
        return 1;
      }
      std::printf("%-12s %-8s %9zu %9zu %11.1f %11.1f %7.2f\n",
                  matcher_graph ? "matmul_add" : "add_zero", refuse ? "refused" : "as is",
                  graph->GetDirectNodesSize(), plain.matches, plain.cpu_ns_per_node,
                  traced.cpu_ns_per_node, traced.cpu_ns_per_node / plain.cpu_ns_per_node);
      std::fflush(stdout);
    }
  }
  return 0;
}
