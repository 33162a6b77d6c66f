// Unit tests of EsGraphBuilder: node naming, inputs, constants, ops from the catalog,
// BuildAndReset checks, subgraph hoisting and the built state.
#include "es/es_graph_builder.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "ops/op_catalog.h"

namespace ge {
namespace es {
namespace {

// Test prototypes of our own, so the tests do not depend on the built-in catalog's content.
void RegisterTestOps() {
  static bool done = [] {
    OpPrototype binary;
    binary.type = "EsTestBinary";
    binary.inputs = {{"x1", IrInputType::kRequired, {}}, {"x2", IrInputType::kRequired, {}}};
    binary.outputs = {{"y", IrOutputType::kRequired, {}}};
    OpAttrDef axis;
    axis.name = "axis";
    axis.type = AttrValueType::kInt;
    axis.default_value = GeAttrValue(int64_t{3});
    binary.attrs = {axis};
    binary.module = "es_test";
    EXPECT_EQ(OpCatalog::Instance().Register(binary, true), SUCCESS) << GetLastError();

    OpPrototype dynamic;
    dynamic.type = "EsTestSplitConcat";
    dynamic.inputs = {{"x", IrInputType::kRequired, {}},
                      {"bias", IrInputType::kOptional, {}},
                      {"xs", IrInputType::kDynamic, {}}};
    dynamic.outputs = {{"y", IrOutputType::kRequired, {}}, {"ys", IrOutputType::kDynamic, {}}};
    OpAttrDef mode;
    mode.name = "mode";
    mode.type = AttrValueType::kString;
    mode.required = true;
    dynamic.attrs = {mode};
    dynamic.module = "es_test";
    EXPECT_EQ(OpCatalog::Instance().Register(dynamic, true), SUCCESS) << GetLastError();

    OpPrototype branch;
    branch.type = "EsTestIf";
    branch.inputs = {{"cond", IrInputType::kRequired, {}}, {"input", IrInputType::kDynamic, {}}};
    branch.outputs = {{"output", IrOutputType::kDynamic, {}}};
    branch.subgraphs = {{"then_branch", SubgraphType::kStatic},
                        {"else_branch", SubgraphType::kStatic}};
    branch.module = "es_test";
    EXPECT_EQ(OpCatalog::Instance().Register(branch, true), SUCCESS) << GetLastError();
    return true;
  }();
  (void)done;
}

GeTensor FloatScalar(float value) {
  return GeTensor(GeTensorDesc(GeShape(), FORMAT_ND, DT_FLOAT), &value, sizeof(value));
}

class EsGraphBuilderTest : public ::testing::Test {
 protected:
  void SetUp() override { RegisterTestOps(); }
};

TEST_F(EsGraphBuilderTest, EmptyNameBecomesGraph) {
  EsGraphBuilder builder("");
  EXPECT_EQ(builder.GetName(), "graph");
}

TEST_F(EsGraphBuilderTest, InputGetsIndexAttrDescAndDefaultName) {
  EsGraphBuilder builder("g");
  EsTensorHolder *x = builder.CreateInput(0, "", "Data", DT_INT32, FORMAT_NCHW, {1, 3, 4, 4});
  ASSERT_NE(x, nullptr) << GetLastError();
  NodePtr node = x->GetProducer();
  EXPECT_EQ(node->GetName(), "input_0");
  EXPECT_EQ(node->GetType(), "Data");
  EXPECT_EQ(*node->GetOpDesc().GetAttrAs<int64_t>("index"), 0);
  EXPECT_EQ(node->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{1, 3, 4, 4}));
  EXPECT_EQ(node->GetOpDesc().GetOutputDesc(0)->GetDataType(), DT_INT32);
  EXPECT_EQ(node->GetOpDesc().GetOutputDesc(0)->GetFormat(), FORMAT_NCHW);
}

TEST_F(EsGraphBuilderTest, InputRejectsDuplicateNegativeIndexAndUnknownType) {
  EsGraphBuilder builder("g");
  ASSERT_NE(builder.CreateInput(0, "a", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EXPECT_EQ(builder.CreateInput(0, "b", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EXPECT_NE(GetLastError().find("already has input index 0"), std::string::npos);
  EXPECT_EQ(builder.CreateInput(-1, "c", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EXPECT_EQ(builder.CreateInput(1, "d", "Const", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EXPECT_NE(GetLastError().find("'Const'"), std::string::npos);
  EXPECT_NE(builder.CreateInput(1, "e", "RefData", DT_FLOAT, FORMAT_ND, {}), nullptr);
}

TEST_F(EsGraphBuilderTest, ConstsAndOpsShareOneCounterThatDataDoesNotAdvance) {
  EsGraphBuilder builder("g");
  EsTensorHolder *c0 = builder.CreateConst(FloatScalar(1.0f));
  ASSERT_NE(builder.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EsTensorHolder *c1 = builder.CreateConst(FloatScalar(2.0f));
  std::vector<EsTensorHolder *> out;
  ASSERT_EQ(builder.CreateOp("EsTestBinary", {{c0}, {c1}}, {}, {}, {}, &out), SUCCESS)
      << GetLastError();
  EXPECT_EQ(c0->GetProducer()->GetName(), "Const_0");
  EXPECT_EQ(c1->GetProducer()->GetName(), "Const_1");
  EXPECT_EQ(out[0]->GetProducer()->GetName(), "EsTestBinary_2");
  const GeTensor *value = c0->GetProducer()->GetOpDesc().GetAttrAs<GeTensor>("value");
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(value->GetSize(), sizeof(float));
  EXPECT_EQ(c0->GetProducer()->GetType(), "Const");
}

TEST_F(EsGraphBuilderTest, OpWiresPortsAppliesAttrsAndDefaults) {
  EsGraphBuilder builder("g");
  EsTensorHolder *a = builder.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {2});
  EsTensorHolder *b = builder.CreateInput(1, "", "Data", DT_FLOAT, FORMAT_ND, {2});
  std::vector<EsTensorHolder *> out;
  ASSERT_EQ(builder.CreateOp("EsTestSplitConcat", {{a}, {}, {a, b}}, {3},
                             {{"mode", GeAttrValue(std::string("fast"))}}, {}, &out),
            SUCCESS)
      << GetLastError();
  ASSERT_EQ(out.size(), 4u);  // y + ys0..ys2
  NodePtr node = out[0]->GetProducer();
  EXPECT_EQ(node->GetInputsSize(), 4u);  // x, bias (unconnected), xs0, xs1
  EXPECT_EQ(node->GetInDataPeer(0).node, a->GetProducer().get());
  EXPECT_FALSE(node->GetInDataPeer(1).IsConnected());
  EXPECT_EQ(node->GetInDataPeer(3).node, b->GetProducer().get());
  EXPECT_EQ(*node->GetOpDesc().GetAttrAs<std::string>("mode"), "fast");
  EXPECT_EQ(out[3]->GetOutputIndex(), 3);

  std::vector<EsTensorHolder *> sum;
  ASSERT_EQ(builder.CreateOp("EsTestBinary", {{a}, {b}}, {}, {}, {}, &sum), SUCCESS);
  EXPECT_EQ(*sum[0]->GetProducer()->GetOpDesc().GetAttrAs<int64_t>("axis"), 3);
}

TEST_F(EsGraphBuilderTest, OpRejectsBadArgumentsWithoutAddingNodes) {
  EsGraphBuilder builder("g");
  EsTensorHolder *a = builder.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {});
  std::vector<EsTensorHolder *> out;
  const size_t before = builder.GetGraph()->GetDirectNodesSize();
  EXPECT_NE(builder.CreateOp("NoSuchOp", {}, {}, {}, {}, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("NoSuchOp"), std::string::npos);
  EXPECT_NE(builder.CreateOp("EsTestBinary", {{a}, {}}, {}, {}, {}, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("required input 'x2'"), std::string::npos);
  EXPECT_NE(builder.CreateOp("EsTestSplitConcat", {{a}, {}, {}}, {1}, {}, {}, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("required attribute 'mode'"), std::string::npos);
  EXPECT_NE(
      builder.CreateOp("EsTestBinary", {{a}, {a}}, {}, {{"axis", GeAttrValue(1.5f)}}, {}, &out),
      SUCCESS);
  EXPECT_NE(GetLastError().find("attribute 'axis'"), std::string::npos);
  EXPECT_NE(builder.CreateOp("EsTestBinary", {{a}, {a}}, {}, {{"nope", GeAttrValue(1)}}, {}, &out),
            SUCCESS);
  EsGraphBuilder other("other");
  EsTensorHolder *foreign = other.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {});
  EXPECT_NE(builder.CreateOp("EsTestBinary", {{a}, {foreign}}, {}, {}, {}, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("another graph builder"), std::string::npos);
  EXPECT_EQ(builder.GetGraph()->GetDirectNodesSize(), before);
}

TEST_F(EsGraphBuilderTest, BuildAddsNetOutputAndCopiesDataDescToInput) {
  EsGraphBuilder builder("net");
  EsTensorHolder *x = builder.CreateInput(0, "x", "Data", DT_FLOAT, FORMAT_ND, {1, 3});
  EsTensorHolder *c = builder.CreateConst(FloatScalar(1.0f));
  std::vector<EsTensorHolder *> out;
  ASSERT_EQ(builder.CreateOp("EsTestBinary", {{x}, {c}}, {}, {}, {}, &out), SUCCESS);
  ASSERT_EQ(builder.SetGraphOutput(out[0], 0), SUCCESS);
  ASSERT_EQ(builder.SetGraphOutput(c, 1), SUCCESS);
  EXPECT_NE(builder.SetGraphOutput(c, 1), SUCCESS);
  ComputeGraphPtr graph = builder.BuildAndReset();
  ASSERT_NE(graph, nullptr) << GetLastError();
  Node *net_output = graph->FindNode("NetOutput_net");
  ASSERT_NE(net_output, nullptr);
  EXPECT_EQ(net_output->GetInputsSize(), 2u);
  EXPECT_EQ(net_output->GetInDataPeer(0).node, out[0]->GetProducer().get());
  EXPECT_EQ(net_output->GetInDataPeer(1).node, c->GetProducer().get());
  EXPECT_EQ(graph->GetOutputs().size(), 2u);
  ASSERT_EQ(graph->GetInputNodes().size(), 1u);
  EXPECT_EQ(graph->GetInputNodes()[0]->GetOpDesc().GetInputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{1, 3}));
  // Holders outlive the build and still name their nodes.
  EXPECT_EQ(x->GetProducer()->GetName(), "x");
}

TEST_F(EsGraphBuilderTest, BuiltBuilderRejectsEverything) {
  EsGraphBuilder builder("g");
  EsTensorHolder *x = builder.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {});
  ASSERT_NE(builder.BuildAndReset(), nullptr);
  EXPECT_TRUE(builder.IsBuilt());
  EXPECT_EQ(builder.BuildAndReset(), nullptr);
  EXPECT_EQ(builder.CreateConst(FloatScalar(1.0f)), nullptr);
  EXPECT_NE(GetLastError().find("already been built"), std::string::npos);
  EXPECT_NE(builder.SetDataType(x, DT_INT8), SUCCESS);
  EXPECT_NE(builder.SetGraphAttr("a", GeAttrValue(1)), SUCCESS);
}

TEST_F(EsGraphBuilderTest, BuildRequiresContiguousIndexes) {
  EsGraphBuilder inputs_gap("g");
  ASSERT_NE(inputs_gap.CreateInput(1, "", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
  EXPECT_EQ(inputs_gap.BuildAndReset(), nullptr);
  EXPECT_NE(GetLastError().find("input indexes must be contiguous"), std::string::npos);
  EXPECT_FALSE(inputs_gap.IsBuilt());

  EsGraphBuilder outputs_gap("g");
  EsTensorHolder *c = outputs_gap.CreateConst(FloatScalar(1.0f));
  ASSERT_EQ(outputs_gap.SetGraphOutput(c, 2), SUCCESS);
  EXPECT_EQ(outputs_gap.BuildAndReset(), nullptr);
  EXPECT_NE(GetLastError().find("output indexes must be contiguous"), std::string::npos);
}

TEST_F(EsGraphBuilderTest, NestedSubgraphsAreHoistedToTheRoot) {
  // inner_then/inner_else belong to an If inside "then"; the outer If uses then/else.
  auto make_branch = [](const std::string &name) {
    EsGraphBuilder b(name);
    EsTensorHolder *x = b.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {});
    EXPECT_EQ(b.SetGraphOutput(x, 0), SUCCESS);
    return b.BuildAndReset();
  };
  EsGraphBuilder then_builder("then");
  EsTensorHolder *cond = then_builder.CreateInput(0, "", "Data", DT_BOOL, FORMAT_ND, {});
  std::vector<EsTensorHolder *> inner;
  ASSERT_EQ(
      then_builder.CreateOp("EsTestIf", {{cond}, {cond}}, {1}, {},
                            {{make_branch("inner_then")}, {make_branch("inner_else")}}, &inner),
      SUCCESS)
      << GetLastError();
  ASSERT_EQ(then_builder.SetGraphOutput(inner[0], 0), SUCCESS);
  ComputeGraphPtr then_graph = then_builder.BuildAndReset();
  ASSERT_NE(then_graph, nullptr) << GetLastError();
  EXPECT_EQ(then_graph->GetAllSubgraphs().size(), 2u);

  EsGraphBuilder root("root");
  EsTensorHolder *c = root.CreateInput(0, "", "Data", DT_BOOL, FORMAT_ND, {});
  std::vector<EsTensorHolder *> out;
  ASSERT_EQ(
      root.CreateOp("EsTestIf", {{c}, {c}}, {1}, {}, {{then_graph}, {make_branch("else")}}, &out),
      SUCCESS)
      << GetLastError();
  ASSERT_EQ(root.SetGraphOutput(out[0], 0), SUCCESS);
  ComputeGraphPtr graph = root.BuildAndReset();
  ASSERT_NE(graph, nullptr) << GetLastError();
  std::vector<std::string> names;
  for (const ComputeGraphPtr &sub : graph->GetAllSubgraphs()) {
    names.push_back(sub->GetName());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"then", "inner_then", "inner_else", "else"}));
  EXPECT_TRUE(then_graph->GetAllSubgraphs().empty());
  EXPECT_EQ(graph->GetSubgraph("inner_then")->GetParentGraph(), then_graph);
  EXPECT_EQ(then_graph->GetParentNode(), out[0]->GetProducer().get());
  // Root + then (Data, If, NetOutput) + inner branches + else, all reachable.
  EXPECT_EQ(graph->GetAllNodes().size(), 3u + 3u + 2u * 2u + 2u);
}

TEST_F(EsGraphBuilderTest, SubgraphNameClashFailsTheBuild) {
  auto make_branch = [](const std::string &name) {
    EsGraphBuilder b(name);
    EXPECT_NE(b.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {}), nullptr);
    return b.BuildAndReset();
  };
  EsGraphBuilder root("root");
  EsTensorHolder *c = root.CreateInput(0, "", "Data", DT_BOOL, FORMAT_ND, {});
  std::vector<EsTensorHolder *> out;
  ASSERT_EQ(
      root.CreateOp("EsTestIf", {{c}, {}}, {0}, {}, {{make_branch("b")}, {make_branch("b")}}, &out),
      SUCCESS);
  EXPECT_EQ(root.BuildAndReset(), nullptr);
  EXPECT_NE(GetLastError().find("subgraph name 'b'"), std::string::npos);
  EXPECT_FALSE(root.IsBuilt());
}

TEST_F(EsGraphBuilderTest, GraphUsedAsSubgraphTwiceIsRejected) {
  EsGraphBuilder branch_builder("branch");
  ComputeGraphPtr branch = branch_builder.BuildAndReset();
  ASSERT_NE(branch, nullptr);
  EsGraphBuilder root("root");
  EsTensorHolder *c = root.CreateInput(0, "", "Data", DT_BOOL, FORMAT_ND, {});
  std::vector<EsTensorHolder *> out;
  EXPECT_NE(root.CreateOp("EsTestIf", {{c}, {}}, {0}, {}, {{branch}, {branch}}, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("already used as a subgraph"), std::string::npos);
}

TEST_F(EsGraphBuilderTest, ControlEdgesKeepOrderAndTolerateRepeats) {
  EsGraphBuilder builder("g");
  EsTensorHolder *a = builder.CreateConst(FloatScalar(1.0f));
  EsTensorHolder *b = builder.CreateConst(FloatScalar(2.0f));
  EsTensorHolder *c = builder.CreateConst(FloatScalar(3.0f));
  ASSERT_EQ(builder.AddControlEdge(c, {b, a, b}), SUCCESS) << GetLastError();
  const auto &in_ctrl = c->GetProducer()->GetInControlNodes();
  ASSERT_EQ(in_ctrl.size(), 2u);
  EXPECT_EQ(in_ctrl[0], b->GetProducer().get());
  EXPECT_EQ(in_ctrl[1], a->GetProducer().get());
  EXPECT_NE(builder.AddControlEdge(c, {c}), SUCCESS);
}

TEST_F(EsGraphBuilderTest, HolderSettersUpdateOutputDescAndAttrs) {
  EsGraphBuilder builder("g");
  EsTensorHolder *x = builder.CreateInput(0, "", "Data", DT_FLOAT, FORMAT_ND, {});
  ASSERT_EQ(builder.SetDataType(x, DT_INT8), SUCCESS);
  ASSERT_EQ(builder.SetFormat(x, FORMAT_NHWC), SUCCESS);
  ASSERT_EQ(builder.SetShape(x, {2, -1}), SUCCESS);
  EXPECT_NE(builder.SetShape(x, {-3}), SUCCESS);
  ASSERT_EQ(builder.SetTensorAttr(x, "t", GeAttrValue(int64_t{5})), SUCCESS);
  ASSERT_EQ(builder.SetNodeAttr(x, "n", GeAttrValue(true)), SUCCESS);
  const OpDesc &op = x->GetProducer()->GetOpDesc();
  EXPECT_EQ(op.GetOutputDesc(0)->GetDataType(), DT_INT8);
  EXPECT_EQ(op.GetOutputDesc(0)->GetFormat(), FORMAT_NHWC);
  EXPECT_EQ(op.GetOutputDesc(0)->GetOriginShape().GetDims(), (std::vector<int64_t>{2, -1}));
  EXPECT_EQ(*op.GetOutputDesc(0)->GetAttrs().at("t").Get<int64_t>(), 5);
  EXPECT_TRUE(*op.GetAttrAs<bool>("n"));
}

}  // namespace
}  // namespace es
}  // namespace ge
