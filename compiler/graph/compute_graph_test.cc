// Unit tests of the graph IR: nodes, edges, removal, ordering, cycles, subgraphs, deep copy.
#include "graph/compute_graph.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "graph/graph_test_util.h"

namespace ge {
namespace {
TEST(ComputeGraphTest, AddNodeRejectsDuplicateAndEmptyNames) {
  ComputeGraph graph("g");
  ASSERT_NE(graph.AddNode(MakeOp("a", "Relu", 1, 1)), nullptr);
  EXPECT_EQ(graph.AddNode(MakeOp("a", "Relu", 1, 1)), nullptr);
  EXPECT_NE(GetLastError().find("already has a node named 'a'"), std::string::npos);
  EXPECT_EQ(graph.AddNode(MakeOp("", "Relu", 1, 1)), nullptr);
  EXPECT_EQ(graph.GetDirectNodesSize(), 1u);
}

TEST(ComputeGraphTest, DataEdgesKeepBothEndsInSync) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph.AddNode(MakeOp("b", "Add", 2, 1));
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 1), SUCCESS);
  EXPECT_NE(graph.AddDataEdge(a, 0, b, 1), SUCCESS) << "input already connected";
  EXPECT_NE(graph.AddDataEdge(a, 1, b, 0), SUCCESS) << "output index out of range";
  EXPECT_EQ(b->GetInDataPeer(1).node, a);
  EXPECT_EQ(a->GetOutDataPeers(0).size(), 2u);
  ASSERT_EQ(graph.RemoveDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_FALSE(b->GetInDataPeer(0).IsConnected());
  EXPECT_EQ(a->GetOutDataPeers(0).size(), 1u);
  EXPECT_NE(graph.RemoveDataEdge(a, 0, b, 0), SUCCESS);
}

TEST(ComputeGraphTest, RemoveNodeDropsEdgesAndExpiresWeakHandles) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *c = graph.AddNode(MakeOp("c", "Relu", 1, 1));
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(b, 0, c, 0), SUCCESS);
  ASSERT_EQ(graph.AddControlEdge(a, c), SUCCESS);
  std::weak_ptr<Node> handle = graph.GetNodePtr(b);
  ASSERT_EQ(graph.RemoveNode(b), SUCCESS);
  EXPECT_TRUE(handle.expired());
  EXPECT_TRUE(a->GetOutDataPeers(0).empty());
  EXPECT_FALSE(c->GetInDataPeer(0).IsConnected());
  EXPECT_EQ(graph.FindNode("b"), nullptr);
  EXPECT_EQ(graph.GetDirectNodesSize(), 2u);
}

TEST(ComputeGraphTest, ControlEdgesRejectDuplicatesAndSelfLoops) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Relu", 1, 1));
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  ASSERT_EQ(graph.AddControlEdge(a, b), SUCCESS);
  EXPECT_NE(graph.AddControlEdge(a, b), SUCCESS);
  EXPECT_NE(graph.AddControlEdge(a, a), SUCCESS);
  ASSERT_EQ(graph.RemoveControlEdge(a, b), SUCCESS);
  EXPECT_TRUE(b->GetInControlNodes().empty());
}

TEST(ComputeGraphTest, EdgesAcrossGraphsAreRejected) {
  ComputeGraph g1("g1");
  ComputeGraph g2("g2");
  Node *a = g1.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = g2.AddNode(MakeOp("b", "Relu", 1, 1));
  EXPECT_NE(g1.AddDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_NE(g2.AddDataEdge(a, 0, b, 0), SUCCESS);
}

TEST(ComputeGraphTest, OwnershipErrorsNameTheRejectedNodeAndItsRole) {
  ComputeGraph g1("g1");
  ComputeGraph g2("g2");
  Node *a = g1.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = g2.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *c = g2.AddNode(MakeOp("c", "Relu", 1, 1));
  const auto last_error_has = [](const std::string &text) {
    return GetLastError().find(text) != std::string::npos;
  };
  EXPECT_NE(g2.AddDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_TRUE(last_error_has("source node 'a' is not in graph 'g2'")) << GetLastError();
  EXPECT_NE(g1.AddDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_TRUE(last_error_has("destination node 'b' is not in graph 'g1'")) << GetLastError();
  EXPECT_NE(g2.AddDataEdge(nullptr, 0, b, 0), SUCCESS);
  EXPECT_TRUE(last_error_has("source node is null")) << GetLastError();
  EXPECT_NE(g2.AddControlEdge(b, nullptr), SUCCESS);
  EXPECT_TRUE(last_error_has("destination node is null")) << GetLastError();
  EXPECT_NE(g2.RemoveInDataEdge(a, 0), SUCCESS);
  EXPECT_TRUE(last_error_has("destination node 'a' is not in graph 'g2'")) << GetLastError();
  EXPECT_NE(g2.RemoveNode(a), SUCCESS);
  EXPECT_TRUE(last_error_has("removed node 'a' is not in graph 'g2'")) << GetLastError();
  EXPECT_NE(g2.RenameNode(a, "z"), SUCCESS);
  EXPECT_TRUE(last_error_has("renamed node 'a' is not in graph 'g2'")) << GetLastError();
  EXPECT_EQ(g2.GetNodePtr(a), nullptr);
  // A removed node still held through a handle belongs to no graph any more.
  NodePtr held = g2.GetNodePtr(c);
  ASSERT_EQ(g2.RemoveNode(c), SUCCESS);
  EXPECT_NE(g2.AddDataEdge(b, 0, held.get(), 0), SUCCESS);
  EXPECT_TRUE(last_error_has("destination node 'c' is not in graph 'g2'")) << GetLastError();
  EXPECT_EQ(g2.GetNodePtr(held.get()), nullptr);
}

TEST(ComputeGraphTest, RemoveNodeDropsOnlyItsOwnConsumerEntries) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph.AddNode(MakeOp("b", "Add", 2, 1));
  Node *c = graph.AddNode(MakeOp("c", "Add", 2, 1));
  ASSERT_EQ(graph.AddDataEdge(a, 0, c, 1), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 1), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(a, 0, c, 0), SUCCESS);
  ASSERT_EQ(graph.RemoveNode(b), SUCCESS);
  const OutDataPeers &consumers = a->GetOutDataPeers(0);
  ASSERT_EQ(consumers.size(), 2u);
  EXPECT_EQ(consumers[0].node, c);
  EXPECT_EQ(consumers[0].in_index, 1);
  EXPECT_EQ(consumers[1].node, c);
  EXPECT_EQ(consumers[1].in_index, 0);
  EXPECT_EQ(c->GetInDataPeer(0).node, a);
  EXPECT_EQ(c->GetInDataPeer(1).node, a);
}

TEST(ComputeGraphTest, TopologicalSortOrdersProducersFirstAndDetectsCycles) {
  ComputeGraph graph("g");
  Node *c = graph.AddNode(MakeOp("c", "Relu", 1, 1));
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(b, 0, c, 0), SUCCESS);
  ASSERT_EQ(graph.TopologicalSort(), SUCCESS);
  std::vector<Node *> nodes = graph.GetDirectNodes();
  EXPECT_EQ(nodes, (std::vector<Node *>{a, b, c}));
  ASSERT_EQ(graph.AddControlEdge(c, b), SUCCESS);
  std::vector<Node *> order;
  EXPECT_NE(graph.GetTopologicalOrder(&order), SUCCESS);
  EXPECT_NE(GetLastError().find("cycle"), std::string::npos);
}

TEST(ComputeGraphTest, TopologicalPositionsAreIndexedBySequenceNumber) {
  ComputeGraph graph("g");
  Node *c = graph.AddNode(MakeOp("c", "Relu", 1, 1));
  Node *gone = graph.AddNode(MakeOp("gone", "Relu", 1, 1));
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.AddDataEdge(b, 0, c, 0), SUCCESS);
  ASSERT_EQ(graph.RemoveNode(gone), SUCCESS);  // its number stays unused: NaN
  std::vector<Node *> order;
  std::vector<double> position;
  ASSERT_EQ(graph.GetTopologicalOrder(&order, &position), SUCCESS);
  ASSERT_EQ(order, (std::vector<Node *>{a, b, c}));
  ASSERT_EQ(position.size(), graph.GetNextSeq());
  ASSERT_EQ(position.size(), 4u);
  EXPECT_EQ(position[a->GetSeq()], 0.0);
  EXPECT_EQ(position[b->GetSeq()], 1.0);
  EXPECT_EQ(position[c->GetSeq()], 2.0);
  EXPECT_NE(position[1], position[1]);  // the removed node's number
  // On a cycle the overload fails like the plain one.
  ASSERT_EQ(graph.AddControlEdge(c, b), SUCCESS);
  EXPECT_NE(graph.GetTopologicalOrder(&order, &position), SUCCESS);
  EXPECT_NE(GetLastError().find("cycle"), std::string::npos);
}

TEST(ComputeGraphTest, KeptTopologicalPositionsAreHandedOutOnlyWhileTheTopologyIsUnchanged) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  std::vector<double> positions;
  double bound = 0.0;
  EXPECT_FALSE(graph.TakeTopologicalPositions(&positions, &bound));  // nothing kept
  graph.KeepTopologicalPositions({0.0, 1.0}, 5.0);
  ASSERT_TRUE(graph.TakeTopologicalPositions(&positions, &bound));
  EXPECT_EQ(positions, (std::vector<double>{0.0, 1.0}));
  EXPECT_EQ(bound, 5.0);
  EXPECT_FALSE(graph.TakeTopologicalPositions(&positions, &bound));  // taken once only
  // Attribute edits keep them; a topology edit drops them.
  graph.KeepTopologicalPositions({0.0, 1.0}, 5.0);
  b->MutableOpDesc().SetAttr("k", GeAttrValue(int64_t{1}));
  EXPECT_TRUE(graph.TakeTopologicalPositions(&positions, &bound));
  graph.KeepTopologicalPositions({0.0, 1.0}, 5.0);
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_FALSE(graph.TakeTopologicalPositions(&positions, &bound));
  graph.KeepTopologicalPositions({0.0, 1.0}, 5.0);
  ASSERT_EQ(graph.RemoveNode(b), SUCCESS);
  EXPECT_FALSE(graph.TakeTopologicalPositions(&positions, &bound));
}

TEST(ComputeGraphTest, ForEachDirectNodeVisitsTheListInOrder) {
  ComputeGraph graph("g");
  std::vector<Node *> visited;
  graph.ForEachDirectNode([&visited](Node *node) { visited.push_back(node); });
  EXPECT_TRUE(visited.empty());
  Node *x = graph.AddNode(MakeOp("x", "Relu", 1, 1));
  Node *y = graph.AddNode(MakeOp("y", "Relu", 1, 1));
  Node *z = graph.AddNode(MakeOp("z", "Relu", 1, 1));
  ASSERT_EQ(graph.RemoveNode(y), SUCCESS);
  graph.ForEachDirectNode([&visited](Node *node) { visited.push_back(node); });
  EXPECT_EQ(visited, (std::vector<Node *>{x, z}));
  EXPECT_EQ(visited, graph.GetDirectNodes());
  EXPECT_EQ(graph.GetNextSeq(), 3u);  // numbers are never reused
}

TEST(ComputeGraphTest, SubgraphsAreRegisteredOnTheRootAndVisitedByGetAllNodes) {
  auto root = std::make_shared<ComputeGraph>("root");
  Node *if_node = root->AddNode(MakeOp("if", "If", 1, 1));
  auto then_graph = std::make_shared<ComputeGraph>("then");
  then_graph->AddNode(MakeOp("t0", "Relu", 1, 1));
  then_graph->SetParentGraph(root);
  then_graph->SetParentNode(if_node);
  if_node->MutableOpDesc().AddSubgraphInstanceName("then");
  ASSERT_EQ(root->AddSubgraph(then_graph), SUCCESS);
  EXPECT_NE(root->AddSubgraph(then_graph), SUCCESS);
  root->AddNode(MakeOp("after", "Relu", 1, 1));
  std::vector<std::string> names;
  for (Node *node : root->GetAllNodes()) names.push_back(node->GetName());
  EXPECT_EQ(names, (std::vector<std::string>{"if", "t0", "after"}));
  ASSERT_EQ(root->RemoveNode(if_node), SUCCESS);
  EXPECT_EQ(root->GetSubgraph("then"), nullptr) << "owned subgraphs go with their node";
}

TEST(ComputeGraphTest, CloneIsDeepAndPreservesOrderings) {
  auto graph = std::make_shared<ComputeGraph>("g");
  Node *a = graph->AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph->AddNode(MakeOp("b", "Relu", 1, 1));
  Node *c = graph->AddNode(MakeOp("c", "Relu", 1, 1));
  graph->AddDataEdge(a, 0, c, 0);
  graph->AddDataEdge(a, 0, b, 0);
  graph->AddControlEdge(b, c);
  graph->AddInputNode(a);
  graph->SetOutputs({{c, 0}});
  ComputeGraphPtr copy = graph->Clone();
  Node *ca = copy->FindNode("a");
  ASSERT_NE(ca, nullptr);
  ASSERT_NE(ca, a);
  ASSERT_EQ(ca->GetOutDataPeers(0).size(), 2u);
  EXPECT_EQ(ca->GetOutDataPeers(0)[0].node->GetName(), "c");
  EXPECT_EQ(copy->GetOutputs()[0].first, copy->FindNode("c"));
  graph->RemoveNode(b);
  EXPECT_NE(copy->FindNode("b"), nullptr);
}

TEST(ComputeGraphTest, NodeOrderSurvivesRemovalsRenamesAndSorting) {
  ComputeGraph graph("g");
  std::vector<Node *> nodes;
  for (int i = 0; i < 6; ++i) {
    nodes.push_back(graph.AddNode(MakeOp("n" + std::to_string(i), "Relu", 1, 1)));
  }
  // Remove the head, the tail and one in the middle.
  ASSERT_EQ(graph.RemoveNode(nodes[0]), SUCCESS);
  ASSERT_EQ(graph.RemoveNode(nodes[5]), SUCCESS);
  ASSERT_EQ(graph.RemoveNode(nodes[3]), SUCCESS);
  EXPECT_EQ(graph.GetDirectNodes(), (std::vector<Node *>{nodes[1], nodes[2], nodes[4]}));
  EXPECT_EQ(graph.GetDirectNodesSize(), 3u);
  ASSERT_EQ(graph.RemoveNode(nodes[2]), SUCCESS);
  EXPECT_EQ(graph.GetDirectNodes(), (std::vector<Node *>{nodes[1], nodes[4]}));
  ASSERT_EQ(graph.RenameNode(nodes[4], "renamed"), SUCCESS);
  EXPECT_EQ(graph.FindNode("n4"), nullptr);
  EXPECT_EQ(graph.FindNode("renamed"), nodes[4]);
  EXPECT_NE(graph.RenameNode(nodes[1], "renamed"), SUCCESS);
  // A reversed chain is put in producer order; adding after the sort appends.
  ASSERT_EQ(graph.AddDataEdge(nodes[4], 0, nodes[1], 0), SUCCESS);
  ASSERT_EQ(graph.TopologicalSort(), SUCCESS);
  EXPECT_EQ(graph.GetDirectNodes(), (std::vector<Node *>{nodes[4], nodes[1]}));
  Node *last = graph.AddNode(MakeOp("last", "Relu", 1, 1));
  EXPECT_EQ(graph.GetDirectNodes(), (std::vector<Node *>{nodes[4], nodes[1], last}));
  // Removing everything leaves an empty, reusable graph.
  for (Node *node : graph.GetDirectNodes()) {
    ASSERT_EQ(graph.RemoveNode(node), SUCCESS);
  }
  EXPECT_TRUE(graph.GetDirectNodes().empty());
  EXPECT_NE(graph.AddNode(MakeOp("n1", "Relu", 1, 1)), nullptr);
  EXPECT_EQ(graph.GetDirectNodesSize(), 1u);
}

TEST(ComputeGraphTest, NodesHeldElsewhereBecomeOrphansWithTheirGraph) {
  auto graph = std::make_shared<ComputeGraph>("g");
  Node *a = graph->AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = graph->AddNode(MakeOp("b", "Relu", 1, 1));
  ASSERT_EQ(graph->AddDataEdge(a, 0, b, 0), SUCCESS);
  NodePtr held = graph->GetNodePtr(b);
  std::weak_ptr<Node> weak_a = graph->GetNodePtr(a);
  ASSERT_EQ(held.get(), b);
  EXPECT_EQ(graph->GetNodePtr(nullptr), nullptr);
  graph.reset();
  EXPECT_TRUE(weak_a.expired());
  EXPECT_EQ(held->GetOwnerGraph(), nullptr);
  EXPECT_EQ(held->GetName(), "b");
}

TEST(ComputeGraphTest, MillionNodeChainSortsIteratively) {
  ComputeGraph graph("chain");
  Node *prev = graph.AddNode(MakeOp("n0", "Data", 0, 1));
  for (int i = 1; i < 200000; ++i) {
    Node *node = graph.AddNode(MakeOp("n" + std::to_string(i), "Relu", 1, 1));
    ASSERT_EQ(graph.AddDataEdge(prev, 0, node, 0), SUCCESS);
    prev = node;
  }
  ASSERT_EQ(graph.TopologicalSort(), SUCCESS);
  EXPECT_EQ(graph.GetDirectNodes().back(), prev);
}

}  // namespace
}  // namespace ge
