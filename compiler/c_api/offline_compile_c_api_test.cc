// Tests of the offline compile C API: session rules, option merging, the caller's graph staying
// untouched, save/bundle round trips through the .om readers, and NULL safety.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "air/air_io.h"
#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/graph.h"
#include "ge/c_api/offline_compile.h"
#include "graph/compute_graph.h"
#include "loader/pass_plugin_loader.h"
#include "om/om_bundle.h"
#include "om/om_file.h"
#include "tools/offline_build.h"

namespace {

constexpr uint32_t kOk = 0;

/// x (Data, float [2, 3], no shape on the Neg output yet) -> Neg -> NetOutput.
std::shared_ptr<ge::ComputeGraph> NegGraph(const std::string &name) {
  auto graph = std::make_shared<ge::ComputeGraph>(name);
  const ge::GeTensorDesc desc(ge::GeShape({2, 3}), ge::FORMAT_ND, ge::DT_FLOAT);
  ge::OpDesc data("x", "Data");
  data.AddInputDesc("x", desc);
  data.AddOutputDesc("y", desc);
  data.SetAttr("index", int64_t{0});
  ge::OpDesc neg("neg", "Neg");
  neg.AddInputDesc("x", desc);
  neg.AddOutputDesc("y", ge::GeTensorDesc());
  ge::OpDesc out("Node_Output", "NetOutput");
  out.AddInputDesc("x0", ge::GeTensorDesc());
  ge::Node *d = graph->AddNode(data);
  ge::Node *n = graph->AddNode(neg);
  ge::Node *o = graph->AddNode(out);
  EXPECT_EQ(graph->AddInputNode(d), ge::SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(d, 0, n, 0), ge::SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(n, 0, o, 0), ge::SUCCESS);
  EXPECT_EQ(graph->SetOutputs({{n, 0}}), ge::SUCCESS);
  return graph;
}

std::string TempBase(const std::string &stem) {
  return ::testing::TempDir() + "/offline_c_api_" + std::to_string(getpid()) + "_" + stem;
}

std::string ReadFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream content;
  content << file.rdbuf();
  return content.str();
}

/// Every test starts and ends without a builder session.
class OfflineCompileCApi : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(GeApiWrapper_OfflineCompile_BuildFinalize(), kOk); }
  void TearDown() override { EXPECT_EQ(GeApiWrapper_OfflineCompile_BuildFinalize(), kOk); }

  static void Initialize(std::vector<const char *> keys, std::vector<const char *> values) {
    ASSERT_EQ(GeApiWrapper_OfflineCompile_BuildInitialize(keys.data(), values.data(),
                                                          static_cast<int>(keys.size())),
              kOk)
        << ge::GetLastError();
  }
};

TEST_F(OfflineCompileCApi, NullArgumentsFailCleanly) {
  EXPECT_EQ(GeApiWrapper_OfflineCompile_BuildInitialize(nullptr, nullptr, 0), kOk);
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildInitialize(nullptr, nullptr, 2), kOk);
  EXPECT_NE(ge::GetLastError().find("2 options but the key or value array is null"),
            std::string::npos);
  const char *keys[] = {"ge.socVersion"};
  const char *values[] = {nullptr};
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildInitialize(keys, values, 1), kOk);
  EXPECT_NE(ge::GetLastError().find("option 0 has a null key or value"), std::string::npos);

  GeModelBufferData *model = reinterpret_cast<GeModelBufferData *>(0x1);
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(nullptr, nullptr, nullptr, 0, &model), kOk);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(ge::GetLastError().find("graph handle is null"), std::string::npos);
  GeGraphHandle empty_handle{nullptr};
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(&empty_handle, nullptr, nullptr, 0, &model),
            kOk);
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(nullptr, nullptr, nullptr, 0, nullptr), kOk);
  EXPECT_NE(GeApiWrapper_OfflineCompile_SaveModel(nullptr, nullptr), kOk);
  EXPECT_NE(GeApiWrapper_OfflineCompile_SaveModel("x", nullptr), kOk);
  EXPECT_NE(ge::GetLastError().find("SaveModel: model buffer is null"), std::string::npos);
  EXPECT_NE(GeApiWrapper_OfflineCompile_BundleSaveModel("", nullptr), kOk);
  EXPECT_NE(
      GeApiWrapper_OfflineCompile_BundleBuildModel(nullptr, nullptr, nullptr, nullptr, 0, &model),
      kOk);
  EXPECT_EQ(GeApiWrapper_ModelBuffer_GetLength(nullptr), 0U);
  GeApiWrapper_ModelBuffer_Destroy(nullptr);
}

TEST_F(OfflineCompileCApi, BuildModelNeedsAnInitializedBuilder) {
  GeGraphHandle graph{NegGraph("g")};
  GeModelBufferData *model = nullptr;
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(&graph, nullptr, nullptr, 0, &model), kOk);
  EXPECT_EQ(ge::GetLastError(),
            "BuildModel: the offline builder is not initialized; call build_initialize first");
}

TEST_F(OfflineCompileCApi, InitializeRejectsAnUnknownSoc) {
  const char *keys[] = {"ge.socVersion"};
  const char *values[] = {"Ascend000X"};
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildInitialize(keys, values, 1), kOk);
  EXPECT_NE(ge::GetLastError().find("global option ge.socVersion=Ascend000X"), std::string::npos)
      << ge::GetLastError();
  GeGraphHandle graph{NegGraph("g")};
  GeModelBufferData *model = nullptr;
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(&graph, nullptr, nullptr, 0, &model), kOk);
}

TEST_F(OfflineCompileCApi, BuildWithoutSocVersionNamesTheOption) {
  Initialize({}, {});
  GeGraphHandle graph{NegGraph("g")};
  GeModelBufferData *model = nullptr;
  EXPECT_NE(GeApiWrapper_OfflineCompile_BuildModel(&graph, nullptr, nullptr, 0, &model), kOk);
  EXPECT_NE(ge::GetLastError().find("the option 'ge.socVersion'"), std::string::npos)
      << ge::GetLastError();
}

TEST_F(OfflineCompileCApi, BuildModelMergesOptionsAndLeavesTheGraphUntouched) {
  Initialize({"ge.socVersion", "ge.oo.level", "ge.exec.precision_mode"},
             {"Ascend910B1", "O3", "force_fp32"});
  auto graph = NegGraph("neg_graph");
  GeGraphHandle handle{graph};
  const char *keys[] = {"ge.oo.level"};
  const char *values[] = {"O1"};
  GeModelBufferData *model = nullptr;
  ASSERT_EQ(GeApiWrapper_OfflineCompile_BuildModel(&handle, keys, values, 1, &model), kOk)
      << ge::GetLastError();
  ASSERT_NE(model, nullptr);
  // Shape inference ran on the copy only.
  ge::Node *neg = graph->FindNode("neg");
  ASSERT_NE(neg, nullptr);
  EXPECT_TRUE(neg->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims().empty());

  const std::string base = TempBase("single");
  ASSERT_EQ(GeApiWrapper_OfflineCompile_SaveModel(base.c_str(), model), kOk) << ge::GetLastError();
  const std::string bytes = ReadFile(base + ".om");
  EXPECT_EQ(bytes.size(), GeApiWrapper_ModelBuffer_GetLength(model));
  ge::OmModel loaded;
  ASSERT_EQ(ge::LoadOmModel(base + ".om", &loaded), ge::SUCCESS) << ge::GetLastError();
  EXPECT_EQ(loaded.compile_options.at("ge.oo.level"), "O1");  // the graph option wins
  EXPECT_EQ(loaded.compile_options.at("ge.exec.precision_mode"), "force_fp32");
  EXPECT_EQ(loaded.platform.at("soc_version"), "Ascend910B1");
  EXPECT_EQ(loaded.build_info.at("producer"), "ge_py offline_compile");
  EXPECT_EQ(loaded.build_info.at("source_graph"), "neg_graph");
  ge::Node *compiled_neg = loaded.graph->FindNode("neg");
  ASSERT_NE(compiled_neg, nullptr);
  EXPECT_EQ(compiled_neg->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{2, 3}));

  // A single model is not a bundle.
  EXPECT_NE(GeApiWrapper_OfflineCompile_BundleSaveModel(base.c_str(), model), kOk);
  EXPECT_NE(ge::GetLastError().find("a single model (from build_model); use save_model"),
            std::string::npos);
  GeApiWrapper_ModelBuffer_Destroy(model);
  std::remove((base + ".om").c_str());
}

TEST_F(OfflineCompileCApi, BuildModelGivesTheGraphAtcWouldCompile) {
  Initialize({"ge.socVersion"}, {"Ascend910B1"});
  auto graph = NegGraph("same_graph");
  GeGraphHandle handle{graph};
  GeModelBufferData *model = nullptr;
  ASSERT_EQ(GeApiWrapper_OfflineCompile_BuildModel(&handle, nullptr, nullptr, 0, &model), kOk)
      << ge::GetLastError();
  const std::string base = TempBase("same");
  ASSERT_EQ(GeApiWrapper_OfflineCompile_SaveModel(base.c_str(), model), kOk);
  GeApiWrapper_ModelBuffer_Destroy(model);
  ge::OmModel from_api;
  ASSERT_EQ(ge::LoadOmModel(base + ".om", &from_api), ge::SUCCESS) << ge::GetLastError();
  std::remove((base + ".om").c_str());

  // atc --mode=0 runs BuildOmModel on its imported graph with the same options.
  ge::OmModel direct;
  ASSERT_EQ(ge::BuildOmModel(graph->Clone(), {{"ge.socVersion", "Ascend910B1"}}, &direct),
            ge::SUCCESS)
      << ge::GetLastError();
  std::string api_def;
  std::string direct_def;
  ASSERT_EQ(ge::SerializeGraphToModelDef(from_api.graph, &api_def), ge::SUCCESS);
  ASSERT_EQ(ge::SerializeGraphToModelDef(direct.graph, &direct_def), ge::SUCCESS);
  EXPECT_EQ(api_def, direct_def);
  EXPECT_EQ(from_api.compile_options, direct.compile_options);
  EXPECT_EQ(from_api.platform, direct.platform);
}

TEST_F(OfflineCompileCApi, BundleBuildAndSaveRoundTrip) {
  Initialize({"ge.socVersion"}, {"Ascend910B1"});
  GeGraphHandle first{NegGraph("first")};
  GeGraphHandle second{NegGraph("second")};
  const GeGraphHandle *graphs[] = {&first, &second};
  const char *second_keys[] = {"ge.oo.level"};
  const char *second_values[] = {"O1"};
  const char *const *keys[] = {nullptr, second_keys};
  const char *const *values[] = {nullptr, second_values};
  const int sizes[] = {0, 1};
  GeModelBufferData *bundle = nullptr;
  ASSERT_EQ(GeApiWrapper_OfflineCompile_BundleBuildModel(graphs, keys, values, sizes, 2, &bundle),
            kOk)
      << ge::GetLastError();
  EXPECT_NE(GeApiWrapper_OfflineCompile_SaveModel("unused", bundle), kOk);
  EXPECT_NE(ge::GetLastError().find("a bundle (from bundle_build_model); use bundle_save_model"),
            std::string::npos);

  const std::string base = TempBase("bundle");
  ASSERT_EQ(GeApiWrapper_OfflineCompile_BundleSaveModel(base.c_str(), bundle), kOk)
      << ge::GetLastError();
  EXPECT_EQ(ReadFile(base + ".om").size(), GeApiWrapper_ModelBuffer_GetLength(bundle));
  GeApiWrapper_ModelBuffer_Destroy(bundle);
  std::vector<ge::OmModel> models;
  ASSERT_EQ(ge::LoadOmBundle(base + ".om", &models), ge::SUCCESS) << ge::GetLastError();
  ASSERT_EQ(models.size(), 2U);
  EXPECT_EQ(models[0].graph->GetName(), "first");
  EXPECT_EQ(models[1].graph->GetName(), "second");
  EXPECT_EQ(models[0].compile_options.count("ge.oo.level"), 0U);
  EXPECT_EQ(models[1].compile_options.at("ge.oo.level"), "O1");
  std::remove((base + ".om").c_str());
}

TEST_F(OfflineCompileCApi, BundleBuildNamesTheFailingGraph) {
  Initialize({"ge.socVersion"}, {"Ascend910B1"});
  GeGraphHandle good{NegGraph("good")};
  GeGraphHandle null_graph{nullptr};
  const GeGraphHandle *graphs[] = {&good, &null_graph};
  const int sizes[] = {0, 0};
  GeModelBufferData *bundle = nullptr;
  EXPECT_NE(
      GeApiWrapper_OfflineCompile_BundleBuildModel(graphs, nullptr, nullptr, sizes, 2, &bundle),
      kOk);
  EXPECT_EQ(bundle, nullptr);
  EXPECT_EQ(ge::GetLastError(), "BundleBuildModel: graph 1: graph handle is null");
}

TEST_F(OfflineCompileCApi, TheSessionHoldsOnePassPluginUser) {
  const int before = ge::PassPluginLoader::Instance().GetActiveUsers();
  Initialize({}, {});
  EXPECT_EQ(ge::PassPluginLoader::Instance().GetActiveUsers(), before + 1);
  Initialize({}, {});  // a second initialize takes no second user
  EXPECT_EQ(ge::PassPluginLoader::Instance().GetActiveUsers(), before + 1);
  EXPECT_EQ(GeApiWrapper_OfflineCompile_BuildFinalize(), kOk);
  EXPECT_EQ(ge::PassPluginLoader::Instance().GetActiveUsers(), before);
  EXPECT_EQ(GeApiWrapper_OfflineCompile_BuildFinalize(), kOk);  // nothing left to release
  EXPECT_EQ(ge::PassPluginLoader::Instance().GetActiveUsers(), before);
}

TEST_F(OfflineCompileCApi, SecondInitializeReplacesGlobalOptions) {
  Initialize({"ge.socVersion", "ge.oo.level"}, {"Ascend910B1", "O1"});
  Initialize({"ge.socVersion"}, {"Ascend910B1"});
  GeGraphHandle graph{NegGraph("g")};
  GeModelBufferData *model = nullptr;
  ASSERT_EQ(GeApiWrapper_OfflineCompile_BuildModel(&graph, nullptr, nullptr, 0, &model), kOk)
      << ge::GetLastError();
  const std::string base = TempBase("reinit");
  ASSERT_EQ(GeApiWrapper_OfflineCompile_SaveModel(base.c_str(), model), kOk);
  GeApiWrapper_ModelBuffer_Destroy(model);
  ge::OmModel loaded;
  ASSERT_EQ(ge::LoadOmModel(base + ".om", &loaded), ge::SUCCESS);
  EXPECT_EQ(loaded.compile_options.count("ge.oo.level"), 0U);
  std::remove((base + ".om").c_str());
}

}  // namespace
