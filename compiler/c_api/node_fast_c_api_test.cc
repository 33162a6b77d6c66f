// Tests of the one-call node accessors used on the per-match path of Python passes: borrowed type
// and name text, and the tensor attribute read with its value-type report.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "c_api/c_api_test_graphs.h"
#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/node.h"
#include "ge/c_api/tensor.h"
#include "graph/compute_graph.h"

namespace {

struct NodeFixture {
  std::shared_ptr<ge::ComputeGraph> graph = ge::test::UnaryFloatGraph("g", "r", "Relu");
  GeNodeHandle *node = nullptr;

  NodeFixture() {
    ge::Node *relu = graph->FindNode("r");
    std::unique_ptr<GeTensorHandle> value(ge::test::FloatTensor({2}, {0.5f, -1.0f}));
    relu->MutableOpDesc().SetAttr("value", value->tensor);
    relu->MutableOpDesc().SetAttr("alpha", int64_t{3});
    node = ge::capi::NewNodeHandle(graph.get(), relu);
  }
  ~NodeFixture() { GeApiWrapper_GNode_DestroyGNode(node); }
};

TEST(NodeFastCApiTest, TypeAndNameRefsReadTheNode) {
  NodeFixture f;
  EXPECT_STREQ(GeApiWrapper_GNode_GetTypeRef(f.node), "Relu");
  EXPECT_STREQ(GeApiWrapper_GNode_GetNameRef(f.node), "r");
}

TEST(NodeFastCApiTest, RefsOfNullOrExpiredHandlesAreNullWithError) {
  ge::ClearLastError();
  EXPECT_EQ(GeApiWrapper_GNode_GetTypeRef(nullptr), nullptr);
  EXPECT_STRNE(GeApiWrapper_GEGetErrorMsg(), "");
  NodeFixture f;
  f.graph.reset();  // the node goes with its graph: the weak handle expires
  ge::ClearLastError();
  EXPECT_EQ(GeApiWrapper_GNode_GetNameRef(f.node), nullptr);
  EXPECT_STRNE(GeApiWrapper_GEGetErrorMsg(), "");
}

TEST(NodeFastCApiTest, TensorAttrComesAsACopy) {
  NodeFixture f;
  int32_t value_type = 99;
  GeTensorHandle *tensor = GeApiWrapper_GNode_GetTensorAttr(f.node, "value", &value_type);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(value_type, static_cast<int32_t>(ge::AttrValueType::kTensor));
  ASSERT_EQ(tensor->tensor.GetSize(), 2 * sizeof(float));
  const auto *data = reinterpret_cast<const float *>(tensor->tensor.GetData());
  EXPECT_EQ(data[0], 0.5f);
  EXPECT_EQ(data[1], -1.0f);
  GeApiWrapper_Tensor_DestroyEsCTensor(tensor);
}

TEST(NodeFastCApiTest, OtherAttrTypesReportTheirTypeWithoutATensor) {
  NodeFixture f;
  int32_t value_type = -1;
  EXPECT_EQ(GeApiWrapper_GNode_GetTensorAttr(f.node, "alpha", &value_type), nullptr);
  EXPECT_EQ(value_type, static_cast<int32_t>(ge::AttrValueType::kInt));
}

TEST(NodeFastCApiTest, MissingAttrOrBadArgumentsFailCleanly) {
  NodeFixture f;
  int32_t value_type = 0;
  ge::ClearLastError();
  EXPECT_EQ(GeApiWrapper_GNode_GetTensorAttr(f.node, "nope", &value_type), nullptr);
  EXPECT_EQ(value_type, -1);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("nope"), std::string::npos);
  value_type = 0;
  EXPECT_EQ(GeApiWrapper_GNode_GetTensorAttr(f.node, nullptr, &value_type), nullptr);
  EXPECT_EQ(value_type, -1);
  EXPECT_EQ(GeApiWrapper_GNode_GetTensorAttr(nullptr, "value", &value_type), nullptr);
  EXPECT_EQ(GeApiWrapper_GNode_GetTensorAttr(f.node, "value", nullptr), nullptr);
}

}  // namespace
