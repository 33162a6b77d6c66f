// Whole-graph inference: input shapes, NetOutput refresh, subgraphs of control ops.
#include "ops/graph_shape_inference.h"

#include <gtest/gtest.h>

#include "ops/infer_test_util.h"

namespace ge {
namespace {
using test::Dims;
using test::ErrorContains;
using test::Out;
using test::OutDims;
using test::TestGraph;

Dims InDims(const Node *node, size_t index = 0) {
  return node->GetOpDesc().GetInputDesc(index)->GetShape().GetDims();
}

TEST(GraphShapeInferenceTest, InputShapesFlowToNetOutput) {
  TestGraph g;
  Node *x = g.Data("x", {1, 3, 224, 224});
  Node *one = g.Floats("one", {1.0F}, true);
  Node *add = g.Op("Add", "add", {Out(x), Out(one)});
  Node *relu = g.Op("Relu", "relu", {Out(add)});
  Node *out = g.Op("NetOutput", "Node_Output", {Out(relu)}, {}, {{"x", 1}});
  ASSERT_EQ(InferGraphShape(g.graph(), {{2, 3, -1, 8}}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(x), (Dims{2, 3, -1, 8}));
  EXPECT_EQ(InDims(x), (Dims{2, 3, -1, 8}));
  EXPECT_EQ(OutDims(relu), (Dims{2, 3, -1, 8}));
  EXPECT_EQ(InDims(out), (Dims{2, 3, -1, 8}));
}

TEST(GraphShapeInferenceTest, EmptyGraphAndShapeCountChecks) {
  TestGraph empty;
  EXPECT_EQ(InferGraphShape(empty.graph(), {}), SUCCESS);
  EXPECT_NE(InferGraphShape(empty.graph(), {{1}}), SUCCESS);
  EXPECT_TRUE(ErrorContains("1 input shapes given but the graph has 0 Data nodes"))
      << GetLastError();
  TestGraph g;
  g.Data("x", {2}, DT_FLOAT, 1);
  EXPECT_NE(InferGraphShape(g.graph(), {{3}}), SUCCESS);
  EXPECT_TRUE(ErrorContains("no Data node has index 0")) << GetLastError();
  EXPECT_NE(InferGraphShape(g.graph(), {{3}, {-2, 1}}), SUCCESS);
}

TEST(GraphShapeInferenceTest, FailureNamesTheNode) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *b = g.Data("b", {2, 3});
  g.Op("MatMul", "mm", {Out(a), Out(b)});
  EXPECT_NE(InferGraphShape(g.graph(), {}), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'mm' (MatMul)")) << GetLastError();
  // A new input shape fixes it.
  EXPECT_EQ(InferGraphShape(g.graph(), {{2, 3}, {3, 4}}), SUCCESS) << GetLastError();
}

TEST(GraphShapeInferenceTest, UnknownOpTypeFails) {
  TestGraph g;
  Node *a = g.Data("a", {2});
  OpDesc desc("weird", "NoSuchOpType");
  desc.AddInputDesc("x", GeTensorDesc());
  Node *node = g.graph().AddNode(desc);
  ASSERT_EQ(g.graph().AddDataEdge(a, 0, node, 0), SUCCESS);
  EXPECT_NE(InferGraphShape(g.graph(), {}), SUCCESS);
  EXPECT_TRUE(ErrorContains("'NoSuchOpType' is not registered")) << GetLastError();
}

TEST(GraphShapeInferenceTest, UnconnectedRequiredInputFailsNamingThePort) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *add = g.Op("Add", "add", {Out(a), {nullptr, 0}});
  g.Op("NetOutput", "out", {Out(add)}, {}, {{"x", 1}});
  // A lone node's inference reads the descs as set (GE's operator-level inference does too) ...
  EXPECT_EQ(InferNodeShape(add), SUCCESS) << GetLastError();
  // ... but in a graph the port has no producer, and the node could never run.
  EXPECT_NE(InferGraphShape(g.graph(), {}), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'add' (Add): required input 1 ('x2') is not connected"))
      << GetLastError();
}

TEST(GraphShapeInferenceTest, UnconnectedOptionalInputsAndDataInputsPass) {
  TestGraph g;
  Node *x = g.Data("x", {2, 3});
  Node *dropout = g.Op("Dropout", "dropout", {Out(x)});
  g.Op("NetOutput", "out", {Out(dropout)}, {}, {{"x", 1}});
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(dropout), (Dims{2, 3}));
}

// If(cond, x) with then = Relu(x) and else = x reshaped; both subgraphs end in NetOutput.
std::shared_ptr<ComputeGraph> Branch(const std::string &name, bool reshape, Node *parent,
                                     ComputeGraph &root) {
  TestGraph sub(name);
  Node *data = sub.Data(name + "_x", {-2}, DT_FLOAT, 0);
  Node *body;
  if (reshape) {
    Node *shape = sub.Ints(name + "_shape", {-1});
    body = sub.Op("Reshape", name + "_reshape", {Out(data), Out(shape)});
  } else {
    body = sub.Op("Relu", name + "_relu", {Out(data)});
  }
  sub.Op("NetOutput", name + "_out", {Out(body)}, {}, {{"x", 1}});
  sub.graph_ptr()->SetParentNode(parent);
  sub.graph_ptr()->SetParentGraph(root.shared_from_this());
  EXPECT_EQ(root.AddSubgraph(sub.graph_ptr()), SUCCESS) << GetLastError();
  parent->MutableOpDesc().AddSubgraphInstanceName(name);
  return sub.graph_ptr();
}

TEST(GraphShapeInferenceTest, IfMergesBranchShapes) {
  TestGraph g;
  Node *cond = g.Data("cond", {}, DT_BOOL);
  Node *x = g.Data("x", {2, 3});
  Node *if_node = g.Op("If", "if", {Out(cond), Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
  auto then_graph = Branch("then_graph", false, if_node, g.graph());
  auto else_graph = Branch("else_graph", true, if_node, g.graph());
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(then_graph->FindNode("then_graph_relu")), (Dims{2, 3}));
  EXPECT_EQ(OutDims(else_graph->FindNode("else_graph_reshape")), (Dims{6}));
  EXPECT_EQ(OutDims(if_node), (Dims{-2}));  // ranks differ between branches
  ASSERT_EQ(InferGraphShape(g.graph(), {{}, {6}}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(if_node), (Dims{6}));
}

TEST(GraphShapeInferenceTest, WhileWidensLoopCarriedShapes) {
  TestGraph g;
  Node *x = g.Data("x", {2, 3});
  Node *loop = g.Op("While", "loop", {Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
  TestGraph cond("cond");
  Node *cx = cond.Data("cx", {-2}, DT_FLOAT, 0);
  Node *zero = cond.Floats("zero", {0.0F}, true);
  Node *all = cond.Ints("all", {});
  Node *max = cond.Op("ReduceMax", "max", {Out(cx), Out(all)}, {{"noop_with_empty_axes", false}});
  Node *less = cond.Op("Less", "less", {Out(max), Out(zero)});
  cond.Op("NetOutput", "cond_out", {Out(less)}, {}, {{"x", 1}});
  TestGraph body("body");
  Node *bx = body.Data("bx", {-2}, DT_FLOAT, 0);
  Node *concat =
      body.Op("ConcatD", "grow", {Out(bx), Out(bx)}, {{"concat_dim", int64_t{0}}}, {{"x", 2}});
  body.Op("NetOutput", "body_out", {Out(concat)}, {}, {{"x", 1}});
  for (auto *sub : {&cond, &body}) {
    sub->graph_ptr()->SetParentNode(loop);
    sub->graph_ptr()->SetParentGraph(g.graph_ptr());
    ASSERT_EQ(g.graph().AddSubgraph(sub->graph_ptr()), SUCCESS);
    loop->MutableOpDesc().AddSubgraphInstanceName(sub->graph().GetName());
  }
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(loop), (Dims{-1, 3}));
}

TEST(GraphShapeInferenceTest, ControlOpWithoutSubgraphsGetsUnknownOutputs) {
  TestGraph g;
  Node *x = g.Data("x", {2});
  Node *call = g.Op("PartitionedCall", "call", {Out(x)}, {}, {{"args", 1}}, {{"output", 2}});
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(call, 1), (Dims{-2}));
}

TEST(GraphShapeInferenceTest, MissingSubgraphFails) {
  TestGraph g;
  Node *x = g.Data("x", {2});
  Node *call = g.Op("PartitionedCall", "call", {Out(x)}, {}, {{"args", 1}}, {{"output", 1}});
  call->MutableOpDesc().AddSubgraphInstanceName("ghost");
  EXPECT_NE(InferGraphShape(g.graph(), {}), SUCCESS);
  EXPECT_TRUE(ErrorContains("subgraph 'ghost' is not registered")) << GetLastError();
}

}  // namespace
}  // namespace ge
