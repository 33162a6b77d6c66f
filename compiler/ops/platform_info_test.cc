// Platform tables: loading, lookup order, AICore support reasons.
#include "ops/platform_info.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "ops/infer_test_util.h"

namespace ge {
namespace {
using test::Out;
using test::TestGraph;

TEST(PlatformInfoTest, LoadsShippedTables) {
  std::shared_ptr<const PlatformInfo> info;
  ASSERT_EQ(PlatformInfo::Load("Ascend910B1", &info), SUCCESS) << GetLastError();
  EXPECT_EQ(info->GetSocVersion(), "Ascend910B1");
  EXPECT_EQ(info->GetAiCoreCount(), 24);
  EXPECT_TRUE(info->IsOpTypeSupported("Conv2D"));
  EXPECT_FALSE(info->IsOpTypeSupported("Data"));
  ASSERT_EQ(PlatformInfo::Load("Ascend310P3", &info), SUCCESS) << GetLastError();
  EXPECT_FALSE(info->IsOpTypeSupported("Conv3D"));
  const std::vector<DataType> &types = info->GetSupportedDtypes("Add");
  EXPECT_EQ(std::find(types.begin(), types.end(), DT_BF16), types.end());
  std::vector<std::string> socs = ListSocVersions();
  EXPECT_NE(std::find(socs.begin(), socs.end(), "Ascend310P3"), socs.end());
}

TEST(PlatformInfoTest, EveryTabledOpTypeIsInTheCatalog) {
  for (const char *soc : {"Ascend910B1", "Ascend310P3"}) {
    std::shared_ptr<const PlatformInfo> info;
    ASSERT_EQ(PlatformInfo::Load(soc, &info), SUCCESS) << GetLastError();
    for (const auto &op : info->GetRaw().Find("aicore")->Find("ops")->GetObject()) {
      EXPECT_NE(OpCatalog::Instance().Find(op.first), nullptr) << soc << ": " << op.first;
    }
  }
}

TEST(PlatformInfoTest, UnknownAndUnsafeSocVersionsFail) {
  std::shared_ptr<const PlatformInfo> info;
  EXPECT_NE(PlatformInfo::Load("Ascend999", &info), SUCCESS);
  EXPECT_NE(GetLastError().find("no platform table for soc_version 'Ascend999'"), std::string::npos)
      << GetLastError();
  EXPECT_NE(PlatformInfo::Load("../etc/passwd", &info), SUCCESS);
  EXPECT_NE(GetLastError().find("invalid soc_version"), std::string::npos);
  EXPECT_NE(SetCurrentSocVersion("Ascend999"), SUCCESS);
  EXPECT_EQ(GetCurrentSocVersion(), "Ascend910B1");
}

TEST(PlatformInfoTest, MalformedTablesNameTheProblem) {
  std::shared_ptr<const PlatformInfo> info;
  EXPECT_NE(PlatformInfo::Parse("{", "t.json", &info), SUCCESS);
  EXPECT_NE(GetLastError().find("in platform table t.json"), std::string::npos) << GetLastError();
  EXPECT_NE(PlatformInfo::Parse(R"({"soc_version": "X", "ai_core_count": 0})", "t.json", &info),
            SUCCESS);
  EXPECT_NE(GetLastError().find("ai_core_count"), std::string::npos);
  EXPECT_NE(PlatformInfo::Parse(R"({"soc_version": "X", "ai_core_count": 1,
      "aicore": {"ops": {"Add": "@nope"}}})",
                                "t.json", &info),
            SUCCESS);
  EXPECT_NE(GetLastError().find("unknown dtype set \"@nope\""), std::string::npos);
}

TEST(PlatformInfoTest, EnvironmentDirectoryOverridesTables) {
  std::string dir = ::testing::TempDir() + "ge_platform_override";
  ASSERT_EQ(system(("mkdir -p " + dir).c_str()), 0);
  std::ofstream(dir + "/TestSoc1.json")
      << R"({"soc_version": "TestSoc1", "ai_core_count": 2, "aicore": {"ops": {"Relu": ["DT_FLOAT"]}}})";
  setenv("GE_PY_PLATFORM_DIR", dir.c_str(), 1);
  std::shared_ptr<const PlatformInfo> info;
  Status status = PlatformInfo::Load("TestSoc1", &info);
  unsetenv("GE_PY_PLATFORM_DIR");
  ASSERT_EQ(status, SUCCESS) << GetLastError();
  EXPECT_EQ(info->GetAiCoreCount(), 2);
}

TEST(PlatformInfoTest, NodeSupportReasonsNameTypeDtypeAndSoc) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_DOUBLE);
  Node *y = g.Data("y", {2}, DT_FLOAT);
  Node *add = g.Op("Add", "add", {Out(x), Out(x)});
  Node *relu = g.Op("Relu", "relu", {Out(y)});
  Node *axes = g.Ints32("axes", {0});
  Node *mean = g.Op("ReduceMean", "mean", {Out(y), Out(axes)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  bool supported = true;
  std::string reason;
  ASSERT_EQ(CheckNodeSupportOnAicore(*x, &supported, &reason), SUCCESS);
  EXPECT_FALSE(supported);
  EXPECT_EQ(reason, "op type 'Data' is not supported on AICore of Ascend910B1");
  ASSERT_EQ(CheckNodeSupportOnAicore(*add, &supported, &reason), SUCCESS);
  EXPECT_FALSE(supported);
  EXPECT_NE(reason.find("input 0 'x1' of node 'add' has dtype DT_DOUBLE, which op type 'Add' "
                        "does not support on AICore of Ascend910B1"),
            std::string::npos)
      << reason;
  ASSERT_EQ(CheckNodeSupportOnAicore(*relu, &supported, &reason), SUCCESS);
  EXPECT_TRUE(supported);
  EXPECT_EQ(reason, "");
  // The int32 axes input is index-like and not checked against the float set.
  ASSERT_EQ(CheckNodeSupportOnAicore(*mean, &supported, &reason), SUCCESS);
  EXPECT_TRUE(supported) << reason;
  ASSERT_EQ(SetCurrentSocVersion("Ascend310P3"), SUCCESS) << GetLastError();
  relu->MutableOpDesc().MutableOutputDesc(0)->SetDataType(DT_BF16);
  ASSERT_EQ(CheckNodeSupportOnAicore(*relu, &supported, &reason), SUCCESS);
  EXPECT_FALSE(supported);
  EXPECT_NE(reason.find("output 0 'y' of node 'relu' has dtype DT_BFLOAT16"), std::string::npos)
      << reason;
  ASSERT_EQ(SetCurrentSocVersion("Ascend910B1"), SUCCESS);
}

}  // namespace
}  // namespace ge
