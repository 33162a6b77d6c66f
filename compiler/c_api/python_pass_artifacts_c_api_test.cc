// The C API of artifact selection hands out exactly what the bridge loader decides
// (python_bridge/artifact_sets.h) and reports failures through the thread's last error.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/c_api/python_pass_artifacts.h"
#include "python_bridge/artifact_sets.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace {

using ge::python_bridge::ArtifactSelection;
using ge::python_bridge::CurrentPlatformTag;
using ge::test_support::ScopedEnv;
using ge::test_support::TempDir;

class PythonArtifactSetsCApiTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(root_.empty()); }
  void MakeDir(const std::string &relative) { (void)temp_.Dir(relative); }
  std::string Set(const std::string &relative, const std::string &tag) {
    MakeDir(relative);
    const std::string dir = root_ + "/" + relative;
    std::ofstream(dir + "/manifest.json")
        << "{\"python_tag\": \"" << tag << "\", \"platform\": \"" << CurrentPlatformTag()
        << "\", \"bridge_abi\": 1, \"artifacts\": {\"bridge\": \"b.so\", \"native\": \"n.so\"}}";
    std::ofstream(dir + "/b.so") << "x";
    std::ofstream(dir + "/n.so") << "x";
    return dir;
  }
  TempDir temp_{"ge_artifacts_capi"};
  const std::string root_ = temp_.path();
  ScopedEnv cache_{"XDG_CACHE_HOME", root_ + "/cache"};
  ScopedEnv python_path_{"PYTHONPATH"};
  ScopedEnv artifact_root_{ge::python_bridge::kArtifactRootEnv};
};

TEST_F(PythonArtifactSetsCApiTest, SearchReturnsTheLoadersSelection) {
  // A tag no build tree next to this library has a set for.
  Set("override/b", "cp399");
  Set("override/a", "cp398");
  Set("package/cp399", "cp399");
  MakeDir("override/broken");
  std::ofstream(root_ + "/override/broken/manifest.json") << "{";
  setenv(ge::python_bridge::kArtifactRootEnv, (root_ + "/override").c_str(), 1);
  const std::string package = root_ + "/package";
  const ArtifactSelection expected =
      ge::python_bridge::SelectArtifacts("cp399", ge::python_bridge::CompilerLibraryDir(), package);

  GePyPassArtifactSearch *search = nullptr;
  ASSERT_EQ(GePyPassArtifacts_Search("cp399", package.c_str(), &search), 0U);
  ASSERT_NE(search, nullptr);
  ASSERT_EQ(GePyPassArtifacts_SearchRootCount(search), expected.roots.size());
  for (size_t i = 0; i < expected.roots.size(); ++i) {
    EXPECT_EQ(GePyPassArtifacts_SearchRoot(search, i), expected.roots[i]);
  }
  EXPECT_EQ(GePyPassArtifacts_SearchRoot(search, expected.roots.size()), nullptr);
  EXPECT_EQ(GePyPassArtifacts_SearchSetCount(search), expected.sets.size());
  ASSERT_EQ(GePyPassArtifacts_SearchRejectedCount(search), 1U);
  EXPECT_NE(std::string(GePyPassArtifacts_SearchRejected(search, 0))
                .find("broken/manifest.json: invalid JSON"),
            std::string::npos);
  ASSERT_EQ(GePyPassArtifacts_SearchCandidateCount(search), expected.candidates.size());
  ASSERT_EQ(GePyPassArtifacts_SearchCandidateCount(search), 2U);
  const GePyPassArtifactSet *first = GePyPassArtifacts_SearchCandidate(search, 0);
  EXPECT_EQ(GePyPassArtifacts_SetRoot(first), root_ + "/override/b");
  EXPECT_EQ(GePyPassArtifacts_SetNativePath(first), root_ + "/override/b/n.so");
  EXPECT_EQ(GePyPassArtifacts_SetBridgePath(first), root_ + "/override/b/b.so");
  EXPECT_EQ(GePyPassArtifacts_SetManifestPath(first), root_ + "/override/b/manifest.json");
  EXPECT_STREQ(GePyPassArtifacts_SetPythonTag(first), "cp399");
  EXPECT_EQ(GePyPassArtifacts_SetPlatform(first), CurrentPlatformTag());
  EXPECT_EQ(GePyPassArtifacts_SetAbi(first), 1U);
  EXPECT_EQ(GePyPassArtifacts_SetRoot(GePyPassArtifacts_SearchCandidate(search, 1)),
            root_ + "/package/cp399");
  EXPECT_EQ(GePyPassArtifacts_SearchCandidate(search, 2), nullptr);
  GePyPassArtifacts_DestroySearch(search);
  GePyPassArtifacts_DestroySearch(nullptr);
}

TEST_F(PythonArtifactSetsCApiTest, CompatibilityNeedsTagPlatformAndAbi) {
  const std::string platform = CurrentPlatformTag();
  EXPECT_TRUE(GePyPassArtifacts_IsCompatible("cp399", platform.c_str(), 1, "cp399", 1));
  EXPECT_FALSE(GePyPassArtifacts_IsCompatible("cp399", platform.c_str(), 1, "cp399", 2));
  EXPECT_FALSE(GePyPassArtifacts_IsCompatible("cp399", "plan9-mips", 1, "cp399", 1));
  EXPECT_FALSE(GePyPassArtifacts_IsCompatible("cp399", platform.c_str(), 1, nullptr, 1));
}

TEST_F(PythonArtifactSetsCApiTest, ScanLooksOnlyAtTheGivenRoots) {
  const std::string set = Set("only/cp311", "cp311");
  const char *roots[] = {set.c_str()};
  GePyPassArtifactSearch *search = nullptr;
  ASSERT_EQ(GePyPassArtifacts_Scan(roots, 1, nullptr, &search), 0U);
  ASSERT_EQ(GePyPassArtifacts_SearchSetCount(search), 1U);
  EXPECT_EQ(GePyPassArtifacts_SetRoot(GePyPassArtifacts_SearchSet(search, 0)), set);
  EXPECT_EQ(GePyPassArtifacts_SearchCandidateCount(search), 0U);
  GePyPassArtifacts_DestroySearch(search);
  EXPECT_EQ(GePyPassArtifacts_Scan(nullptr, 1, nullptr, &search), 0xFFFFFFFFU);
}

TEST_F(PythonArtifactSetsCApiTest, ReadManifestFailsWithTheReason) {
  const std::string set = Set("set", "cp311");
  GePyPassArtifactSet *artifact = nullptr;
  ASSERT_EQ(GePyPassArtifacts_ReadManifest((set + "/manifest.json").c_str(), "bridge_abi", true,
                                           &artifact),
            0U);
  EXPECT_STREQ(GePyPassArtifacts_SetPythonTag(artifact), "cp311");
  GePyPassArtifacts_DestroySet(artifact);
  EXPECT_EQ(GePyPassArtifacts_ReadManifest((set + "/manifest.json").c_str(), "native_abi", false,
                                           &artifact),
            0xFFFFFFFFU);
  EXPECT_EQ(artifact, nullptr);
  EXPECT_EQ(ge::GetLastError(), set +
                                    "/manifest.json: 'native_abi' must be a non-negative "
                                    "integer, got nothing");
  EXPECT_EQ(GePyPassArtifacts_SetRoot(nullptr), nullptr);
}

TEST_F(PythonArtifactSetsCApiTest, TagsAndCacheRoot) {
  char *text = nullptr;
  ASSERT_EQ(GePyPassArtifacts_PythonTag("cpython", "3.12.1 (main)", &text), 0U);
  EXPECT_STREQ(text, "cp312");
  GePyPassArtifacts_FreeString(text);
  EXPECT_EQ(GePyPassArtifacts_PythonTag("cpython", "x", &text), 0xFFFFFFFFU);
  EXPECT_EQ(text, nullptr);
  EXPECT_NE(ge::GetLastError().find("'x'"), std::string::npos);
  ASSERT_EQ(GePyPassArtifacts_PlatformTag(&text), 0U);
  EXPECT_EQ(text, CurrentPlatformTag());
  GePyPassArtifacts_FreeString(text);
  ASSERT_EQ(GePyPassArtifacts_FallbackCacheRoot(&text), 0U);
  EXPECT_EQ(std::string(text), root_ + "/cache/ge_py/python_pass_artifacts");
  GePyPassArtifacts_FreeString(text);
}

TEST_F(PythonArtifactSetsCApiTest, FallbackPlanOfCompleteSourcesNamesTheCacheEntry) {
  MakeDir("src/native");
  MakeDir("src/compiler/include");
  std::ofstream(root_ + "/src/CMakeLists.txt") << "project(x)";
  std::ofstream(root_ + "/src/native/CMakeLists.txt") << "";
  const std::string sources = root_ + "/src";
  GePyPassFallbackPlan *plan = nullptr;
  ASSERT_EQ(GePyPassArtifacts_PlanFallback("cp311", "/usr/bin/python3", "3.11.7", "", "0.1.0",
                                           sources.c_str(), &plan),
            0U)
      << ge::GetLastError();
  const std::string key = GePyPassArtifacts_PlanKey(plan);
  EXPECT_EQ(key.rfind("cp311-" + CurrentPlatformTag() + "-", 0), 0U);
  EXPECT_EQ(std::string(GePyPassArtifacts_PlanCacheRoot(plan)),
            root_ + "/cache/ge_py/python_pass_artifacts");
  EXPECT_EQ(std::string(GePyPassArtifacts_PlanSetDir(plan)),
            std::string(GePyPassArtifacts_PlanCacheRoot(plan)) + "/" + key);
  EXPECT_EQ(std::string(GePyPassArtifacts_PlanSourcesHash(plan)).size(), 16U);
  EXPECT_EQ(std::string(GePyPassArtifacts_PlanCompilerLib(plan)),
            ge::python_bridge::CompilerLibraryDir() + "/libge_compiler.so");
  EXPECT_NE(std::string(GePyPassArtifacts_PlanCompilerLibStamp(plan)).find(':'), std::string::npos);
  GePyPassArtifacts_DestroyFallbackPlan(plan);
}

TEST_F(PythonArtifactSetsCApiTest, FallbackPlanOfIncompleteSourcesFails) {
  GePyPassFallbackPlan *plan = nullptr;
  EXPECT_EQ(GePyPassArtifacts_PlanFallback("cp311", "/usr/bin/python3", "3.11.7", "", "0.1.0",
                                           root_.c_str(), &plan),
            0xFFFFFFFFU);
  EXPECT_EQ(plan, nullptr);
  EXPECT_NE(ge::GetLastError().find("(missing CMakeLists.txt, native/CMakeLists.txt, "
                                    "compiler/include)"),
            std::string::npos);
  EXPECT_EQ(
      GePyPassArtifacts_PlanFallback(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
      0xFFFFFFFFU);
  EXPECT_EQ(GePyPassArtifacts_PlanKey(nullptr), nullptr);
}

}  // namespace
