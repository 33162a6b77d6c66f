// Randomized SubgraphRewriter::Replace (the context overload, which also refuses fusions that
// would close a cycle): random connected regions of seeded random graphs, with boundaries built
// from the region's edges. A reference decides from the region alone whether the replacement is
// valid; Replace must succeed exactly then, wire the new node to the boundary's producers and
// consumers, and otherwise fail with the graph exactly as before.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ge/fusion/graph_rewriter.h"
#include "pattern/random_graph_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::Port;

struct Region {
  std::set<Node *> nodes;
  std::vector<Port> input_producers;                 // input i reads this producer port
  std::vector<std::vector<Port>> input_consumers;    // ...through these consumer ports
  std::vector<Port> outputs;                         // output k: this region port
  std::vector<std::vector<Port>> outside_consumers;  // ...read outside by these ports
  bool dropped_output = false;  // an output read outside was left out of the boundary
};

bool IsOp(const Node &node) { return node.GetType() != "Data" && node.GetType() != "NetOutput"; }

// A region grown backwards from a random node: each producer of a region node joins with
// probability 1/2, up to four nodes, so every node reaches the first one. One time in four an
// output read outside is left out of the boundary.
Region RandomRegion(const ComputeGraph &graph, std::mt19937 *rng) {
  std::vector<Node *> ops;
  for (Node *node : graph.GetDirectNodes()) {
    if (IsOp(*node) && node->GetType() != "Const") {
      ops.push_back(node);
    }
  }
  Region region;
  std::vector<Node *> order{ops[(*rng)() % ops.size()]};
  region.nodes.insert(order[0]);
  for (size_t i = 0; i < order.size() && region.nodes.size() < 4U; ++i) {
    for (size_t in = 0; in < order[i]->GetInputsSize(); ++in) {
      Node *producer = order[i]->GetInDataPeer(in).node;
      if (producer != nullptr && IsOp(*producer) && region.nodes.count(producer) == 0U &&
          region.nodes.size() < 4U && (*rng)() % 2U == 0U) {
        region.nodes.insert(producer);
        order.push_back(producer);
      }
    }
  }
  std::map<Port, size_t> input_of;
  for (Node *node : order) {
    for (size_t in = 0; in < node->GetInputsSize(); ++in) {
      const InDataPeer peer = node->GetInDataPeer(in);
      if (peer.IsConnected() && region.nodes.count(peer.node) == 0U) {
        const Port producer{peer.node, peer.out_index};
        const auto found = input_of.emplace(producer, region.input_producers.size());
        if (found.second) {
          region.input_producers.push_back(producer);
          region.input_consumers.emplace_back();
        }
        region.input_consumers[found.first->second].emplace_back(node, static_cast<int32_t>(in));
      }
    }
  }
  const bool drop = (*rng)() % 4U == 0U;
  for (Node *node : order) {
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      std::vector<Port> outside;
      for (const OutDataPeer &consumer : node->GetOutDataPeers(out)) {
        if (region.nodes.count(consumer.node) == 0U) {
          outside.emplace_back(consumer.node, consumer.in_index);
        }
      }
      const bool first = node == order[0] && out == 0U;  // always an output: the region's result
      if (!first && outside.empty()) {
        continue;
      }
      if (!first && drop && !region.dropped_output) {
        region.dropped_output = true;
        continue;
      }
      region.outputs.emplace_back(node, static_cast<int32_t>(out));
      region.outside_consumers.push_back(outside);
    }
  }
  return region;
}

// True when a path leaves the region and comes back into it: fusing it would close a cycle.
bool LeavesAndReenters(const Region &region) {
  std::vector<Node *> stack;
  std::set<Node *> seen;
  for (Node *node : region.nodes) {
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      for (const OutDataPeer &consumer : node->GetOutDataPeers(out)) {
        if (region.nodes.count(consumer.node) == 0U && seen.insert(consumer.node).second) {
          stack.push_back(consumer.node);
        }
      }
    }
  }
  while (!stack.empty()) {
    Node *node = stack.back();
    stack.pop_back();
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      for (const OutDataPeer &consumer : node->GetOutDataPeers(out)) {
        if (region.nodes.count(consumer.node) != 0U) {
          return true;
        }
        if (seen.insert(consumer.node).second) {
          stack.push_back(consumer.node);
        }
      }
    }
  }
  return false;
}

SubgraphBoundary BoundaryOf(const Region &region) {
  std::vector<SubgraphInput> inputs;
  for (const std::vector<Port> &consumers : region.input_consumers) {
    std::vector<NodeIo> ports;
    for (const Port &port : consumers) {
      ports.push_back(NodeIo{NodeAdapter::Node2GNode(port.first), port.second});
    }
    inputs.emplace_back(ports);
  }
  std::vector<SubgraphOutput> outputs;
  for (const Port &port : region.outputs) {
    outputs.emplace_back(NodeIo{NodeAdapter::Node2GNode(port.first), port.second});
  }
  return SubgraphBoundary(inputs, outputs);
}

using NamedPort = std::pair<std::string, int32_t>;
NamedPort Named(const Port &port) { return {port.first->GetName(), port.second}; }

TEST(SubgraphRewriterRandomTest, ReplaceSucceedsExactlyForValidRegionsAndWiresTheNewNode) {
  size_t replaced = 0;
  size_t refused_cycle = 0;
  size_t refused_open = 0;
  for (uint32_t seed = 1; seed <= 1500; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 30U);
    std::mt19937 rng(seed * 7919U);
    const Region region = RandomRegion(*target, &rng);
    const bool cyclic = LeavesAndReenters(region);
    const bool valid = !region.dropped_output && !cyclic;
    // Names and ports to check the wiring by after the rewrite (the region's nodes are gone).
    std::vector<NamedPort> producers;
    for (const Port &port : region.input_producers) {
      producers.push_back(Named(port));
    }
    std::vector<std::vector<NamedPort>> consumers;
    for (const std::vector<Port> &ports : region.outside_consumers) {
      consumers.emplace_back();
      for (const Port &port : ports) {
        consumers.back().push_back(Named(port));
      }
    }
    const std::string before = test::Signature(*target);
    const size_t nodes_before = target->GetDirectNodesSize();
    GraphUniqPtr replacement =
        test::FusedReplacement(region.input_producers.size(), region.outputs.size());
    CustomPassContext context;
    context.SetPassName("RandomReplace");
    const Status status = SubgraphRewriter::Replace(BoundaryOf(region), *replacement, context);
    const std::string where = "seed " + std::to_string(seed) + ": " + GetLastError();
    if (!valid) {
      EXPECT_NE(status, SUCCESS) << where;
      EXPECT_EQ(test::Signature(*target), before) << where;
      refused_cycle += cyclic ? 1U : 0U;
      refused_open += cyclic ? 0U : 1U;
      continue;
    }
    ASSERT_EQ(status, SUCCESS) << where;
    ++replaced;
    EXPECT_EQ(target->GetDirectNodesSize(), nodes_before - region.nodes.size() + 1U) << where;
    std::vector<Node *> order;
    EXPECT_EQ(target->GetTopologicalOrder(&order), SUCCESS) << where;
    Node *fused = nullptr;
    for (Node *node : target->GetDirectNodes()) {
      if (node->GetType() == "Fused") {
        fused = node;
      }
    }
    ASSERT_NE(fused, nullptr) << where;
    for (size_t i = 0; i < producers.size(); ++i) {
      const InDataPeer peer = fused->GetInDataPeer(i);
      ASSERT_TRUE(peer.IsConnected()) << where;
      EXPECT_EQ(Named(Port{peer.node, peer.out_index}), producers[i]) << where << " input " << i;
    }
    for (size_t k = 0; k < consumers.size(); ++k) {
      EXPECT_EQ(fused->GetOutDataPeers(k).size(), consumers[k].size()) << where;
      for (const NamedPort &consumer : consumers[k]) {
        Node *node = target->FindNode(consumer.first);
        ASSERT_NE(node, nullptr) << where;
        const InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(consumer.second));
        EXPECT_EQ(peer.node, fused) << where << " output " << k;
        EXPECT_EQ(peer.out_index, static_cast<int32_t>(k)) << where;
      }
    }
  }
  // Each outcome must be common enough to mean something.
  EXPECT_GE(replaced, 500U);
  EXPECT_GE(refused_cycle, 50U);
  EXPECT_GE(refused_open, 50U);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
