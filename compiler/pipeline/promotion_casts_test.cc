// The Casts of GE's dtype promotion: where they go, what they are called, how they are wired and
// typed, in the root graph and in If branches, alone and inside CompileGraph.
#include "pipeline/promotion_casts.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "ops/infer_test_util.h"
#include "pipeline/compile_graph.h"

namespace ge {
namespace {
using test::Out;
using test::OutType;
using test::TestGraph;

// The node feeding input `port` of `node`.
Node *Producer(const Node *node, size_t port) { return node->GetInDataPeer(port).node; }

int64_t DstType(const Node *cast) {
  const int64_t *value = cast->GetOpDesc().GetAttrAs<int64_t>("dst_type");
  return value == nullptr ? -1 : *value;
}

DataType InType(const Node *node, size_t port) {
  return node->GetOpDesc().GetInputDesc(port)->GetDataType();
}

// float x + int64 y + int64 z, as GE's operator-overload sample writes it.
struct FloatPlusInts {
  TestGraph g;
  Node *x = g.Data("x", {2, 3}, DT_FLOAT);
  Node *y = g.Data("y", {2, 3}, DT_INT64);
  Node *z = g.Data("z", {2, 3}, DT_INT64);
  Node *add1 = g.Op("Add", "add1", {Out(x), Out(y)});
  Node *add2 = g.Op("Add", "add2", {Out(add1), Out(z)});
  Node *out = g.Op("NetOutput", "out", {Out(add2)}, {}, {{"x", 1}});
};

TEST(PromotionCastsTest, FloatPlusTwoInt64sGetsOneCastPerInt64Input) {
  FloatPlusInts f;
  ASSERT_EQ(InferGraphShape(f.g.graph(), {}), SUCCESS) << GetLastError();
  size_t inserted = 0;
  ASSERT_EQ(InsertPromotionCasts(f.g.graph(), &inserted), SUCCESS) << GetLastError();
  EXPECT_EQ(inserted, 2U);
  // The Adds were rewritten: copies under the same names replace them.
  Node *add1 = f.g.graph().FindNode("add1");
  Node *add2 = f.g.graph().FindNode("add2");
  ASSERT_NE(add1, nullptr);
  ASSERT_NE(add2, nullptr);
  EXPECT_EQ(Producer(f.g.graph().FindNode("out"), 0), add2);
  for (Node *add : {add1, add2}) {
    EXPECT_EQ(Producer(add, 0), add == add1 ? f.x : add1);  // float input untouched
    Node *cast = Producer(add, 1);
    ASSERT_NE(cast, nullptr);
    EXPECT_EQ(cast->GetName(), add->GetName() + "/cast_x2");
    EXPECT_EQ(cast->GetType(), "Cast");
    EXPECT_EQ(Producer(cast, 0), add == add1 ? f.y : f.z);
    EXPECT_EQ(cast->GetOutDataPeers(0).size(), 1U);
    EXPECT_EQ(DstType(cast), static_cast<int64_t>(DT_FLOAT));
    EXPECT_EQ(InType(cast, 0), DT_INT64);
    EXPECT_EQ(OutType(cast), DT_FLOAT);
    EXPECT_EQ(test::OutDims(cast), (test::Dims{2, 3}));
    EXPECT_EQ(InType(add, 1), DT_FLOAT);
    EXPECT_EQ(OutType(add), DT_FLOAT);
  }
  // Inference over the edited graph agrees, and a second pass finds nothing left to cast.
  ASSERT_EQ(InferGraphShape(f.g.graph(), {}), SUCCESS) << GetLastError();
  ASSERT_EQ(InsertPromotionCasts(f.g.graph(), &inserted), SUCCESS) << GetLastError();
  EXPECT_EQ(inserted, 0U);
  EXPECT_EQ(f.g.graph().GetDirectNodesSize(), 8U);
}

TEST(PromotionCastsTest, ComparisonInputsReachThePromotedDtypeAndOutputStaysBool) {
  TestGraph g;
  Node *a = g.Data("a", {4}, DT_INT32);
  Node *b = g.Data("b", {4}, DT_FLOAT16);
  Node *c = g.Data("c", {4}, DT_UINT8);
  Node *d = g.Data("d", {4}, DT_INT8);
  g.Op("Less", "less", {Out(a), Out(b)});
  g.Op("Equal", "equal", {Out(c), Out(d)});
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  size_t inserted = 0;
  ASSERT_EQ(InsertPromotionCasts(g.graph(), &inserted), SUCCESS) << GetLastError();
  EXPECT_EQ(inserted, 3U);
  Node *less = g.graph().FindNode("less");
  Node *equal = g.graph().FindNode("equal");
  EXPECT_EQ(Producer(less, 0)->GetName(), "less/cast_x1");
  EXPECT_EQ(DstType(Producer(less, 0)), static_cast<int64_t>(DT_FLOAT16));
  EXPECT_EQ(Producer(less, 1), b);
  EXPECT_EQ(OutType(less), DT_BOOL);
  // uint8 with int8 is int16: both inputs are cast.
  for (size_t port : {0U, 1U}) {
    Node *cast = Producer(equal, port);
    EXPECT_EQ(cast->GetName(), std::string("equal/cast_x") + (port == 0 ? "1" : "2"));
    EXPECT_EQ(OutType(cast), DT_INT16);
    EXPECT_EQ(InType(equal, port), DT_INT16);
  }
  EXPECT_EQ(OutType(equal), DT_BOOL);
}

TEST(PromotionCastsTest, SharedProducerGetsACastPerEdgeAndNamesStayUnique) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_FLOAT);
  Node *n = g.Data("n", {2}, DT_INT32);
  g.Op("Relu", "mul/cast_x2", {Out(x)});  // already holds the name the Cast would get
  g.Op("Mul", "mul", {Out(x), Out(n)});
  g.Op("Sub", "sub", {Out(n), Out(x)});
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  ASSERT_EQ(InsertPromotionCasts(g.graph()), SUCCESS) << GetLastError();
  Node *mul = g.graph().FindNode("mul");
  Node *sub = g.graph().FindNode("sub");
  EXPECT_EQ(Producer(mul, 1)->GetName(), "mul/cast_x2_1");
  EXPECT_EQ(Producer(sub, 0)->GetName(), "sub/cast_x1");
  EXPECT_EQ(Producer(Producer(mul, 1), 0), n);
  EXPECT_EQ(Producer(Producer(sub, 0), 0), n);
  EXPECT_EQ(n->GetOutDataPeers(0).size(), 2U);
}

TEST(PromotionCastsTest, EqualDtypesAndOtherOpsAreLeftAlone) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_FLOAT);
  Node *y = g.Data("y", {2}, DT_FLOAT);
  Node *b = g.Data("b", {2}, DT_BOOL);
  g.Op("Add", "add", {Out(x), Out(y)});
  g.Op("LogicalAnd", "and", {Out(b), Out(b)});
  g.Op("Cast", "cast", {Out(x)}, {{"dst_type", int64_t{DT_INT32}}});
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  size_t inserted = 7;
  ASSERT_EQ(InsertPromotionCasts(g.graph(), &inserted), SUCCESS) << GetLastError();
  EXPECT_EQ(inserted, 0U);
  EXPECT_EQ(g.graph().GetDirectNodesSize(), 6U);
}

TEST(PromotionCastsTest, TheRewriteRecordsTheReplacedNodeAndCarriesControlEdges) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_FLOAT);
  Node *n = g.Data("n", {2}, DT_INT64);
  Node *before = g.Op("Relu", "before", {Out(x)});
  g.Op("Add", "add", {Out(x), Out(n)}, {{"keep_me", int64_t{7}}});
  Node *after = g.Op("Relu", "after", {Out(x)});
  ASSERT_EQ(g.graph().AddControlEdge(before, g.graph().FindNode("add")), SUCCESS);
  ASSERT_EQ(g.graph().AddControlEdge(g.graph().FindNode("add"), after), SUCCESS);
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  ASSERT_EQ(InsertPromotionCasts(g.graph()), SUCCESS) << GetLastError();
  Node *add = g.graph().FindNode("add");
  Node *cast = g.graph().FindNode("add/cast_x2");
  ASSERT_NE(cast, nullptr);
  EXPECT_EQ(Producer(add, 1), cast);
  const int64_t *kept = add->GetOpDesc().GetAttrAs<int64_t>("keep_me");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(*kept, 7);
  for (Node *fresh : {add, cast}) {
    const auto *names =
        fresh->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
    ASSERT_NE(names, nullptr) << fresh->GetName();
    EXPECT_EQ(*names, std::vector<std::string>{"add"});
  }
  // The control edges reach the new nodes through the rewriter's NoOps (docs/runtime.md: the
  // host runtime runs them as plumbing).
  bool into_the_cast = false;
  bool out_to_after = false;
  for (Node *node : g.graph().GetDirectNodes()) {
    if (node->GetType() != "NoOp") continue;
    into_the_cast |= g.graph().HasControlEdge(before, node) && g.graph().HasControlEdge(node, cast);
    out_to_after |= g.graph().HasControlEdge(add, node) && g.graph().HasControlEdge(node, after);
  }
  EXPECT_TRUE(into_the_cast);
  EXPECT_TRUE(out_to_after);
}

// A branch of `parent` computing `int64 const (+) float data` (const first when `const_first`).
std::shared_ptr<ComputeGraph> AddConstBranch(const std::string &name, bool const_first,
                                             Node *parent, ComputeGraph &root) {
  TestGraph sub(name);
  Node *data = sub.Data(name + "_input", {2}, DT_FLOAT, 0);
  Node *five = sub.Const<int64_t>(name + "_const", {5}, DT_INT64, {});
  Node *add = const_first ? sub.Op("Add", name + "_add", {Out(five), Out(data)})
                          : sub.Op("Add", name + "_add", {Out(data), Out(five)});
  sub.Op("NetOutput", name + "_out", {Out(add)}, {}, {{"x", 1}});
  sub.graph_ptr()->SetParentNode(parent);
  sub.graph_ptr()->SetParentGraph(root.shared_from_this());
  EXPECT_EQ(root.AddSubgraph(sub.graph_ptr()), SUCCESS) << GetLastError();
  parent->MutableOpDesc().AddSubgraphInstanceName(name);
  return sub.graph_ptr();
}

TEST(PromotionCastsTest, CastsGoInsideIfBranches) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_FLOAT);
  Node *cond = g.Data("cond", {}, DT_INT32);
  Node *if_node = g.Op("If", "if", {Out(cond), Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
  g.Op("NetOutput", "out", {Out(if_node)}, {}, {{"x", 1}});
  auto then_graph = AddConstBranch("then_branch", true, if_node, g.graph());
  auto else_graph = AddConstBranch("else_branch", false, if_node, g.graph());
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  size_t inserted = 0;
  ASSERT_EQ(InsertPromotionCasts(g.graph(), &inserted), SUCCESS) << GetLastError();
  EXPECT_EQ(inserted, 2U);
  EXPECT_EQ(g.graph().GetDirectNodesSize(), 4U);  // nothing lands in the root graph

  Node *then_cast = then_graph->FindNode("then_branch_add/cast_x1");
  ASSERT_NE(then_cast, nullptr);
  EXPECT_EQ(Producer(then_cast, 0), then_graph->FindNode("then_branch_const"));
  EXPECT_EQ(Producer(then_graph->FindNode("then_branch_add"), 0), then_cast);
  EXPECT_EQ(OutType(then_cast), DT_FLOAT);

  Node *else_cast = else_graph->FindNode("else_branch_add/cast_x2");
  ASSERT_NE(else_cast, nullptr);
  EXPECT_EQ(Producer(else_cast, 0), else_graph->FindNode("else_branch_const"));
  EXPECT_EQ(Producer(else_graph->FindNode("else_branch_add"), 1), else_cast);
  EXPECT_EQ(DstType(else_cast), static_cast<int64_t>(DT_FLOAT));
  EXPECT_EQ(OutType(if_node), DT_FLOAT);
}

// compile_graph_test.cc registers a pass that always fails in this test binary.
const std::map<std::string, std::string> kOptions = {{"AlwaysFailingPass", "off"}};

TEST(PromotionCastsTest, CompileGraphInsertsTheCastsAfterInferShape) {
  FloatPlusInts f;
  CompileResult result;
  ASSERT_EQ(CompileGraph(f.g.graph_ptr(), kOptions, &result), SUCCESS) << GetLastError();
  ASSERT_NE(f.g.graph().FindNode("add1/cast_x2"), nullptr);
  ASSERT_NE(f.g.graph().FindNode("add2/cast_x2"), nullptr);
  Node *add2 = f.g.graph().FindNode("add2");
  EXPECT_EQ(InType(add2, 0), DT_FLOAT);
  EXPECT_EQ(InType(add2, 1), DT_FLOAT);
  EXPECT_EQ(f.g.graph().FindNode("out")->GetOpDesc().GetInputDesc(0)->GetDataType(), DT_FLOAT);
}

TEST(PromotionCastsTest, CompileFailsOnAnUndefinedPairNamingNodeAndDtypes) {
  TestGraph g;
  Node *a = g.Data("a", {2}, DT_UINT32);
  Node *b = g.Data("b", {2}, DT_INT64);
  Node *max = g.Op("Maximum", "max", {Out(a), Out(b)});
  g.Op("NetOutput", "out", {Out(max)}, {}, {{"x", 1}});
  CompileResult result;
  ASSERT_NE(CompileGraph(g.graph_ptr(), kOptions, &result), SUCCESS);
  EXPECT_TRUE(test::ErrorContains("node 'max' (Maximum)")) << GetLastError();
  EXPECT_TRUE(test::ErrorContains("DT_INT64")) << GetLastError();
  EXPECT_TRUE(test::ErrorContains("DT_UINT32")) << GetLastError();
}

}  // namespace
}  // namespace ge
