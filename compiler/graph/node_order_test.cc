// Unit tests of NodeOrder (a graph's node order as an array with holes) and of the walks a
// ComputeGraph builds on it: order kept across removals at every position, compaction once holes
// outnumber nodes, trailing holes trimmed, resumable walks, and many removals interleaved with
// additions on a graph.
#include "graph/node_order.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/graph_test_util.h"

namespace ge {
namespace {

std::vector<Node *> Walk(const NodeOrder &order) {
  std::vector<Node *> visited;
  order.ForEach([&visited](Node *node) { visited.push_back(node); });
  return visited;
}

// The same walk through NextFrom, as GetAllNodes resumes it.
std::vector<Node *> WalkByNextFrom(const NodeOrder &order) {
  std::vector<Node *> visited;
  size_t next = 0;
  while (Node *node = order.NextFrom(next, &next)) {
    visited.push_back(node);
  }
  return visited;
}

TEST(NodeOrderTest, RemovalsAnywhereKeepTheOthersInOrder) {
  auto nodes = MakeNodes(6);
  NodeOrder order;
  EXPECT_TRUE(Walk(order).empty());
  for (const auto &node : nodes) {
    order.PushBack(node.get());
  }
  order.Erase(nodes[0].get());  // head
  order.Erase(nodes[3].get());  // middle
  order.Erase(nodes[5].get());  // tail
  const std::vector<Node *> expected{nodes[1].get(), nodes[2].get(), nodes[4].get()};
  EXPECT_EQ(Walk(order), expected);
  EXPECT_EQ(WalkByNextFrom(order), expected);
  order.PushBack(nodes[0].get());  // a node may come back, at the end
  EXPECT_EQ(Walk(order),
            (std::vector<Node *>{nodes[1].get(), nodes[2].get(), nodes[4].get(), nodes[0].get()}));
}

TEST(NodeOrderTest, CompactionAndTrimmingKeepPositionsValid) {
  // Enough removals to compact several times; every survivor must still be removable by its
  // (updated) position, and the walk must show exactly the survivors in insertion order.
  auto nodes = MakeNodes(1000);
  NodeOrder order;
  for (const auto &node : nodes) {
    order.PushBack(node.get());
  }
  std::vector<size_t> removal(nodes.size());
  for (size_t i = 0; i < removal.size(); ++i) removal[i] = i;
  std::shuffle(removal.begin(), removal.end(), std::mt19937(11));
  std::vector<bool> alive(nodes.size(), true);
  for (size_t step = 0; step < 900; ++step) {
    order.Erase(nodes[removal[step]].get());
    alive[removal[step]] = false;
    if (step % 100 == 99) {
      std::vector<Node *> expected;
      for (size_t i = 0; i < nodes.size(); ++i) {
        if (alive[i]) expected.push_back(nodes[i].get());
      }
      ASSERT_EQ(Walk(order), expected) << "after " << step + 1 << " removals";
      ASSERT_EQ(WalkByNextFrom(order), expected);
    }
  }
  for (size_t step = 900; step < nodes.size(); ++step) {
    order.Erase(nodes[removal[step]].get());
  }
  EXPECT_TRUE(Walk(order).empty());
  size_t next = 7;
  EXPECT_EQ(order.NextFrom(0, &next), nullptr);
  EXPECT_EQ(next, 0u);  // every hole was trimmed: nothing left to skip
}

TEST(NodeOrderTest, UndoingTheLastAdditionsLeavesNoHoles) {
  auto nodes = MakeNodes(40);
  NodeOrder order;
  for (const auto &node : nodes) {
    order.PushBack(node.get());
  }
  for (size_t i = nodes.size(); i-- > 10;) {
    order.Erase(nodes[i].get());
  }
  size_t next = 0;
  Node *last = nullptr;
  while (Node *node = order.NextFrom(next, &next)) {
    last = node;
  }
  EXPECT_EQ(last, nodes[9].get());
  EXPECT_EQ(next, 10u);  // the array ends right after the last live node
  order.Clear();
  EXPECT_TRUE(Walk(order).empty());
}

TEST(NodeOrderTest, AGraphKeepsItsOrderThroughManyRemovalsAndAdditions) {
  // A fusion sweep's pattern: remove two nodes, append one, many times over; the graph's walk,
  // node list and name lookups must agree throughout.
  ComputeGraph graph("g");
  std::vector<Node *> expected;
  for (int i = 0; i < 600; ++i) {
    expected.push_back(graph.AddNode(MakeOp("n" + std::to_string(i), "Relu", 1, 1)));
  }
  for (int round = 0; round < 250; ++round) {
    const size_t at = static_cast<size_t>(round * 7) % (expected.size() - 1);
    ASSERT_EQ(graph.RemoveNode(expected[at + 1]), SUCCESS);
    ASSERT_EQ(graph.RemoveNode(expected[at]), SUCCESS);
    expected.erase(expected.begin() + static_cast<std::ptrdiff_t>(at),
                   expected.begin() + static_cast<std::ptrdiff_t>(at + 2));
    expected.push_back(graph.AddNode(MakeOp("r" + std::to_string(round), "Relu", 1, 1)));
  }
  EXPECT_EQ(graph.GetDirectNodes(), expected);
  EXPECT_EQ(graph.GetAllNodes(), expected);
  EXPECT_EQ(graph.GetDirectNodesSize(), expected.size());
  for (Node *node : expected) {
    ASSERT_EQ(graph.FindNode(node->GetName()), node);
  }
  ASSERT_EQ(graph.TopologicalSort(), SUCCESS);  // no edges: any order is topological
  EXPECT_EQ(graph.GetDirectNodes().size(), expected.size());
}

TEST(NodeOrderTest, NodesMovedBetweenGraphsLeaveTheSourceOrderIntact) {
  ComputeGraph source("source");
  ComputeGraph target("target");
  std::vector<Node *> nodes;
  for (int i = 0; i < 5; ++i) {
    nodes.push_back(source.AddNode(MakeOp("m" + std::to_string(i), "Relu", 1, 1)));
  }
  Node *t0 = target.AddNode(MakeOp("t0", "Relu", 1, 1));
  ASSERT_EQ(target.TransferNodeFrom(source, nodes[2]), nodes[2]);
  ASSERT_EQ(target.TransferNodeFrom(source, nodes[0]), nodes[0]);
  EXPECT_EQ(source.GetDirectNodes(), (std::vector<Node *>{nodes[1], nodes[3], nodes[4]}));
  EXPECT_EQ(target.GetDirectNodes(), (std::vector<Node *>{t0, nodes[2], nodes[0]}));
}

}  // namespace
}  // namespace ge
