// SimpleGraphBuilder: the per-thread desc templates must give every node exactly the desc a fresh
// build would (independent copies, the catalog's current prototype, Data/NetOutput layouts).
#include "ge/fusion/simple_graph_builder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "graph_api/node_adapter.h"
#include "ops/op_catalog.h"
#include "pattern/fusion_utils.h"

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

TEST(SimpleGraphBuilderTest, GeneratedNamesAndLargeOrNegativeDataIndexes) {
  SimpleGraphBuilder builder("names");
  NodeIo big = builder.AddInput(17);  // beyond the cached Data templates
  NodeIo negative = builder.AddInput(-1);
  NodeIo zero = builder.AddConst(nullptr);
  GNode add = builder.AddNode("Add", {big, zero}, 1);
  EXPECT_EQ(DescOf(big.node).GetName(), "input_17");
  EXPECT_EQ(*DescOf(big.node).GetAttrAs<int64_t>(kAttrIndex), 17);
  EXPECT_EQ(DescOf(negative.node).GetName(), "input_-1");
  EXPECT_EQ(*DescOf(negative.node).GetAttrAs<int64_t>(kAttrIndex), -1);
  EXPECT_EQ(DescOf(zero.node).GetName(), "Const_0");
  EXPECT_EQ(DescOf(add).GetName(), "Add_1");
  // An input from another builder is refused before anything is added.
  SimpleGraphBuilder other("other");
  EXPECT_FALSE(other.AddNode("Relu", {big}, 1).IsValid());
  EXPECT_NE(GetLastError().find("not an output of this builder's graph"), std::string::npos);
  // Many inputs (more than the builder keeps on the stack) are wired in order.
  std::vector<NodeIo> inputs(10, big);
  GNode concat = builder.AddNode("ConcatV2Like", inputs, 1);
  ASSERT_TRUE(concat.IsValid());
  EXPECT_EQ(concat.GetInputsSize(), 10U);
  EXPECT_EQ(concat.GetInDataNodesAndPortIndexs(9).first->GetInputsSize(), 1U);
  GraphUniqPtr graph = builder.Build({{add, 0}});
  ASSERT_NE(graph, nullptr);
  EXPECT_TRUE(graph->IsValid());
  // The built graph is handed over: the builder is empty and refuses further work.
  EXPECT_FALSE(builder.AddInput(0).node.IsValid());
  EXPECT_EQ(builder.Build({}), nullptr);
}

TEST(SimpleGraphBuilderTest, ConstsCarryTheCurrentValue) {
  const float one = 1.0F;
  const float two = 2.0F;
  TensorDesc scalar(Shape(std::vector<int64_t>{1}), FORMAT_ND, DT_FLOAT);
  Tensor value(scalar, reinterpret_cast<const uint8_t *>(&one), sizeof(one));
  auto value_of = [](const NodeIo &io) {
    const GeTensor *tensor = DescOf(io.node).GetAttrAs<GeTensor>(kAttrValue);
    float read = 0.0F;
    if (tensor != nullptr && tensor->GetSize() == sizeof(read)) {
      std::memcpy(&read, tensor->GetData(), sizeof(read));
    }
    return read;
  };
  SimpleGraphBuilder builder("consts");
  NodeIo first = builder.AddConst(&value);
  NodeIo again = builder.AddConst(&value);
  EXPECT_EQ(value_of(first), 1.0F);
  EXPECT_EQ(value_of(again), 1.0F);
  EXPECT_EQ(DescOf(again.node).GetName(), "Const_1");
  // The same Tensor object with new bytes, then with a new desc: the next Const follows it.
  ASSERT_EQ(value.SetData(reinterpret_cast<const uint8_t *>(&two), sizeof(two)), GRAPH_SUCCESS);
  NodeIo changed = builder.AddConst(&value);
  EXPECT_EQ(value_of(changed), 2.0F);
  ASSERT_EQ(value.SetTensorDesc(TensorDesc(Shape(std::vector<int64_t>{1, 1}))), GRAPH_SUCCESS);
  NodeIo reshaped = builder.AddConst(&value);
  EXPECT_EQ(DescOf(reshaped.node).GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(DescOf(changed.node).GetOutputDesc(0)->GetShape().GetDims(), (std::vector<int64_t>{1}));
  // A Const without value (a pattern's "any Const") has neither attr nor a stale desc.
  NodeIo any = builder.AddConst(nullptr);
  EXPECT_FALSE(DescOf(any.node).HasAttr(kAttrValue));
  EXPECT_TRUE(DescOf(any.node).GetOutputDesc(0)->GetShape().GetDims().empty());
}

// The public value/handle types hold their state inline (no impl blocks); their semantics stay.
TEST(PublicHandlesTest, AscendStringValues) {
  AscendString empty;
  AscendString null_name(nullptr);
  EXPECT_STREQ(empty.GetString(), "");
  EXPECT_STREQ(null_name.GetString(), "");
  EXPECT_EQ(empty, null_name);
  AscendString with_nul("ab\0cd", 5);
  EXPECT_EQ(with_nul.GetLength(), 5U);
  EXPECT_STREQ(with_nul.GetString(), "ab");
  const std::string long_text(100, 'x');
  AscendString long_name(long_text.c_str());
  AscendString copy = long_name;
  EXPECT_EQ(copy, long_name);
  EXPECT_EQ(copy.GetLength(), 100U);
  EXPECT_NE(copy.GetString(), long_name.GetString());  // a value, not a shared buffer
  AscendString name("transpose_x1");
  EXPECT_EQ(name.Find("x1"), 10U);
  EXPECT_EQ(name.Find(""), 0U);
  EXPECT_EQ(name.Find("y"), std::string::npos);
  EXPECT_EQ(with_nul.Find("cd"), std::string::npos);  // C-string semantics, as GE
  EXPECT_LT(AscendString("a"), AscendString("b"));
  EXPECT_EQ(std::hash<AscendString>()(AscendString("k")), AscendString("k").Hash());
}

TEST(PublicHandlesTest, GNodeHandlesOutliveTheirNode) {
  SimpleGraphBuilder builder("handles");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GNode copy = relu;
  GNode moved = std::move(copy);
  EXPECT_TRUE(copy.IsValid());  // NOLINT: moving a GNode leaves the source valid
  EXPECT_TRUE(moved == relu);
  EXPECT_TRUE(GNode() == GNode());
  EXPECT_FALSE(GNode() == relu);
  AscendString type;
  ASSERT_EQ(moved.GetType(type), GRAPH_SUCCESS);
  EXPECT_STREQ(type.GetString(), "Relu");
  GraphUniqPtr graph = builder.Build({{relu, 0}});
  ASSERT_NE(graph, nullptr);
  ASSERT_EQ(graph->RemoveNode(relu), GRAPH_SUCCESS);
  // Removed: every handle on it fails cleanly (the node may still be alive elsewhere).
  EXPECT_FALSE(moved.IsValid());
  EXPECT_NE(moved.GetType(type), GRAPH_SUCCESS);
  EXPECT_NE(GetLastError().find("the node handle is invalid"), std::string::npos);
  EXPECT_EQ(NodeAdapter::GNode2Node(moved), nullptr);
  GNode data = x.node;
  ASSERT_TRUE(data.IsValid());
  graph.reset();  // graph destroyed: the node is gone
  EXPECT_FALSE(data.IsValid());
  int64_t index = 0;
  EXPECT_NE(data.GetAttr(kAttrIndex, index), GRAPH_SUCCESS);
  EXPECT_TRUE(data == x.node);  // still the same (expired) node
  EXPECT_FALSE(data == GNode());
}

// GNode calls check expiry without taking a shared reference: a removed node that something else
// still keeps alive must read as invalid too, and attr names of any length reach the node as given.
TEST(PublicHandlesTest, GNodeCallsSeeRemovalWhileTheNodeIsKeptAlive) {
  SimpleGraphBuilder builder("kept");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  const AscendString long_name("an_attr_name_longer_than_fifteen_chars");
  int64_t value = 7;
  ASSERT_EQ(relu.SetAttr(long_name, value), GRAPH_SUCCESS);
  EXPECT_TRUE(relu.HasAttr(long_name));
  int64_t read = 0;
  ASSERT_EQ(relu.GetAttr(long_name, read), GRAPH_SUCCESS);
  EXPECT_EQ(read, 7);
  EXPECT_FALSE(relu.HasAttr(AscendString("an_attr_name_longer_than_fifteen_char")));
  GraphUniqPtr graph = builder.Build({{relu, 0}});
  ASSERT_NE(graph, nullptr);
  NodePtr keep = NodeAdapter::GNode2Node(relu);
  ASSERT_NE(keep, nullptr);
  ASSERT_EQ(graph->RemoveNode(relu), GRAPH_SUCCESS);
  EXPECT_FALSE(relu.IsValid());  // alive (held by `keep`) but no longer in a graph
  EXPECT_FALSE(relu.HasAttr(long_name));
  EXPECT_NE(relu.GetAttr(long_name, read), GRAPH_SUCCESS);
  EXPECT_EQ(NodeAdapter::GNode2RawNode(relu), keep.get());
  EXPECT_EQ(NodeAdapter::GNode2Node(relu), nullptr);
  keep.reset();
  EXPECT_EQ(NodeAdapter::GNode2RawNode(relu), nullptr);  // expired: the address is not used
  EXPECT_EQ(NodeAdapter::GNode2RawNode(GNode()), nullptr);
  EXPECT_STREQ(AscendString(nullptr).GetString(), "");
  EXPECT_EQ(AscendString(nullptr, 3).GetLength(), 0U);
  EXPECT_EQ(AscendString("abc", 2).GetLength(), 2U);
}

TEST(PublicHandlesTest, GraphHandlesShareAndMove) {
  Graph first("shared");
  ASSERT_TRUE(first.IsValid());
  EXPECT_TRUE(GraphUtilsEx::IsSoleOwner(first));
  Graph second = first;
  EXPECT_FALSE(GraphUtilsEx::IsSoleOwner(first));
  EXPECT_EQ(GraphUtilsEx::GetComputeGraph(first), GraphUtilsEx::GetComputeGraph(second));
  Graph third = std::move(second);
  EXPECT_FALSE(second.IsValid());  // NOLINT: a moved-from Graph is invalid
  EXPECT_EQ(second.GetDirectNode().size(), 0U);
  EXPECT_TRUE(third.IsValid());
  ASSERT_EQ(third.CopyFrom(first), GRAPH_SUCCESS);  // detaches only `third`
  EXPECT_NE(GraphUtilsEx::GetComputeGraph(first), GraphUtilsEx::GetComputeGraph(third));
  EXPECT_TRUE(GraphUtilsEx::IsSoleOwner(first));
  EXPECT_TRUE(GraphUtilsEx::IsSoleOwner(third));
  ComputeGraphPtr held = GraphUtilsEx::GetComputeGraph(first);
  EXPECT_FALSE(GraphUtilsEx::IsSoleOwner(first));
  held.reset();
  Graph invalid;
  AscendString name;
  EXPECT_FALSE(invalid.IsValid());
  EXPECT_NE(invalid.GetName(name), GRAPH_SUCCESS);
  EXPECT_FALSE(GraphUtilsEx::IsSoleOwner(invalid));
  GraphPtr from_ptr = GraphUtilsEx::CreateGraphPtrFromComputeGraph(nullptr);
  EXPECT_FALSE(from_ptr->IsValid());
}

TEST(PublicHandlesTest, TensorDescAndTensorAreValues) {
  TensorDesc desc(Shape(std::vector<int64_t>{2, 3}), FORMAT_NCHW, DT_INT32);
  TensorDesc copy = desc;
  copy.SetShape(Shape(std::vector<int64_t>{4}));
  copy.SetName("y");
  EXPECT_EQ(desc.GetShape().GetDims(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(copy.GetShape().GetDims(), (std::vector<int64_t>{4}));
  EXPECT_EQ(copy.GetFormat(), FORMAT_NCHW);
  AscendString name;
  ASSERT_EQ(copy.GetName(name), GRAPH_SUCCESS);
  EXPECT_STREQ(name.GetString(), "y");
  TensorDesc moved = std::move(copy);
  EXPECT_EQ(moved.GetDataType(), DT_INT32);
  copy = desc;  // a moved-from desc can be assigned again
  EXPECT_EQ(copy.GetShape().GetShapeSize(), 6);
  Shape shape(std::vector<int64_t>{5, 6});
  const std::vector<int64_t> &kept = shape.GetDims();
  std::vector<int64_t> taken = Shape(kept).GetDims();  // from a temporary: moved out
  EXPECT_EQ(taken, kept);
  EXPECT_EQ(shape.GetDimNum(), 2U);

  const int32_t values[] = {1, 2, 3, 4, 5, 6};
  Tensor tensor(desc, reinterpret_cast<const uint8_t *>(values), sizeof(values));
  Tensor tensor_copy = tensor;
  EXPECT_EQ(tensor_copy.GetSize(), sizeof(values));
  EXPECT_EQ(tensor_copy.GetData(), tensor.GetData());  // bytes shared, never changed in place
  ASSERT_EQ(tensor_copy.SetData(std::vector<uint8_t>{7}), GRAPH_SUCCESS);
  EXPECT_EQ(tensor.GetSize(), sizeof(values));
  EXPECT_EQ(tensor_copy.GetSize(), 1U);
  EXPECT_EQ(tensor_copy.SetData(nullptr, 4U), GRAPH_FAILED);
  Tensor moved_tensor = std::move(tensor_copy);
  EXPECT_EQ(moved_tensor.GetTensorDesc().GetShape().GetDims(), (std::vector<int64_t>{2, 3}));

  // Through a node: SetAttr/GetAttr round trips a Tensor; a missing attr leaves it unchanged.
  SimpleGraphBuilder builder("attrs");
  GNode relu = builder.AddNode("Relu", {builder.AddInput(0)}, 1);
  ASSERT_EQ(relu.SetAttr("weight", tensor), GRAPH_SUCCESS);
  Tensor read;
  ASSERT_EQ(relu.GetAttr("weight", read), GRAPH_SUCCESS);
  EXPECT_EQ(read.GetSize(), sizeof(values));
  EXPECT_EQ(read.GetTensorDesc().GetDataType(), DT_INT32);
  EXPECT_NE(relu.GetAttr("missing", read), GRAPH_SUCCESS);
  EXPECT_NE(GetLastError().find("has no attr [missing]"), std::string::npos);
  EXPECT_EQ(read.GetSize(), sizeof(values));
  AscendString text("value");
  ASSERT_EQ(relu.SetAttr("text", text), GRAPH_SUCCESS);
  AscendString text_read;
  ASSERT_EQ(relu.GetAttr("text", text_read), GRAPH_SUCCESS);
  EXPECT_EQ(text_read, text);
  std::vector<AscendString> list{AscendString("a"), AscendString("bc")};
  ASSERT_EQ(relu.SetAttr("list", list), GRAPH_SUCCESS);
  std::vector<AscendString> list_read{AscendString("stale")};
  ASSERT_EQ(relu.GetAttr("list", list_read), GRAPH_SUCCESS);
  EXPECT_EQ(list_read, list);
  TensorDesc out;
  ASSERT_EQ(relu.GetOutputDesc(0, out), GRAPH_SUCCESS);
  EXPECT_NE(relu.GetOutputDesc(3, out), GRAPH_SUCCESS);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
