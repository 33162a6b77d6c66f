// SubgraphRewriter::Replace with a context, one node at a time, the way a hand-written
// FusionBasePass (C++ or Python) rewrites a graph: every Relu of a chain `x -> Relu x n` becomes
// an Abs. Prints the time per replacement for each chain length given; it should not grow with
// the length (the context overload's cycle check once searched everything below the node).
// Usage: subgraph_replace_bench [nodes...] (default 1000 10000 30000)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_util.h"
#include "ge/fusion/graph_rewriter.h"
#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/simple_graph_builder.h"
#include "ge/fusion/subgraph_boundary.h"
#include "graph_api/node_adapter.h"

namespace {

using bench::Desc;

ge::Node *AddUnary(ge::ComputeGraph &graph, const std::string &name, const char *type,
                   ge::Node *input) {
  ge::OpDesc desc(name, type);
  desc.AddInputDesc("x", Desc({2, 2}));
  desc.AddOutputDesc("y", Desc({2, 2}));
  ge::Node *node = graph.AddNode(std::move(desc));
  (void)graph.AddDataEdge(input, 0, node, 0);
  return node;
}

// x -> r0 -> ... -> r<n-1> -> NetOutput; the Relus are returned in chain order.
ge::ComputeGraphPtr BuildChain(size_t length, std::vector<ge::Node *> *relus) {
  auto graph = std::make_shared<ge::ComputeGraph>("chain");
  ge::Node *last = bench::AddInputX(*graph, {2, 2});
  for (size_t i = 0; i < length; ++i) {
    last = AddUnary(*graph, "r" + std::to_string(i), "Relu", last);
    relus->push_back(last);
  }
  ge::OpDesc out("NetOutput", "NetOutput");
  out.AddInputDesc("x0", Desc({2, 2}));
  ge::Node *net_output = graph->AddNode(std::move(out));
  (void)graph->AddDataEdge(last, 0, net_output, 0);
  return graph;
}

// Replaces `relu` by an Abs: the one-node boundary and replacement a FusionBasePass would build.
bool ReplaceByAbs(ge::Node *relu, ge::CustomPassContext &context) {
  using namespace ge::fusion;  // NOLINT
  SimpleGraphBuilder builder("abs");
  const NodeIo input = builder.AddInput(0);
  const ge::GNode abs = builder.AddNode("Abs", {input}, 1);
  const GraphUniqPtr replacement = builder.Build({{abs, 0}});
  const ge::GNode node = ge::NodeAdapter::Node2GNode(relu);
  SubgraphInput boundary_input;
  SubgraphBoundary boundary;
  return replacement != nullptr && boundary_input.AddInput({node, 0}) == ge::SUCCESS &&
         boundary.AddInput(0, boundary_input) == ge::SUCCESS &&
         boundary.AddOutput(0, SubgraphOutput({node, 0})) == ge::SUCCESS &&
         SubgraphRewriter::Replace(boundary, *replacement, context) == ge::SUCCESS;
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<size_t> lengths{1000, 10000, 30000};
  if (argc > 1) {
    lengths.clear();
    for (int i = 1; i < argc; ++i) {
      lengths.push_back(static_cast<size_t>(std::strtoull(argv[i], nullptr, 10)));
    }
  }
  std::printf("%10s %14s %14s\n", "chain", "replacements", "ns/replace");
  for (size_t length : lengths) {
    std::vector<ge::Node *> relus;
    const ge::ComputeGraphPtr graph = BuildChain(length, &relus);
    ge::CustomPassContext context;
    context.SetPassName("ReluToAbs");
    const auto start = std::chrono::steady_clock::now();
    for (ge::Node *relu : relus) {
      if (!ReplaceByAbs(relu, context)) {
        std::fprintf(stderr, "Replace failed: %s\n", ge::GetLastError().c_str());
        return 1;
      }
    }
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    std::printf("%10zu %14zu %14.0f\n", length, relus.size(),
                relus.empty() ? 0.0 : ns / static_cast<double>(relus.size()));
    std::fflush(stdout);
  }
  return 0;
}
