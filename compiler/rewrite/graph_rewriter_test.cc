// SubgraphRewriter, boundaries, fusability and InferShapeUtil: every
// failing rewrite must leave the target graph exactly as it was.
#include "ge/fusion/graph_rewriter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/fusion/graph_fuse_inspector.h"
#include "ge/fusion/infer_shape_util.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/fusion_test_util.h"
#include "pattern/fusion_utils.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::Signature;
using test::TestGraph;

NodeIo In(Node *node, int64_t index) { return NodeIo{NodeAdapter::Node2GNode(node), index}; }

SubgraphBoundary Boundary(const std::vector<std::vector<NodeIo>> &inputs,
                          const std::vector<NodeIo> &outputs) {
  SubgraphBoundary boundary;
  for (size_t i = 0; i < inputs.size(); ++i) {
    EXPECT_EQ(boundary.AddInput(static_cast<int64_t>(i), SubgraphInput(inputs[i])), SUCCESS);
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    EXPECT_EQ(boundary.AddOutput(static_cast<int64_t>(k), SubgraphOutput(outputs[k])), SUCCESS);
  }
  return boundary;
}

// x -> Sigmoid -> out
GraphUniqPtr SigmoidReplacement() {
  SimpleGraphBuilder builder("sigmoid");
  NodeIo x = builder.AddInput(0);
  GNode s = builder.AddNode("Sigmoid", {x}, 1);
  return builder.Build({{s, 0}});
}

TEST(SubgraphRewriterTest, OneToOneRewiresAllConsumersAndRemovesOldNode) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *c1 = g.Op("c1", "Abs", {P(relu)});
  Node *c2 = g.Op("c2", "Neg", {P(relu)});
  g.NetOutput({P(c1), P(c2)});
  auto replacement = SigmoidReplacement();
  ASSERT_EQ(SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}), *replacement),
            SUCCESS)
      << GetLastError();
  EXPECT_EQ(g.Get()->FindNode("relu"), nullptr);
  const InDataPeer p1 = c1->GetInDataPeer(0);
  const InDataPeer p2 = c2->GetInDataPeer(0);
  ASSERT_TRUE(p1.IsConnected());
  EXPECT_EQ(p1.node->GetType(), "Sigmoid");
  EXPECT_EQ(p1.node, p2.node);
  EXPECT_EQ(p1.node->GetInDataPeer(0).node, x);
  // Provenance: the new node records what it replaced.
  const auto *names =
      p1.node->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
  ASSERT_NE(names, nullptr);
  EXPECT_EQ(*names, std::vector<std::string>{"relu"});
  // The caller's replacement graph is not consumed.
  EXPECT_EQ(GraphUtilsEx::GetComputeGraph(*replacement)->GetDirectNodesSize(), 3U);
}

TEST(SubgraphRewriterTest, PassThroughOutputMovesConsumersToInputProducer) {
  // Add(x, 0) -> x
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *add = g.Op("add", "Add", {P(x), P(zero)});
  Node *out = g.NetOutput({P(add)});
  SimpleGraphBuilder builder("identity");
  NodeIo in = builder.AddInput(0);
  auto replacement = builder.Build({in});
  ASSERT_EQ(SubgraphRewriter::Replace(Boundary({{In(add, 0)}}, {In(add, 0)}), *replacement),
            SUCCESS)
      << GetLastError();
  EXPECT_EQ(out->GetInDataPeer(0).node, x);
  EXPECT_EQ(g.Get()->FindNode("add"), nullptr);
  EXPECT_EQ(g.Get()->FindNode("zero"), nullptr);  // interior const pruned
  EXPECT_EQ(test::SortedTypes(*g.Get()), (std::vector<std::string>{"Data", "NetOutput"}));
}

TEST(SubgraphRewriterTest, ManyToManyWithSharedInput) {
  // a = Relu(x), b = Sigmoid(x)  ->  Split-like node "Both(x)" with two outputs
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *b = g.Op("b", "Sigmoid", {P(x)});
  Node *out = g.NetOutput({P(a), P(b)});
  SimpleGraphBuilder builder("both");
  NodeIo in = builder.AddInput(0);
  GNode both = builder.AddNode("Both", {in}, 2);
  auto replacement = builder.Build({{both, 0}, {both, 1}});
  ASSERT_EQ(SubgraphRewriter::Replace(Boundary({{In(a, 0), In(b, 0)}}, {In(a, 0), In(b, 0)}),
                                      *replacement),
            SUCCESS)
      << GetLastError();
  Node *fused = out->GetInDataPeer(0).node;
  EXPECT_EQ(fused->GetType(), "Both");
  EXPECT_EQ(out->GetInDataPeer(0).out_index, 0);
  EXPECT_EQ(out->GetInDataPeer(1).node, fused);
  EXPECT_EQ(out->GetInDataPeer(1).out_index, 1);
  EXPECT_EQ(fused->GetInDataPeer(0).node, x);
}

// A moved body node takes the next `<name>_<matched names>_<n>` without probing the target
// first; when that name is taken there (or in the replacement), the next number is used and the
// node already bearing the name is left alone.
TEST(SubgraphRewriterTest, MovingRewriteSkipsANameTakenInTheTarget) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(r1)});
  Node *out = g.NetOutput({P(r2)});
  auto rewrite = [&](Node *relu, std::string *body_name) {
    GraphUniqPtr replacement = SigmoidReplacement();
    ComputeGraphPtr owned = GraphUtilsEx::GetComputeGraph(*replacement);
    for (Node *node : owned->GetDirectNodes()) {
      if (node->GetType() == "Sigmoid") {
        *body_name = node->GetName();
      }
    }
    return ReplaceSubgraphMoving(Boundary({{In(relu, 0)}}, {In(relu, 0)}), *owned, nullptr,
                                 nullptr);
  };
  std::string body;
  ASSERT_EQ(rewrite(r1, &body), SUCCESS) << GetLastError();
  Node *first = r2->GetInDataPeer(0).node;
  const std::string prefix = body + "_r1_";
  ASSERT_EQ(first->GetName().rfind(prefix, 0), 0U) << first->GetName();
  const uint64_t n = std::stoull(first->GetName().substr(prefix.size()));
  // The next rewrite's first choice, taken by an unrelated node of the target.
  const std::string next_body = body;  // every SigmoidReplacement names its node alike
  Node *squatter = g.Op(next_body + "_r2_" + std::to_string(n + 1), "Abs", {P(x)});
  ASSERT_EQ(rewrite(r2, &body), SUCCESS) << GetLastError();
  ASSERT_EQ(body, next_body);
  Node *second = out->GetInDataPeer(0).node;
  EXPECT_EQ(second->GetType(), "Sigmoid");
  EXPECT_EQ(second->GetName(), body + "_r2_" + std::to_string(n + 2));
  EXPECT_EQ(g.Get()->FindNode(second->GetName()), second);
  EXPECT_EQ(g.Get()->FindNode(squatter->GetName()), squatter);
  EXPECT_EQ(squatter->GetType(), "Abs");
}

// The runners' path: the replacement is owned by the caller, so its body nodes move into the
// target (same objects, renamed, provenance attrs added, internal edges rebuilt) and only its
// Data/NetOutput stay behind; a replacement that fails validation is left untouched.
TEST(SubgraphRewriterTest, MovingRewriteTransfersTheBodyNodes) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *add = g.Op("add", "Add", {P(x), P(y)});
  Node *relu = g.Op("relu", "Relu", {P(add)});
  Node *out = g.NetOutput({P(relu)});
  SimpleGraphBuilder builder("fused");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  GNode mul = builder.AddNode("Mul", {a, b}, 1);
  GNode sig = builder.AddNode("Sigmoid", {{mul, 0}}, 1);
  auto replacement = builder.Build({{sig, 0}});
  ComputeGraphPtr owned = GraphUtilsEx::GetComputeGraph(*replacement);
  Node *mul_node = NodeAdapter::GNode2Node(mul).get();
  Node *sig_node = NodeAdapter::GNode2Node(sig).get();
  ASSERT_EQ(owned->AddControlEdge(mul_node, sig_node), SUCCESS);

  {  // invalid: three Data for a two-input boundary; nothing moves, nothing changes
    SimpleGraphBuilder bad("bad");
    NodeIo p = bad.AddInput(0);
    NodeIo q = bad.AddInput(1);
    NodeIo r = bad.AddInput(2);
    GNode n = bad.AddNode("AddN", {p, q, r}, 1);
    auto bad_graph = bad.Build({{n, 0}});
    ComputeGraphPtr bad_owned = GraphUtilsEx::GetComputeGraph(*bad_graph);
    const std::string target_before = Signature(*g.Get());
    const std::string replacement_before = Signature(*bad_owned);
    EXPECT_EQ(ReplaceSubgraphMoving(Boundary({{In(add, 0)}, {In(add, 1)}}, {In(relu, 0)}),
                                    *bad_owned, nullptr, nullptr),
              FAILED);
    EXPECT_EQ(Signature(*g.Get()), target_before);
    EXPECT_EQ(Signature(*bad_owned), replacement_before);
  }

  ASSERT_EQ(ReplaceSubgraphMoving(Boundary({{In(add, 0)}, {In(add, 1)}}, {In(relu, 0)}), *owned,
                                  nullptr, nullptr),
            SUCCESS)
      << GetLastError();
  EXPECT_EQ(test::SortedTypes(*owned), (std::vector<std::string>{"Data", "Data", "NetOutput"}));
  EXPECT_EQ(mul_node->GetOwnerGraph(), g.Get().get());
  EXPECT_EQ(sig_node->GetOwnerGraph(), g.Get().get());
  EXPECT_EQ(out->GetInDataPeer(0).node, sig_node);
  EXPECT_EQ(sig_node->GetInDataPeer(0).node, mul_node);
  EXPECT_EQ(mul_node->GetInDataPeer(0).node, x);
  EXPECT_EQ(mul_node->GetInDataPeer(1).node, y);
  EXPECT_TRUE(g.Get()->HasControlEdge(mul_node, sig_node));
  EXPECT_EQ(g.Get()->FindNode(sig_node->GetName()), sig_node);
  EXPECT_EQ(sig_node->GetName().rfind("Sigmoid_1_relu_add_", 0), 0U) << sig_node->GetName();
  const auto *names =
      sig_node->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
  ASSERT_NE(names, nullptr);
  EXPECT_EQ(*names, (std::vector<std::string>{"relu", "add"}));
  // Both body nodes read one shared list; editing one node's list copies it first.
  const auto *mul_names =
      mul_node->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
  ASSERT_NE(mul_names, nullptr);
  EXPECT_EQ(mul_names, names);
  MarkPassName(mul_node, "first");
  MarkPassName(sig_node, "first");
  MarkPassName(mul_node, "second");
  const auto *sig_passes = sig_node->GetOpDesc().GetAttrAs<std::vector<std::string>>("pass_name");
  const auto *mul_passes = mul_node->GetOpDesc().GetAttrAs<std::vector<std::string>>("pass_name");
  ASSERT_NE(sig_passes, nullptr);
  ASSERT_NE(mul_passes, nullptr);
  EXPECT_EQ(*sig_passes, std::vector<std::string>{"first"});
  EXPECT_EQ(*mul_passes, (std::vector<std::string>{"first", "second"}));
  mul_node->MutableOpDesc()
      .MutableAllAttrs()["_datadump_original_op_names"]
      .GetMutable<std::vector<std::string>>()
      ->push_back("edited");
  EXPECT_EQ(*names, (std::vector<std::string>{"relu", "add"})) << "the sibling keeps its list";
  EXPECT_EQ(test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Data", "Data", "Mul", "NetOutput", "Sigmoid"}));
  replacement.reset();  // dropping the emptied replacement leaves the target intact
  std::vector<Node *> order;
  EXPECT_EQ(g.Get()->GetTopologicalOrder(&order), SUCCESS);
  EXPECT_EQ(order.size(), 5U);
}

// The moving rewrite with a pass name: a fresh body node gets the provenance lists and the
// pass-name list in one merge (its attr array stays sorted and searchable); a body node that
// brings its own lists keeps them and gets the pass appended.
TEST(SubgraphRewriterTest, MovingRewriteMarksFreshAndPreMarkedBodyNodes) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *abs = g.Op("abs", "Abs", {P(relu)});
  (void)g.NetOutput({P(abs)});
  SimpleGraphBuilder builder("marked");
  NodeIo in = builder.AddInput(0);
  GNode fresh = builder.AddNode("Exp", {in}, 1);
  GNode marked = builder.AddNode("Neg", {{fresh, 0}}, 1);
  int64_t zeta = 7;
  (void)fresh.SetAttr("zeta", zeta);  // sorts after every attr the rewrite adds
  auto replacement = builder.Build({{marked, 0}});
  Node *fresh_node = NodeAdapter::GNode2Node(fresh).get();
  Node *marked_node = NodeAdapter::GNode2Node(marked).get();
  using StringList = std::vector<std::string>;
  marked_node->MutableOpDesc().SetAttr("_datadump_original_op_names", StringList{"older"});
  marked_node->MutableOpDesc().SetAttr("_datadump_original_op_types", StringList{"Older"});
  marked_node->MutableOpDesc().SetAttr("pass_name", StringList{"earlier_pass"});
  const std::string pass_name = "MarkingPass";
  ASSERT_EQ(ReplaceSubgraphMoving(Boundary({{In(relu, 0)}}, {In(abs, 0)}),
                                  *GraphUtilsEx::GetComputeGraph(*replacement), nullptr, nullptr,
                                  &pass_name),
            SUCCESS)
      << GetLastError();
  const OpDesc &fresh_desc = fresh_node->GetOpDesc();
  ASSERT_NE(fresh_desc.GetAttrAs<StringList>("_datadump_original_op_names"), nullptr);
  EXPECT_EQ(*fresh_desc.GetAttrAs<StringList>("_datadump_original_op_names"),
            (StringList{"abs", "relu"}));
  EXPECT_EQ(*fresh_desc.GetAttrAs<StringList>("_datadump_original_op_types"),
            (StringList{"Abs", "Relu"}));
  EXPECT_EQ(*fresh_desc.GetAttrAs<StringList>("pass_name"), StringList{pass_name});
  ASSERT_NE(fresh_desc.GetAttrAs<int64_t>("zeta"), nullptr);
  EXPECT_EQ(*fresh_desc.GetAttrAs<int64_t>("zeta"), 7);
  std::vector<std::string> names;
  for (const auto &entry : fresh_desc.GetAllAttrs()) {
    names.push_back(entry.first);
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end())) << testing::PrintToString(names);
  const OpDesc &marked_desc = marked_node->GetOpDesc();
  EXPECT_EQ(*marked_desc.GetAttrAs<StringList>("_datadump_original_op_names"), StringList{"older"});
  EXPECT_EQ(*marked_desc.GetAttrAs<StringList>("_datadump_original_op_types"), StringList{"Older"});
  EXPECT_EQ(*marked_desc.GetAttrAs<StringList>("pass_name"),
            (StringList{"earlier_pass", pass_name}));
}

TEST(SubgraphRewriterTest, NotSelfContainedFailsAndLeavesGraphUnchanged) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *abs = g.Op("abs", "Abs", {P(relu)});
  Node *other = g.Op("other", "Neg", {P(relu)});
  g.NetOutput({P(abs), P(other)});
  const std::string before = Signature(*g.Get());
  auto replacement = SigmoidReplacement();
  EXPECT_EQ(SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(abs, 0)}), *replacement),
            FAILED);
  EXPECT_NE(GetLastError().find("Boundary is not self contained"), std::string::npos);
  EXPECT_EQ(Signature(*g.Get()), before);
}

// Malformed boundaries are reported in boundary order (outputs first, each output fully, then
// inputs), with int64 port indexes checked before narrowing, and the graph is left untouched.
TEST(SubgraphRewriterTest, MalformedBoundariesFailInOrderAndLeaveGraphUnchanged) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(relu)});
  const std::string before = Signature(*g.Get());
  auto replacement = SigmoidReplacement();
  auto expect_failure = [&](const SubgraphBoundary &boundary, const std::string &message) {
    EXPECT_EQ(SubgraphRewriter::Replace(boundary, *replacement), FAILED);
    EXPECT_NE(GetLastError().find(message), std::string::npos) << GetLastError();
    EXPECT_EQ(Signature(*g.Get()), before);
  };
  const int64_t huge = int64_t{1} << 32;  // 0 once narrowed to 32 bits
  expect_failure(Boundary({{In(relu, 0)}}, {In(relu, huge)}),
                 "output 0 of the boundary names no valid port");
  expect_failure(Boundary({{In(relu, huge)}}, {In(relu, 0)}),
                 "input 0 of the boundary names an invalid port");
  SubgraphBoundary unset_second = Boundary({{In(relu, 0)}}, {In(relu, -1)});
  ASSERT_EQ(unset_second.AddOutput(1, SubgraphOutput()), SUCCESS);
  expect_failure(unset_second, "output 0 of the boundary names no valid port");
  SubgraphBoundary unset_first;
  ASSERT_EQ(unset_first.AddOutput(0, SubgraphOutput()), SUCCESS);
  ASSERT_EQ(unset_first.AddOutput(1, SubgraphOutput(In(relu, -1))), SUCCESS);
  expect_failure(unset_first, "output 0 of the boundary is not set");
  SubgraphBoundary empty_input = Boundary({{In(relu, huge)}}, {In(relu, 0)});
  ASSERT_EQ(empty_input.AddInput(1, SubgraphInput()), SUCCESS);
  expect_failure(empty_input, "input 0 of the boundary names an invalid port");
}

TEST(SubgraphRewriterTest, OutputsInTwoGraphsFail) {
  TestGraph g1("g1");
  TestGraph g2("g2");
  Node *r1 = g1.Op("r1", "Relu", {P(g1.Data("x", 0))});
  Node *r2 = g2.Op("r2", "Relu", {P(g2.Data("y", 0))});
  SimpleGraphBuilder builder("two");
  NodeIo in = builder.AddInput(0);
  GNode n = builder.AddNode("Both", {in}, 2);
  auto replacement = builder.Build({{n, 0}, {n, 1}});
  EXPECT_EQ(
      SubgraphRewriter::Replace(Boundary({{In(r1, 0)}}, {In(r1, 0), In(r2, 0)}), *replacement),
      FAILED);
  EXPECT_NE(GetLastError().find("not in same graph"), std::string::npos);
}

TEST(SubgraphRewriterTest, InvalidReplacementsFailWithoutTouchingTheGraph) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(relu)});
  const std::string before = Signature(*g.Get());
  const SubgraphBoundary boundary = Boundary({{In(relu, 0)}}, {In(relu, 0)});
  {  // wrong input count
    SimpleGraphBuilder builder("two_inputs");
    NodeIo a = builder.AddInput(0);
    NodeIo b = builder.AddInput(1);
    GNode add = builder.AddNode("Add", {a, b}, 1);
    EXPECT_EQ(SubgraphRewriter::Replace(boundary, *builder.Build({{add, 0}})), FAILED);
    EXPECT_NE(GetLastError().find("[REPLACE][INVALID] replacement[two_inputs]"), std::string::npos);
  }
  {  // wrong output count
    SimpleGraphBuilder builder("two_outputs");
    NodeIo a = builder.AddInput(0);
    GNode s = builder.AddNode("Split", {a}, 2);
    EXPECT_EQ(SubgraphRewriter::Replace(boundary, *builder.Build({{s, 0}, {s, 1}})), FAILED);
  }
  {  // cycle inside the replacement
    SimpleGraphBuilder builder("cyclic");
    NodeIo a = builder.AddInput(0);
    GNode n1 = builder.AddNode("Add", {a}, 1, 2);
    GNode n2 = builder.AddNode("Relu", {{n1, 0}}, 1);
    auto graph = builder.Build({{n2, 0}});
    ComputeGraphPtr cg = GraphUtilsEx::GetComputeGraph(*graph);
    ASSERT_EQ(
        cg->AddDataEdge(NodeAdapter::GNode2Node(n2).get(), 0, NodeAdapter::GNode2Node(n1).get(), 1),
        SUCCESS);
    EXPECT_EQ(SubgraphRewriter::Replace(boundary, *graph), FAILED);
    EXPECT_NE(GetLastError().find("not a DAG"), std::string::npos);
  }
  {  // Data without index
    SimpleGraphBuilder builder("no_index");
    NodeIo a = builder.AddInput(0);
    GNode r = builder.AddNode("Relu", {a}, 1);
    auto graph = builder.Build({{r, 0}});
    NodeAdapter::GNode2Node(a.node)->MutableOpDesc().DelAttr("index");
    EXPECT_EQ(SubgraphRewriter::Replace(boundary, *graph), FAILED);
  }
  EXPECT_EQ(Signature(*g.Get()), before);
}

// A replacement longer than the in-place order check (more than 16 nodes) is sorted instead,
// whether its node list is already in order or reversed; either way the chain lands intact.
TEST(SubgraphRewriterTest, LongReplacementsInAnyNodeOrderAreSorted) {
  constexpr int kChain = 40;
  for (const bool reversed : {false, true}) {
    TestGraph g;
    Node *x = g.Data("x", 0);
    Node *relu = g.Op("relu", "Relu", {P(x)});
    Node *out = g.NetOutput({P(relu)});
    TestGraph r("long_chain");
    std::vector<Node *> chain(kChain);
    Node *data = nullptr;
    Node *net_output = nullptr;
    if (!reversed) {
      data = r.Data("in", 0);
    }
    for (int k = 0; k < kChain; ++k) {
      const int i = reversed ? kChain - 1 - k : k;
      chain[i] = r.Op("abs" + std::to_string(i), "Abs", {P(nullptr)});
    }
    if (reversed) {
      data = r.Data("in", 0);
      net_output = r.NetOutput({P(nullptr)});
    }
    for (int i = 0; i < kChain; ++i) {
      ASSERT_EQ(r.Get()->AddDataEdge(i == 0 ? data : chain[i - 1], 0, chain[i], 0), SUCCESS);
    }
    if (!reversed) {
      net_output = r.NetOutput({P(chain.back())});
    } else {
      ASSERT_EQ(r.Get()->AddDataEdge(chain.back(), 0, net_output, 0), SUCCESS);
    }
    GraphPtr replacement = r.Handle();
    ASSERT_EQ(SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}), *replacement),
              SUCCESS)
        << GetLastError();
    Node *node = out->GetInDataPeer(0).node;
    int length = 0;
    while (node != x) {
      ASSERT_NE(node, nullptr);
      EXPECT_EQ(node->GetType(), "Abs");
      node = node->GetInDataPeer(0).node;
      ++length;
    }
    EXPECT_EQ(length, kChain) << (reversed ? "reversed" : "in order");
  }
}

TEST(SubgraphRewriterTest, ContextOverloadWritesPassNameAndRejectsConflicts) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(relu)});
  CustomPassContext empty_context;
  EXPECT_EQ(SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}),
                                      *SigmoidReplacement(), empty_context),
            FAILED);
  CustomPassContext context;
  context.SetPassName("MyPass");
  ASSERT_EQ(SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}),
                                      *SigmoidReplacement(), context),
            SUCCESS)
      << GetLastError();
  Node *sig = nullptr;
  for (Node *node : g.Get()->GetDirectNodes()) {
    if (node->GetType() == "Sigmoid") sig = node;
  }
  ASSERT_NE(sig, nullptr);
  const auto *passes = sig->GetOpDesc().GetAttrAs<std::vector<std::string>>("pass_name");
  ASSERT_NE(passes, nullptr);
  EXPECT_EQ(*passes, std::vector<std::string>{"MyPass"});
}

TEST(SubgraphRewriterTest, StreamLabelConflictFailsAndLeavesGraphUnchanged) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  Node *s = g.Op("s", "Sigmoid", {P(r)});
  g.NetOutput({P(s)});
  r->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue("a"));
  s->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue("b"));
  const std::string before = Signature(*g.Get());
  CustomPassContext context;
  context.SetPassName("MyPass");
  EXPECT_EQ(
      SubgraphRewriter::Replace(Boundary({{In(r, 0)}}, {In(s, 0)}), *SigmoidReplacement(), context),
      FAILED);
  // Nodes are listed in boundary order (outputs first): both labels are named.
  EXPECT_NE(GetLastError().find("multiple _user_stream_label [b][a] between nodes [s][r]"),
            std::string::npos);
  EXPECT_EQ(Signature(*g.Get()), before);
}

TEST(SubgraphRewriterTest, ExternalControlEdgesSurviveThroughNoOps) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *before_node = g.Op("before", "Abs", {P(x)});
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *after_node = g.Op("after", "Neg", {P(x)});
  ASSERT_EQ(g.Get()->AddControlEdge(before_node, relu), SUCCESS);
  ASSERT_EQ(g.Get()->AddControlEdge(relu, after_node), SUCCESS);
  g.NetOutput({P(relu), P(before_node), P(after_node)});
  ASSERT_EQ(
      SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}), *SigmoidReplacement()),
      SUCCESS)
      << GetLastError();
  Node *noop_in = nullptr;
  Node *noop_out = nullptr;
  for (Node *node : g.Get()->GetDirectNodes()) {
    if (node->GetName().rfind("noop_in_", 0) == 0) noop_in = node;
    if (node->GetName().rfind("noop_out_", 0) == 0) noop_out = node;
  }
  ASSERT_NE(noop_in, nullptr);
  ASSERT_NE(noop_out, nullptr);
  EXPECT_TRUE(g.Get()->HasControlEdge(before_node, noop_in));
  EXPECT_TRUE(g.Get()->HasControlEdge(noop_out, after_node));
  std::vector<Node *> order;
  EXPECT_EQ(g.Get()->GetTopologicalOrder(&order), SUCCESS);
}

TEST(SubgraphRewriterTest, GraphOutputsFollowTheReplacedPort) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(relu)});
  ASSERT_EQ(g.Get()->SetOutputs({{relu, 0}}), SUCCESS);
  ASSERT_EQ(
      SubgraphRewriter::Replace(Boundary({{In(relu, 0)}}, {In(relu, 0)}), *SigmoidReplacement()),
      SUCCESS);
  ASSERT_EQ(g.Get()->GetOutputs().size(), 1U);
  EXPECT_EQ(g.Get()->GetOutputs()[0].first->GetType(), "Sigmoid");
}

TEST(SubgraphBoundaryTest, InputOutputAndIndexRules) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *add = g.Op("add", "Add", {P(x), P(y)});
  Node *mul = g.Op("mul", "Mul", {P(x), P(x)});
  SubgraphInput input;
  EXPECT_EQ(input.AddInput(In(add, 0)), SUCCESS);
  EXPECT_EQ(input.AddInput(In(mul, 0)), SUCCESS);  // same tensor: allowed
  EXPECT_EQ(input.AddInput(In(mul, 1)), SUCCESS);
  EXPECT_NE(input.AddInput(In(add, 1)), SUCCESS);  // second producer rejected
  EXPECT_NE(input.AddInput(In(add, 5)), SUCCESS);  // no such port
  SubgraphOutput output;
  EXPECT_NE(output.SetOutput(In(add, 3)), SUCCESS);
  EXPECT_EQ(output.SetOutput(In(add, 0)), SUCCESS);
  EXPECT_NE(output.SetOutput(In(mul, 0)), SUCCESS);
  SubgraphBoundary boundary;
  EXPECT_EQ(boundary.AddInput(0, input), SUCCESS);
  EXPECT_NE(boundary.AddInput(0, input), SUCCESS);
  EXPECT_EQ(GetLastError(), "Input 0 has already added.");
  EXPECT_EQ(boundary.AddOutput(0, output), SUCCESS);
  EXPECT_NE(boundary.AddOutput(0, output), SUCCESS);
  EXPECT_EQ(GetLastError(), "Output 0 has already added.");
}

TEST(GraphFuseInspectorTest, CanFuseChecksInOrder) {
  TestGraph g;
  TestGraph other("other");
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *b = g.Op("b", "Abs", {P(a)});
  Node *c = g.Op("c", "Add", {P(a), P(b)});
  Node *foreign = other.Op("f", "Relu", {P(other.Data("y", 0))});
  AscendString reason;
  EXPECT_FALSE(GraphFuseInspector::CanFuse({}, reason));
  EXPECT_STREQ(reason.GetString(), "nodes_before_fuse is empty");
  EXPECT_FALSE(GraphFuseInspector::CanFuse({GNode()}, reason));
  EXPECT_STREQ(reason.GetString(), "failed to convert GNode to NodePtr");
  EXPECT_FALSE(GraphFuseInspector::CanFuse(
      {NodeAdapter::Node2GNode(a), NodeAdapter::Node2GNode(foreign)}, reason));
  EXPECT_NE(std::string(reason.GetString()).find("nodes belong to different graphs"),
            std::string::npos);
  // a -> b -> c and a -> c: fusing {a, c} leaves b outside on a path a -> b -> c.
  EXPECT_FALSE(GraphFuseInspector::CanFuse({NodeAdapter::Node2GNode(a), NodeAdapter::Node2GNode(c)},
                                           reason));
  EXPECT_STREQ(reason.GetString(), "it will create cycle after fuse");
  EXPECT_TRUE(GraphFuseInspector::CanFuse(
      {NodeAdapter::Node2GNode(a), NodeAdapter::Node2GNode(b), NodeAdapter::Node2GNode(c)},
      reason));
  a->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue("s1"));
  b->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue("s2"));
  EXPECT_FALSE(GraphFuseInspector::CanFuse({NodeAdapter::Node2GNode(a), NodeAdapter::Node2GNode(b)},
                                           reason));
  EXPECT_NE(std::string(reason.GetString()).find("[s1][s2]"), std::string::npos);
}

TEST(GraphFuseInspectorTest, ControlEdgeCycleIsDetected) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *mid = g.Op("mid", "Abs", {P(x)});
  Node *b = g.Op("b", "Neg", {P(x)});
  ASSERT_EQ(g.Get()->AddControlEdge(a, mid), SUCCESS);
  ASSERT_EQ(g.Get()->AddControlEdge(mid, b), SUCCESS);
  EXPECT_TRUE(WillCauseCycleIfFuse({a, b}));
  EXPECT_FALSE(WillCauseCycleIfFuse({a}));
  EXPECT_FALSE(WillCauseCycleIfFuse({}));
  CycleChecker checker(g.Get().get());
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, b}));
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({a, mid}));
}

// A single node, or a chain that only its last node leaves, is answered from its own edges: the
// unbounded search would have walked the whole chain below it to find nothing.
TEST(GraphFuseInspectorTest, ASetWithOneExitIsAnsweredWithoutASearch) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  std::vector<Node *> chain{g.Op("n0", "Relu", {P(x)})};
  for (int i = 1; i < 64; ++i) {
    chain.push_back(g.Op("n" + std::to_string(i), "Relu", {P(chain.back())}));
  }
  EXPECT_FALSE(WillCauseCycleIfFuse({chain[0]}));
  EXPECT_FALSE(WillCauseCycleIfFuse({chain[0], chain[1], chain[2]}));
  EXPECT_TRUE(WillCauseCycleIfFuse({chain[0], chain[2]}));  // two leave; n1 is between them
  // On a graph that is already cyclic the shape test stands: fusing n5 alone adds no cycle (the
  // one through it stays, and CompileGraph rejects the graph after the passes).
  ASSERT_EQ(g.Get()->AddControlEdge(chain[9], chain[5]), SUCCESS);
  EXPECT_FALSE(WillCauseCycleIfFuse({chain[5]}));
  EXPECT_TRUE(WillCauseCycleIfFuse({chain[5], chain[7]}));
}

// One Data feeding three unary nodes made in this order: a fresh topological sort ranks them
// in that order too, and no path joins them until a test adds one. Each has a consumer of its
// own, so any two of them are a set that two members leave: the checker needs its ranks for
// them (a set only one member leaves is answered from its edges alone).
std::array<Node *, 3> ThreeConsumersOfOneInput(TestGraph &g) {
  Node *x = g.Data("x", 0);
  const std::array<Node *, 3> nodes{g.Op("first", "Relu", {P(x)}), g.Op("second", "Abs", {P(x)}),
                                    g.Op("third", "Neg", {P(x)})};
  for (Node *node : nodes) {
    (void)g.Op(node->GetName() + "_out", "Relu", {P(node)});
  }
  return nodes;
}

// Whether `graph` holds ranks a checker left with it (taking them, so a later checker sorts).
bool TakeRanksLeftWith(ComputeGraph *graph) {
  std::vector<double> positions;
  double bound = 0.0;
  return graph->TakeTopologicalPositions(&positions, &bound);
}

// A set only one member leaves, whose other members feed a member, cannot close a cycle in an
// acyclic graph: the checker answers from the set's own edges and never sorts the graph.
TEST(CycleCheckerTest, ASetWithOneExitNeedsNoRanks) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *b = g.Op("b", "Abs", {P(a)});
  Node *c = g.Op("c", "Add", {P(a), P(b)});
  Node *after = g.Op("after", "Neg", {P(c)});
  Node *lone = g.Op("lone", "Exp", {P(x)});  // no consumer
  ComputeGraph *graph = g.Get().get();
  CycleChecker checker(graph);
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({a, b, c}));  // only c leaves
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({lone}));     // nothing leaves
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({}));
  checker.KeepRanksWithGraph();
  EXPECT_FALSE(TakeRanksLeftWith(graph));  // none were computed
  // a leaves, and `after` feeds no member: the shape proves nothing, so ranks (a -> b -> c ->
  // after comes back).
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, after}));
  checker.KeepRanksWithGraph();
  EXPECT_TRUE(TakeRanksLeftWith(graph));
}

// The shape test must not pass a set whose exit is not where its other members lead: here b is
// left only through a's control edge, and the path a -> mid -> b comes back.
TEST(CycleCheckerTest, AControlEdgeLeavingFromInsideIsSearched) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *b = g.Op("b", "Abs", {P(a)});
  Node *mid = g.Op("mid", "Neg", {P(x)});
  ASSERT_EQ(g.Get()->AddControlEdge(a, mid), SUCCESS);
  ASSERT_EQ(g.Get()->AddControlEdge(mid, b), SUCCESS);
  CycleChecker checker(g.Get().get());
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, b}));  // a is the only exit, b feeds nothing
  Node *after = g.Op("after", "Exp", {P(b)});
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, b}));  // a and b both leave
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({b, after}));
  EXPECT_TRUE(WillCauseCycleIfFuse({a, b}));
}

// Ranks computed before an edit the checker was not told about must not be trusted: here they
// say c comes after b, so a search from a would stop at c and miss the path a -> c -> b.
TEST(CycleCheckerTest, EditsMadeBehindItsBackAreNotTrusted) {
  TestGraph g;
  const auto [a, b, c] = ThreeConsumersOfOneInput(g);
  CycleChecker checker(g.Get().get());
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({a, b}));  // ranks now: a < b < c
  ASSERT_EQ(g.Get()->AddControlEdge(a, c), SUCCESS);
  ASSERT_EQ(g.Get()->AddControlEdge(c, b), SUCCESS);
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, b}));
  // A rewrite reported after such an edit does not make the stale ranks current again.
  ASSERT_EQ(g.Get()->RemoveControlEdge(c, b), SUCCESS);
  EXPECT_FALSE(checker.WillCauseCycleIfFuse({a, b}));
  ASSERT_EQ(g.Get()->AddControlEdge(c, b), SUCCESS);  // a hook edits the graph, then a rewrite
  checker.NotifyReplaced({}, {}, {}, {}, g.Get()->GetModificationCount());
  EXPECT_TRUE(checker.WillCauseCycleIfFuse({a, b}));
}

TEST(CycleCheckerTest, TheNextCheckerReusesRanksOnlyWhileTheGraphIsUnchanged) {
  TestGraph g;
  const auto [p, q, r] = ThreeConsumersOfOneInput(g);
  ComputeGraph *graph = g.Get().get();
  {
    CycleChecker first(graph);
    EXPECT_FALSE(first.WillCauseCycleIfFuse({p, q}));
    first.KeepRanksWithGraph();
  }
  {
    CycleChecker second(graph);
    EXPECT_FALSE(second.WillCauseCycleIfFuse({p, q}));
    EXPECT_FALSE(second.WillCauseCycleIfFuse({q, r}));
    EXPECT_FALSE(TakeRanksLeftWith(graph));  // second took them
    second.KeepRanksWithGraph();
  }
  // Kept, then edited (ranks p < q < r no longer hold for the new path p -> r -> q).
  ASSERT_EQ(graph->AddControlEdge(p, r), SUCCESS);
  ASSERT_EQ(graph->AddControlEdge(r, q), SUCCESS);
  CycleChecker third(graph);
  EXPECT_TRUE(third.WillCauseCycleIfFuse({p, q}));
}

TEST(GraphFuseInspectorTest, ReportFuseRecordsProvenance) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *a = g.Op("a", "Relu", {P(x)});
  Node *b = g.Op("b", "Abs", {P(a)});
  Node *fused = g.Op("fused", "Fused", {P(x)});
  CustomPassContext context;
  EXPECT_NE(GraphFuseInspector::ReportFuse({NodeAdapter::Node2GNode(a)}, {}, context), SUCCESS);
  context.SetPassName("P");
  EXPECT_NE(GraphFuseInspector::ReportFuse({}, {}, context), SUCCESS);
  EXPECT_NE(GraphFuseInspector::ReportFuse({GNode()}, {}, context), SUCCESS);
  EXPECT_EQ(GraphFuseInspector::ReportFuse({NodeAdapter::Node2GNode(a)}, {}, context), SUCCESS);
  ASSERT_EQ(GraphFuseInspector::ReportFuse({NodeAdapter::Node2GNode(a), NodeAdapter::Node2GNode(b)},
                                           {NodeAdapter::Node2GNode(fused)}, context),
            SUCCESS);
  const auto *names =
      fused->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
  ASSERT_NE(names, nullptr);
  EXPECT_EQ(*names, (std::vector<std::string>{"a", "b"}));
  const auto *types =
      fused->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_types");
  ASSERT_NE(types, nullptr);
  EXPECT_EQ(*types, (std::vector<std::string>{"Relu", "Abs"}));
}

TEST(GNodeTest, HandleExpiresWithItsNode) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  GNode handle = NodeAdapter::Node2GNode(r);
  AscendString type;
  ASSERT_EQ(handle.GetType(type), GRAPH_SUCCESS);
  EXPECT_STREQ(type.GetString(), "Relu");
  auto peer = handle.GetInDataNodesAndPortIndexs(0);
  ASSERT_NE(peer.first, nullptr);
  AscendString name;
  ASSERT_EQ(peer.first->GetName(name), GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "x");
  ASSERT_EQ(g.Get()->RemoveNode(r), SUCCESS);
  EXPECT_FALSE(handle.IsValid());
  EXPECT_EQ(handle.GetType(type), GRAPH_FAILED);
  EXPECT_NE(GetLastError().find("invalid"), std::string::npos);
  EXPECT_EQ(handle.GetInputsSize(), 0U);
}

// Copies share their implementation; assigning one handle must never retarget another.
TEST(GNodeTest, CopiesAreIndependentValues) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  GNode a = NodeAdapter::Node2GNode(r);
  GNode b = a;
  GNode c(std::move(b));
  EXPECT_TRUE(a == c);
  EXPECT_TRUE(b.IsValid());  // a moved-from handle keeps its value
  b = NodeAdapter::Node2GNode(x);
  EXPECT_FALSE(a == b);
  AscendString name;
  ASSERT_EQ(a.GetName(name), GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "r");
  ASSERT_EQ(b.GetName(name), GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "x");
  GNode invalid;
  EXPECT_FALSE(invalid.IsValid());
  invalid = a;
  EXPECT_TRUE(invalid.IsValid());
  EXPECT_FALSE(GNode().IsValid());  // the shared invalid impl was not modified
}

TEST(InferShapeUtilTest, BoundaryDescsFlowThroughTheReplacement) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  x->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape({3, 5}));
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(relu)});
  SimpleGraphBuilder builder("relu_abs");
  NodeIo in = builder.AddInput(0);
  GNode abs = builder.AddNode("Abs", {in}, 1);
  GNode r = builder.AddNode("Relu", {{abs, 0}}, 1);
  GraphUniqPtr replacement = builder.Build({{r, 0}});
  ASSERT_EQ(InferShapeUtil::InferShape(replacement, NodeAdapter::Node2GNode(relu)), SUCCESS)
      << GetLastError();
  TensorDesc desc;
  ASSERT_EQ(r.GetOutputDesc(0, desc), GRAPH_SUCCESS);
  EXPECT_EQ(desc.GetShape().GetDims(), (std::vector<int64_t>{3, 5}));
  EXPECT_EQ(desc.GetDataType(), DT_FLOAT);
}

TEST(InferShapeUtilTest, ConstProducerValueIsAttachedAndBadIndexFails) {
  TestGraph g;
  Node *c = g.Const("c", 4.0F);
  Node *relu = g.Op("relu", "Relu", {P(c)});
  g.NetOutput({P(relu)});
  SimpleGraphBuilder builder("neg");
  NodeIo in = builder.AddInput(0);
  GNode neg = builder.AddNode("Neg", {in}, 1);
  GraphUniqPtr replacement = builder.Build({{neg, 0}});
  ASSERT_EQ(InferShapeUtil::InferShape(replacement, NodeAdapter::Node2GNode(relu)), SUCCESS)
      << GetLastError();
  const GeTensorDesc *input = NodeAdapter::GNode2Node(neg)->GetOpDesc().GetInputDesc(0);
  ASSERT_NE(input, nullptr);
  EXPECT_NE(input->GetAttrs().count("_value"), 0U);
  NodeAdapter::GNode2Node(in.node)->MutableOpDesc().SetAttr("index",
                                                            GeAttrValue(static_cast<int64_t>(3)));
  EXPECT_EQ(InferShapeUtil::InferShape(replacement, NodeAdapter::Node2GNode(relu)), FAILED);
  EXPECT_NE(GetLastError().find("not found in boundary inputs"), std::string::npos);
  NodeAdapter::GNode2Node(in.node)->MutableOpDesc().DelAttr("index");
  EXPECT_EQ(InferShapeUtil::InferShape(replacement, NodeAdapter::Node2GNode(relu)), FAILED);
  EXPECT_NE(GetLastError().find("missing index attr"), std::string::npos);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
