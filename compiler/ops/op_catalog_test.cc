// Catalog registration, OpDesc port layout and per-node inference dispatch.
#include "ops/op_catalog.h"

#include <gtest/gtest.h>

#include <thread>

#include "common/error.h"
#include "graph/compute_graph.h"

namespace ge {
namespace {

TEST(OpCatalogTest, FindsBuiltinOps) {
  for (const char *type : {"Data", "Const", "NetOutput", "Add", "Relu", "MatMul"}) {
    EXPECT_NE(OpCatalog::Instance().Find(type), nullptr) << type;
  }
  EXPECT_EQ(OpCatalog::Instance().Find("NoSuchOp"), nullptr);
}

TEST(OpCatalogTest, ListTypesIsSortedAndContainsBuiltins) {
  std::vector<std::string> types = OpCatalog::Instance().ListTypes();
  EXPECT_TRUE(std::is_sorted(types.begin(), types.end()));
  EXPECT_NE(std::find(types.begin(), types.end(), "MatMul"), types.end());
}

TEST(OpCatalogTest, RegisterRejectsDuplicateUnlessReplace) {
  OpPrototype proto;
  proto.type = "TestDupOp";
  proto.inputs.push_back({"x", IrInputType::kRequired, {}});
  proto.outputs.push_back({"y", IrOutputType::kRequired, {}});
  ASSERT_EQ(OpCatalog::Instance().Register(proto), SUCCESS);
  const OpPrototype *first = OpCatalog::Instance().Find("TestDupOp");
  EXPECT_NE(OpCatalog::Instance().Register(proto), SUCCESS);
  EXPECT_NE(GetLastError().find("already registered"), std::string::npos);
  proto.doc = "second";
  ASSERT_EQ(OpCatalog::Instance().Register(proto, true), SUCCESS);
  EXPECT_EQ(OpCatalog::Instance().Find("TestDupOp")->doc, "second");
  // The replaced prototype stays readable for holders of the old pointer.
  EXPECT_EQ(first->type, "TestDupOp");
  EXPECT_EQ(OpCatalog::Instance().Unregister("TestDupOp"), SUCCESS);
  EXPECT_EQ(OpCatalog::Instance().Find("TestDupOp"), nullptr);
  EXPECT_NE(OpCatalog::Instance().Unregister("TestDupOp"), SUCCESS);
}

TEST(OpCatalogTest, GenerationChangesOnEveryRegistrationOnly) {
  OpPrototype proto;
  proto.type = "TestGenerationOp";
  proto.inputs.push_back({"x", IrInputType::kRequired, {}});
  proto.outputs.push_back({"y", IrOutputType::kRequired, {}});
  const uint64_t start = OpCatalog::Instance().Generation();
  ASSERT_EQ(OpCatalog::Instance().Register(proto), SUCCESS);
  const uint64_t registered = OpCatalog::Instance().Generation();
  EXPECT_NE(registered, start);
  // Failed calls and lookups leave it alone: caches stay valid.
  EXPECT_NE(OpCatalog::Instance().Register(proto), SUCCESS);
  EXPECT_NE(OpCatalog::Instance().Unregister("TestNoSuchGenerationOp"), SUCCESS);
  EXPECT_NE(OpCatalog::Instance().Find("TestGenerationOp"), nullptr);
  EXPECT_EQ(OpCatalog::Instance().Generation(), registered);
  ASSERT_EQ(OpCatalog::Instance().Register(proto, true), SUCCESS);
  const uint64_t replaced = OpCatalog::Instance().Generation();
  EXPECT_NE(replaced, registered);
  ASSERT_EQ(OpCatalog::Instance().Unregister("TestGenerationOp"), SUCCESS);
  EXPECT_NE(OpCatalog::Instance().Generation(), replaced);
}

TEST(OpCatalogTest, RegisterRejectsInvalidPrototypes) {
  OpPrototype empty;
  EXPECT_NE(OpCatalog::Instance().Register(empty), SUCCESS);
  OpPrototype dup_input;
  dup_input.type = "TestBadOp";
  dup_input.inputs = {{"x", IrInputType::kRequired, {}}, {"x", IrInputType::kRequired, {}}};
  EXPECT_NE(OpCatalog::Instance().Register(dup_input), SUCCESS);
  EXPECT_NE(GetLastError().find("'x'"), std::string::npos);
  OpPrototype bad_default;
  bad_default.type = "TestBadOp";
  bad_default.attrs.push_back({"a", AttrValueType::kInt, false, GeAttrValue(std::string("s"))});
  EXPECT_NE(OpCatalog::Instance().Register(bad_default), SUCCESS);
  EXPECT_NE(GetLastError().find("attribute 'a'"), std::string::npos);
  EXPECT_EQ(OpCatalog::Instance().Find("TestBadOp"), nullptr);
}

TEST(OpCatalogTest, ConcurrentRegistrationAndLookupIsSafe) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t] {
      for (int i = 0; i < 50; ++i) {
        OpPrototype proto;
        proto.type = "TestThreadOp" + std::to_string(t) + "_" + std::to_string(i);
        EXPECT_EQ(OpCatalog::Instance().Register(proto), SUCCESS);
        EXPECT_NE(OpCatalog::Instance().Find("Add"), nullptr);
        EXPECT_EQ(OpCatalog::Instance().Unregister(proto.type), SUCCESS);
      }
    });
  }
  for (auto &thread : threads) thread.join();
}

TEST(CreateOpDescTest, MatMulHasOptionalBiasPortAndDefaults) {
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("mm", "MatMul", {}, {}, &desc), SUCCESS);
  ASSERT_EQ(desc.GetInputsSize(), 3U);
  EXPECT_EQ(desc.GetInputName(0), "x1");
  EXPECT_EQ(desc.GetInputName(1), "x2");
  EXPECT_EQ(desc.GetInputName(2), "bias");
  ASSERT_EQ(desc.GetOutputsSize(), 1U);
  EXPECT_EQ(desc.GetOutputName(0), "y");
  ASSERT_NE(desc.GetAttrAs<bool>("transpose_x1"), nullptr);
  EXPECT_FALSE(*desc.GetAttrAs<bool>("transpose_x1"));
  ASSERT_EQ(desc.GetIrInputs().size(), 3U);
  EXPECT_EQ(desc.GetIrInputs()[2].second, IrInputType::kOptional);
  EXPECT_EQ(desc.GetIrAttrNames(), (std::vector<std::string>{"transpose_x1", "transpose_x2"}));
}

TEST(CreateOpDescTest, DynamicInputExpandsToNumberedPorts) {
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("out", "NetOutput", {{"x", 3}}, {}, &desc), SUCCESS);
  ASSERT_EQ(desc.GetInputsSize(), 3U);
  EXPECT_EQ(desc.GetInputName(0), "x0");
  EXPECT_EQ(desc.GetInputName(2), "x2");
  EXPECT_EQ(desc.GetOutputsSize(), 0U);
  EXPECT_EQ(desc.GetIrInputs()[0].second, IrInputType::kDynamic);
}

TEST(CreateOpDescTest, NodesOfOneTypeShareMetadata) {
  OpDesc a;
  OpDesc b;
  ASSERT_EQ(CreateOpDesc("a", "Add", {}, {}, &a), SUCCESS);
  ASSERT_EQ(CreateOpDesc("b", "Add", {}, {}, &b), SUCCESS);
  EXPECT_EQ(a.GetIrMetadata().get(), b.GetIrMetadata().get());
  EXPECT_EQ(a.GetIrMetadata().get(), OpCatalog::Instance().Find("Add")->metadata.get());
}

TEST(CreateOpDescTest, RejectsUnknownTypeAndNonDynamicCounts) {
  OpDesc desc;
  EXPECT_NE(CreateOpDesc("n", "NoSuchOp", {}, {}, &desc), SUCCESS);
  EXPECT_NE(GetLastError().find("'NoSuchOp'"), std::string::npos);
  EXPECT_NE(CreateOpDesc("n", "Add", {{"x1", 2}}, {}, &desc), SUCCESS);
  EXPECT_NE(GetLastError().find("'x1' is not a dynamic input"), std::string::npos);
  EXPECT_NE(CreateOpDesc("n", "NetOutput", {{"x", -1}}, {}, &desc), SUCCESS);
  EXPECT_NE(GetLastError().find("negative"), std::string::npos);
}

TEST(InferNodeShapeTest, AddBroadcastsAndNamesNodeOnError) {
  auto graph = std::make_shared<ComputeGraph>("g");
  OpDesc a_desc;
  OpDesc b_desc;
  OpDesc add_desc;
  ASSERT_EQ(CreateOpDesc("a", "Data", {}, {}, &a_desc), SUCCESS);
  ASSERT_EQ(CreateOpDesc("b", "Data", {}, {}, &b_desc), SUCCESS);
  ASSERT_EQ(CreateOpDesc("add", "Add", {}, {}, &add_desc), SUCCESS);
  add_desc.MutableInputDesc(0)->SetShape(GeShape({2, 1, 3}));
  add_desc.MutableInputDesc(1)->SetShape(GeShape({4, 1}));
  Node *add = graph->AddNode(add_desc);
  ASSERT_NE(add, nullptr);
  ASSERT_EQ(InferNodeShape(add), SUCCESS);
  EXPECT_EQ(add->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{2, 4, 3}));
  add->MutableOpDesc().MutableInputDesc(1)->SetShape(GeShape({4, 2}));
  EXPECT_NE(InferNodeShape(add), SUCCESS);
  EXPECT_NE(GetLastError().find("node 'add' (Add)"), std::string::npos) << GetLastError();
  EXPECT_NE(GetLastError().find("[4, 2]"), std::string::npos) << GetLastError();
}

TEST(InferNodeShapeTest, MissingRequiredAttrFails) {
  auto graph = std::make_shared<ComputeGraph>("g");
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("cast", "Cast", {}, {}, &desc), SUCCESS);
  Node *node = graph->AddNode(desc);
  EXPECT_NE(InferNodeShape(node), SUCCESS);
  EXPECT_NE(GetLastError().find("required attribute 'dst_type'"), std::string::npos);
}

TEST(InferNodeShapeTest, PrototypeWithoutRuleGivesUnknownRank) {
  OpPrototype proto;
  proto.type = "TestNoRuleOp";
  proto.inputs.push_back({"x", IrInputType::kRequired, {}});
  proto.outputs.push_back({"y", IrOutputType::kRequired, {}});
  ASSERT_EQ(OpCatalog::Instance().Register(proto, true), SUCCESS);
  auto graph = std::make_shared<ComputeGraph>("g");
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("n", "TestNoRuleOp", {}, {}, &desc), SUCCESS);
  desc.MutableInputDesc(0)->SetDataType(DT_INT32);
  Node *node = graph->AddNode(desc);
  ASSERT_EQ(InferNodeShape(node), SUCCESS);
  EXPECT_EQ(node->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{UNKNOWN_DIM_NUM}));
  EXPECT_EQ(node->GetOpDesc().GetOutputDesc(0)->GetDataType(), DT_INT32);
  OpCatalog::Instance().Unregister("TestNoRuleOp");
}

}  // namespace
}  // namespace ge
