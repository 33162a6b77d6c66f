// Compiler side of Python passes without Python: the bridge is replaced by plain C++ callbacks
// with the ABI's signatures, so registration, TLS creation, adapters (one instance per Run),
// failure translation, artifact discovery and strict/non-strict loading are checked exactly.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/simple_graph_builder.h"
#include "ge/python_pass/handle_interop.h"
#include "graph_api/node_adapter.h"
#include "pass/fusion_pass_executor.h"
#include "pass/pass_registry.h"
#include "pass/pass_report.h"
#include "pattern/fusion_test_util.h"
#include "python_bridge/artifact_sets.h"
#include "python_bridge/python_runtime_key.h"
#include "python_pass/python_pass_adapters.h"
#include "python_pass/python_pass_bridge_loader.h"
#include "python_pass/python_pass_create_context.h"
#include "python_pass/python_pass_registration.h"
#include "python_pass/python_pass_runtime_registry.h"

namespace ge {
namespace python_pass {
namespace {

using fusion::GraphUniqPtr;
using fusion::NodeIo;
using fusion::Pattern;
using fusion::SimpleGraphBuilder;
using fusion::test::P;
using fusion::test::TestGraph;
using python_bridge::ArtifactSearchRoots;
using python_bridge::CurrentPlatformTag;
using python_bridge::GetLoadedPythonRuntimeKey;
using python_bridge::IsCompatiblePythonTag;
using python_bridge::kArtifactRootEnv;
using python_bridge::MatchingArtifacts;
using python_bridge::ParsePythonTag;
using python_bridge::PythonRuntimeKey;
using python_bridge::ScanArtifacts;

// ---- a C++ stand-in for the bridge: counts instances and hook calls ----
struct FakeBridge {
  int created = 0;
  int destroyed = 0;
  int runs = 0;
  int replacements = 0;
  bool fail_create = false;
  bool run_fails = false;
  bool replacement_returns_null = false;
  int meet_requirements_raises = 0;                // how many calls raise (-1: all)
  std::vector<std::string> context_messages_seen;  // by replacement, after meet_requirements
  std::vector<int> instances_seen_by_hooks;
};
FakeBridge g_bridge;

struct FakeHolder {
  int id;
};

void *FakeCreate(const PythonPassDescriptor *, char **error) {
  if (g_bridge.fail_create) {
    *error = strdup("ValueError: constructor raised");
    return nullptr;
  }
  return new FakeHolder{++g_bridge.created};
}
void FakeDestroy(void *holder) {
  ++g_bridge.destroyed;
  delete static_cast<FakeHolder *>(holder);
}
uint32_t FakeRun(void *holder, void *graph, void *context) {
  ++g_bridge.runs;
  g_bridge.instances_seen_by_hooks.push_back(static_cast<FakeHolder *>(holder)->id);
  if (g_bridge.run_fails) {
    static_cast<CustomPassContext *>(context)->SetErrorMessage(
        "python pass P: Traceback ... RuntimeError: boom");
    return FAILED;
  }
  return static_cast<GeGraphHandle *>(graph)->graph == nullptr ? FAILED : SUCCESS;
}

/// An owned C API graph handle for a built replacement (what release_graph hands over).
void *ToHandle(const GraphUniqPtr &graph) { return NewGraphHandle(*graph); }
// Pattern: Relu(x); replacement: Sigmoid(x).
uint32_t FakePatterns(void *holder, void ***patterns, size_t *count, char **) {
  g_bridge.instances_seen_by_hooks.push_back(static_cast<FakeHolder *>(holder)->id);
  SimpleGraphBuilder builder("relu_pattern");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  *patterns = static_cast<void **>(std::malloc(sizeof(void *)));
  (*patterns)[0] = new Pattern(std::move(*builder.Build({{relu, 0}})));
  *count = 1;
  return SUCCESS;
}
// As the bridge answers for a raising hook: negative, with the traceback as the context message.
int FakeMeetRequirements(void *, const void *, void *context) {
  if (g_bridge.meet_requirements_raises == 0) {
    return 1;
  }
  if (g_bridge.meet_requirements_raises > 0) {
    --g_bridge.meet_requirements_raises;
  }
  static_cast<CustomPassContext *>(context)->SetErrorMessage(
      "Traceback (most recent call last):\nValueError: no");
  return -1;
}
uint32_t FakeReplacement(void *holder, const void *, void *context, void **graph) {
  ++g_bridge.replacements;
  g_bridge.context_messages_seen.push_back(
      static_cast<CustomPassContext *>(context)->GetErrorMessage().GetString());
  g_bridge.instances_seen_by_hooks.push_back(static_cast<FakeHolder *>(holder)->id);
  if (g_bridge.replacement_returns_null) {
    static_cast<CustomPassContext *>(context)->SetErrorMessage(
        "python pass P: replacement returned None replacement.");
    return FAILED;
  }
  SimpleGraphBuilder builder("sigmoid");
  NodeIo x = builder.AddInput(0);
  GNode sigmoid = builder.AddNode("Sigmoid", {x}, 1);
  *graph = ToHandle(builder.Build({{sigmoid, 0}}));
  return SUCCESS;
}
uint32_t FakeDecomposeReplacement(void *, const void *, void *context, void **graph) {
  ++g_bridge.replacements;
  g_bridge.context_messages_seen.push_back(
      static_cast<CustomPassContext *>(context)->GetErrorMessage().GetString());
  SimpleGraphBuilder builder("abs_abs");
  NodeIo x = builder.AddInput(0);
  GNode a = builder.AddNode("Abs", {x}, 1);
  GNode b = builder.AddNode("Abs", {{a, 0}}, 1);
  *graph = ToHandle(builder.Build({{b, 0}}));
  return SUCCESS;
}

PythonFusionPassCallbacks FakeCallbacks() {
  PythonFusionPassCallbacks cb{};
  cb.create = &FakeCreate;
  cb.destroy = &FakeDestroy;
  cb.run = &FakeRun;
  cb.patterns = &FakePatterns;
  cb.replacement = &FakeReplacement;
  cb.meet_requirements = &FakeMeetRequirements;
  cb.decompose_meet_requirements = &FakeMeetRequirements;
  cb.decompose_replacement = &FakeDecomposeReplacement;
  return cb;
}

PythonPassInfo Descriptor(const std::string &name, PythonPassKind kind,
                          CustomPassStage stage = CustomPassStage::kBeforeInferShape) {
  PythonPassInfo d;
  d.descriptor_key = "_ge_py_pass_x:" + name + "Class:" + name;
  d.pass_name = name;
  d.module_name = "_ge_py_pass_x";
  d.class_name = name + "Class";
  d.kind = kind;
  d.stage = stage;
  return d;
}

class PythonPassTest : public ::testing::Test {
 protected:
  void SetUp() override {
    g_bridge = FakeBridge();
    ClearPythonPasses();
  }
  void TearDown() override { ClearPythonPasses(); }
};

TEST(PythonRuntimeKeyTest, ParsesLeadingMajorMinorOnly) {
  EXPECT_EQ(ParsePythonTag("3.13.2 (main, Jan 1 2025)"), "cp313");
  EXPECT_EQ(ParsePythonTag("3.14.0rc1"), "cp314");
  EXPECT_EQ(ParsePythonTag("3.9"), "cp39");
  EXPECT_EQ(ParsePythonTag(nullptr), "");
  EXPECT_EQ(ParsePythonTag(""), "");
  EXPECT_EQ(ParsePythonTag("python 3.11"), "");
  EXPECT_EQ(ParsePythonTag("3.x.1"), "");
  EXPECT_TRUE(IsCompatiblePythonTag("", "cp311"));
  EXPECT_FALSE(IsCompatiblePythonTag("cp312", "cp311"));
}

TEST(PythonRuntimeKeyTest, ThisTestBinaryHasNoPythonLoaded) {
  const PythonRuntimeKey key = GetLoadedPythonRuntimeKey();
  EXPECT_FALSE(key.has_python_symbols);
  EXPECT_EQ(key.python_tag, "");
}

TEST(PythonPassCreateContextTest, ScopesNestAndRestore) {
  PythonPassCreateContext out;
  EXPECT_FALSE(GetCurrentPythonPassCreateContext(out));
  {
    PythonPassCreateScope outer({"k1", "p1", PythonPassKind::kFusionBase});
    {
      PythonPassCreateScope inner({"k2", "p2", PythonPassKind::kDecompose});
      ASSERT_TRUE(GetCurrentPythonPassCreateContext(out));
      EXPECT_EQ(out.descriptor_key, "k2");
    }
    ASSERT_TRUE(GetCurrentPythonPassCreateContext(out));
    EXPECT_EQ(out.descriptor_key, "k1");
  }
  EXPECT_FALSE(GetCurrentPythonPassCreateContext(out));
  SetCurrentPythonPassCreateContext({"", "p", PythonPassKind::kFusionBase});  // invalid: clears
  EXPECT_FALSE(GetCurrentPythonPassCreateContext(out));
}

TEST_F(PythonPassTest, AbiDescriptorsAreCheckedAndRegisteredThroughTheRegistrar) {
  const char *ops[] = {"Neg"};
  PythonPassDescriptor abi{"m:C:AbiPass", "AbiPass", "m", "C", 0, GE_PY_PASS_KIND_DECOMPOSE,
                           ops,           1,         4};
  const PythonFusionPassCallbacks callbacks = FakeCallbacks();
  char *error = nullptr;
  ASSERT_EQ(GetPythonPassRegistrar(false).register_pass(&abi, &callbacks, &error), 1);
  EXPECT_EQ(error, nullptr);
  PythonPassInfo info;
  ASSERT_TRUE(PythonPassRuntimeRegistry::Instance().FindByPassName("AbiPass", info));
  EXPECT_EQ(info.op_types, std::vector<std::string>{"Neg"});
  EXPECT_EQ(info.max_runs, 4U);
  const auto regs = fusion::PassRegistry::GetInstance().GetFusionPassRegDataByStage(
      CustomPassStage::kBeforeInferShape);
  ASSERT_EQ(regs.size(), 1U);
  EXPECT_EQ(regs[0].GetMaxRuns(), 4U);
  abi.stage = 99;
  abi.descriptor_key = "m:C:Other";
  EXPECT_EQ(GetPythonPassRegistrar(false).register_pass(&abi, &callbacks, &error), 0);
  ASSERT_NE(error, nullptr);
  EXPECT_NE(std::string(error).find("Unsupported python pass stage"), std::string::npos);
  std::free(error);
  error = nullptr;
  EXPECT_EQ(GetPythonPassRegistrar(false).register_pass(nullptr, &callbacks, &error), 0);
  std::free(error);
}

TEST_F(PythonPassTest, CreatorWithoutContextReturnsNull) {
  EXPECT_EQ(CreatePythonPassAdapter(), nullptr);
}

TEST_F(PythonPassTest, RuntimeRegistryRejectsBadEntriesAndRefusesUnregisterInUse) {
  auto &registry = PythonPassRuntimeRegistry::Instance();
  PythonFusionPassCallbacks incomplete{};
  incomplete.create = &FakeCreate;
  incomplete.destroy = &FakeDestroy;
  EXPECT_NE(registry.Register(Descriptor("A", PythonPassKind::kFusionBase), incomplete), SUCCESS);
  EXPECT_NE(GetLastError().find("incomplete bridge callbacks"), std::string::npos);
  PythonPassInfo no_key = Descriptor("A", PythonPassKind::kFusionBase);
  no_key.descriptor_key.clear();
  EXPECT_NE(registry.Register(no_key, FakeCallbacks()), SUCCESS);
  const PythonPassInfo a = Descriptor("A", PythonPassKind::kFusionBase);
  ASSERT_EQ(registry.Register(a, FakeCallbacks()), SUCCESS);
  EXPECT_NE(registry.Register(a, FakeCallbacks()), SUCCESS);
  PythonPassInfo d;
  PythonFusionPassCallbacks cb{};
  ASSERT_TRUE(registry.Acquire(a.descriptor_key, d, cb));
  EXPECT_NE(registry.Unregister(a.descriptor_key), SUCCESS);
  EXPECT_NE(GetLastError().find("is still in use"), std::string::npos);
  registry.Release(a.descriptor_key);
  registry.Release(a.descriptor_key);  // floor at zero
  EXPECT_EQ(registry.ActiveAdapterCount(a.descriptor_key), 0);
  EXPECT_EQ(registry.Unregister(a.descriptor_key), SUCCESS);
  EXPECT_EQ(registry.Size(), 0U);
}

TEST_F(PythonPassTest, NameClashWithAnExistingPassIsRejectedAndRolledBack) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("Clash", PythonPassKind::kFusionBase), FakeCallbacks()));
  PythonPassInfo other = Descriptor("Clash", PythonPassKind::kFusionBase);
  other.descriptor_key = "other:Key:Clash";
  EXPECT_FALSE(RegisterPythonPass(other, FakeCallbacks()));
  EXPECT_NE(GetLastError().find("same name"), std::string::npos);
  EXPECT_EQ(PythonPassRuntimeRegistry::Instance().Size(), 1U);
  ClearPythonPasses();
  EXPECT_FALSE(fusion::PassRegistry::GetInstance().HasFusionPass("Clash"));
  EXPECT_EQ(PythonPassRuntimeRegistry::Instance().Size(), 0U);
}

TEST_F(PythonPassTest, FusionBasePassGetsOneInstancePerRunOnRootAndSubgraph) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("PyBase", PythonPassKind::kFusionBase), FakeCallbacks()));
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("x", 0))}))});
  {
    fusion::FusionPassExecutor executor;
    ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
    ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
    EXPECT_EQ(PythonPassRuntimeRegistry::Instance().ActiveAdapterCount(
                  Descriptor("PyBase", PythonPassKind::kFusionBase).descriptor_key),
              1);
  }
  EXPECT_EQ(g_bridge.runs, 2);
  EXPECT_EQ(g_bridge.created, 2);  // one instance per Run, never shared across runs
  EXPECT_EQ(g_bridge.destroyed, 2);
  EXPECT_EQ(GetLivePythonPassInstanceCount(), 0);
  EXPECT_EQ(g_bridge.instances_seen_by_hooks, (std::vector<int>{1, 2}));
  EXPECT_EQ(PythonPassRuntimeRegistry::Instance().ActiveAdapterCount(
                Descriptor("PyBase", PythonPassKind::kFusionBase).descriptor_key),
            0);
}

TEST_F(PythonPassTest, RunFailureCarriesThePythonMessageAndPassName) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("PyFail", PythonPassKind::kFusionBase), FakeCallbacks()));
  g_bridge.run_fails = true;
  TestGraph g;
  g.NetOutput({P(g.Data("x", 0))});
  fusion::FusionPassExecutor executor;
  EXPECT_NE(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_NE(GetLastError().find("[PyFail][Run] failed"), std::string::npos);
  EXPECT_NE(GetLastError().find("RuntimeError: boom"), std::string::npos);
  EXPECT_EQ(g_bridge.destroyed, g_bridge.created);
}

TEST_F(PythonPassTest, ConstructorFailureFailsEveryKindBeforeAnyHookRuns) {
  for (const PythonPassKind kind :
       {PythonPassKind::kFusionBase, PythonPassKind::kPatternFusion, PythonPassKind::kDecompose}) {
    SCOPED_TRACE(static_cast<int>(kind));
    ClearPythonPasses();
    g_bridge = FakeBridge();
    g_bridge.fail_create = true;
    PythonPassInfo d = Descriptor("PyCtor", kind);
    d.op_types = {"Relu"};
    ASSERT_TRUE(RegisterPythonPass(d, FakeCallbacks()));
    TestGraph g;
    g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("x", 0))}))});
    const std::string before = fusion::test::Signature(*g.Get());
    fusion::FusionPassExecutor executor;
    EXPECT_NE(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
    EXPECT_NE(GetLastError().find("Failed to create the Python pass instance of PyCtorClass "
                                  "(_ge_py_pass_x:PyCtorClass:PyCtor): ValueError: constructor "
                                  "raised"),
              std::string::npos)
        << GetLastError();
    EXPECT_EQ(g_bridge.runs + g_bridge.replacements, 0);
    EXPECT_TRUE(g_bridge.instances_seen_by_hooks.empty());
    EXPECT_EQ(fusion::test::Signature(*g.Get()), before);
    EXPECT_EQ(GetLivePythonPassInstanceCount(), 0);
  }
}

TEST_F(PythonPassTest, PatternAdapterRewritesWithOneInstanceForAllHooksOfARun) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("PyRelu", PythonPassKind::kPatternFusion), FakeCallbacks()));
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(r1)});
  g.NetOutput({P(r2)});
  fusion::FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_EQ(fusion::test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Data", "NetOutput", "Sigmoid", "Sigmoid"}));
  EXPECT_EQ(g_bridge.replacements, 2);
  EXPECT_EQ(g_bridge.created, 1);
  EXPECT_EQ(g_bridge.instances_seen_by_hooks, (std::vector<int>{1, 1, 1}));
}

TEST_F(PythonPassTest, PatternAdapterNullReplacementFailsWithoutTouchingTheGraph) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("PyNull", PythonPassKind::kPatternFusion), FakeCallbacks()));
  g_bridge.replacement_returns_null = true;
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("x", 0))}))});
  const std::string before = fusion::test::Signature(*g.Get());
  fusion::FusionPassExecutor executor;
  EXPECT_NE(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_NE(GetLastError().find("returned None replacement"), std::string::npos);
  EXPECT_EQ(fusion::test::Signature(*g.Get()), before);
  EXPECT_EQ(GetLivePythonPassInstanceCount(), 0);
}

TEST_F(PythonPassTest, RaisingMeetRequirementsIsANoReportedToTheCompile) {
  ASSERT_TRUE(
      RegisterPythonPass(Descriptor("PyRaise", PythonPassKind::kPatternFusion), FakeCallbacks()));
  g_bridge.meet_requirements_raises = -1;
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("r2", "Relu", {P(g.Op("r1", "Relu", {P(x)}))}))});
  fusion::PassReport report(true);
  {
    fusion::PassReportScope scope(&report);
    fusion::FusionPassExecutor executor;
    ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  }
  EXPECT_EQ(g_bridge.replacements, 0);
  ASSERT_EQ(report.Runs().size(), 1U);
  EXPECT_EQ(report.Runs()[0].candidates, 2U);
  EXPECT_EQ(report.Runs()[0].rejected, 2U);
  EXPECT_EQ(report.Runs()[0].failed, 2U);
  ASSERT_EQ(report.HookFailures().size(), 1U);
  EXPECT_EQ(report.HookFailures()[0].pass_name, "PyRaise");
  EXPECT_EQ(report.HookFailures()[0].hook, "meet_requirements");
  EXPECT_EQ(report.HookFailures()[0].count, 2U);
  EXPECT_EQ(report.HookFailures()[0].first_message,
            "Traceback (most recent call last):\nValueError: no");
}

TEST_F(PythonPassTest, ARaiseIsClearedBeforeTheNextHookAndAYesStillRewrites) {
  PythonPassInfo d = Descriptor("PyDecomposeRaise", PythonPassKind::kDecompose);
  d.op_types = {"Neg"};
  ASSERT_TRUE(RegisterPythonPass(d, FakeCallbacks()));
  TestGraph g;
  Node *n1 = g.Op("n1", "Neg", {P(g.Data("x", 0))});
  g.NetOutput({P(g.Op("n2", "Neg", {P(n1)}))});
  fusion::PassReport report(false);
  fusion::PassReportScope scope(&report);
  g_bridge.meet_requirements_raises = 1;  // the first node's hook raises, the second says yes
  fusion::FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_EQ(g_bridge.replacements, 1);
  EXPECT_EQ(g_bridge.context_messages_seen, std::vector<std::string>{""});
  ASSERT_EQ(report.HookFailures().size(), 1U);
  EXPECT_EQ(report.HookFailures()[0].count, 1U);
}

TEST_F(PythonPassTest, AFailingReplacementIsReportedAsItsCallbackSite) {
  ASSERT_TRUE(RegisterPythonPass(Descriptor("PyNullReport", PythonPassKind::kPatternFusion),
                                 FakeCallbacks()));
  g_bridge.replacement_returns_null = true;
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("x", 0))}))});
  fusion::PassReport report(false);
  fusion::PassReportScope scope(&report);
  fusion::FusionPassExecutor executor;
  EXPECT_NE(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  ASSERT_EQ(report.HookFailures().size(), 1U);
  EXPECT_EQ(report.HookFailures()[0].hook, "replacement");
  EXPECT_EQ(report.FailedPasses(), std::vector<std::string>{"PyNullReport"});
}

TEST_F(PythonPassTest, DecomposeAdapterUsesTheDescriptorOpTypes) {
  PythonPassInfo d = Descriptor("PyDecompose", PythonPassKind::kDecompose);
  d.op_types = {"Neg"};
  ASSERT_TRUE(RegisterPythonPass(d, FakeCallbacks()));
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("n", "Neg", {P(g.Op("r", "Relu", {P(x)}))}))});
  fusion::FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kBeforeInferShape), SUCCESS);
  EXPECT_EQ(fusion::test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Abs", "Abs", "Data", "NetOutput", "Relu"}));
}

TEST(HandleInteropTest, GraphAndNodeHandlesRoundTripAndExpire) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(x)});
  void *graph_handle = NewGraphHandle(*g.Handle());
  ASSERT_NE(graph_handle, nullptr);
  Graph graph;
  ASSERT_TRUE(GraphFromHandle(graph_handle, graph));
  EXPECT_EQ(GraphUtilsEx::GetComputeGraph(graph), g.Get());
  DestroyGraphHandle(graph_handle);
  EXPECT_FALSE(GraphFromHandle(nullptr, graph));

  void *node_handle = NewNodeHandle(NodeAdapter::Node2GNode(x));
  ASSERT_NE(node_handle, nullptr);
  GNode node;
  ASSERT_TRUE(GNodeFromHandle(node_handle, node));
  EXPECT_EQ(GraphUtilsEx::GetComputeGraph(GetOwnerGraph(node)), g.Get());
  ASSERT_EQ(g.Get()->RemoveNode(x), SUCCESS);
  EXPECT_FALSE(GNodeFromHandle(node_handle, node));  // expired: clean failure, no crash
  DestroyNodeHandle(node_handle);
}

// ---- artifact discovery ----
class ArtifactTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/ge_artifact_test_XXXXXX";
    root_ = mkdtemp(pattern);
  }
  void TearDown() override { (void)std::system(("rm -rf " + root_).c_str()); }
  std::string MakeSet(const std::string &name, const std::string &manifest, bool with_files) {
    const std::string dir = root_ + "/" + name;
    mkdir(dir.c_str(), 0755);
    std::ofstream(dir + "/manifest.json") << manifest;
    if (with_files) {
      std::ofstream(dir + "/libge_python_pass_bridge.so") << "x";
      std::ofstream(dir + "/_ge_pass_native.so") << "x";
    }
    return dir;
  }
  static std::string Manifest(const std::string &tag, const std::string &abi) {
    return "{\"python_tag\": \"" + tag + "\", \"platform\": \"" + CurrentPlatformTag() +
           "\", \"bridge_abi\": " + abi +
           ", \"artifacts\": {\"bridge\": \"libge_python_pass_bridge.so\", \"native\": "
           "\"_ge_pass_native.so\"}}";
  }
  std::string root_;
};

TEST_F(ArtifactTest, ValidSetsAreFoundAndBadOnesRejectedWithReasons) {
  MakeSet("a_cp311", Manifest("cp311", "1"), true);
  MakeSet("b_cp312", Manifest("cp312", "1"), true);
  MakeSet("c_bad_abi", Manifest("cp311", "\"1\""), true);
  MakeSet("d_missing_files", Manifest("cp311", "1"), false);
  MakeSet("e_not_json", "{oops", false);
  std::vector<std::string> rejected;
  const auto sets = ScanArtifacts({root_}, rejected);
  ASSERT_EQ(sets.size(), 2U);
  EXPECT_EQ(rejected.size(), 3U);
  const auto matches = MatchingArtifacts(sets, "cp311");
  ASSERT_EQ(matches.size(), 1U);
  EXPECT_NE(matches[0].root.find("a_cp311"), std::string::npos);
  EXPECT_TRUE(MatchingArtifacts(sets, "").empty());
  EXPECT_TRUE(MatchingArtifacts(sets, "cp39").empty());
}

TEST_F(ArtifactTest, OverrideRootComesFirst) {
  setenv(kArtifactRootEnv, root_.c_str(), 1);
  std::vector<std::string> rejected;
  const auto roots = ArtifactSearchRoots("", "", rejected);
  unsetenv(kArtifactRootEnv);
  EXPECT_TRUE(rejected.empty());
  ASSERT_FALSE(roots.empty());
  char resolved[4096];
  ASSERT_NE(realpath(root_.c_str(), resolved), nullptr);
  EXPECT_EQ(roots[0], resolved);
}

TEST_F(ArtifactTest, UnloadableBridgeDisablesPythonPassesUnlessStrict) {
  const std::string saved_path = std::getenv("PATH") == nullptr ? "" : std::getenv("PATH");
  setenv(kArtifactRootEnv, root_.c_str(), 1);
  setenv("PATH", "/nonexistent", 1);  // no python3: no probe, no fallback subprocess
  unsetenv(kPythonPassStrictEnv);
  EXPECT_EQ(RegisterPythonPassesFromPlugin(false), SUCCESS);  // reported, compile goes on
  setenv(kPythonPassStrictEnv, "1", 1);
  EXPECT_NE(RegisterPythonPassesFromPlugin(false), SUCCESS);
  unsetenv(kPythonPassStrictEnv);
  EXPECT_NE(RegisterPythonPassesFromPlugin(true), SUCCESS);  // the option alone
  EXPECT_NE(GetLastError().find("Load python pass bridge library failed"), std::string::npos);
  unsetenv(kPythonPassStrictEnv);
  unsetenv(kArtifactRootEnv);
  setenv("PATH", saved_path.c_str(), 1);
}

}  // namespace
}  // namespace python_pass
}  // namespace ge
