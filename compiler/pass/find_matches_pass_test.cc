// FindMatches lists what a PatternFusionPass's MeetRequirements receives, in the same order, with
// the same captures, and leaves the graph alone (docs/pattern_matcher.md, "Match-only queries").
#include <gtest/gtest.h>

#include "ge/fusion/find_matches.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::TestGraph;

// Add(x, y), capturing x, y and the sum.
PatternUniqPtr AddPattern() {
  SimpleGraphBuilder builder("add_xy");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  GNode add = builder.AddNode("Add", {x, y}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(x).CaptureTensor(y).CaptureTensor({add, 0});
  return pattern;
}

std::string Text(const MatchResult &result) {
  std::string text = result.ToAscendString().GetString();
  for (size_t i = 0; i < 3; ++i) {
    NodeIo io;
    if (result.GetCapturedTensor(i, io) == SUCCESS) {
      AscendString name;
      (void)io.node.GetName(name);
      text += " " + std::string(name.GetString()) + ":" + std::to_string(io.index);
    }
  }
  return text;
}

// Records every match it is offered and refuses it, so the graph stays as it is.
class RecordingPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(AddPattern());
    return patterns;
  }
  bool MeetRequirements(const std::unique_ptr<MatchResult> &match) override {
    seen.push_back(Text(*match));
    return false;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override { return nullptr; }
  std::vector<std::string> seen;
};

TEST(FindMatchesTest, ListsWhatAPassIsOfferedWithoutRewriting) {
  // a1 = Add(x, y), a2 = Add(a1, y), a3 = Add(a2, a2): the matches overlap.
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *a1 = g.Op("a1", "Add", {P(x), P(y)});
  Node *a2 = g.Op("a2", "Add", {P(a1), P(y)});
  Node *a3 = g.Op("a3", "Add", {P(a2), P(a2)});
  g.NetOutput({P(a3)});
  const std::string before = test::Signature(*g.Get());

  FoundMatches found = FindMatches(AddPattern(), g.Handle());
  std::vector<std::string> listed;
  for (const std::unique_ptr<MatchResult> &result : found.results) {
    listed.push_back(Text(*result));
  }
  EXPECT_EQ(listed.size(), 3U);
  EXPECT_EQ(test::Signature(*g.Get()), before);

  RecordingPass pass;
  GraphPtr graph = g.Handle();
  CustomPassContext context;
  context.SetPassName("RecordingPass");
  EXPECT_EQ(pass.Run(graph, context), NOT_CHANGED);
  EXPECT_EQ(pass.seen, listed);
}

TEST(FindMatchesTest, AnInvalidPatternListsNothing) {
  SimpleGraphBuilder builder("relu");
  GNode relu = builder.AddNode("Relu", {builder.AddInput(0)}, 1);
  GraphUniqPtr graph = builder.Build({{relu, 0}});
  TestGraph g;
  g.NetOutput({P(g.Op("r", "Relu", {P(g.Data("x", 0))}))});
  // Valid: one match. The same pattern with its output fed by a Data is invalid: none.
  EXPECT_EQ(FindMatches(std::make_unique<Pattern>(std::move(*graph)), g.Handle()).results.size(),
            1U);
  SimpleGraphBuilder invalid("data_output");
  GraphUniqPtr invalid_graph = invalid.Build({invalid.AddInput(0)});
  EXPECT_TRUE(FindMatches(std::make_unique<Pattern>(std::move(*invalid_graph)), g.Handle())
                  .results.empty());
}

}  // namespace
}  // namespace fusion
}  // namespace ge
