// ReplaceVerifiedMatch: the pass runner's rewrite of a match, with the body copied or moved, and
// the full boundary check once the graph was edited after the match.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"
#include "pattern/fusion_test_util.h"
#include "pattern/verified_match.h"
#include "rewrite/subgraph_rewriter.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::Signature;
using test::TestGraph;
using StringList = std::vector<std::string>;

// Abs(Relu(x))
std::unique_ptr<Pattern> ReluAbsPattern() {
  SimpleGraphBuilder builder("relu_abs");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GNode abs = builder.AddNode("Abs", {{relu, 0}}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{abs, 0}})));
}

// x -> ReluAbs -> out
GraphUniqPtr FusedReplacement() {
  SimpleGraphBuilder builder("fused");
  NodeIo x = builder.AddInput(0);
  GNode fused = builder.AddNode("ReluAbs", {x}, 1);
  return builder.Build({{fused, 0}});
}

// x -> relu -> abs -> out, and its first match verified.
struct Matched {
  Matched() {
    x = g.Data("x", 0);
    Node *relu = g.Op("relu", "Relu", {P(x)});
    abs = g.Op("abs", "Abs", {P(relu)});
    out = g.NetOutput({P(abs)});
  }
  void Verify() {
    matcher = std::make_unique<PatternMatcher>(ReluAbsPattern(), g.Handle());
    match = matcher->MatchNext();
    ASSERT_NE(match, nullptr);
    cycles = std::make_unique<CycleChecker>(g.Get().get());
    ASSERT_EQ(verified.Verify(*match, *cycles), VerifiedMatch::Verdict::kReady);
  }
  TestGraph g;
  Node *x = nullptr;
  Node *abs = nullptr;
  Node *out = nullptr;
  std::unique_ptr<PatternMatcher> matcher;  // its results borrow its pattern
  std::unique_ptr<MatchResult> match;
  std::unique_ptr<CycleChecker> cycles;
  VerifiedMatch verified;
};

TEST(ReplaceVerifiedMatchTest, CopiesTheBodyAndRecordsTheRewrite) {
  Matched m;
  ASSERT_NO_FATAL_FAILURE(m.Verify());
  ASSERT_TRUE(m.verified.IsProven(*m.g.Get()));
  GraphUniqPtr replacement = FusedReplacement();
  ComputeGraphPtr body = GraphUtilsEx::GetComputeGraph(*replacement);
  RewriteRecord record;
  ASSERT_EQ(ReplaceVerifiedMatch(m.verified, *m.g.Get(), *body, false, "P", &record), SUCCESS)
      << GetLastError();
  Node *fused = m.out->GetInDataPeer(0).node;
  ASSERT_NE(fused, nullptr);
  EXPECT_EQ(fused->GetType(), "ReluAbs");
  EXPECT_EQ(fused->GetInDataPeer(0).node, m.x);
  EXPECT_EQ(record.removed.size(), 2U);
  EXPECT_EQ(record.new_nodes, std::vector<Node *>{fused});
  EXPECT_EQ(test::SortedTypes(*m.g.Get()), (StringList{"Data", "NetOutput", "ReluAbs"}));
  EXPECT_EQ(fused->GetOpDesc().GetAttrAs<StringList>("pass_name"), nullptr);  // copied: unmarked
  EXPECT_EQ(test::SortedTypes(*body), (StringList{"Data", "NetOutput", "ReluAbs"}));
}

TEST(ReplaceVerifiedMatchTest, MovesTheBodyAndMarksItWithThePassName) {
  Matched m;
  ASSERT_NO_FATAL_FAILURE(m.Verify());
  GraphUniqPtr replacement = FusedReplacement();
  ComputeGraphPtr body = GraphUtilsEx::GetComputeGraph(*replacement);
  RewriteRecord record;
  ASSERT_EQ(ReplaceVerifiedMatch(m.verified, *m.g.Get(), *body, true, "P", &record), SUCCESS)
      << GetLastError();
  Node *fused = m.out->GetInDataPeer(0).node;
  ASSERT_NE(fused, nullptr);
  EXPECT_EQ(fused->GetType(), "ReluAbs");
  ASSERT_NE(fused->GetOpDesc().GetAttrAs<StringList>("pass_name"), nullptr);
  EXPECT_EQ(*fused->GetOpDesc().GetAttrAs<StringList>("pass_name"), StringList{"P"});
  EXPECT_EQ(test::SortedTypes(*body), (StringList{"Data", "NetOutput"}));
}

TEST(ReplaceVerifiedMatchTest, AGraphEditedAfterTheMatchGetsTheFullBoundaryCheck) {
  Matched m;
  ASSERT_NO_FATAL_FAILURE(m.Verify());
  // A second reader of relu's output: the match is no longer self-contained.
  Node *relu = m.abs->GetInDataPeer(0).node;
  (void)m.g.Op("leak", "Neg", {P(relu)});
  ASSERT_FALSE(m.verified.IsProven(*m.g.Get()));
  const std::string before = Signature(*m.g.Get());
  GraphUniqPtr replacement = FusedReplacement();
  ComputeGraphPtr body = GraphUtilsEx::GetComputeGraph(*replacement);
  RewriteRecord record;
  EXPECT_NE(ReplaceVerifiedMatch(m.verified, *m.g.Get(), *body, true, "P", &record), SUCCESS);
  EXPECT_FALSE(GetLastError().empty());
  EXPECT_EQ(Signature(*m.g.Get()), before);
  EXPECT_EQ(test::SortedTypes(*body), (StringList{"Data", "NetOutput", "ReluAbs"}));
}

}  // namespace
}  // namespace fusion
}  // namespace ge
