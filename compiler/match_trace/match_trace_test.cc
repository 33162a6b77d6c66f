// The match tracer: each check that can end a candidate is named in the report with the bindings
// made so far; candidates rank by how far they got; nothing is recorded unless a trace of that
// pass runs, and tracing leaves the matches unchanged (docs/pattern_matcher.md, "Debugging a
// pass").
#include "pattern/match_trace.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "common/error.h"
#include "common/json.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "match_trace/match_trace_run.h"
#include "match_trace/trace_report.h"
#include "ops/op_catalog.h"
#include "pattern/pattern_test_util.h"
#include "pattern/random_graph_test_util.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::TestGraph;

// One sweep of `pattern` over `g` while a tracer listens: that pattern's trace.
PatternTrace TraceSweep(std::unique_ptr<Pattern> pattern, const TestGraph &g,
                        std::unique_ptr<PatternMatcherConfig> config = nullptr, size_t top_n = 3) {
  MatchTracer tracer("TracedPass", top_n);
  const MatchTraceScope scope(&tracer);
  (void)tracer.BeginPattern("traced");
  PatternMatcher matcher(std::move(pattern), g.Handle(), std::move(config));
  while (matcher.MatchNext() != nullptr) {
  }
  return tracer.Patterns().front();
}

std::vector<std::string> BoundTargets(const TracedCandidate &candidate) {
  std::vector<std::string> names;
  for (const TracedBinding &binding : candidate.bindings) {
    names.push_back(binding.target_node);
  }
  return names;
}

bool Contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

// The text report of one pattern's trace, as a compile prints it.
std::string TextOf(const PatternTrace &trace) {
  MatchTracer tracer("TracedPass", trace.top_n);
  *tracer.BeginPattern(trace.pattern) = trace;
  return FormatTraceText(tracer);
}

TEST(MatchTraceTest, OpTypeNamesTheNodePairAndTheBindingsSoFar) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *c = g.Data("c", 2);
  Node *mul = g.Op("mul", "Mul", {P(a), P(b)});
  g.NetOutput({P(g.Op("add", "Add", {P(mul), P(c)}))});
  const PatternTrace trace = TraceSweep(test::MatMulAddPattern(), g);
  EXPECT_EQ(trace.candidates, 1U);
  EXPECT_EQ(trace.matches, 0U);
  ASSERT_EQ(trace.closest.size(), 1U);
  const TracedCandidate &closest = trace.closest[0];
  EXPECT_EQ(closest.check, MatchCheck::kOpType);
  EXPECT_EQ(closest.candidate, "add");
  EXPECT_EQ(closest.target_node, "mul");
  EXPECT_FALSE(closest.matched);
  EXPECT_EQ(closest.detail, "pattern MatMul, target Mul");
  EXPECT_EQ(BoundTargets(closest), std::vector<std::string>{"add"});
  // The picture: the bound node, the failing node highlighted, their neighbours around them.
  EXPECT_TRUE(Contains(closest.dot,
                       "\"mul\" [label=\"mul\\nMul\\n[failed]\", style=filled, "
                       "fillcolor=salmon"));
  EXPECT_TRUE(Contains(closest.dot, "fillcolor=palegreen"));
  EXPECT_TRUE(Contains(closest.dot, "\"a\" [label=\"a\\nData\", color=gray"));
  EXPECT_TRUE(Contains(closest.dot, "\"mul\" -> \"add\""));
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate add: op_type at pattern node"));
}

TEST(MatchTraceTest, ThePictureShowsAtMost48NeighboursAroundAHub) {
  TestGraph g;
  Node *mul = g.Op("mul", "Mul", {P(g.Data("a", 0)), P(g.Data("b", 1))});
  std::vector<test::Port> outputs{P(g.Op("add", "Add", {P(mul), P(g.Data("c", 2))}))};
  for (int i = 0; i < 100; ++i) {
    outputs.push_back(P(g.Op("relu" + std::to_string(i), "Relu", {P(mul)})));
  }
  g.NetOutput(outputs);
  const PatternTrace trace = TraceSweep(test::MatMulAddPattern(), g);
  ASSERT_EQ(trace.closest.size(), 1U);
  const std::string &dot = trace.closest[0].dot;
  size_t shown = 0;  // node lines: a label, no edge arrow
  std::istringstream lines(dot);
  for (std::string line; std::getline(lines, line);) {
    if (Contains(line, "[label=") && !Contains(line, " -> ")) {
      ++shown;
    }
  }
  EXPECT_EQ(shown, 2U + 48U);  // add and mul, then the first 48 neighbours met
}

TEST(MatchTraceTest, InputCountWhenAnInputIsConnectedOnlyInThePattern) {
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {{nullptr, 0}}))});
  const PatternTrace trace = TraceSweep(test::ReluPattern(), g);
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kInputCount);
  EXPECT_EQ(trace.closest[0].target_node, "r");
  EXPECT_TRUE(Contains(trace.closest[0].detail, "input 0 is connected in the pattern, not in"));
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate r: input_count at pattern node"));
}

TEST(MatchTraceTest, OutputCountWhenTheCandidateLacksThePatternOutputPort) {
  SimpleGraphBuilder builder("second_half");
  NodeIo x = builder.AddInput(0);
  GNode split = builder.AddNode("Split2", {x}, 2);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{split, 1}})));
  TestGraph g;
  g.NetOutput({P(g.Op("s", "Split2", {P(g.Data("x", 0))}, 1))});
  const PatternTrace trace = TraceSweep(std::move(pattern), g);
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kOutputCount);
  EXPECT_EQ(trace.closest[0].detail, "pattern output 0 reads output 1, the target node has 1");
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate s: output_count"));
}

TEST(MatchTraceTest, IrAttrNamesTheAttribute) {
  TestGraph g;
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("mm", "MatMul", {}, {}, &desc), SUCCESS);
  Node *mm = g.Get()->AddNode(std::move(desc));
  (void)g.Get()->AddDataEdge(g.Data("a", 0), 0, mm, 0);
  (void)g.Get()->AddDataEdge(g.Data("b", 1), 0, mm, 1);
  g.NetOutput({P(mm)});
  const PatternTrace trace = TraceSweep(test::MatMulPattern(true, false), g, test::IrAttrs());
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kIrAttr);
  EXPECT_EQ(trace.closest[0].detail, "IR attribute transpose_x1 differs");
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate mm: ir_attr at pattern node"));
}

TEST(MatchTraceTest, ConstValueAndDtypeAreToldApart) {
  const float one = 1.0F;
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("add_two", "Add", {P(x), P(g.Const("two", 2.0F))})),
               P(g.Op("add_int", "Add", {P(x), P(g.ConstInt32("int_one", {1}))}))});
  const PatternTrace trace = TraceSweep(test::AddConstPattern(&one), g, test::ConstValues());
  ASSERT_EQ(trace.closest.size(), 2U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kConstValue);
  EXPECT_EQ(trace.closest[0].target_node, "two");
  EXPECT_EQ(trace.closest[0].detail, "values differ");
  EXPECT_EQ(trace.closest[1].check, MatchCheck::kDtype);
  EXPECT_EQ(trace.closest[1].target_node, "int_one");
  EXPECT_EQ(trace.closest[1].detail, "pattern DT_FLOAT, target DT_INT32");
  const std::string text = TextOf(trace);
  EXPECT_TRUE(Contains(text, "#1 candidate add_two: const_value at pattern node")) << text;
  EXPECT_TRUE(Contains(text, "#2 candidate add_int: dtype at pattern node")) << text;
}

TEST(MatchTraceTest, NotConstWhenAPatternConstMeetsAComputedTensor) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("add", "Add", {P(x), P(g.Op("relu", "Relu", {P(x)}))}))});
  const PatternTrace trace = TraceSweep(test::AddConstPattern(nullptr), g);
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kNotConst);
  EXPECT_EQ(trace.closest[0].detail, "target type Relu");
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate add: not_const at pattern node"));
}

TEST(MatchTraceTest, OutsideConsumerIsNotSelfContainedAfterEveryNodeIsBound) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  g.NetOutput({P(g.Op("add", "Add", {P(relu), P(g.Data("y", 1))})),
               P(g.Op("other", "Sigmoid", {P(relu)}))});
  const PatternTrace trace = TraceSweep(test::ReluAddPattern(false), g);
  ASSERT_EQ(trace.closest.size(), 1U);
  const TracedCandidate &closest = trace.closest[0];
  EXPECT_EQ(closest.check, MatchCheck::kNotSelfContained);
  EXPECT_EQ(closest.bound, 4U);
  EXPECT_TRUE(Contains(closest.detail, "Node[relu] output 0 is consumed by [other]"));
  EXPECT_TRUE(Contains(closest.dot, "\"other\" [label=\"other\\nSigmoid\", color=gray"));
  EXPECT_TRUE(Contains(TextOf(trace), "#1 candidate add: not_self_contained"));
}

TEST(MatchTraceTest, TensorAndProducerChecksOfPatternInputs) {
  // Mul(a, a) against Mul(s:0, s:1): one pattern input, two tensors.
  TestGraph g;
  Node *s = g.Op("s", "Split2", {P(g.Data("x", 0))}, 2);
  g.NetOutput({P(g.Op("mul", "Mul", {P(s, 0), P(s, 1)}))});
  const PatternTrace tensor = TraceSweep(test::SquarePattern(), g);
  ASSERT_EQ(tensor.closest.size(), 1U);
  EXPECT_EQ(tensor.closest[0].check, MatchCheck::kTensor);
  // Add(Relu(x), y) where y is the Relu itself: a pattern input bound inside the match.
  TestGraph h;
  Node *relu = h.Op("relu", "Relu", {P(h.Data("x", 0))});
  h.NetOutput({P(h.Op("add", "Add", {P(relu), P(relu)}))});
  const PatternTrace producer = TraceSweep(test::ReluAddPattern(false), h);
  ASSERT_EQ(producer.closest.size(), 1U);
  EXPECT_EQ(producer.closest[0].check, MatchCheck::kProducerInMatch);
}

TEST(MatchTraceTest, CandidatesRankByBindingsMadeAndTopNIsKept) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *c = g.Data("c", 2);
  // Fails at the MatMul's type (1 bound), then at its missing input (2 bound), then at the type
  // again: the second got furthest.
  Node *first = g.Op("first", "Add", {P(g.Op("mul", "Mul", {P(a), P(b)})), P(c)});
  Node *second = g.Op("second", "Add", {P(g.Op("half_mm", "MatMul", {P(a), {nullptr, 0}})), P(c)});
  Node *third = g.Op("third", "Add", {P(g.Op("sub", "Sub", {P(a), P(b)})), P(c)});
  g.NetOutput({P(first), P(second), P(third)});
  const PatternTrace top1 = TraceSweep(test::MatMulAddPattern(), g, nullptr, 1);
  EXPECT_EQ(top1.candidates, 3U);
  ASSERT_EQ(top1.closest.size(), 1U);
  EXPECT_EQ(top1.closest[0].candidate, "second");
  EXPECT_EQ(top1.closest[0].check, MatchCheck::kInputCount);
  const PatternTrace top3 = TraceSweep(test::MatMulAddPattern(), g);
  ASSERT_EQ(top3.closest.size(), 3U);
  EXPECT_EQ(top3.closest[0].candidate, "second");
  EXPECT_EQ(top3.closest[1].candidate, "first");  // equal ranks keep the order met
  EXPECT_EQ(top3.closest[2].candidate, "third");
}

TEST(MatchTraceTest, BacktrackingStepsOfAMatchedCandidateAreNotReported) {
  // Commutative Add(x, Const) on Add(Const, x): the pattern order fails, the exchange matches.
  TestGraph g;
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("add", "Add", {P(g.Const("k", 1.0F)), P(x)}))});
  const PatternTrace trace = TraceSweep(test::AddConstPattern(nullptr), g, test::Commutative());
  EXPECT_EQ(trace.matches, 1U);
  EXPECT_TRUE(trace.closest.empty());
}

TEST(MatchTraceTest, InvalidPatternIsReportedWithTheMatchersReason) {
  SimpleGraphBuilder builder("bad");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GraphUniqPtr graph = builder.Build({{relu, 0}});
  for (Node *node : GraphUtilsEx::GetComputeGraph(*graph)->GetDirectNodes()) {
    if (node->GetType() == "Data") {
      (void)node->MutableOpDesc().DelAttr("index");
    }
  }
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("in", 0))}))});
  const PatternTrace trace = TraceSweep(std::make_unique<Pattern>(std::move(*graph)), g);
  EXPECT_TRUE(Contains(trace.invalid, "has no int attr index"));
}

// Refuses every Relu with a message; its replacement would be a Sigmoid.
class RefusingPass : public PatternFusionPassV2 {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(test::ReluPattern());
    return patterns;
  }
  bool MeetRequirements(const std::unique_ptr<MatchResult> &, CustomPassContext &context) override {
    context.SetErrorMessage("only Relus of positive inputs");
    return false;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &, CustomPassContext &) override {
    return nullptr;
  }
};

// Accepts every Relu but returns no replacement.
class NoReplacementPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(test::ReluPattern());
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override { return nullptr; }
};

// Fuses Add(Relu(x), y) with both outputs into one node: a cycle where y depends on the Relu.
class FuseReluAddPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(test::ReluAddPattern(true));
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("fused");
    GNode fused = builder.AddNode("ReluAdd", {builder.AddInput(0), builder.AddInput(1)}, 2);
    return builder.Build({{fused, 0}, {fused, 1}});
  }
};

TestGraph ReluGraph() {
  TestGraph g;
  g.NetOutput({P(g.Op("relu", "Relu", {P(g.Data("x", 0))}))});
  return g;
}

// Runs `pass` as `name` under a trace of `traced`, returns the finished trace.
std::unique_ptr<MatchTracer> TraceRun(FusionBasePass &pass, const std::string &name,
                                      const GraphPtr &graph, const std::string &traced,
                                      Status *status) {
  EXPECT_EQ(StartMatchTrace(traced, 3), SUCCESS) << GetLastError();
  CustomPassContext context;
  context.SetPassName(name.c_str());
  GraphPtr target = graph;
  *status = pass.Run(target, context);
  return FinishMatchTrace();
}

TEST(MatchTraceTest, MeetRequirementsRefusalCarriesThePassMessage) {
  TestGraph g = ReluGraph();
  RefusingPass pass;
  Status status = FAILED;
  const auto tracer = TraceRun(pass, "RefusingPass", g.Handle(), "RefusingPass", &status);
  EXPECT_EQ(status, NOT_CHANGED);
  ASSERT_EQ(tracer->Patterns().size(), 1U);
  const PatternTrace &trace = tracer->Patterns()[0];
  EXPECT_EQ(trace.pattern, "relu_pattern");
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kRequirements);
  EXPECT_TRUE(trace.closest[0].matched);
  EXPECT_EQ(trace.closest[0].detail,
            "meet_requirements returned false: only Relus of positive inputs");
  EXPECT_EQ(BoundTargets(trace.closest[0]), (std::vector<std::string>{"relu", "x"}));
}

TEST(MatchTraceTest, WouldCycleIsReportedForTheSkippedMatch) {
  TestGraph g;
  Node *relu = g.Op("relu", "Relu", {P(g.Data("x", 0))});
  g.NetOutput({P(g.Op("add", "Add", {P(relu), P(g.Op("neg", "Neg", {P(relu)}))}))});
  FuseReluAddPass pass;
  Status status = FAILED;
  const auto tracer = TraceRun(pass, "FuseReluAddPass", g.Handle(), "FuseReluAddPass", &status);
  EXPECT_EQ(status, NOT_CHANGED);
  const PatternTrace &trace = tracer->Patterns().at(0);
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kWouldCycle);
  EXPECT_EQ(trace.rewrites, 0U);
  EXPECT_TRUE(Contains(FormatTraceText(*tracer), "#1 candidate add: would_cycle (after a whole"));
}

TEST(MatchTraceTest, FailingReplacementIsReportedAndThePassStillFails) {
  TestGraph g = ReluGraph();
  NoReplacementPass pass;
  Status status = SUCCESS;
  const auto tracer = TraceRun(pass, "NoReplacementPass", g.Handle(), "NoReplacementPass", &status);
  EXPECT_EQ(status, FAILED);
  const PatternTrace &trace = tracer->Patterns().at(0);
  ASSERT_EQ(trace.closest.size(), 1U);
  EXPECT_EQ(trace.closest[0].check, MatchCheck::kReplacement);
  EXPECT_EQ(trace.closest[0].detail, "the pass returned no replacement graph");
  EXPECT_TRUE(Contains(FormatTraceText(*tracer), "#1 candidate relu: replacement (after a whole"));
}

TEST(MatchTraceTest, OnlyThePassNamedIsTracedAndNothingIsRecordedWhenOff) {
  TestGraph g = ReluGraph();
  RefusingPass pass;
  Status status = FAILED;
  const auto other = TraceRun(pass, "RefusingPass", g.Handle(), "AnotherPass", &status);
  EXPECT_TRUE(other->Patterns().empty());
  EXPECT_EQ(FinishMatchTrace(), nullptr);  // none runs any more
  EXPECT_FALSE(IsMatchTraceRunning());
  // Off: a pass run opens no pattern trace for a matcher to claim.
  CustomPassContext context;
  context.SetPassName("RefusingPass");
  GraphPtr graph = g.Handle();
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  EXPECT_EQ(MatchTracer::ClaimPattern(), nullptr);
  // The message the pass set stays visible after the run, tracing or not.
  EXPECT_STREQ(context.GetErrorMessage().GetString(), "only Relus of positive inputs");
}

TEST(MatchTraceTest, OnlyOneMatcherClaimsAnOpenedPatternTrace) {
  MatchTracer tracer("TracedPass", 3);
  const MatchTraceScope scope(&tracer);
  PatternTrace *opened = tracer.BeginPattern("p");
  EXPECT_EQ(MatchTracer::ClaimPattern(), opened);
  EXPECT_EQ(MatchTracer::ClaimPattern(), nullptr);
  EXPECT_EQ(StartMatchTrace("", 3), FAILED);
}

TEST(MatchTraceTest, APassRunOnAnotherThreadIsNotTraced) {
  ASSERT_EQ(StartMatchTrace("RefusingPass", 3), SUCCESS);
  std::thread other([] {
    TestGraph g = ReluGraph();
    RefusingPass pass;
    CustomPassContext context;
    context.SetPassName("RefusingPass");
    GraphPtr graph = g.Handle();
    EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  });
  other.join();
  const auto tracer = FinishMatchTrace();
  ASSERT_NE(tracer, nullptr);
  EXPECT_TRUE(tracer->Patterns().empty());
}

TEST(MatchTraceTest, TracingLeavesTheMatchesOfTheRandomizedZooUnchanged) {
  size_t compared = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    for (int id = 0; id < test::kZooSize; ++id) {
      const ComputeGraphPtr graph = test::RandomGraph(seed, 24);
      const GraphPtr handle = GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
      std::vector<std::string> plain;
      for (const auto &match : test::MatchAll(test::ZooPattern(id), handle, test::Commutative())) {
        plain.push_back(match->ToAscendString().GetString());
      }
      MatchTracer tracer("TracedPass", 2);
      const MatchTraceScope scope(&tracer);
      (void)tracer.BeginPattern("zoo");
      std::vector<std::string> traced;
      for (const auto &match : test::MatchAll(test::ZooPattern(id), handle, test::Commutative())) {
        traced.push_back(match->ToAscendString().GetString());
      }
      ASSERT_EQ(traced, plain) << "seed " << seed << " pattern " << id;
      EXPECT_EQ(tracer.Patterns()[0].matches, plain.size());
      compared += plain.size();
    }
  }
  EXPECT_GT(compared, 100U);
}

TEST(MatchTraceTest, ReportsAsTextGraphvizAndJson) {
  TestGraph g = ReluGraph();
  RefusingPass pass;
  Status status = FAILED;
  const auto tracer = TraceRun(pass, "RefusingPass", g.Handle(), "RefusingPass", &status);
  const std::string text = FormatTraceText(*tracer);
  EXPECT_TRUE(Contains(text,
                       "Match trace of pass RefusingPass (closest 3 per pattern)\n"
                       "pattern relu_pattern: 1 candidates, 1 matched, 0 rewritten\n"
                       "  #1 candidate relu: meet_requirements (after a whole match of 2 "
                       "nodes)\n"
                       "     meet_requirements returned false: only Relus of positive "
                       "inputs\n"))
      << text;
  EXPECT_TRUE(Contains(FormatTraceDot(*tracer), "digraph \"relu_pattern\" {"));
  JsonValue json;
  ASSERT_EQ(ParseJson(FormatTraceJson(*tracer), &json), SUCCESS);
  const JsonValue &closest = json.Find("patterns")->GetArray()[0].Find("closest")->GetArray()[0];
  EXPECT_EQ(closest.Find("check")->GetString(), "meet_requirements");
  EXPECT_EQ(closest.Find("bindings")->GetArray().size(), 2U);
}

TEST(MatchTraceTest, CompileTraceWritesTheReportOfTheOptionsPass) {
  const test_support::TempDir temp("match_trace");
  ASSERT_FALSE(temp.path().empty());
  const std::string &dir = temp.path();
  const test_support::ScopedEnv no_env_pass(kTracePassEnv);
  {
    const test_support::ScopedEnv report_dir(kTracePassDirEnv, dir);
    const CompileTrace trace(
        std::map<std::string, std::string>{{kTracePassOption, "Refusing/Pass"}});
    EXPECT_TRUE(IsMatchTraceRunning());
    TestGraph g = ReluGraph();
    RefusingPass pass;
    CustomPassContext context;
    context.SetPassName("Refusing/Pass");
    GraphPtr graph = g.Handle();
    EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  }
  EXPECT_FALSE(IsMatchTraceRunning());
  std::ifstream in(dir + "/Refusing_Pass.match_trace.txt");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(Contains(text.str(), "#1 candidate relu: meet_requirements")) << text.str();
  // No option and no environment variable: nothing starts.
  const CompileTrace idle(std::map<std::string, std::string>{});
  EXPECT_FALSE(IsMatchTraceRunning());
}

TEST(MatchTraceTest, CompileTraceFollowsTheEnvironmentVariableWithItsTop) {
  const test_support::TempDir temp("match_trace");
  ASSERT_FALSE(temp.path().empty());
  const test_support::ScopedEnv env_pass(kTracePassEnv, "RefusingPass");
  const test_support::ScopedEnv top(kTracePassTopEnv, "1");
  const test_support::ScopedEnv report_dir(kTracePassDirEnv, temp.path());
  {
    const CompileTrace trace(std::map<std::string, std::string>{});
    EXPECT_TRUE(IsMatchTraceRunning());
  }
  std::ifstream in(temp.path() + "/RefusingPass.match_trace.txt");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "Match trace of pass RefusingPass (closest 1 per pattern)\n"
            "  no pattern of this pass was swept: the pass did not run (name, stage, switch) or "
            "is not a pattern fusion pass\n");
}

}  // namespace
}  // namespace fusion
}  // namespace ge
