// VerifiedMatch: the boundary a match names, read from the matcher's bindings, the cycle
// prediction, the failures of MatchResult::ToSubgraphBoundary, and when the matcher's proof holds.
#include "pattern/verified_match.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"
#include "pattern/pattern_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::MatMulAddPattern;
using test::P;
using test::ReluAddPattern;
using test::TestGraph;

using Ports = std::vector<std::pair<Node *, int32_t>>;

TEST(VerifiedMatchTest, ReadsTheBoundaryTheMatchNamesWithTheMatchersProof) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *c = g.Data("c", 2);
  Node *mm = g.Op("mm", "MatMul", {P(a), P(b)});
  Node *add = g.Op("add", "Add", {P(mm), P(c)});
  g.NetOutput({P(add)});
  PatternMatcher matcher(MatMulAddPattern(), g.Handle());
  std::unique_ptr<MatchResult> match = matcher.MatchNext();
  ASSERT_NE(match, nullptr);
  CycleChecker cycles(g.Get().get());
  VerifiedMatch verified;
  ASSERT_EQ(verified.Verify(*match, cycles), VerifiedMatch::Verdict::kReady);
  const ResolvedBoundary &boundary = verified.Boundary();
  EXPECT_EQ(boundary.nodes, (std::vector<Node *>{add, mm}));  // binding order: from the output
  ASSERT_EQ(boundary.input_consumers.size(), 3U);
  EXPECT_EQ(boundary.input_consumers[0], (Ports{{mm, 0}}));
  EXPECT_EQ(boundary.input_consumers[1], (Ports{{mm, 1}}));
  EXPECT_EQ(boundary.input_consumers[2], (Ports{{add, 1}}));
  EXPECT_EQ(boundary.outputs, (std::vector<OutAnchor>{{add, 0}}));
  // One output and no Data-like matched node: the matcher proved the rest of the boundary.
  EXPECT_TRUE(verified.IsProven(*g.Get()));
  EXPECT_EQ(boundary.graph, g.Get().get());
  EXPECT_EQ(boundary.input_producers, (std::vector<OutAnchor>{{a, 0}, {b, 0}, {c, 0}}));
}

TEST(VerifiedMatchTest, AnEditOfTheGraphEndsTheProofAndAHandMadeResultHasNone) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *c = g.Data("c", 2);
  Node *mm = g.Op("mm", "MatMul", {P(a), P(b)});
  g.NetOutput({P(g.Op("add", "Add", {P(mm), P(c)}))});
  PatternMatcher matcher(MatMulAddPattern(), g.Handle());
  std::unique_ptr<MatchResult> match = matcher.MatchNext();
  ASSERT_NE(match, nullptr);
  CycleChecker cycles(g.Get().get());
  VerifiedMatch verified;
  ASSERT_EQ(verified.Verify(*match, cycles), VerifiedMatch::Verdict::kReady);
  ASSERT_TRUE(verified.IsProven(*g.Get()));
  TestGraph other;
  EXPECT_FALSE(verified.IsProven(*other.Get()));
  (void)g.Op("late", "Relu", {P(c)});
  EXPECT_FALSE(verified.IsProven(*g.Get()));

  // A result the matcher did not make carries no proof.
  std::unique_ptr<Pattern> pattern = MatMulAddPattern();
  MatchResult manual(pattern.get());
  for (const GNode &node : pattern->GetGraph().GetAllNodes()) {
    AscendString type;
    ASSERT_EQ(node.GetType(type), GRAPH_SUCCESS);
    if (std::string(type.GetString()) == "MatMul") {
      ASSERT_EQ(manual.AppendNodeMatchPair(node, NodeAdapter::Node2GNode(mm)), SUCCESS);
    }
  }
  ASSERT_EQ(verified.Verify(manual, cycles), VerifiedMatch::Verdict::kReady);
  EXPECT_EQ(verified.Boundary().nodes, (std::vector<Node *>{mm}));
  EXPECT_FALSE(verified.IsProven(*g.Get()));
}

TEST(VerifiedMatchTest, AFusionThatWouldCreateACycleIsReported) {
  // relu -> neg -> add besides relu -> add: fusing {relu, add} would close relu..neg..add.
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *neg = g.Op("neg", "Neg", {P(relu)});
  g.NetOutput({P(g.Op("add", "Add", {P(relu), P(neg)}))});
  PatternMatcher matcher(ReluAddPattern(true), g.Handle());
  std::unique_ptr<MatchResult> match = matcher.MatchNext();
  ASSERT_NE(match, nullptr);
  CycleChecker cycles(g.Get().get());
  VerifiedMatch verified;
  EXPECT_EQ(verified.Verify(*match, cycles), VerifiedMatch::Verdict::kWouldCycle);
}

TEST(VerifiedMatchTest, ARemovedNodeFailsAsToSubgraphBoundaryWould) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *c = g.Data("c", 2);
  Node *mm = g.Op("mm", "MatMul", {P(a), P(b)});
  Node *add = g.Op("add", "Add", {P(mm), P(c)});
  Node *out = g.NetOutput({P(add)});
  PatternMatcher matcher(MatMulAddPattern(), g.Handle());
  std::unique_ptr<MatchResult> match = matcher.MatchNext();
  ASSERT_NE(match, nullptr);
  ASSERT_EQ(g.Get()->RemoveNode(out), SUCCESS);
  ASSERT_EQ(g.Get()->RemoveNode(add), SUCCESS);
  CycleChecker cycles(g.Get().get());
  VerifiedMatch verified;
  EXPECT_EQ(verified.Verify(*match, cycles), VerifiedMatch::Verdict::kNoBoundary);
  EXPECT_NE(GetLastError().find("MatchResult::ToSubgraphBoundary: pattern input 2 has no matched "
                                "consumer"),
            std::string::npos)
      << GetLastError();
  EXPECT_EQ(match->ToSubgraphBoundary(), nullptr);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
