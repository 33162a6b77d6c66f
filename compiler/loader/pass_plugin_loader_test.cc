// Loads the three sample C++ plugins (tests/cpp/plugins) from a real OPP tree and proves each
// pass by comparing the graph before and after; checks discovery, refcounting and unloading.
#include "loader/pass_plugin_loader.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "common/error.h"
#include "pass/custom_pass_helper.h"
#include "pass/fusion_pass_executor.h"
#include "pass/pass_registry.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace {

using fusion::FusionPassExecutor;
using fusion::PassRegistry;
using fusion::test::P;
using fusion::test::SortedTypes;
using fusion::test::TestGraph;

class PassPluginLoaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("ASCEND_OPP_PATH", GE_TEST_OPP_DIR, 1);
    unsetenv("ASCEND_GE_PY_PASS_PATH");
    ASSERT_EQ(LoadPassPlugins(), SUCCESS) << GetLastError();
  }
  void TearDown() override {
    EXPECT_EQ(UnloadPassPlugins(), SUCCESS);
    EXPECT_EQ(PassPluginLoader::Instance().GetActiveUsers(), 0);
  }
};

TEST_F(PassPluginLoaderTest, DiscoversVendorsInNameOrderAndRegistersTheirPasses) {
  const std::vector<std::string> libraries = PassPluginLoader::Instance().GetLoadedLibraries();
  ASSERT_EQ(libraries.size(), 3U);
  EXPECT_NE(libraries[0].find("/vendors/alpha/custom_fusion_passes/"), std::string::npos);
  EXPECT_NE(libraries[1].find("/vendors/beta/custom_fusion_passes/"), std::string::npos);
  EXPECT_TRUE(PassRegistry::GetInstance().HasFusionPass("AddZeroFusionPass"));
  EXPECT_TRUE(PassRegistry::GetInstance().HasFusionPass("MatMulAddToGemmPass"));
  EXPECT_TRUE(PassRegistry::GetInstance().HasFusionPass("GroupedConvDecomposePass"));
  EXPECT_EQ(CustomPassHelper::Instance().Size(), 1U);
}

TEST_F(PassPluginLoaderTest, AddZeroPluginRemovesAddOfZeroOnly) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero1 = g.Const("zero1", 0.0F);
  Node *zero2 = g.Const("zero2", 0.0F);
  Node *two = g.Const("two", 2.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(zero1)});
  Node *a2 = g.Op("a2", "Add", {P(zero2), P(a1)});  // const first: the second pattern
  Node *a3 = g.Op("a3", "Add", {P(a2), P(two)});    // non-zero: kept
  Node *out = g.NetOutput({P(a3)});
  EXPECT_EQ(SortedTypes(*g.Get()), (std::vector<std::string>{"Add", "Add", "Add", "Const", "Const",
                                                             "Const", "Data", "NetOutput"}));
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS)
      << GetLastError();
  EXPECT_EQ(SortedTypes(*g.Get()), (std::vector<std::string>{"Add", "Const", "Data", "NetOutput"}));
  EXPECT_EQ(a3->GetInDataPeer(0).node, x);
  EXPECT_EQ(a3->GetInDataPeer(1).node, two);
  EXPECT_EQ(out->GetInDataPeer(0).node, a3);
}

TEST_F(PassPluginLoaderTest, AddZeroPluginKeepsAZeroSharedWithAnotherConsumer) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *add = g.Op("add", "Add", {P(x), P(zero)});
  Node *mul = g.Op("mul", "Mul", {P(add), P(zero)});
  g.NetOutput({P(mul)});
  const std::string before = fusion::test::Signature(*g.Get());
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_EQ(fusion::test::Signature(*g.Get()), before);
}

TEST_F(PassPluginLoaderTest, MatMulAddPluginFusesBothMatMulKindsIntoGemm) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *w1 = g.Const("w1", 1.0F);
  Node *b1 = g.Const("b1", 2.0F);
  Node *mm = g.Op("mm", "MatMul", {P(a), P(w1)});
  mm->MutableOpDesc().SetAttr("transpose_x2", GeAttrValue(true));
  Node *add1 = g.Op("add1", "Add", {P(mm), P(b1)});
  Node *w2 = g.Const("w2", 3.0F);
  Node *b2 = g.Const("b2", 4.0F);
  // A second 2-D input: a GEMM made before shape inference has no output shape yet, so the
  // plugin (GEMM is 2-D only) would not fuse a product fed by it.
  Node *a2 = g.Data("a2", 1);
  Node *bmm = g.Op("bmm", "BatchMatMulV2", {P(a2), P(w2)});
  Node *add2 = g.Op("add2", "Add", {P(bmm), P(b2)});
  Node *w3 = g.Const("w3", 5.0F);
  Node *b3 = g.Const("b3", 6.0F);
  for (Node *w : {w1, w2, w3}) w->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape({2, 2}));
  Node *mm_shared = g.Op("mm_shared", "MatMul", {P(add2), P(w3)});
  Node *add3 = g.Op("add3", "Add", {P(mm_shared), P(b3)});
  Node *out = g.NetOutput({P(add3), P(mm_shared), P(add1)});  // mm_shared escapes: not fused
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPassesWithLegacyCustom(g.Get(), CustomPassStage::kBeforeInferShape),
            SUCCESS)
      << GetLastError();
  std::vector<Node *> gemms;
  for (Node *node : g.Get()->GetDirectNodes()) {
    if (node->GetType() == "GEMM") gemms.push_back(node);
  }
  ASSERT_EQ(gemms.size(), 2U);
  EXPECT_EQ(g.Get()->FindNode("mm"), nullptr);
  EXPECT_EQ(g.Get()->FindNode("bmm"), nullptr);
  EXPECT_NE(g.Get()->FindNode("mm_shared"), nullptr);
  Node *first = gemms[0]->GetInDataPeer(0).node == a ? gemms[0] : gemms[1];
  Node *second = first == gemms[0] ? gemms[1] : gemms[0];
  EXPECT_EQ(first->GetInDataPeer(1).node, w1);
  EXPECT_EQ(first->GetInDataPeer(2).node, b1);
  EXPECT_EQ(first->GetInDataPeer(3).node->GetType(), "Const");
  const bool *transpose_b = first->GetOpDesc().GetAttrAs<bool>("transpose_b");
  ASSERT_NE(transpose_b, nullptr);
  EXPECT_TRUE(*transpose_b);
  EXPECT_EQ(second->GetInDataPeer(0).node, a2);
  EXPECT_EQ(mm_shared->GetInDataPeer(0).node, second);
  EXPECT_EQ(out->GetInDataPeer(0).node, add3);
  // The legacy pass of the same library runs at its own stage.
  FusionPassExecutor after;
  ASSERT_EQ(after.RunPassesWithLegacyCustom(g.Get(), CustomPassStage::kAfterBuiltinFusionPass),
            SUCCESS);
  const int64_t *count = out->GetOpDesc().GetAttrAs<int64_t>("_sample_gemm_count");
  ASSERT_NE(count, nullptr);
  EXPECT_EQ(*count, 2);
}

Node *GroupedConv(TestGraph &g, Node *x, Node *filter, int64_t groups, int64_t channels) {
  Node *conv = g.Op("conv", "Conv2D", {P(x), P(filter)});
  OpDesc &desc = conv->MutableOpDesc();
  desc.MutableInputDesc(0)->SetShape(GeShape({1, channels, 8, 8}));
  desc.MutableInputDesc(1)->SetShape(GeShape({channels, channels / groups, 3, 3}));
  desc.SetAttr("groups", GeAttrValue(groups));
  desc.SetAttr("data_format", GeAttrValue("NCHW"));
  desc.SetAttr("strides", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1}));
  desc.SetAttr("pads", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1}));
  return conv;
}

TEST_F(PassPluginLoaderTest, GroupedConvPluginDecomposesIntoSplitConvConcat) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *filter = g.Const("filter", 0.5F);
  Node *conv = GroupedConv(g, x, filter, 4, 8);
  Node *relu = g.Op("relu", "Relu", {P(conv)});
  g.NetOutput({P(relu)});
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kAfterInferShape), SUCCESS)
      << GetLastError();
  EXPECT_EQ(g.Get()->FindNode("conv"), nullptr);
  size_t convs = 0;
  size_t splits = 0;
  for (Node *node : g.Get()->GetDirectNodes()) {
    if (node->GetType() == "Conv2D") {
      ++convs;
      const int64_t *groups = node->GetOpDesc().GetAttrAs<int64_t>("groups");
      ASSERT_NE(groups, nullptr);
      EXPECT_EQ(*groups, 1);
    }
    splits += node->GetType() == "Split" ? 1U : 0U;
  }
  EXPECT_EQ(convs, 4U);
  EXPECT_EQ(splits, 2U);
  Node *concat = relu->GetInDataPeer(0).node;
  ASSERT_EQ(concat->GetType(), "ConcatV2");
  EXPECT_EQ(concat->GetInDataNodes().size(), 5U);  // 4 convs + concat_dim
}

TEST_F(PassPluginLoaderTest, GroupedConvPluginLeavesUngroupedConvAlone) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *filter = g.Const("filter", 0.5F);
  Node *conv = GroupedConv(g, x, filter, 1, 8);
  g.NetOutput({P(conv)});
  const std::string before = fusion::test::Signature(*g.Get());
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kAfterInferShape), SUCCESS);
  EXPECT_EQ(fusion::test::Signature(*g.Get()), before);
}

TEST(PassPluginLoaderRefcountTest, RepeatedLoadUnloadIsHarmlessAndUnloadRemovesPasses) {
  setenv("ASCEND_OPP_PATH", GE_TEST_OPP_DIR, 1);
  ASSERT_EQ(LoadPassPlugins(), SUCCESS);
  ASSERT_EQ(LoadPassPlugins(), SUCCESS);
  EXPECT_EQ(PassPluginLoader::Instance().GetActiveUsers(), 2);
  EXPECT_EQ(UnloadPassPlugins(), SUCCESS);
  EXPECT_TRUE(PassRegistry::GetInstance().HasFusionPass("AddZeroFusionPass"));
  EXPECT_EQ(UnloadPassPlugins(), SUCCESS);
  EXPECT_FALSE(PassRegistry::GetInstance().HasFusionPass("AddZeroFusionPass"));
  EXPECT_FALSE(PassRegistry::GetInstance().HasFusionPass("GroupedConvDecomposePass"));
  EXPECT_EQ(CustomPassHelper::Instance().Size(), 0U);
  EXPECT_EQ(UnloadPassPlugins(), SUCCESS);  // extra unload: warning only
  EXPECT_EQ(PassPluginLoader::Instance().GetActiveUsers(), 0);
}

TEST(PassPluginLoaderRefcountTest, BrokenLibraryFailsLoadNamingItAndLeavesNothingLoaded) {
  const std::string root = ::testing::TempDir() + "/broken_opp/";
  const std::string dir = root + "vendors/bad/custom_fusion_passes";
  ASSERT_EQ(std::system(("mkdir -p '" + dir + "/nested'").c_str()), 0);
  std::ofstream(dir + "/libbroken.so") << "not an ELF file";
  setenv("ASCEND_OPP_PATH", root.c_str(), 1);
  EXPECT_EQ(LoadPassPlugins(), FAILED);
  EXPECT_NE(GetLastError().find("Failed to load " + dir + "/libbroken.so"), std::string::npos);
  EXPECT_EQ(PassPluginLoader::Instance().GetActiveUsers(), 0);
  // Libraries only in a nested directory are not scanned.
  ASSERT_EQ(std::rename((dir + "/libbroken.so").c_str(), (dir + "/nested/libbroken.so").c_str()),
            0);
  EXPECT_EQ(LoadPassPlugins(), SUCCESS);
  EXPECT_TRUE(PassPluginLoader::Instance().GetLoadedLibraries().empty());
  EXPECT_EQ(UnloadPassPlugins(), SUCCESS);
  (void)std::system(("rm -rf '" + root + "'").c_str());
}

}  // namespace
}  // namespace ge
