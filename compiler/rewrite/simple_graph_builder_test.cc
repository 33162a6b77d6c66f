// SimpleGraphBuilder: the per-thread desc templates must give every node exactly the desc a fresh
// build would (independent copies, the catalog's current prototype, Data/NetOutput layouts).
#include "ge/fusion/simple_graph_builder.h"

#include <gtest/gtest.h>

#include <string>

#include "ops/op_catalog.h"
#include "rewrite/fusion_utils.h"
#include "rewrite/node_adapter.h"

namespace ge {
namespace fusion {
namespace {

const OpDesc &DescOf(const GNode &node) { return NodeAdapter::GNode2Node(node)->GetOpDesc(); }

OpPrototype BuilderTestOp(const char *input_name, float alpha) {
  OpPrototype proto;
  proto.type = "TestBuilderTemplateOp";
  proto.inputs.push_back({input_name, IrInputType::kRequired, {}});
  proto.outputs.push_back({"y", IrOutputType::kRequired, {}});
  OpAttrDef attr;
  attr.name = "alpha";
  attr.type = AttrValueType::kFloat;
  attr.default_value = GeAttrValue(alpha);
  proto.attrs.push_back(attr);
  return proto;
}

TEST(SimpleGraphBuilderTest, NodesOfOneTypeGetIndependentDescs) {
  SimpleGraphBuilder builder("two_relus");
  NodeIo x = builder.AddInput(0);
  GNode first = builder.AddNode("Relu", {x}, 1);
  GNode second = builder.AddNode("Relu", {{first, 0}}, 1);
  ASSERT_TRUE(first.IsValid() && second.IsValid());
  EXPECT_NE(DescOf(first).GetName(), DescOf(second).GetName());
  EXPECT_EQ(DescOf(second).GetType(), "Relu");
  EXPECT_EQ(DescOf(second).GetInputsSize(), 1U);
  int64_t one = 1;
  ASSERT_EQ(first.SetAttr("only_on_first", one), GRAPH_SUCCESS);
  // A later node of the same type is copied from the template, not from a node built before.
  SimpleGraphBuilder other("third_relu");
  GNode third = other.AddNode("Relu", {other.AddInput(0)}, 1);
  EXPECT_FALSE(DescOf(third).HasAttr("only_on_first"));
  EXPECT_FALSE(DescOf(second).HasAttr("only_on_first"));
}

TEST(SimpleGraphBuilderTest, ReregisteredTypeIsPickedUpByTheNextNode) {
  ASSERT_EQ(OpCatalog::Instance().Register(BuilderTestOp("x", 1.0F), true), SUCCESS);
  {
    SimpleGraphBuilder builder("before");
    GNode node = builder.AddNode("TestBuilderTemplateOp", {builder.AddInput(0)}, 1);
    ASSERT_TRUE(node.IsValid());
    ASSERT_NE(DescOf(node).GetAttrAs<float>("alpha"), nullptr);
    EXPECT_EQ(*DescOf(node).GetAttrAs<float>("alpha"), 1.0F);
    EXPECT_EQ(DescOf(node).GetInputName(0), "x");
  }
  ASSERT_EQ(OpCatalog::Instance().Register(BuilderTestOp("features", 2.0F), true), SUCCESS);
  {
    SimpleGraphBuilder builder("after");
    GNode node = builder.AddNode("TestBuilderTemplateOp", {builder.AddInput(0)}, 1);
    ASSERT_TRUE(node.IsValid());
    ASSERT_NE(DescOf(node).GetAttrAs<float>("alpha"), nullptr);
    EXPECT_EQ(*DescOf(node).GetAttrAs<float>("alpha"), 2.0F);
    EXPECT_EQ(DescOf(node).GetInputName(0), "features");
  }
  ASSERT_EQ(OpCatalog::Instance().Unregister("TestBuilderTemplateOp"), SUCCESS);
  {
    // Unknown again: plain ports, no catalog attrs.
    SimpleGraphBuilder builder("unknown");
    GNode node = builder.AddNode("TestBuilderTemplateOp", {builder.AddInput(0)}, 1);
    ASSERT_TRUE(node.IsValid());
    EXPECT_FALSE(DescOf(node).HasAttr("alpha"));
    EXPECT_EQ(DescOf(node).GetInputName(0), "x0");
  }
}

TEST(SimpleGraphBuilderTest, DataAndNetOutputDescs) {
  for (size_t outputs : {size_t{1}, size_t{3}, size_t{20}}) {
    SimpleGraphBuilder builder("io");
    std::vector<NodeIo> ios;
    for (size_t i = 0; i < outputs; ++i) {
      ios.push_back(builder.AddInput(static_cast<int64_t>(i)));
    }
    const OpDesc &last_data = DescOf(ios.back().node);
    EXPECT_EQ(last_data.GetType(), kData);
    EXPECT_EQ(last_data.GetName(), "input_" + std::to_string(outputs - 1U));
    ASSERT_NE(last_data.GetAttrAs<int64_t>(kAttrIndex), nullptr);
    EXPECT_EQ(*last_data.GetAttrAs<int64_t>(kAttrIndex), static_cast<int64_t>(outputs - 1U));
    EXPECT_EQ(last_data.GetInputsSize(), 1U);
    EXPECT_EQ(last_data.GetOutputsSize(), 1U);
    // Each Data has its own index (the template carries none).
    EXPECT_EQ(*DescOf(ios.front().node).GetAttrAs<int64_t>(kAttrIndex), 0);
    GraphUniqPtr graph = builder.Build(ios);
    ASSERT_NE(graph, nullptr);
    ComputeGraphPtr compute = GraphUtilsEx::GetComputeGraph(*graph);
    Node *net_output = nullptr;
    for (Node *node : compute->GetDirectNodes()) {
      if (node->GetType() == kNetOutput) {
        net_output = node;
      }
    }
    ASSERT_NE(net_output, nullptr);
    EXPECT_EQ(net_output->GetName(), "NetOutput");
    ASSERT_EQ(net_output->GetInputsSize(), outputs);
    EXPECT_EQ(net_output->GetOpDesc().GetInputName(outputs - 1U),
              "x" + std::to_string(outputs - 1U));
    EXPECT_EQ(compute->GetDirectNodesSize(), outputs + 1U);
  }
}

}  // namespace
}  // namespace fusion
}  // namespace ge
