// The per-pass report (what the executor and the pattern/decompose loops record) and passes
// registered to repeat until unchanged (docs/python_passes.md, "Per-pass report" and
// "Repeating a pass").
#include "pass/pass_report.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "ge/fusion/pass/decompose_pass.h"
#include "ge/fusion/pass/fusion_pass_reg.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"
#include "pass/fusion_pass_executor.h"
#include "pass/pass_registry.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::TestGraph;

constexpr const char *kOwner = "pass-report-test";
constexpr CustomPassStage kStage = CustomPassStage::kBeforeInferShape;

// Add(x, Const) -> x, refusing consts other than 0.
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
    for (const GNode &node : match->GetMatchedNodes()) {
      Tensor value;
      if (node.GetAttr("value", value) == GRAPH_SUCCESS) {
        return *reinterpret_cast<const float *>(value.GetData()) == 0.0F;
      }
    }
    return false;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("identity");
    return builder.Build({builder.AddInput(0)});
  }
};

// Adds one Const per run until the graph has g_grow_target nodes: changes the graph for as many
// runs as it takes to get there.
size_t g_grow_target = 0;
int g_grow_runs = 0;
class GrowPass : public FusionBasePass {
 public:
  Status Run(GraphPtr &graph, CustomPassContext &) override {
    ++g_grow_runs;
    ComputeGraphPtr compute_graph = GraphUtilsEx::GetComputeGraph(*graph);
    if (compute_graph->GetDirectNodesSize() >= g_grow_target) {
      return NOT_CHANGED;
    }
    OpDesc desc("grown_" + std::to_string(compute_graph->GetDirectNodesSize()), "Const");
    desc.AddOutputDesc("y", GeTensorDesc(GeShape({1})));
    (void)compute_graph->AddNode(std::move(desc));
    return SUCCESS;
  }
};

// Registers one pass of kStage for the test's duration.
class ScopedRegistration {
 public:
  explicit ScopedRegistration(const FusionPassRegistrationData &reg) {
    PassRegistry::GetInstance().SetRegistrationOwner(kOwner);
    registered_ = PassRegistry::GetInstance().RegisterFusionPass(reg);
    PassRegistry::GetInstance().SetRegistrationOwner("");
  }
  ~ScopedRegistration() { (void)PassRegistry::GetInstance().RemoveRegistrationsOf(kOwner); }
  bool Registered() const { return registered_; }

 private:
  bool registered_ = false;
};

FusionPassRegistrationData GrowRegistration() {
  FusionPassRegistrationData reg("GrowPass");
  reg.Stage(kStage).CreatePassFn([]() -> FusionBasePass * { return new GrowPass(); });
  return reg;
}

// x -> Add(zero) -> Add(one) -> Add(zero2) -> out: three candidates, one refused.
void BuildAddChain(TestGraph &g) {
  Node *x = g.Data("x", 0);
  Node *a1 = g.Op("a1", "Add", {P(x), P(g.Const("zero", 0.0F))});
  Node *a2 = g.Op("a2", "Add", {P(a1), P(g.Const("one", 1.0F))});
  Node *a3 = g.Op("a3", "Add", {P(a2), P(g.Const("zero2", 0.0F))});
  g.NetOutput({P(a3)});
}

TEST(PassReportTest, DetailedRunRecordsCountsNodesAndTimes) {
  FusionPassRegistrationData reg("AddZeroReportPass");
  reg.Stage(kStage).CreatePassFn([]() -> FusionBasePass * { return new AddZeroPass(); });
  ScopedRegistration registration(reg);
  ASSERT_TRUE(registration.Registered());
  TestGraph g("root");
  BuildAddChain(g);
  PassReport report(true);
  {
    PassReportScope scope(&report);
    FusionPassExecutor executor;
    ASSERT_EQ(executor.RunPasses(g.Get(), kStage), SUCCESS);
  }
  EXPECT_EQ(CurrentPassReport(), nullptr);
  ASSERT_EQ(report.Runs().size(), 1U);
  const PassRunRecord &run = report.Runs().front();
  EXPECT_EQ(run.pass_name, "AddZeroReportPass");
  EXPECT_EQ(run.stage, "BeforeInferShape");
  EXPECT_EQ(run.graph_name, "root");
  EXPECT_EQ(run.run, 1U);
  EXPECT_TRUE(run.ok);
  EXPECT_TRUE(run.changed);
  EXPECT_EQ(run.candidates, 3U);
  EXPECT_EQ(run.rejected, 1U);
  EXPECT_EQ(run.replaced, 2U);
  EXPECT_EQ(run.failed, 0U);
  EXPECT_EQ(run.nodes_before, 8U);
  EXPECT_EQ(run.nodes_after, 4U);
  EXPECT_GT(run.time_ns, 0U);
  EXPECT_GT(run.matcher_ns, 0U);
  EXPECT_GT(run.callback_ns, 0U);
  EXPECT_LE(run.matcher_ns + run.callback_ns, run.time_ns);
  const std::string line = PassReport::SummaryLine(run);
  EXPECT_EQ(line.rfind("[PassReport] Pass[AddZeroReportPass] stage[BeforeInferShape] graph[root] "
                       "run[1] status=ok candidates=3 rejected=1 replaced=2 cycle_skipped=0 "
                       "failed=0 nodes=8->4 time_us=",
                       0),
            0U)
      << line;
  const JsonValue json = report.ToJson();
  EXPECT_EQ(json.Find("version")->GetInt(), 1);
  const JsonValue &item = json.Find("runs")->GetArray().at(0);
  for (const char *key : {"pass", "stage", "graph", "run", "status", "changed", "candidates",
                          "rejected", "replaced", "cycle_skipped", "failed", "nodes_before",
                          "nodes_after", "time_us", "matcher_us", "callback_us"}) {
    EXPECT_NE(item.Find(key), nullptr) << key;
  }
  EXPECT_EQ(item.Find("replaced")->GetInt(), 2);
  EXPECT_EQ(json.Find("callback_failures")->Size(), 0U);
  EXPECT_EQ(json.Find("failed_passes")->Size(), 0U);
}

TEST(PassReportTest, WithoutADetailedReportNothingIsRecorded) {
  FusionPassRegistrationData reg("AddZeroReportPass");
  reg.Stage(kStage).CreatePassFn([]() -> FusionBasePass * { return new AddZeroPass(); });
  ScopedRegistration registration(reg);
  TestGraph g("root");
  BuildAddChain(g);
  PassReport report(false);
  PassReportScope scope(&report);
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), kStage), SUCCESS);
  EXPECT_TRUE(report.Runs().empty());
  EXPECT_EQ(g.Get()->GetDirectNodesSize(), 4U);  // the rewrite itself is the same
}

TEST(PassReportTest, DecomposeRunCountsCandidatesAndRejections) {
  class ReluToAbsPass : public DecomposePass {
   public:
    ReluToAbsPass() : DecomposePass({"Relu"}) {}
    bool MeetRequirements(const GNode &node) override {
      AscendString name;
      (void)node.GetName(name);
      return std::string(name.GetString()) != "keep";
    }
    GraphUniqPtr Replacement(const GNode &) override {
      SimpleGraphBuilder builder("abs");
      GNode abs = builder.AddNode("Abs", {builder.AddInput(0)}, 1);
      return builder.Build({{abs, 0}});
    }
  };
  TestGraph g("root");
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  g.NetOutput({P(g.Op("keep", "Relu", {P(r1)}))});
  PassReport report(true);
  PassReportScope scope(&report);
  PassRunRecord &record = report.AddRun("ReluToAbs", "BeforeInferShape", *g.Get(), 1U);
  PassRunScope run_scope(&record);
  ReluToAbsPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("ReluToAbs");
  ASSERT_EQ(pass.Run(graph, context), SUCCESS);
  EXPECT_EQ(record.candidates, 2U);
  EXPECT_EQ(record.rejected, 1U);
  EXPECT_EQ(record.replaced, 1U);
}

TEST(PassReportTest, HookFailuresKeepTheFirstMessageAndCountRepeats) {
  PassReport report(false);
  EXPECT_EQ(report.FailureText(), "");
  PassReportScope scope(&report);
  PassRunRecord record;
  {
    PassRunScope run_scope(&record);
    ReportHookFailure("P", "meet_requirements", "Traceback 1\nValueError: first");
    ReportHookFailure("P", "meet_requirements", "Traceback 2\nValueError: second");
    ReportHookFailure("P", "meet_requirements", "Traceback 3\nValueError: third");
  }
  ReportHookFailure("Q", "replacement", "TypeError: bad");
  report.AddFailedPass("Q");
  EXPECT_EQ(record.failed, 3U);
  ASSERT_EQ(report.HookFailures().size(), 2U);
  EXPECT_EQ(report.HookFailures()[0].count, 3U);
  EXPECT_EQ(report.HookFailures()[0].first_message, "Traceback 1\nValueError: first");
  const std::string text = report.FailureText();
  EXPECT_NE(text.find("[PassReport] Pass[P] meet_requirements raised or failed 3 times (2 "
                      "repeat(s) not shown); first occurrence:\nTraceback 1\nValueError: first\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("second"), std::string::npos);
  EXPECT_NE(text.find("[PassReport] Pass[Q] replacement raised or failed 1 time; first "
                      "occurrence:\nTypeError: bad\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("[PassReport] Passes that failed or raised in this compile: P "
                      "(meet_requirements x3), Q (replacement x1), Q (run failed)\n"),
            std::string::npos)
      << text;
  const JsonValue json = report.ToJson();
  EXPECT_EQ(json.Find("callback_failures")->GetArray().at(0).Find("count")->GetInt(), 3);
  EXPECT_EQ(json.Find("failed_passes")->GetArray().at(0).GetString(), "Q");
}

TEST(PassReportTest, OutsideACompileHookFailuresGoNowhere) {
  EXPECT_EQ(CurrentPassReport(), nullptr);
  EXPECT_EQ(CurrentPassRun(), nullptr);
  ReportHookFailure("P", "meet_requirements", "ignored");  // must not crash
}

TEST(PassReportTest, SampledCallTimeTimesTheFirstCallsThenOneInAStrideAndScales) {
  SampledCallTime sampled;
  uint64_t timed = 0;
  for (int i = 0; i < 100; ++i) {
    if (sampled.NextCallTimed()) {
      ++timed;
      sampled.AddTimed(10U);  // every call takes 10 ns
    }
  }
  // Calls 0..15, then 16, 32, 48, 64, 80, 96.
  EXPECT_EQ(timed, SampledCallTime::kExactCalls + 6U);
  EXPECT_EQ(sampled.EstimateNs(), 1000U);
  EXPECT_EQ(SampledCallTime().EstimateNs(), 0U);
}

TEST(RepeatUntilUnchangedTest, DefaultRunsOnceAsGeDoes) {
  EXPECT_EQ(FusionPassRegistrationData("x").GetMaxRuns(), 1U);
  EXPECT_EQ(FusionPassRegistrationData("x").RepeatUntilUnchanged(1).GetMaxRuns(), 1U);
  EXPECT_EQ(FusionPassRegistrationData("x").RepeatUntilUnchanged(0).GetMaxRuns(), 1U);
  ScopedRegistration registration(GrowRegistration());
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  g_grow_target = 5U;
  g_grow_runs = 0;
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), kStage), SUCCESS);
  EXPECT_EQ(g_grow_runs, 1);
  EXPECT_EQ(g.Get()->GetDirectNodesSize(), 3U);
}

TEST(RepeatUntilUnchangedTest, RepeatsUntilARunChangesNothing) {
  FusionPassRegistrationData reg = GrowRegistration();
  reg.RepeatUntilUnchanged(4);
  EXPECT_EQ(reg.GetMaxRuns(), 4U);
  ScopedRegistration registration(reg);
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  g_grow_target = 5U;  // 2 nodes now: three changing runs, the fourth changes nothing
  g_grow_runs = 0;
  PassReport report(true);
  PassReportScope scope(&report);
  FusionPassExecutor executor;
  ASSERT_EQ(executor.RunPasses(g.Get(), kStage), SUCCESS) << GetLastError();
  EXPECT_EQ(g_grow_runs, 4);
  EXPECT_EQ(g.Get()->GetDirectNodesSize(), 5U);
  ASSERT_EQ(report.Runs().size(), 4U);
  EXPECT_EQ(report.Runs()[2].run, 3U);
  EXPECT_TRUE(report.Runs()[2].changed);
  EXPECT_FALSE(report.Runs()[3].changed);
}

TEST(RepeatUntilUnchangedTest, HittingTheBoundFailsNamingThePassAndTheBound) {
  FusionPassRegistrationData reg = GrowRegistration();
  reg.RepeatUntilUnchanged(3);
  ScopedRegistration registration(reg);
  TestGraph g("root");
  g.NetOutput({P(g.Data("x", 0))});
  g_grow_target = 5U;  // needs a fourth run to see nothing left to do
  g_grow_runs = 0;
  PassReport report(false);
  PassReportScope scope(&report);
  FusionPassExecutor executor;
  EXPECT_EQ(executor.RunPasses(g.Get(), kStage), FAILED);
  EXPECT_EQ(g_grow_runs, 3);
  EXPECT_EQ(GetLastError(),
            "[GrowPass][Run] did not converge on graph root: the pass still changed the graph in "
            "run 3, the last of the at most 3 runs it is registered with (repeat until "
            "unchanged, bound 3)");
  EXPECT_EQ(report.FailedPasses(), std::vector<std::string>{"GrowPass"});
}

}  // namespace
}  // namespace fusion
}  // namespace ge
