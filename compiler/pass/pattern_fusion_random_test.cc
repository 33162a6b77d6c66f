// Randomized PatternFusionPass and DecomposePass runs (seeded graphs and the pattern zoo of
// pattern/random_graph_test_util.h): every sweep ends, leaves a consistent acyclic graph with
// exactly the expected nodes, and a replacement that fails validation leaves the graph exactly
// as it was before that rewrite and fails the pass with its name.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/fusion/pass/decompose_pass.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/subgraph_boundary.h"
#include "pattern/random_graph_test_util.h"

namespace ge {
namespace fusion {
namespace {

// Counts a pass's replacements; the fail_at-th one (when fail_at > 0) must be made invalid, and
// the graph it must leave behind is taken just before.
class FailureInjector {
 public:
  FailureInjector(ComputeGraphPtr target, size_t fail_at)
      : target_(std::move(target)), fail_at_(fail_at) {}
  /// Called once per replacement: true when this one must be invalid.
  bool NextFails() {
    if (++count_ != fail_at_) {
      return false;
    }
    before_ = test::Signature(*target_);
    return true;
  }
  size_t count() const { return count_; }
  const std::string &before() const { return before_; }

 private:
  ComputeGraphPtr target_;
  size_t fail_at_;
  size_t count_ = 0;
  std::string before_;
};

// Replaces every match of zoo pattern `id` by one "Fused" node reading the match's inputs and
// giving its outputs.
// Every third match is refused in MeetRequirements, so skipped matches are interleaved with
// rewrites. With `fail_at` > 0 the fail_at-th replacement is invalid (its NetOutput reads
// nothing while the match has outputs): the rewrite must fail before changing anything.
class ZooFusionPass : public PatternFusionPass {
 public:
  ZooFusionPass(int id, ComputeGraphPtr target, size_t fail_at)
      : id_(id), injector_(std::move(target), fail_at) {}

  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(test::ZooPattern(id_));
    return patterns;
  }
  bool MeetRequirements(const std::unique_ptr<MatchResult> &) override {
    return ++matches_ % 3U != 0U;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &match) override {
    if (injector_.NextFails()) {
      return test::FusedReplacement(1U, 0U);  // no outputs while the match has some
    }
    removed_ += match->GetMatchedNodes().size();
    const std::unique_ptr<SubgraphBoundary> boundary = match->ToSubgraphBoundary();
    return test::FusedReplacement(boundary->GetAllInputs().size(),
                                  boundary->GetAllOutputs().size());
  }

  const FailureInjector &injector() const { return injector_; }
  size_t removed() const { return removed_; }

 private:
  int id_;
  FailureInjector injector_;
  size_t matches_ = 0;
  size_t removed_ = 0;
};

// Both ends of every data edge agree, names are unique and the graph has a topological order.
void ExpectConsistent(const ComputeGraph &graph, const std::string &where) {
  std::set<std::string> names;
  for (Node *node : graph.GetDirectNodes()) {
    EXPECT_TRUE(names.insert(node->GetName()).second) << where << ": duplicate " << node->GetName();
    EXPECT_EQ(graph.FindNode(node->GetName()), node) << where;
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected()) {
        continue;
      }
      EXPECT_EQ(peer.node->GetOwnerGraph(), &graph) << where << ": " << node->GetName();
      size_t back = 0;
      for (const OutDataPeer &consumer : peer.node->GetOutDataPeers(peer.out_index)) {
        back += consumer.node == node && consumer.in_index == static_cast<int32_t>(i) ? 1U : 0U;
      }
      EXPECT_EQ(back, 1U) << where << ": edge into " << node->GetName() << " input " << i;
    }
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      for (const OutDataPeer &consumer : node->GetOutDataPeers(out)) {
        const InDataPeer peer = consumer.node->GetInDataPeer(consumer.in_index);
        EXPECT_TRUE(peer.node == node && peer.out_index == static_cast<int32_t>(out))
            << where << ": edge out of " << node->GetName() << " output " << out;
      }
    }
  }
  std::vector<Node *> order;
  EXPECT_EQ(graph.GetTopologicalOrder(&order), SUCCESS) << where << ": " << GetLastError();
}

// A run whose replacement failed validation: it failed naming the pass, and the graph is as it
// was just before that replacement (`before`, taken by the pass) and still consistent.
void ExpectFailedWithGraphAsBefore(Status status, const std::string &pass_name,
                                   const ComputeGraph &graph, const std::string &before,
                                   const std::string &where) {
  EXPECT_NE(status, SUCCESS) << where;
  EXPECT_NE(status, NOT_CHANGED) << where;
  EXPECT_NE(GetLastError().find(pass_name), std::string::npos) << GetLastError();
  EXPECT_EQ(test::Signature(graph), before) << where;
  ExpectConsistent(graph, where);
}

// Runs `pass` on `graph` under the pass name `name`.
Status RunPass(FusionBasePass &pass, const ComputeGraphPtr &graph, const char *name) {
  GraphPtr handle = GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  CustomPassContext context;
  context.SetPassName(name);
  return pass.Run(handle, context);
}

size_t CountType(const ComputeGraph &graph, const std::string &type) {
  size_t count = 0;
  for (Node *node : graph.GetDirectNodes()) {
    count += node->GetType() == type ? 1U : 0U;
  }
  return count;
}

TEST(PatternFusionRandomTest, SweepsLeaveConsistentGraphsWithTheExpectedNodes) {
  size_t rewrites = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    for (int id = 0; id < test::kZooSize; ++id) {
      const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
      const size_t nodes_before = target->GetDirectNodesSize();
      ZooFusionPass pass(id, target, 0U);
      const Status status = RunPass(pass, target, "ZooFusionPass");
      const std::string where =
          "seed " + std::to_string(seed) + ", zoo pattern " + std::to_string(id);
      EXPECT_EQ(status, pass.injector().count() == 0U ? NOT_CHANGED : SUCCESS) << where;
      ExpectConsistent(*target, where);
      EXPECT_EQ(CountType(*target, "Fused"), pass.injector().count()) << where;
      EXPECT_EQ(target->GetDirectNodesSize(),
                nodes_before + pass.injector().count() - pass.removed())
          << where;
      rewrites += pass.injector().count();
    }
  }
  EXPECT_GE(rewrites, 1000U);  // the seeds must exercise the rewrite, not only the matcher
}

TEST(PatternFusionRandomTest, AFailingReplacementLeavesTheGraphAsBeforeIt) {
  size_t failures = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    for (int id = 0; id < test::kZooSize; ++id) {
      const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
      // Fails the second replacement when there is one, so a rewrite has happened before.
      ZooFusionPass pass(id, target, 2U);
      const Status status = RunPass(pass, target, "ZooFusionPass");
      if (pass.injector().count() < 2U) {
        continue;
      }
      const std::string where =
          "seed " + std::to_string(seed) + ", zoo pattern " + std::to_string(id);
      ++failures;
      ExpectFailedWithGraphAsBefore(status, "ZooFusionPass", *target, pass.injector().before(),
                                    where);
    }
  }
  EXPECT_GE(failures, 100U);
}

// Add(x, y) -> Relu(Add(x, y)) (recreates its own type: the new Add must not be decomposed
// again) and Split2(x) -> (Relu(x), Neg(x)) (two outputs). Every third node is refused. With
// `fail_at` > 0 the fail_at-th replacement reads a Data index the node does not have.
class RandomDecomposePass : public DecomposePass {
 public:
  RandomDecomposePass(ComputeGraphPtr target, size_t fail_at)
      : DecomposePass({"Add", "Split2"}), injector_(std::move(target), fail_at) {}

  bool MeetRequirements(const GNode &) override { return ++seen_ % 3U != 0U; }
  GraphUniqPtr Replacement(const GNode &node) override {
    Node *raw = NodeAdapter::GNode2RawNode(node);
    SimpleGraphBuilder builder("parts");
    if (injector_.NextFails()) {
      NodeIo wrong = builder.AddInput(7);
      return builder.Build({{builder.AddNode("Relu", {wrong}, 1), 0}});
    }
    if (raw->GetType() == "Split2") {
      ++splits_;
      NodeIo x = builder.AddInput(0);
      GNode relu = builder.AddNode("Relu", {x}, 1);
      GNode neg = builder.AddNode("Neg", {x}, 1);
      return builder.Build({{relu, 0}, {neg, 0}});
    }
    ++adds_;
    // One Data per distinct producer port: Add(a, a) has a single input.
    const InDataPeer first = raw->GetInDataPeer(0);
    const InDataPeer second = raw->GetInDataPeer(1);
    const bool shared = first.node == second.node && first.out_index == second.out_index;
    NodeIo x = builder.AddInput(0);
    NodeIo y = shared ? x : builder.AddInput(1);
    GNode add = builder.AddNode("Add", {x, y}, 1);
    return builder.Build({{builder.AddNode("Relu", {{add, 0}}, 1), 0}});
  }

  const FailureInjector &injector() const { return injector_; }
  size_t adds() const { return adds_; }
  size_t splits() const { return splits_; }

 private:
  FailureInjector injector_;
  size_t seen_ = 0;
  size_t adds_ = 0;
  size_t splits_ = 0;
};

TEST(DecomposeRandomTest, EveryTargetNodeIsReplacedOnceAndTheGraphStaysConsistent) {
  size_t replaced = 0;
  for (uint32_t seed = 1; seed <= 500; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
    const size_t adds = CountType(*target, "Add");
    const size_t splits = CountType(*target, "Split2");
    const size_t relus = CountType(*target, "Relu");
    RandomDecomposePass pass(target, 0U);
    const Status status = RunPass(pass, target, "RandomDecomposePass");
    const std::string where = "seed " + std::to_string(seed);
    EXPECT_EQ(status, pass.injector().count() == 0U ? NOT_CHANGED : SUCCESS) << where;
    ExpectConsistent(*target, where);
    EXPECT_EQ(CountType(*target, "Add"), adds) << where;
    EXPECT_EQ(CountType(*target, "Split2"), splits - pass.splits()) << where;
    EXPECT_EQ(CountType(*target, "Neg"), pass.splits()) << where;
    EXPECT_EQ(CountType(*target, "Relu"), relus + pass.adds() + pass.splits()) << where;
    // Every third node was refused; the rest were replaced, each once.
    EXPECT_EQ(pass.injector().count(), (adds + splits) - (adds + splits) / 3U) << where;
    replaced += pass.injector().count();
  }
  EXPECT_GE(replaced, 3000U);
}

TEST(DecomposeRandomTest, AFailingReplacementLeavesTheGraphAsBeforeIt) {
  size_t failures = 0;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
    RandomDecomposePass pass(target, 3U);
    const Status status = RunPass(pass, target, "RandomDecomposePass");
    if (pass.injector().count() < 3U) {
      continue;
    }
    const std::string where = "seed " + std::to_string(seed);
    ++failures;
    ExpectFailedWithGraphAsBefore(status, "RandomDecomposePass", *target, pass.injector().before(),
                                  where);
  }
  EXPECT_GE(failures, 200U);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
