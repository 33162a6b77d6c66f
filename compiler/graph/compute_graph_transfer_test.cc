// Unit tests of ComputeGraph::TransferNodeFrom: moving a node between graphs without copying it.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "graph/compute_graph.h"
#include "graph/graph_test_util.h"

namespace ge {
namespace {
TEST(TransferNodeTest, MovesTheSameNodeAndDropsItsEdgesInTheSource) {
  ComputeGraph source("src");
  ComputeGraph target("dst");
  Node *a = source.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = source.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *c = source.AddNode(MakeOp("c", "Relu", 1, 1));
  ASSERT_EQ(source.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(source.AddDataEdge(b, 0, c, 0), SUCCESS);
  ASSERT_EQ(source.AddControlEdge(a, b), SUCCESS);
  ASSERT_EQ(source.SetOutputs({{b, 0}, {c, 0}}), SUCCESS);
  b->MutableOpDesc().SetAttr("alpha", GeAttrValue(int64_t{7}));
  const GeTensorDesc *desc_before = b->GetOpDesc().GetInputDesc(0);
  NodePtr handle = source.GetNodePtr(b);

  Node *moved = target.TransferNodeFrom(source, b);
  ASSERT_EQ(moved, b) << "the node object itself moves";
  EXPECT_EQ(moved->GetOwnerGraph(), &target);
  EXPECT_EQ(moved->GetOpDesc().GetInputDesc(0), desc_before) << "OpDesc storage is kept";
  ASSERT_NE(moved->GetOpDesc().GetAttrAs<int64_t>("alpha"), nullptr);
  EXPECT_EQ(*moved->GetOpDesc().GetAttrAs<int64_t>("alpha"), 7);
  EXPECT_EQ(handle.get(), moved);
  EXPECT_EQ(target.GetNodePtr(moved), handle);
  EXPECT_EQ(source.GetNodePtr(moved), nullptr);

  // Source: no trace of b; its neighbours lost the edges.
  EXPECT_EQ(source.FindNode("b"), nullptr);
  EXPECT_FALSE(source.HasNode(b));
  EXPECT_EQ(source.GetDirectNodesSize(), 2u);
  EXPECT_TRUE(a->GetOutDataPeers(0).empty());
  EXPECT_TRUE(a->GetOutControlNodes().empty());
  EXPECT_FALSE(c->GetInDataPeer(0).IsConnected());
  ASSERT_EQ(source.GetOutputs().size(), 1u);
  EXPECT_EQ(source.GetOutputs()[0].first, c);
  // Target: b without edges, usable like any other node.
  EXPECT_EQ(target.FindNode("b"), b);
  EXPECT_EQ(target.GetDirectNodesSize(), 1u);
  EXPECT_FALSE(b->GetInDataPeer(0).IsConnected());
  EXPECT_TRUE(b->GetOutDataPeers(0).empty());
  EXPECT_TRUE(b->GetInControlNodes().empty());
  Node *d = target.AddNode(MakeOp("d", "Relu", 1, 1));
  EXPECT_EQ(target.AddDataEdge(b, 0, d, 0), SUCCESS);
  EXPECT_NE(source.AddDataEdge(a, 0, b, 0), SUCCESS) << "b no longer belongs to the source";
  std::vector<Node *> order;
  ASSERT_EQ(target.GetTopologicalOrder(&order), SUCCESS);
  EXPECT_EQ(order, (std::vector<Node *>{b, d}));
  ASSERT_EQ(source.GetTopologicalOrder(&order), SUCCESS);
  EXPECT_EQ(order.size(), 2u);
}

TEST(TransferNodeTest, FailuresLeaveBothGraphsUnchanged) {
  ComputeGraph source("src");
  ComputeGraph target("dst");
  ComputeGraph other("other");
  Node *a = source.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = source.AddNode(MakeOp("b", "Relu", 1, 1));
  ASSERT_EQ(source.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_NE(target.AddNode(MakeOp("b", "Relu", 1, 1)), nullptr);

  EXPECT_EQ(target.TransferNodeFrom(source, b), nullptr);
  EXPECT_NE(GetLastError().find("already has a node named 'b'"), std::string::npos);
  EXPECT_EQ(target.TransferNodeFrom(other, a), nullptr);
  EXPECT_NE(GetLastError().find("is not in graph 'other'"), std::string::npos);
  EXPECT_EQ(source.TransferNodeFrom(source, a), nullptr);
  EXPECT_NE(GetLastError().find("into itself"), std::string::npos);
  EXPECT_EQ(target.TransferNodeFrom(source, nullptr), nullptr);
  EXPECT_EQ(b->GetInDataPeer(0).node, a) << "the edge survives a failed transfer";
  EXPECT_EQ(source.GetDirectNodesSize(), 2u);
  EXPECT_EQ(target.GetDirectNodesSize(), 1u);
}

TEST(TransferNodeTest, OwnedSubgraphsMoveToTheTargetRoot) {
  auto source = std::make_shared<ComputeGraph>("src");
  auto target = std::make_shared<ComputeGraph>("dst");
  Node *if_node = source->AddNode(MakeOp("if", "If", 1, 1));
  auto then_graph = std::make_shared<ComputeGraph>("then");
  auto inner_graph = std::make_shared<ComputeGraph>("inner");
  Node *inner_owner = then_graph->AddNode(MakeOp("inner_if", "If", 1, 1));
  then_graph->SetParentGraph(source);
  then_graph->SetParentNode(if_node);
  inner_graph->SetParentGraph(then_graph);
  inner_graph->SetParentNode(inner_owner);
  if_node->MutableOpDesc().AddSubgraphInstanceName("then");
  inner_owner->MutableOpDesc().AddSubgraphInstanceName("inner");
  ASSERT_EQ(source->AddSubgraph(then_graph), SUCCESS);
  ASSERT_EQ(source->AddSubgraph(inner_graph), SUCCESS);

  // A clash with a subgraph name of the target root fails before anything moves.
  auto clash = std::make_shared<ComputeGraph>("inner");
  ASSERT_EQ(target->AddSubgraph(clash), SUCCESS);
  EXPECT_EQ(target->TransferNodeFrom(*source, if_node), nullptr);
  EXPECT_NE(GetLastError().find("subgraph named 'inner'"), std::string::npos);
  EXPECT_EQ(source->GetSubgraph("then"), then_graph);
  ASSERT_EQ(target->RemoveSubgraph("inner"), SUCCESS);

  // Nor may the node move into its own (nested) subgraph.
  EXPECT_EQ(inner_graph->TransferNodeFrom(*source, if_node), nullptr);
  EXPECT_NE(GetLastError().find("inside subgraph 'inner' of the node"), std::string::npos);
  EXPECT_EQ(if_node->GetOwnerGraph(), source.get());

  ASSERT_EQ(target->TransferNodeFrom(*source, if_node), if_node);
  EXPECT_TRUE(source->GetAllSubgraphs().empty());
  EXPECT_EQ(target->GetSubgraph("then"), then_graph);
  EXPECT_EQ(target->GetSubgraph("inner"), inner_graph);
  EXPECT_EQ(then_graph->GetParentGraph(), target);
  EXPECT_EQ(then_graph->GetParentNode(), if_node);
  EXPECT_EQ(inner_graph->GetParentGraph(), then_graph);
  EXPECT_EQ(target->GetAllNodes().size(), 2u);
}

TEST(ComputeGraphTransferTest, MovesTheNodeObjectWithoutItsEdges) {
  auto source = std::make_shared<ComputeGraph>("source");
  Node *in = source->AddNode(MakeOp("in", "Data", 0, 1));
  Node *relu = source->AddNode(MakeOp("relu", "Relu", 1, 1));
  Node *out = source->AddNode(MakeOp("out", "NetOutput", 1, 0));
  ASSERT_EQ(source->AddDataEdge(in, 0, relu, 0), SUCCESS);
  ASSERT_EQ(source->AddDataEdge(relu, 0, out, 0), SUCCESS);
  ASSERT_EQ(source->AddControlEdge(in, relu), SUCCESS);
  ASSERT_EQ(source->SetOutputs({{relu, 0}}), SUCCESS);
  relu->MutableOpDesc().SetAttr("kept", GeAttrValue(static_cast<int64_t>(7)));
  std::weak_ptr<Node> handle = source->GetNodePtr(relu);

  auto target = std::make_shared<ComputeGraph>("target");
  Node *first = target->AddNode(MakeOp("first", "Data", 0, 1));
  Node *moved = target->TransferNodeFrom(*source, relu);
  ASSERT_EQ(moved, relu) << GetLastError();
  EXPECT_EQ(moved->GetOwnerGraph(), target.get());
  EXPECT_EQ(target->FindNode("relu"), relu);
  EXPECT_TRUE(target->HasNode(relu));
  EXPECT_GT(relu->GetSeq(), first->GetSeq());
  EXPECT_EQ(target->GetDirectNodes().back(), relu);
  EXPECT_EQ(handle.lock().get(), relu) << "weak handles survive the move";
  const int64_t *kept = relu->GetOpDesc().GetAttrAs<int64_t>("kept");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(*kept, 7);
  // No edges in either graph, both ends cleaned in the source.
  EXPECT_FALSE(relu->GetInDataPeer(0).IsConnected());
  EXPECT_TRUE(relu->GetOutDataPeers(0).empty());
  EXPECT_TRUE(relu->GetInControlNodes().empty());
  EXPECT_TRUE(in->GetOutDataPeers(0).empty());
  EXPECT_TRUE(in->GetOutControlNodes().empty());
  EXPECT_FALSE(out->GetInDataPeer(0).IsConnected());
  EXPECT_EQ(source->FindNode("relu"), nullptr);
  EXPECT_FALSE(source->HasNode(relu));
  EXPECT_EQ(source->GetDirectNodesSize(), 2u);
  EXPECT_TRUE(source->GetOutputs().empty());
  // The moved node is a full member of the target.
  ASSERT_EQ(target->AddDataEdge(first, 0, relu, 0), SUCCESS);
  std::vector<Node *> order;
  ASSERT_EQ(target->GetTopologicalOrder(&order), SUCCESS);
  EXPECT_EQ(order, (std::vector<Node *>{first, relu}));
  ASSERT_EQ(target->RemoveNode(relu), SUCCESS);
  EXPECT_TRUE(first->GetOutDataPeers(0).empty());
  source.reset();  // the source's remaining nodes go; the target is unaffected
  EXPECT_EQ(target->GetDirectNodesSize(), 1u);
}

TEST(ComputeGraphTransferTest, TheSourceOutlivesNothingItGaveAway) {
  auto target = std::make_shared<ComputeGraph>("target");
  Node *node = nullptr;
  {
    auto source = std::make_shared<ComputeGraph>("source");
    node = source->AddNode(MakeOp("n", "Relu", 1, 1));
    ASSERT_EQ(target->TransferNodeFrom(*source, node), node);
  }
  EXPECT_EQ(node->GetOwnerGraph(), target.get());
  EXPECT_EQ(target->FindNode("n"), node);
}

TEST(TransferNodeTest, RenamingMoveChecksTheNewNameInTheTargetOnly) {
  ComputeGraph source("src");
  ComputeGraph target("dst");
  Node *a = source.AddNode(MakeOp("a", "Data", 0, 1));
  Node *b = source.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *taken = target.AddNode(MakeOp("b_1", "Relu", 1, 1));
  ASSERT_EQ(source.AddDataEdge(a, 0, b, 0), SUCCESS);
  // A name the source uses does not matter: only the target's names do.
  std::string name = "a";
  ASSERT_EQ(target.TransferNodeFrom(source, b, &name), b);
  EXPECT_TRUE(name.empty()) << "the name moved into the node";
  EXPECT_EQ(b->GetName(), "a");
  EXPECT_EQ(target.FindNode("a"), b);
  EXPECT_EQ(source.FindNode("b"), nullptr) << "the old name leaves the source";
  EXPECT_EQ(source.FindNode("a"), a);
  EXPECT_TRUE(a->GetOutDataPeers(0).empty()) << "its edges stay behind";

  // A taken name or an empty one: nothing changes, the name string included.
  Node *c = source.AddNode(MakeOp("c", "Relu", 1, 1));
  ASSERT_EQ(source.AddDataEdge(a, 0, c, 0), SUCCESS);
  const uint64_t source_count = source.GetModificationCount();
  const uint64_t target_count = target.GetModificationCount();
  std::string clash = "b_1";
  EXPECT_EQ(target.TransferNodeFrom(source, c, &clash), nullptr);
  EXPECT_EQ(clash, "b_1") << "unchanged on failure";
  EXPECT_NE(GetLastError().find("already has a node named 'b_1'"), std::string::npos);
  std::string empty;
  EXPECT_EQ(target.TransferNodeFrom(source, c, &empty), nullptr);
  EXPECT_NE(GetLastError().find("empty name"), std::string::npos);
  EXPECT_EQ(target.TransferNodeFrom(source, c, nullptr), nullptr);
  EXPECT_NE(GetLastError().find("null name"), std::string::npos);
  EXPECT_EQ(c->GetName(), "c");
  EXPECT_EQ(source.FindNode("c"), c);
  EXPECT_EQ(c->GetOwnerGraph(), &source);
  EXPECT_EQ(c->GetInDataPeer(0).node, a);
  EXPECT_EQ(target.FindNode("b_1"), taken);
  EXPECT_EQ(target.GetDirectNodesSize(), 2u);
  EXPECT_EQ(source.GetModificationCount(), source_count);
  EXPECT_EQ(target.GetModificationCount(), target_count);
  std::string free_name = "c_2";
  ASSERT_EQ(target.TransferNodeFrom(source, c, &free_name), c);
  EXPECT_EQ(target.FindNode("c_2"), c);
  EXPECT_GT(source.GetModificationCount(), source_count);
  EXPECT_GT(target.GetModificationCount(), target_count);
}

TEST(ComputeGraphModificationCountTest, EveryTopologyEditChangesItAndReadsDoNot) {
  ComputeGraph graph("g");
  uint64_t last = graph.GetModificationCount();
  auto changed = [&graph, &last]() {
    const uint64_t now = graph.GetModificationCount();
    const bool result = now != last;
    last = now;
    return result;
  };
  Node *a = graph.AddNode(MakeOp("a", "Data", 0, 1));
  EXPECT_TRUE(changed());
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  Node *c = graph.AddNode(MakeOp("c", "Relu", 1, 1));
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.AddControlEdge(a, c), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.RemoveControlEdge(a, c), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.RemoveInDataEdge(b, 0), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.AddDataEdge(a, 0, b, 0), SUCCESS);
  ASSERT_EQ(graph.RemoveDataEdge(a, 0, b, 0), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.RenameNode(c, "c2"), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.AddInputNode(a), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.SetOutputs({{b, 0}}), SUCCESS);
  EXPECT_TRUE(changed());
  ASSERT_EQ(graph.RemoveNode(c), SUCCESS);
  EXPECT_TRUE(changed());
  // Reads, attribute edits and failed edits leave it alone.
  (void)graph.FindNode("a");
  (void)graph.GetDirectNodes();
  std::vector<Node *> order;
  ASSERT_EQ(graph.GetTopologicalOrder(&order), SUCCESS);
  b->MutableOpDesc().SetAttr("alpha", GeAttrValue(int64_t{1}));
  EXPECT_NE(graph.AddControlEdge(b, b), SUCCESS);
  EXPECT_NE(graph.RenameNode(b, "a"), SUCCESS);
  EXPECT_EQ(graph.RemoveInDataEdge(b, 0), SUCCESS);  // nothing connected: no edit
  EXPECT_FALSE(changed());
  ComputeGraph other("other");
  ASSERT_EQ(other.TransferNodeFrom(graph, b), b);
  EXPECT_TRUE(changed()) << "a node moved out is an edit of the source";
}
}  // namespace
}  // namespace ge
