// PatternFusionPass / DecomposePass loops, PassRegistry, FusionPassExecutor and switches,
// as GE's framework behaves (docs/fusion_framework.md).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>

#include "common/error.h"
#include "ge/fusion/pass/decompose_pass.h"
#include "ge/fusion/pass/fusion_pass_reg.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/register_custom_pass.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pass/custom_pass_helper.h"
#include "pass/fusion_pass_executor.h"
#include "pass/fusion_switch.h"
#include "pass/pass_registry.h"
#include "pattern/fusion_test_util.h"
#include "rewrite/fusion_statistics.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::TestGraph;

// Add(x, Const) -> x when the const is all zeros.
class AddZeroPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    SimpleGraphBuilder builder("add_zero");
    NodeIo x = builder.AddInput(0);
    NodeIo c = builder.AddConst(nullptr);
    GNode add = builder.AddNode("Add", {x, c}, 1);
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}}))));
    return patterns;
  }
  bool MeetRequirements(const std::unique_ptr<MatchResult> &match) override {
    ++meet_calls;
    for (const GNode &node : match->GetMatchedNodes()) {
      AscendString type;
      (void)node.GetType(type);
      if (std::string(type.GetString()) == "Const") {
        Tensor value;
        if (node.GetAttr("value", value) != GRAPH_SUCCESS) {
          return false;
        }
        const float *data = reinterpret_cast<const float *>(value.GetData());
        return value.GetSize() == sizeof(float) && *data == 0.0F;
      }
    }
    return false;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    if (return_null) {
      return nullptr;
    }
    SimpleGraphBuilder builder("identity");
    NodeIo x = builder.AddInput(0);
    return builder.Build({x});
  }
  int meet_calls = 0;
  bool return_null = false;
};

TEST(PatternFusionPassTest, AddZeroIsRemovedAndNonZeroKept) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *one = g.Const("one", 1.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(zero)});
  Node *a2 = g.Op("a2", "Add", {P(a1), P(one)});
  Node *out = g.NetOutput({P(a2)});
  AddZeroPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("AddZeroPass");
  EXPECT_EQ(pass.Run(graph, context), SUCCESS);
  EXPECT_EQ(g.Get()->FindNode("a1"), nullptr);
  EXPECT_EQ(g.Get()->FindNode("zero"), nullptr);
  EXPECT_EQ(a2->GetInDataPeer(0).node, x);
  EXPECT_EQ(out->GetInDataPeer(0).node, a2);
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
}

// AddZeroPass whose requirement hook also edits the target graph between the match and the
// rewrite (hooks may do that): the runner must then validate the boundary in full instead of
// trusting what the matcher proved about the unedited graph.
class EditingAddZeroPass : public AddZeroPass {
 public:
  bool MeetRequirements(const std::unique_ptr<MatchResult> &match) override {
    const bool meets = AddZeroPass::MeetRequirements(match);
    if (edit) {
      edit();
    }
    return meets;
  }
  std::function<void()> edit;
};

TEST(PatternFusionPassTest, GraphEditedBetweenMatchAndRewriteIsRevalidated) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(zero)});
  g.NetOutput({P(a1)});
  EditingAddZeroPass pass;
  Node *spy = nullptr;
  // The matched const gets a consumer outside the match: no longer self-contained.
  pass.edit = [&g, &spy, zero]() { spy = g.Op("spy", "Relu", {P(zero)}); };
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("EditingAddZeroPass");
  EXPECT_EQ(pass.Run(graph, context), FAILED);
  EXPECT_NE(GetLastError().find("is consumed by [spy] outside the boundary"), std::string::npos)
      << GetLastError();
  EXPECT_EQ(g.Get()->FindNode("a1"), a1);
  EXPECT_EQ(g.Get()->FindNode("zero"), zero);
  ASSERT_NE(spy, nullptr);
  EXPECT_EQ(spy->GetInDataPeer(0).node, zero);

  // An edit that leaves the match valid: the full check passes and the rewrite happens.
  TestGraph h;
  Node *y = h.Data("y", 0);
  Node *b1 = h.Op("b1", "Add", {P(y), P(h.Const("zero", 0.0F))});
  Node *out = h.NetOutput({P(b1)});
  pass.edit = [&h]() { (void)h.Op("unrelated", "Relu", {}); };
  GraphPtr other = h.Handle();
  EXPECT_EQ(pass.Run(other, context), SUCCESS) << GetLastError();
  EXPECT_EQ(h.Get()->FindNode("b1"), nullptr);
  EXPECT_EQ(out->GetInDataPeer(0).node, y);
}

TEST(PatternFusionPassTest, UnmetRequirementsGiveNotChanged) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *one = g.Const("one", 1.0F);
  g.NetOutput({P(g.Op("a", "Add", {P(x), P(one)}))});
  const std::string before = test::Signature(*g.Get());
  AddZeroPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  EXPECT_EQ(pass.meet_calls, 1);
  EXPECT_EQ(test::Signature(*g.Get()), before);
}

TEST(PatternFusionPassTest, NullReplacementFailsThePassNamingIt) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  g.NetOutput({P(g.Op("a", "Add", {P(x), P(zero)}))});
  AddZeroPass pass;
  pass.return_null = true;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("AddZeroPass");
  EXPECT_EQ(pass.Run(graph, context), FAILED);
  EXPECT_NE(GetLastError().find("Pass[AddZeroPass] returned a null replacement"),
            std::string::npos);
}

// Relu(x) -> Relu(x): a replacement that recreates its own pattern.
class SelfReproducingPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    SimpleGraphBuilder builder("relu");
    NodeIo x = builder.AddInput(0);
    GNode relu = builder.AddNode("Relu", {x}, 1);
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(std::make_unique<Pattern>(std::move(*builder.Build({{relu, 0}}))));
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("relu_again");
    NodeIo x = builder.AddInput(0);
    GNode relu = builder.AddNode("Relu", {x}, 1);
    return builder.Build({{relu, 0}});
  }
};

TEST(PatternFusionPassTest, SelfReproducingReplacementTerminatesAfterOneSweep) {
  // Fixed GE quirk (docs/pattern_matcher.md): new nodes are not matched again in the same sweep.
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(r1)});
  g.NetOutput({P(r2)});
  FusionStatistics::Instance().Clear();
  SelfReproducingPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("SelfReproducingPass");
  EXPECT_EQ(pass.Run(graph, context), SUCCESS);
  const FusionPassStats stats = FusionStatistics::Instance().Get("SelfReproducingPass");
  EXPECT_EQ(stats.match_times, 2U);
  EXPECT_EQ(stats.effect_times, 2U);
  EXPECT_EQ(test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Data", "NetOutput", "Relu", "Relu"}));
}

// Fuses Relu -> Abs pairs; the graph has a path Relu -> Neg -> Abs besides the direct edge.
class ReluAbsPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    SimpleGraphBuilder builder("relu_abs");
    NodeIo x = builder.AddInput(0);
    NodeIo y = builder.AddInput(1);
    GNode relu = builder.AddNode("Relu", {x}, 1);
    GNode add = builder.AddNode("Add", {{relu, 0}, y}, 1);
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}, {relu, 0}}))));
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("fused");
    NodeIo x = builder.AddInput(0);
    NodeIo y = builder.AddInput(1);
    GNode fused = builder.AddNode("ReluAdd", {x, y}, 2);
    return builder.Build({{fused, 0}, {fused, 1}});
  }
};

TEST(PatternFusionPassTest, MatchThatWouldCreateCycleIsSkippedAndCounted) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *neg = g.Op("neg", "Neg", {P(relu)});
  Node *add = g.Op("add", "Add", {P(relu), P(neg)});
  g.NetOutput({P(add)});
  const std::string before = test::Signature(*g.Get());
  FusionStatistics::Instance().Clear();
  ReluAbsPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("ReluAbsPass");
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  EXPECT_EQ(test::Signature(*g.Get()), before);
  EXPECT_EQ(FusionStatistics::Instance().Get("ReluAbsPass").cycle_skips, 1U);
}

// Relu -> Sigmoid with one replacement graph the pass keeps and hands out copies of: the runner
// must not move nodes out of a graph someone else still holds, so every match gets the full body
// and the kept graph stays intact. (A replacement built per match is moved instead.)
class SharedReplacementPass : public PatternFusionPass {
 public:
  SharedReplacementPass() {
    SimpleGraphBuilder builder("sigmoid");
    NodeIo x = builder.AddInput(0);
    GNode sigmoid = builder.AddNode("Sigmoid", {x}, 1);
    kept_ = std::move(*builder.Build({{sigmoid, 0}}));
  }
  std::vector<PatternUniqPtr> Patterns() override {
    SimpleGraphBuilder builder("relu");
    NodeIo x = builder.AddInput(0);
    GNode relu = builder.AddNode("Relu", {x}, 1);
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(std::make_unique<Pattern>(std::move(*builder.Build({{relu, 0}}))));
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    return std::make_unique<Graph>(kept_);  // shares the kept graph
  }
  Graph kept_;
};

TEST(PatternFusionPassTest, SharedReplacementGraphIsCopiedNotConsumed) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(r1)});
  g.NetOutput({P(r2)});
  SharedReplacementPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("SharedReplacementPass");
  ASSERT_EQ(pass.Run(graph, context), SUCCESS) << GetLastError();
  EXPECT_EQ(test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Data", "NetOutput", "Sigmoid", "Sigmoid"}));
  EXPECT_EQ(test::SortedTypes(*GraphUtilsEx::GetComputeGraph(pass.kept_)),
            (std::vector<std::string>{"Data", "NetOutput", "Sigmoid"}));
}

class V2Pass : public PatternFusionPassV2 {
 public:
  std::vector<PatternUniqPtr> Patterns() override { return AddZeroPass().Patterns(); }
  bool MeetRequirements(const std::unique_ptr<MatchResult> &, CustomPassContext &context) override {
    seen_pass_name = context.GetPassName().GetString();
    context.SetErrorMessage("refused by V2");
    return false;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &, CustomPassContext &) override {
    return nullptr;
  }
  std::string seen_pass_name;
};

TEST(PatternFusionPassTest, V2HooksSeeTheRunContext) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  g.NetOutput({P(g.Op("a", "Add", {P(x), P(zero)}))});
  V2Pass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("V2Pass");
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  EXPECT_EQ(pass.seen_pass_name, "V2Pass");
  EXPECT_STREQ(context.GetErrorMessage().GetString(), "refused by V2");
}

// Relu -> Abs(Neg(x)) ... any two-node replacement for a one-node type.
class ReluDecomposePass : public DecomposePass {
 public:
  ReluDecomposePass() : DecomposePass({"Relu"}) {}
  bool MeetRequirements(const GNode &node) override {
    AscendString name;
    (void)node.GetName(name);
    return std::string(name.GetString()) != "keep";
  }
  GraphUniqPtr Replacement(const GNode &) override {
    SimpleGraphBuilder builder("relu_parts");
    NodeIo x = builder.AddInput(0);
    GNode a = builder.AddNode("Maximum0", {x}, 1);
    GNode b = builder.AddNode("Relu", {{a, 0}}, 1);  // recreates the type: never revisited
    return builder.Build({{b, 0}});
  }
};

TEST(DecomposePassTest, ReplacesMatchingNodesOnceAndHonoursRequirements) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  Node *keep = g.Op("keep", "Relu", {P(r)});
  g.NetOutput({P(keep)});
  ReluDecomposePass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("ReluDecomposePass");
  EXPECT_EQ(pass.Run(graph, context), SUCCESS);
  EXPECT_EQ(g.Get()->FindNode("r"), nullptr);
  EXPECT_NE(g.Get()->FindNode("keep"), nullptr);
  EXPECT_EQ(test::SortedTypes(*g.Get()),
            (std::vector<std::string>{"Data", "Maximum0", "NetOutput", "Relu", "Relu"}));
}

TEST(DecomposePassTest, NoMatchingTypeGivesNotChanged) {
  TestGraph g;
  g.NetOutput({P(g.Op("s", "Sigmoid", {P(g.Data("x", 0))}))});
  ReluDecomposePass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
}

// ---- registry and executor ----

int g_created = 0;
int g_destroyed = 0;
std::vector<std::string> g_run_log;

class LoggingPass : public FusionBasePass {
 public:
  explicit LoggingPass(std::string name, Status status = SUCCESS)
      : name_(std::move(name)), status_(status) {
    ++g_created;
  }
  ~LoggingPass() override { ++g_destroyed; }
  Status Run(GraphPtr &graph, CustomPassContext &context) override {
    AscendString graph_name;
    (void)graph->GetName(graph_name);
    g_run_log.push_back(name_ + "@" + graph_name.GetString() + "#" +
                        context.GetPassName().GetString());
    if (status_ != SUCCESS) {
      context.SetErrorMessage("boom");
    }
    return status_;
  }

 private:
  std::string name_;
  Status status_;
};

class ZPass : public LoggingPass {
 public:
  ZPass() : LoggingPass("Z") {}
};
class APass : public LoggingPass {
 public:
  APass() : LoggingPass("A") {}
};
class FailingPass : public LoggingPass {
 public:
  FailingPass() : LoggingPass("F", FAILED) {}
};

class ReluDecomposePassForReg : public DecomposePass {
 public:
  explicit ReluDecomposePassForReg(const std::vector<AscendString> &types) : DecomposePass(types) {}
  GraphUniqPtr Replacement(const GNode &) override { return nullptr; }
};

// Registered in reverse alphabetical order on purpose: run order must be by name.
REG_FUSION_PASS(ZPass).Stage(CustomPassStage::kAfterBuiltinFusionPass);
REG_FUSION_PASS(APass).Stage(CustomPassStage::kAfterBuiltinFusionPass);
REG_FUSION_PASS(FailingPass).Stage(CustomPassStage::kAfterOriginGraphOptimize);
REG_DECOMPOSE_PASS(ReluDecomposePassForReg, {"Relu"}).Stage(CustomPassStage::kCompatibleInherited);

TEST(PassRegistryTest, StageEntriesAreInNameOrderAndDuplicatesKeepTheFirst) {
  auto entries = PassRegistry::GetInstance().GetFusionPassRegDataByStage(
      CustomPassStage::kAfterBuiltinFusionPass);
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_STREQ(entries[0].GetPassName().GetString(), "APass");
  EXPECT_STREQ(entries[1].GetPassName().GetString(), "ZPass");
  EXPECT_EQ(entries[0].ToString(), "Pass Name[APass], stage[AfterBuiltinFusionPass]");
  FusionPassRegistrationData duplicate("APass");
  duplicate.CreatePassFn([]() -> FusionBasePass * { return nullptr; })
      .Stage(CustomPassStage::kBeforeInferShape);
  EXPECT_FALSE(PassRegistry::GetInstance().RegisterFusionPass(duplicate));
  EXPECT_EQ(PassRegistry::GetInstance()
                .GetFusionPassRegDataByStage(CustomPassStage::kAfterBuiltinFusionPass)
                .size(),
            2U);
  EXPECT_EQ(FusionPassRegistrationData("x").GetStage(), CustomPassStage::kBeforeInferShape);
}

TEST(FusionPassExecutorTest, RunsPassesByNameOnRootThenSubgraphsAndDeletesThem) {
  g_created = g_destroyed = 0;
  g_run_log.clear();
  TestGraph g("root");
  Node *x = g.Data("x", 0);
  Node *owner = g.Op("owner", "If", {P(x)});
  g.NetOutput({P(owner)});
  auto sub = std::make_shared<ComputeGraph>("sub");
  sub->SetParentGraph(g.Get());
  sub->SetParentNode(owner);
  owner->MutableOpDesc().AddSubgraphInstanceName("sub");
  ASSERT_EQ(g.Get()->AddSubgraph(sub), SUCCESS);
  auto orphan = std::make_shared<ComputeGraph>("orphan");
  orphan->SetParentGraph(g.Get());
  ASSERT_EQ(g.Get()->AddSubgraph(orphan), SUCCESS);
  {
    FusionPassExecutor executor;
    ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kAfterBuiltinFusionPass), SUCCESS);
    EXPECT_EQ(g_created, 2);
    EXPECT_EQ(g_run_log, (std::vector<std::string>{"A@root#APass", "A@sub#APass", "Z@root#ZPass",
                                                   "Z@sub#ZPass"}));
    // Same executor, same stage: the pass objects are reused.
    ASSERT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kAfterBuiltinFusionPass), SUCCESS);
    EXPECT_EQ(g_created, 2);
  }
  EXPECT_EQ(g_destroyed, 2);
}

TEST(FusionPassExecutorTest, FailureNamesThePassAndTheGraph) {
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  FusionPassExecutor executor;
  EXPECT_EQ(executor.RunPasses(g.Get(), CustomPassStage::kAfterOriginGraphOptimize), FAILED);
  EXPECT_EQ(GetLastError(), "[FailingPass][Run] failed on graph root: boom");
}

TEST(FusionPassExecutorTest, SwitchesDisablePassesWithDocumentedPrecedence) {
  auto names = [](std::map<std::string, std::string> options) {
    FusionPassExecutor executor(std::move(options));
    EXPECT_EQ(executor.InitPassesIfNeed(CustomPassStage::kAfterBuiltinFusionPass), SUCCESS);
    return executor.GetPassNames(CustomPassStage::kAfterBuiltinFusionPass);
  };
  EXPECT_EQ(names({}), (std::vector<std::string>{"APass", "ZPass"}));
  EXPECT_EQ(names({{"ge.optimizationSwitch", "APass:off"}}), std::vector<std::string>{"ZPass"});
  EXPECT_EQ(names({{"ZPass", "off"}}), std::vector<std::string>{"APass"});
  const std::string file = ::testing::TempDir() + "/fusion_switch.json";
  {
    std::ofstream out(file);
    out << R"({"Switch": {"GraphFusion": {"ALL": "off", "ZPass": "on"}}})";
  }
  EXPECT_EQ(names({{"ge.fusionSwitchFile", file}}), std::vector<std::string>{"ZPass"});
  EXPECT_EQ(names({{"ge.fusionSwitchFile", file}, {"ge.optimizationSwitch", "APass:on"}}),
            (std::vector<std::string>{"APass", "ZPass"}));
  std::remove(file.c_str());
}

TEST(FusionSwitchTest, MalformedSwitchFilesGiveEmptyMaps) {
  EXPECT_TRUE(ParseFusionSwitchFile("/nonexistent/switch.json").empty());
  const std::string file = ::testing::TempDir() + "/bad_switch.json";
  for (const char *text : {"{not json", "[1, 2]", R"({"Other": {}})",
                           R"({"Switch": {"GraphFusion": [1]}})", R"({"Switch": 3})"}) {
    std::ofstream(file) << text;
    EXPECT_TRUE(ParseFusionSwitchFile(file).empty()) << text;
  }
  std::ofstream(file) << R"({"Switch": {"GraphFusion": {"A": "on", "B": "off", "": "on"}}})";
  const auto parsed = ParseFusionSwitchFile(file);
  EXPECT_EQ(parsed, (std::map<std::string, bool>{{"A", true}, {"B", false}}));
  std::remove(file.c_str());
  EXPECT_EQ(ParseOptimizationSwitch(" p1:on; p2:off;bad;p3:maybe"),
            (std::map<std::string, bool>{{"p1", true}, {"p2", false}}));
}

struct RecordingScope : PassCreateScope {
  explicit RecordingScope(const std::string &name) { g_scopes.push_back("enter:" + name); }
  ~RecordingScope() override { g_scopes.push_back("exit"); }
  static std::vector<std::string> g_scopes;
};
std::vector<std::string> RecordingScope::g_scopes;

std::unique_ptr<PassCreateScope> RecordingHook(const std::string &name) {
  return std::make_unique<RecordingScope>(name);
}

TEST(PassRegistryTest, CreatorsRunInsideTheRegisteredScopeHook) {
  RecordingScope::g_scopes.clear();
  PassRegistry::GetInstance().SetCreateScopeHook(&RecordingHook);
  {
    FusionPassExecutor executor;
    ASSERT_EQ(executor.InitPassesIfNeed(CustomPassStage::kAfterBuiltinFusionPass), SUCCESS);
  }
  PassRegistry::GetInstance().SetCreateScopeHook(nullptr);
  EXPECT_EQ(RecordingScope::g_scopes,
            (std::vector<std::string>{"enter:APass", "exit", "enter:ZPass", "exit"}));
}

TEST(PassRegistryTest, NullCreatorResultFailsTheStage) {
  FusionPassRegistrationData reg("NullCreated");
  reg.CreatePassFn([]() -> FusionBasePass * { return nullptr; })
      .Stage(CustomPassStage::kAfterInferShape);
  PassRegistry::GetInstance().SetRegistrationOwner("test-owner");
  ASSERT_TRUE(PassRegistry::GetInstance().RegisterFusionPass(reg));
  PassRegistry::GetInstance().SetRegistrationOwner("");
  {
    FusionPassExecutor executor;
    EXPECT_EQ(executor.InitPassesIfNeed(CustomPassStage::kAfterInferShape), FAILED);
    EXPECT_NE(GetLastError().find("Create fusion pass[NullCreated]"), std::string::npos);
  }
  EXPECT_EQ(PassRegistry::GetInstance().RemoveRegistrationsOf("test-owner"), 1U);
  EXPECT_FALSE(PassRegistry::GetInstance().HasFusionPass("NullCreated"));
}

TEST(CustomPassHelperTest, LegacyPassesRunFirstOnTheRootOnly) {
  g_run_log.clear();
  CustomPassHelper::Instance().SetRegistrationOwner("legacy-test");
  PassReceiver receiver(PassRegistrationData("LegacyPass")
                            .CustomPassFn([](GraphPtr &graph, CustomPassContext &context) {
                              g_run_log.push_back(std::string("legacy#") +
                                                  context.GetPassName().GetString());
                              return SUCCESS;
                            })
                            .Stage(CustomPassStage::kAfterBuiltinFusionPass));
  CustomPassHelper::Instance().SetRegistrationOwner("");
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPassesWithLegacyCustom(g.Get(), CustomPassStage::kAfterBuiltinFusionPass),
            SUCCESS);
  EXPECT_EQ(g_run_log,
            (std::vector<std::string>{"legacy#LegacyPass", "A@root#APass", "Z@root#ZPass"}));
  EXPECT_EQ(CustomPassHelper::Instance().RemoveRegistrationsOf("legacy-test"), 1U);
}

TEST(CustomPassHelperTest, FailingLegacyPassFailsWithItsReason) {
  CustomPassHelper::Instance().SetRegistrationOwner("legacy-fail");
  PassReceiver receiver(
      PassRegistrationData("BadLegacy").CustomPassFn([](GraphPtr &, CustomPassContext &context) {
        context.SetErrorMessage("bad input");
        return FAILED;
      }));
  CustomPassHelper::Instance().SetRegistrationOwner("");
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  CustomPassContext context;
  EXPECT_EQ(CustomPassHelper::Instance().Run(g.Get(), context, CustomPassStage::kBeforeInferShape),
            FAILED);
  EXPECT_EQ(GetLastError(), "Execution of custom pass [BadLegacy] failed! Reason: bad input.");
  EXPECT_EQ(CustomPassHelper::Instance().RemoveRegistrationsOf("legacy-fail"), 1U);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
