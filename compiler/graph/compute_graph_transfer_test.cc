// Unit tests of ComputeGraph::TransferNodeFrom: the node object moves, its source edges go, the
// source stays consistent, and every refusal leaves both graphs unchanged.
#include <gtest/gtest.h>

#include "common/error.h"
#include "graph/compute_graph.h"

namespace ge {
namespace {
OpDesc MakeOp(const std::string &name, const std::string &type, int inputs, int outputs) {
  OpDesc op(name, type);
  for (int i = 0; i < inputs; ++i) op.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
  for (int i = 0; i < outputs; ++i) op.AddOutputDesc("y" + std::to_string(i), GeTensorDesc());
  return op;
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

TEST(ComputeGraphTransferTest, RefusalsLeaveBothGraphsUnchanged) {
  ComputeGraph source("source");
  ComputeGraph target("target");
  Node *a = source.AddNode(MakeOp("a", "Relu", 1, 1));
  Node *b = source.AddNode(MakeOp("b", "Relu", 1, 1));
  ASSERT_EQ(source.AddDataEdge(a, 0, b, 0), SUCCESS);
  Node *clash = target.AddNode(MakeOp("a", "Relu", 1, 1));

  EXPECT_EQ(target.TransferNodeFrom(source, a), nullptr);
  EXPECT_NE(GetLastError().find("already exists"), std::string::npos) << GetLastError();
  EXPECT_EQ(target.TransferNodeFrom(source, nullptr), nullptr);
  EXPECT_NE(GetLastError().find("<null>"), std::string::npos) << GetLastError();
  EXPECT_EQ(target.TransferNodeFrom(source, clash), nullptr);
  EXPECT_NE(GetLastError().find("not a node of graph 'source'"), std::string::npos);
  EXPECT_EQ(source.TransferNodeFrom(source, a), nullptr);
  EXPECT_NE(GetLastError().find("into itself"), std::string::npos) << GetLastError();

  EXPECT_EQ(source.GetDirectNodesSize(), 2u);
  EXPECT_EQ(target.GetDirectNodesSize(), 1u);
  EXPECT_EQ(b->GetInDataPeer(0).node, a);
  EXPECT_EQ(a->GetOwnerGraph(), &source);
}

TEST(ComputeGraphTransferTest, RefusesANodeThatOwnsSubgraphs) {
  auto root = std::make_shared<ComputeGraph>("root");
  OpDesc op = MakeOp("if", "If", 1, 1);
  op.AddSubgraphInstanceName("then_branch");
  Node *owner = root->AddNode(std::move(op));
  auto branch = std::make_shared<ComputeGraph>("then_branch");
  branch->SetParentGraph(root);
  branch->SetParentNode(owner);
  ASSERT_EQ(root->AddSubgraph(branch), SUCCESS);

  ComputeGraph target("target");
  EXPECT_EQ(target.TransferNodeFrom(*root, owner), nullptr);
  EXPECT_NE(GetLastError().find("owns subgraphs"), std::string::npos) << GetLastError();
  EXPECT_EQ(owner->GetOwnerGraph(), root.get());
  EXPECT_EQ(root->GetSubgraph("then_branch"), branch);
}
}  // namespace
}  // namespace ge
