// GeUtils C API: flattened input shapes, NULL safety, AICore check through node handles.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/graph.h"
#include "ge/c_api/node.h"
#include "ge/c_api/utils.h"
#include "ops/op_catalog.h"

namespace {

struct AddGraph {
  GeGraphHandle handle{std::make_shared<ge::ComputeGraph>("g")};
  ge::Node *data = nullptr;
  ge::Node *add = nullptr;

  AddGraph() {
    ge::OpDesc data_desc;
    ge::OpDesc add_desc;
    EXPECT_EQ(ge::CreateOpDesc("x", "Data", {}, {}, &data_desc), ge::SUCCESS);
    EXPECT_EQ(ge::CreateOpDesc("add", "Add", {}, {}, &add_desc), ge::SUCCESS);
    data_desc.MutableOutputDesc(0)->SetShape(ge::GeShape({2}));
    data = handle.graph->AddNode(data_desc);
    add = handle.graph->AddNode(add_desc);
    EXPECT_EQ(handle.graph->AddDataEdge(data, 0, add, 0), ge::SUCCESS);
    EXPECT_EQ(handle.graph->AddDataEdge(data, 0, add, 1), ge::SUCCESS);
  }
};

TEST(UtilsCApiTest, InferShapeTakesFlattenedShapes) {
  AddGraph g;
  const int64_t dims[] = {3, -1};
  const size_t ranks[] = {2};
  ASSERT_EQ(GeApiWrapper_GeUtils_InferShape(&g.handle, dims, 2, ranks, 1), 0U)
      << GeApiWrapper_GEGetErrorMsg();
  EXPECT_EQ(g.add->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{3, -1}));
  EXPECT_EQ(GeApiWrapper_GeUtils_InferShape(&g.handle, nullptr, 0, nullptr, 0), 0U);
}

TEST(UtilsCApiTest, InferShapeRejectsRankMismatchAndNulls) {
  AddGraph g;
  const int64_t dims[] = {3, 4};
  const size_t ranks[] = {3};
  EXPECT_NE(GeApiWrapper_GeUtils_InferShape(&g.handle, dims, 2, ranks, 1), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("do not add up"), std::string::npos);
  const size_t huge[] = {SIZE_MAX, 3};
  EXPECT_NE(GeApiWrapper_GeUtils_InferShape(&g.handle, dims, 2, huge, 2), 0U);
  EXPECT_NE(GeApiWrapper_GeUtils_InferShape(nullptr, dims, 2, ranks, 1), 0U);
  EXPECT_NE(GeApiWrapper_GeUtils_InferShape(&g.handle, nullptr, 2, ranks, 1), 0U);
  const size_t two[] = {1, 1};
  EXPECT_NE(GeApiWrapper_GeUtils_InferShape(&g.handle, dims, 2, two, 2), 0U);  // one Data node
}

TEST(UtilsCApiTest, CheckNodeSupportReturnsMallocdReason) {
  ASSERT_EQ(GeApiWrapper_GeUtils_SetSocVersion("Ascend910B1"), 0U) << GeApiWrapper_GEGetErrorMsg();
  AddGraph g;
  GeNodeHandle data{g.handle.graph->GetNodePtr(g.data)};
  GeNodeHandle add{g.handle.graph->GetNodePtr(g.add)};
  bool supported = true;
  char *reason = nullptr;
  ASSERT_EQ(GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(&data, &supported, &reason), 0U);
  EXPECT_FALSE(supported);
  ASSERT_NE(reason, nullptr);
  EXPECT_STREQ(reason, "op type 'Data' is not supported on AICore of Ascend910B1");
  GeApiWrapper_GeUtils_FreeString(reason);
  ASSERT_EQ(GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(&add, &supported, &reason), 0U);
  EXPECT_TRUE(supported);
  EXPECT_EQ(reason, nullptr);
  EXPECT_NE(GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(nullptr, &supported, &reason), 0U);
  EXPECT_EQ(reason, nullptr);
  EXPECT_NE(GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(&add, nullptr, nullptr), 0U);
  g.handle.graph->RemoveNode(g.add);
  EXPECT_NE(GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(&add, &supported, &reason), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("expired"), std::string::npos);
}

std::string CurrentSoc() {
  char *soc = GeApiWrapper_GeUtils_GetSocVersion();
  std::string copy = soc == nullptr ? "<null>" : soc;
  GeApiWrapper_GeUtils_FreeString(soc);
  return copy;
}

TEST(UtilsCApiTest, SocVersionSetting) {
  EXPECT_EQ(GeApiWrapper_GeUtils_SetSocVersion("Ascend310P3"), 0U) << GeApiWrapper_GEGetErrorMsg();
  EXPECT_EQ(CurrentSoc(), "Ascend310P3");
  // A failed set names the soc_version and keeps the previous one.
  EXPECT_NE(GeApiWrapper_GeUtils_SetSocVersion("NoSuchSoc"), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("NoSuchSoc"), std::string::npos)
      << GeApiWrapper_GEGetErrorMsg();
  EXPECT_EQ(CurrentSoc(), "Ascend310P3");
  EXPECT_NE(GeApiWrapper_GeUtils_SetSocVersion(nullptr), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("soc_version is null"),
            std::string::npos);
  EXPECT_EQ(GeApiWrapper_GeUtils_SetSocVersion("Ascend910B1"), 0U);
  EXPECT_EQ(CurrentSoc(), "Ascend910B1");
}

}  // namespace
