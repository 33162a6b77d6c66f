// Differential test: PatternMatcher against a brute-force reference written from the documented
// semantics (docs/pattern_matcher.md), on seeded random graphs and the pattern zoo of
// pattern/random_graph_test_util.h. The reference shares no code with the matcher: it binds by
// recursion from the candidate instead of a BFS, tries the nodes for further pattern outputs by
// plain enumeration, and checks injectivity, shared inputs and self-containment on the finished
// binding. Commutative matching is checked against the reference run once per choice of
// exchanged commutative nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ge/fusion/pattern_matcher.h"
#include "pattern/random_graph_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::Port;

std::string PortText(const Port &port) {
  return port.first->GetName() + ":" + std::to_string(port.second);
}

// One match as text: the node bound to the pattern output, the matched nodes (sorted) and the
// tensors bound to the pattern inputs (in index order).
std::string MatchText(const std::string &root, std::vector<std::string> nodes,
                      const std::vector<std::string> &inputs) {
  std::sort(nodes.begin(), nodes.end());
  std::string text = "root=" + root + " nodes=";
  for (const std::string &node : nodes) {
    text += node + ",";
  }
  text += " inputs=";
  for (const std::string &input : inputs) {
    text += input + ",";
  }
  return text;
}

class ReferenceMatcher {
 public:
  /// `const_values`: a pattern const with a value matches only a target const with the same
  /// dtype, shape and bytes (PatternMatcherConfigBuilder::EnableConstValueMatch).
  explicit ReferenceMatcher(const ComputeGraph &pattern, bool const_values = false)
      : const_values_(const_values) {
    for (Node *node : pattern.GetDirectNodes()) {
      if (node->GetType() == "NetOutput") {
        for (size_t k = 0; k < node->GetInputsSize(); ++k) {
          const InDataPeer peer = node->GetInDataPeer(k);
          outputs_.emplace_back(peer.node, peer.out_index);
        }
      } else if (node->GetType() == "Data") {
        const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>("index");
        data_.resize(std::max<size_t>(data_.size(), static_cast<size_t>(*index) + 1U));
        data_[static_cast<size_t>(*index)] = node;
      }
    }
  }

  /// Pattern nodes of a commutative type (of the generator's types, Add and Mul) with two
  /// connected inputs.
  std::vector<const Node *> CommutativeNodes(const ComputeGraph &pattern) const {
    std::vector<const Node *> nodes;
    for (Node *node : pattern.GetDirectNodes()) {
      if ((node->GetType() == "Add" || node->GetType() == "Mul") && node->GetInputsSize() == 2U &&
          node->GetInDataPeer(0).IsConnected() && node->GetInDataPeer(1).IsConnected()) {
        nodes.push_back(node);
      }
    }
    return nodes;
  }

  /// Pattern nodes whose inputs 0 and 1 pair with the target's inputs 1 and 0.
  void SetExchanged(std::set<const Node *> exchanged) { exchanged_ = std::move(exchanged); }

  /// Every match, in the target's node order of the node bound to pattern output 0. For each
  /// such node the first combination of nodes for outputs 1.. in node order wins.
  std::vector<std::string> AllMatches(const ComputeGraph &target) {
    target_ = &target;
    std::vector<std::string> matches;
    for (Node *candidate : target.GetDirectNodes()) {
      bound_.clear();
      data_bound_.clear();
      if (candidate->GetType() != outputs_[0].first->GetType() ||
          !Bind(outputs_[0].first, candidate) || !MatchOutputsFrom(1U)) {
        continue;
      }
      std::vector<std::string> nodes;
      for (const auto &entry : bound_) {
        nodes.push_back(entry.second->GetName());
      }
      std::vector<std::string> inputs;
      for (Node *data : data_) {
        inputs.push_back(PortText(data_bound_.at(data)));
      }
      matches.push_back(MatchText(candidate->GetName(), nodes, inputs));
    }
    return matches;
  }

 private:
  bool TypesMatch(const Node &pattern, const Node &target) const {
    if (pattern.GetType() != "Const") {
      return pattern.GetType() == target.GetType();
    }
    if (target.GetType() != "Const" && target.GetType() != "Constant") {
      return false;
    }
    const GeTensor *want = pattern.GetOpDesc().GetAttrAs<GeTensor>("value");
    if (!const_values_ || want == nullptr) {
      return true;
    }
    const GeTensor *have = target.GetOpDesc().GetAttrAs<GeTensor>("value");
    if (have == nullptr ||
        want->GetTensorDesc().GetDataType() != have->GetTensorDesc().GetDataType() ||
        want->GetTensorDesc().GetShape() != have->GetTensorDesc().GetShape()) {
      return false;
    }
    const std::vector<uint8_t> a = want->GetBytes();
    const std::vector<uint8_t> b = have->GetBytes();
    return a == b;
  }

  bool Bind(Node *pattern, Node *target) {
    const auto known = bound_.find(pattern);
    if (known != bound_.end()) {
      return known->second == target;
    }
    for (const auto &entry : bound_) {
      if (entry.second == target) {
        return false;  // one target node per pattern node
      }
    }
    if (!TypesMatch(*pattern, *target)) {
      return false;
    }
    bound_[pattern] = target;
    const size_t inputs = std::max(pattern->GetInputsSize(), target->GetInputsSize());
    for (size_t i = 0; i < inputs; ++i) {
      const InDataPeer want =
          i < pattern->GetInputsSize() ? pattern->GetInDataPeer(i) : InDataPeer{};
      const size_t t = exchanged_.count(pattern) != 0U && i < 2U ? 1U - i : i;
      const InDataPeer have = t < target->GetInputsSize() ? target->GetInDataPeer(t) : InDataPeer{};
      if (want.IsConnected() != have.IsConnected()) {
        return false;
      }
      if (!want.IsConnected()) {
        continue;
      }
      if (want.node->GetType() == "Data") {
        const Port tensor{have.node, have.out_index};
        const auto seen = data_bound_.find(want.node);
        if (seen != data_bound_.end() && seen->second != tensor) {
          return false;  // one pattern input reads one tensor
        }
        data_bound_[want.node] = tensor;
      } else if (want.out_index != have.out_index || !Bind(want.node, have.node)) {
        return false;
      }
    }
    return true;
  }

  // Outputs k.. by trying every node of the output's type in node order, each on a copy of the
  // binding so far; an output whose node is already bound accepts only that node.
  bool MatchOutputsFrom(size_t k) {
    if (k == outputs_.size()) {
      return Valid();
    }
    for (Node *candidate : target_->GetDirectNodes()) {
      if (candidate->GetType() != outputs_[k].first->GetType()) {
        continue;
      }
      const auto bound = bound_;
      const auto data_bound = data_bound_;
      if (Bind(outputs_[k].first, candidate) && MatchOutputsFrom(k + 1U)) {
        return true;
      }
      bound_ = bound;
      data_bound_ = data_bound;
    }
    return false;
  }

  bool Valid() const {
    std::set<Node *> inside;
    for (const auto &entry : bound_) {
      inside.insert(entry.second);
    }
    for (const auto &entry : data_bound_) {
      if (inside.count(entry.second.first) != 0U) {
        return false;  // a producer of the match cannot be part of it
      }
    }
    std::set<Port> declared;
    for (const Port &output : outputs_) {
      declared.insert(Port{bound_.at(output.first), output.second});
    }
    for (Node *node : inside) {
      for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
        if (declared.count(Port{node, static_cast<int32_t>(out)}) != 0U) {
          continue;  // a declared output may be read anywhere
        }
        for (const OutDataPeer &consumer : node->GetOutDataPeers(out)) {
          if (inside.count(consumer.node) == 0U) {
            return false;
          }
        }
      }
    }
    return true;
  }

  bool const_values_;
  std::vector<Port> outputs_;  // pattern outputs in order
  std::vector<Node *> data_;   // pattern Data by index
  const ComputeGraph *target_ = nullptr;
  std::map<Node *, Node *> bound_;
  std::map<Node *, Port> data_bound_;
  std::set<const Node *> exchanged_;
};

std::vector<std::string> MatcherMatches(std::unique_ptr<Pattern> pattern,
                                        const ComputeGraphPtr &target, bool const_values = false,
                                        bool commutative = false) {
  const ComputeGraphPtr pattern_graph = GraphUtilsEx::GetComputeGraph(pattern->GetGraph());
  Node *root = nullptr;  // the owner of pattern output 0
  for (Node *node : pattern_graph->GetDirectNodes()) {
    if (node->GetType() == "NetOutput") {
      root = node->GetInDataPeer(0).node;
    }
  }
  std::vector<NodeIo> captured;
  EXPECT_EQ(pattern->GetCapturedTensors(captured), SUCCESS);
  const size_t captures = captured.size();
  PatternMatcherConfigBuilder config;
  if (const_values) {
    config.EnableConstValueMatch();
  }
  if (commutative) {
    config.EnableCommutativeMatch();
  }
  PatternMatcher matcher(std::move(pattern), GraphUtilsEx::CreateGraphPtrFromComputeGraph(target),
                         config.Build());
  std::vector<std::string> matches;
  while (std::unique_ptr<MatchResult> match = matcher.MatchNext()) {
    GNode bound_root;
    EXPECT_EQ(match->GetMatchedNode(NodeAdapter::Node2GNode(root), bound_root), SUCCESS);
    std::vector<std::string> nodes;
    for (const GNode &node : match->GetMatchedNodes()) {
      nodes.push_back(NodeAdapter::GNode2RawNode(node)->GetName());
    }
    std::vector<std::string> inputs;
    for (size_t i = 0; i < captures; ++i) {
      NodeIo tensor;
      EXPECT_EQ(match->GetCapturedTensor(i, tensor), SUCCESS);
      inputs.push_back(PortText(
          Port{NodeAdapter::GNode2RawNode(tensor.node), static_cast<int32_t>(tensor.index)}));
    }
    matches.push_back(MatchText(NodeAdapter::GNode2RawNode(bound_root)->GetName(), nodes, inputs));
  }
  return matches;
}

TEST(PatternMatcherRandomTest, AgreesWithABruteForceReferenceOnRandomGraphs) {
  std::vector<size_t> found(test::kZooSize, 0U);
  for (uint32_t seed = 1; seed <= 2000; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
    for (int id = 0; id < test::kZooSize; ++id) {
      std::unique_ptr<Pattern> pattern = test::ZooPattern(id);
      ReferenceMatcher reference(*GraphUtilsEx::GetComputeGraph(pattern->GetGraph()));
      const std::vector<std::string> expected = reference.AllMatches(*target);
      EXPECT_EQ(MatcherMatches(std::move(pattern), target), expected)
          << "seed " << seed << ", zoo pattern " << id;
      found[static_cast<size_t>(id)] += expected.size();
    }
  }
  // The generator must give every pattern something to find, or agreeing proves little (the
  // rarest, Add(Relu(x), Relu(x)), has 66 matches over these seeds; the others hundreds or more).
  for (int id = 0; id < test::kZooSize; ++id) {
    EXPECT_GE(found[static_cast<size_t>(id)], 20U) << "zoo pattern " << id;
  }
}

std::string RootOf(const std::string &match) {
  return match.substr(0, match.find(' '));  // "root=<name>"
}

// With commutative matching on, the matcher must find a match for exactly the nodes for which
// some choice of exchanged commutative nodes gives the reference one, and each match it returns
// must be one the reference finds for that node under some choice (the matcher tries the
// pattern's order first and backtracks; which choice wins is its own business).
TEST(PatternMatcherRandomTest, CommutativeMatchAgreesWithTheReferenceUnderEveryExchange) {
  std::vector<size_t> found(test::kZooSize, 0U);
  size_t beyond_plain = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
    for (int id = 0; id < test::kZooSize; ++id) {
      std::unique_ptr<Pattern> pattern = test::ZooPattern(id);
      const ComputeGraph &pattern_graph = *GraphUtilsEx::GetComputeGraph(pattern->GetGraph());
      ReferenceMatcher reference(pattern_graph);
      const std::vector<const Node *> commutative = reference.CommutativeNodes(pattern_graph);
      std::map<std::string, std::set<std::string>> expected;  // root -> possible matches
      std::vector<std::string> roots;                         // in node order
      for (uint32_t mask = 0; mask < (1U << commutative.size()); ++mask) {
        std::set<const Node *> exchanged;
        for (size_t bit = 0; bit < commutative.size(); ++bit) {
          if ((mask >> bit) & 1U) {
            exchanged.insert(commutative[bit]);
          }
        }
        reference.SetExchanged(exchanged);
        for (const std::string &match : reference.AllMatches(*target)) {
          expected[RootOf(match)].insert(match);
        }
      }
      for (Node *node : target->GetDirectNodes()) {
        if (expected.count("root=" + node->GetName()) != 0U) {
          roots.push_back("root=" + node->GetName());
        }
      }
      ReferenceMatcher plain(pattern_graph);
      const size_t plain_matches = plain.AllMatches(*target).size();
      // The matcher owns the pattern graph from here on.
      const std::vector<std::string> actual =
          MatcherMatches(std::move(pattern), target, false, true);
      std::vector<std::string> actual_roots;
      for (const std::string &match : actual) {
        actual_roots.push_back(RootOf(match));
        EXPECT_EQ(expected[RootOf(match)].count(match), 1U)
            << "seed " << seed << ", zoo pattern " << id << ": " << match;
      }
      EXPECT_EQ(actual_roots, roots) << "seed " << seed << ", zoo pattern " << id;
      found[static_cast<size_t>(id)] += actual.size();
      beyond_plain += actual.size() - plain_matches;
    }
  }
  for (int id = 0; id < test::kZooSize; ++id) {
    EXPECT_GE(found[static_cast<size_t>(id)], 20U) << "zoo pattern " << id;
  }
  EXPECT_GE(beyond_plain, 100U);  // exchanges must matter, or agreeing proves little
}

// Add(x, Const) with a value, matched with const-value matching on: only consts of equal dtype,
// shape and bytes qualify. The pattern values cover the graphs' consts (0 and 1), a value none
// has (2), another dtype and another shape.
std::unique_ptr<Pattern> AddConstValuePattern(const Tensor &value) {
  SimpleGraphBuilder builder("add_const_value");
  const NodeIo x = builder.AddInput(0);
  const NodeIo c = builder.AddConst(&value);
  auto pattern = std::make_unique<Pattern>(
      std::move(*builder.Build({{builder.AddNode("Add", {x, c}, 1), 0}})));
  pattern->CaptureTensor(x);
  return pattern;
}

TEST(PatternMatcherRandomTest, ConstValueMatchAgreesWithTheReference) {
  const float zero = 0.0F;
  const float one = 1.0F;
  const float two = 2.0F;
  const int32_t int_zero = 0;
  const float pair[2] = {0.0F, 0.0F};
  auto scalar = [](DataType dtype) {
    return TensorDesc(Shape(std::vector<int64_t>{}), FORMAT_ND, dtype);
  };
  const std::vector<Tensor> values = {
      Tensor(scalar(DT_FLOAT), reinterpret_cast<const uint8_t *>(&zero), sizeof(zero)),
      Tensor(scalar(DT_FLOAT), reinterpret_cast<const uint8_t *>(&one), sizeof(one)),
      Tensor(scalar(DT_FLOAT), reinterpret_cast<const uint8_t *>(&two), sizeof(two)),
      Tensor(scalar(DT_INT32), reinterpret_cast<const uint8_t *>(&int_zero), sizeof(int_zero)),
      Tensor(TensorDesc(Shape(std::vector<int64_t>{2}), FORMAT_ND, DT_FLOAT),
             reinterpret_cast<const uint8_t *>(pair), sizeof(pair))};
  std::vector<size_t> found(values.size(), 0U);
  for (uint32_t seed = 1; seed <= 500; ++seed) {
    const ComputeGraphPtr target = test::RandomGraph(seed, 40U);
    for (size_t v = 0; v < values.size(); ++v) {
      std::unique_ptr<Pattern> pattern = AddConstValuePattern(values[v]);
      ReferenceMatcher reference(*GraphUtilsEx::GetComputeGraph(pattern->GetGraph()), true);
      const std::vector<std::string> expected = reference.AllMatches(*target);
      EXPECT_EQ(MatcherMatches(std::move(pattern), target, true), expected)
          << "seed " << seed << ", value " << v;
      found[v] += expected.size();
    }
  }
  EXPECT_GE(found[0], 20U);  // the graphs' const 0
  EXPECT_GE(found[1], 20U);  // their consts 1
  EXPECT_EQ(found[2], 0U);
  EXPECT_EQ(found[3], 0U);
  EXPECT_EQ(found[4], 0U);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
