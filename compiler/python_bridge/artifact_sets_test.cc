// The one implementation of artifact-set selection: manifest validation (with reasons), scan
// order, compatibility, search roots, python tags and fallback cache keys. ge.passes.runtime
// reaches the same functions through the C API (tests/python/passes/test_passes_runtime_*.py).
#include "python_bridge/artifact_sets.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "python_bridge/fallback_plan.h"
#include "python_bridge/python_runtime_key.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace python_bridge {
namespace {

using test_support::ScopedEnv;
using test_support::TempDir;

class SelectionTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(root_.empty()); }

  std::string Dir(const std::string &relative) { return temp_.Dir(relative); }
  static void Write(const std::string &path, const std::string &text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string Manifest(const std::string &fields) { return "{" + fields + "}"; }
  static std::string Fields(const std::string &tag, const std::string &abi,
                            const std::string &artifacts) {
    return "\"python_tag\": \"" + tag + "\", \"platform\": \"" + CurrentPlatformTag() +
           "\", \"bridge_abi\": " + abi + ", \"artifacts\": " + artifacts +
           ", \"unknown_key\": {\"ignored\": true}";
  }
  static std::string BothFiles() {
    return "{\"bridge\": \"libge_python_pass_bridge.so\", \"native\": \"_ge_pass_native.so\"}";
  }
  // A set directory with a manifest and both files.
  std::string Set(const std::string &relative, const std::string &tag = "cp311",
                  const std::string &abi = "1") {
    const std::string dir = Dir(relative);
    Write(dir + "/manifest.json", Manifest(Fields(tag, abi, BothFiles())));
    Write(dir + "/libge_python_pass_bridge.so", "x");
    Write(dir + "/_ge_pass_native.so", "x");
    return dir;
  }
  std::string Reason(const std::string &manifest_text, bool with_files = true) {
    const std::string dir = Dir("m" + std::to_string(++manifests_));
    Write(dir + "/manifest.json", manifest_text);
    if (with_files) {
      Write(dir + "/libge_python_pass_bridge.so", "x");
      Write(dir + "/_ge_pass_native.so", "x");
    }
    PythonArtifactSet artifact;
    std::string reason;
    EXPECT_FALSE(LoadArtifactManifest(dir + "/manifest.json", artifact, reason)) << manifest_text;
    EXPECT_EQ(reason.rfind(dir + "/manifest.json: ", 0), 0U) << reason;
    return reason;
  }

  TempDir temp_{"ge_selection_test"};
  const std::string root_ = temp_.path();
  int manifests_ = 0;
};

TEST_F(SelectionTest, AValidManifestGivesRealPaths) {
  const std::string dir = Set("set");
  PythonArtifactSet artifact;
  std::string reason;
  ASSERT_TRUE(LoadArtifactManifest(dir + "/manifest.json", artifact, reason)) << reason;
  EXPECT_EQ(artifact.python_tag, "cp311");
  EXPECT_EQ(artifact.platform, CurrentPlatformTag());
  EXPECT_EQ(artifact.abi, 1U);
  EXPECT_EQ(artifact.root, dir);
  EXPECT_EQ(artifact.manifest_path, dir + "/manifest.json");
  EXPECT_EQ(artifact.bridge_path, dir + "/libge_python_pass_bridge.so");
  EXPECT_EQ(artifact.native_path, dir + "/_ge_pass_native.so");
}

TEST_F(SelectionTest, EveryInvalidFieldIsRejectedWithItsReason) {
  const std::string tag = "\"python_tag\": \"cp311\"";
  const std::string platform = "\"platform\": \"" + CurrentPlatformTag() + "\"";
  const std::string files = "\"artifacts\": " + BothFiles();
  EXPECT_NE(Reason(Manifest(platform + ", \"bridge_abi\": 1, " + files))
                .find("'python_tag' must be a non-empty string, got nothing"),
            std::string::npos);
  EXPECT_NE(Reason(Manifest("\"python_tag\": \"\", " + platform + ", \"bridge_abi\": 1, " + files))
                .find("'python_tag' must be a non-empty string"),
            std::string::npos);
  EXPECT_NE(Reason(Manifest(tag + ", \"platform\": 3, \"bridge_abi\": 1, " + files))
                .find("'platform' must be a non-empty string, got 3"),
            std::string::npos);
  for (const std::string abi : {"\"1\"", "1.0", "-1", "true", "null"}) {
    EXPECT_NE(Reason(Manifest(tag + ", " + platform + ", \"bridge_abi\": " + abi + ", " + files))
                  .find("'bridge_abi' must be a non-negative integer"),
              std::string::npos)
        << abi;
  }
  EXPECT_NE(Reason(Manifest(tag + ", " + platform + ", \"bridge_abi\": 1, \"artifacts\": [1]"))
                .find("'artifacts' must be an object"),
            std::string::npos);
  EXPECT_NE(Reason(Manifest(Fields("cp311", "1", "{\"bridge\": \"libge_python_pass_bridge.so\"}")))
                .find("artifacts.'native' must be a non-empty string"),
            std::string::npos);
  EXPECT_NE(Reason(Manifest(Fields("cp311", "1",
                                   "{\"native\": \"_ge_pass_native.so\", "
                                   "\"bridge\": \"\"}")))
                .find("artifacts.'bridge' must be a non-empty string"),
            std::string::npos);
  EXPECT_NE(Reason("{oops").find("invalid JSON: "), std::string::npos);
  EXPECT_NE(Reason("[1, 2]").find("top level must be a JSON object"), std::string::npos);
  EXPECT_NE(Reason(Manifest(Fields("cp311", "1", BothFiles())), false)
                .find("artifacts.native file not found: "),
            std::string::npos);
  PythonArtifactSet artifact;
  std::string reason;
  EXPECT_FALSE(LoadArtifactManifest(root_ + "/none.json", artifact, reason));
  EXPECT_NE(reason.find("cannot read manifest: "), std::string::npos);
}

TEST_F(SelectionTest, NativeOnlySetsUseTheirOwnAbiKey) {
  const std::string dir = Dir("rt");
  Write(dir + "/manifest.json",
        "{\"python_tag\": \"cp311\", \"platform\": \"x\", \"native_abi\": 1, "
        "\"artifacts\": {\"native\": \"_ge_runtime_native.so\"}}");
  Write(dir + "/_ge_runtime_native.so", "x");
  PythonArtifactSet artifact;
  std::string reason;
  ASSERT_TRUE(ReadArtifactManifest(dir + "/manifest.json", "native_abi", false, artifact, reason))
      << reason;
  EXPECT_EQ(artifact.bridge_path, "");
  EXPECT_FALSE(LoadArtifactManifest(dir + "/manifest.json", artifact, reason));
}

TEST_F(SelectionTest, ScanReadsTheRootThenItsChildrenByNameOnly) {
  const std::string root = Set("root");
  Set("root/b_set", "cp000");
  Set("root/a_set");
  Set("root/c_bad", "cp311", "\"x\"");
  Set("root/deeper/nested");  // only immediate children are looked at
  std::vector<std::string> rejected;
  const auto sets = ScanArtifacts({root}, rejected);
  ASSERT_EQ(sets.size(), 3U);
  EXPECT_EQ(sets[0].root, root);
  EXPECT_EQ(sets[1].root, root + "/a_set");
  EXPECT_EQ(sets[2].root, root + "/b_set");
  ASSERT_EQ(rejected.size(), 1U);
  EXPECT_NE(rejected[0].find("c_bad"), std::string::npos);
}

TEST_F(SelectionTest, OnlyTagPlatformAndAbiTogetherMakeACandidate) {
  PythonArtifactSet set;
  set.python_tag = "cp311";
  set.platform = CurrentPlatformTag();
  set.abi = 1;
  EXPECT_TRUE(IsCompatibleArtifact(set, "cp311", 1));
  EXPECT_FALSE(IsCompatibleArtifact(set, "cp312", 1));
  EXPECT_FALSE(IsCompatibleArtifact(set, "", 1));
  EXPECT_FALSE(IsCompatibleArtifact(set, "cp311", 2));
  set.platform = "plan9-mips";
  EXPECT_FALSE(IsCompatibleArtifact(set, "cp311", 1));
}

TEST_F(SelectionTest, RootsComeInSearchOrderAndAMissingOverrideIsReported) {
  Set("override/cp311-x");
  const std::string override_root = root_ + "/override";
  const std::string on_path = Dir("site/ge/passes/python_pass_artifacts");
  const std::string package = Dir("package_root");
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  ScopedEnv python_path("PYTHONPATH", root_ + "/site::" + root_ + "/nothing_here");
  {
    ScopedEnv override_env(kArtifactRootEnv, override_root);
    std::vector<std::string> rejected;
    EXPECT_EQ(ArtifactSearchRoots("", package, rejected),
              (std::vector<std::string>{override_root, on_path, package}));
    EXPECT_TRUE(rejected.empty());
    // The same directory twice is searched once.
    EXPECT_EQ(ArtifactSearchRoots("", on_path, rejected),
              (std::vector<std::string>{override_root, on_path}));
  }
  ScopedEnv missing(kArtifactRootEnv, root_ + "/missing");
  std::vector<std::string> rejected;
  EXPECT_EQ(ArtifactSearchRoots("", package, rejected),
            (std::vector<std::string>{on_path, package}));
  EXPECT_EQ(rejected, (std::vector<std::string>{std::string(kArtifactRootEnv) + "=" + root_ +
                                                "/missing: not a directory"}));
}

TEST_F(SelectionTest, TheSelectionTriesTheMatchingSetsInSearchOrder) {
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  ScopedEnv python_path("PYTHONPATH", "");
  const std::string first = Set("override/b_cp311");
  Set("override/a_cp312", "cp312");
  Set("override/c_abi2", "cp311", "2");
  const std::string second = Set("package/cp311");
  ScopedEnv override_env(kArtifactRootEnv, root_ + "/override");
  const ArtifactSelection selection = SelectArtifacts("cp311", "", root_ + "/package");
  EXPECT_EQ(selection.roots, (std::vector<std::string>{root_ + "/override", root_ + "/package"}));
  EXPECT_EQ(selection.sets.size(), 4U);
  ASSERT_EQ(selection.candidates.size(), 2U);
  EXPECT_EQ(selection.candidates[0].root, first);
  EXPECT_EQ(selection.candidates[1].root, second);
  EXPECT_TRUE(SelectArtifacts("", "", root_ + "/package").candidates.empty());
}

TEST(PythonTagTest, ImplementationAndVersionMakeTheTag) {
  EXPECT_EQ(PythonTagOf("cpython", "3.11.7 (main, Jan 1 2024) [GCC 12]"), "cp311");
  EXPECT_EQ(PythonTagOf("pypy", "3.10.14 (75b3de9d9035, ...)\n[PyPy 7.3.17]"), "pp310");
  EXPECT_EQ(PythonTagOf("graalpy", "3.10.8"), "graalpy310");
  EXPECT_EQ(PythonTagOf("cpython", "python 3.11"), "");
  EXPECT_EQ(PythonTagOf("cpython", nullptr), "");
  EXPECT_EQ(ParsePythonTag("3.14.0rc1"), "cp314");
}

class FallbackPlanTest : public SelectionTest {
 protected:
  FallbackRequest Request() {
    const std::string sources = Dir("sources");
    Dir("sources/native");
    Dir("sources/compiler/include/ge");
    Dir("sources/cmake");
    Write(sources + "/CMakeLists.txt", "project(x)");
    Write(sources + "/native/CMakeLists.txt", "add_library(y)");
    Write(sources + "/compiler/include/ge/a.h", "int a;");
    FallbackRequest request;
    request.python_tag = "cp311";
    request.python_executable = "/usr/bin/python3";
    request.python_version = "3.11.7 (main)";
    request.libpython = "/usr/lib/libpython3.11.so.1.0";
    request.ge_py_version = "0.1.0";
    request.sources_dir = sources;
    return request;
  }
  FallbackPlan Plan(const FallbackRequest &request) {
    FallbackPlan plan;
    std::string error;
    EXPECT_TRUE(PlanFallbackBuild(request, plan, error)) << error;
    return plan;
  }
};

TEST_F(FallbackPlanTest, TheKeyNamesTheSetAndChangesWithEveryInput) {
  ScopedEnv cache("XDG_CACHE_HOME", root_ + "/cache");
  const FallbackRequest request = Request();
  const FallbackPlan plan = Plan(request);
  const std::string prefix = "cp311-" + CurrentPlatformTag() + "-";
  ASSERT_EQ(plan.key.rfind(prefix, 0), 0U);
  EXPECT_EQ(plan.key.size(), prefix.size() + 16);
  EXPECT_EQ(plan.cache_root, root_ + "/cache/ge_py/python_pass_artifacts");
  EXPECT_EQ(plan.set_dir, plan.cache_root + "/" + plan.key);
  EXPECT_NE(plan.compiler_lib_stamp.find(':'), std::string::npos);
  EXPECT_EQ(Plan(request).key, plan.key);  // deterministic

  std::vector<FallbackRequest> changed(5, request);
  changed[0].python_version = "3.11.8 (main)";
  changed[1].python_executable = "/opt/other/python3";
  changed[2].libpython = "";
  changed[3].ge_py_version = "0.2.0";
  changed[4].python_tag = "cp312";
  for (const FallbackRequest &other : changed) {
    EXPECT_NE(Plan(other).key, plan.key);
  }
  Write(request.sources_dir + "/compiler/include/ge/a.h", "int b;");
  const FallbackPlan edited = Plan(request);
  EXPECT_NE(edited.sources_hash, plan.sources_hash);
  EXPECT_NE(edited.key, plan.key);
  // Bytecode caches are not sources.
  Dir("sources/native/__pycache__");
  Write(request.sources_dir + "/native/__pycache__/x.cpython-311.pyc", "bytes");
  EXPECT_EQ(Plan(request).key, edited.key);
}

TEST_F(FallbackPlanTest, IncompleteSourcesAreNamed) {
  FallbackRequest request = Request();
  (void)std::remove((request.sources_dir + "/native/CMakeLists.txt").c_str());
  FallbackPlan plan;
  std::string error;
  EXPECT_FALSE(PlanFallbackBuild(request, plan, error));
  EXPECT_EQ(error, "Expected CMakeLists.txt, native/CMakeLists.txt, compiler/include under " +
                       request.sources_dir + " (missing native/CMakeLists.txt)");
}

}  // namespace
}  // namespace python_bridge
}  // namespace ge
