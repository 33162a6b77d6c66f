// Test-only helpers the matcher tests share: the small patterns they match, matcher configs, and
// readers of match results. Target graphs come from fusion_test_util.h.
#ifndef GE_PATTERN_PATTERN_TEST_UTIL_H_
#define GE_PATTERN_PATTERN_TEST_UTIL_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "graph_api/node_adapter.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace fusion {
namespace test {

inline std::unique_ptr<PatternMatcherConfig> Plain() {
  return PatternMatcherConfigBuilder().Build();
}
inline std::unique_ptr<PatternMatcherConfig> IrAttrs() {
  return PatternMatcherConfigBuilder().EnableIrAttrMatch().Build();
}
inline std::unique_ptr<PatternMatcherConfig> ConstValues() {
  return PatternMatcherConfigBuilder().EnableConstValueMatch().Build();
}
inline std::unique_ptr<PatternMatcherConfig> Commutative() {
  return PatternMatcherConfigBuilder().EnableCommutativeMatch().Build();
}

/// Every result of one sweep. Results point into the pattern, so the matcher is kept alive for
/// the rest of the test binary.
inline std::vector<std::unique_ptr<MatchResult>> MatchAll(
    std::unique_ptr<Pattern> pattern, const GraphPtr &graph,
    std::unique_ptr<PatternMatcherConfig> config = nullptr) {
  auto matcher = std::make_shared<PatternMatcher>(std::move(pattern), graph, std::move(config));
  std::vector<std::unique_ptr<MatchResult>> results;
  while (auto result = matcher->MatchNext()) {
    results.push_back(std::move(result));
  }
  static std::vector<std::shared_ptr<PatternMatcher>> keep;
  keep.push_back(matcher);
  return results;
}

inline size_t CountMatches(std::unique_ptr<Pattern> pattern, const TestGraph &g,
                           std::unique_ptr<PatternMatcherConfig> config) {
  PatternMatcher matcher(std::move(pattern), g.Handle(), std::move(config));
  size_t count = 0;
  while (matcher.MatchNext() != nullptr) {
    ++count;
  }
  return count;
}

inline std::string Name(const GNode &node) {
  AscendString name;
  (void)node.GetName(name);
  return name.GetString();
}

inline std::vector<std::string> MatchedNames(const MatchResult &result) {
  std::vector<std::string> names;
  for (const GNode &node : result.GetMatchedNodes()) {
    names.push_back(Name(node));
  }
  return names;
}

/// Names of the captured tensors' nodes, "node:index", in capture order ("?" when not bound).
inline std::vector<std::string> Captures(const MatchResult &result, size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) {
    NodeIo io;
    if (result.GetCapturedTensor(i, io) != SUCCESS) {
      names.push_back("?");
      continue;
    }
    names.push_back(Name(io.node) + ":" + std::to_string(io.index));
  }
  return names;
}

// Relu(x)
inline std::unique_ptr<Pattern> ReluPattern() {
  SimpleGraphBuilder builder("relu_pattern");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{relu, 0}})));
}

// Add(x, Const); the const has `value` (a float scalar) when given, else it stands for any const.
inline std::unique_ptr<Pattern> AddConstPattern(const float *value) {
  SimpleGraphBuilder builder("add_const");
  NodeIo x = builder.AddInput(0);
  std::unique_ptr<Tensor> tensor;
  if (value != nullptr) {
    TensorDesc desc(Shape(std::vector<int64_t>{}), FORMAT_ND, DT_FLOAT);
    tensor =
        std::make_unique<Tensor>(desc, reinterpret_cast<const uint8_t *>(value), sizeof(float));
  }
  NodeIo c = builder.AddConst(tensor.get());
  GNode add = builder.AddNode("Add", {x, c}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
}

// Add(MatMul(a, b), c)
inline std::unique_ptr<Pattern> MatMulAddPattern() {
  SimpleGraphBuilder builder("matmul_add");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  NodeIo c = builder.AddInput(2);
  GNode mm = builder.AddNode("MatMul", {a, b}, 1);
  GNode add = builder.AddNode("Add", {{mm, 0}, c}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
}

// Add(Relu(x), y) with Add as output 0 and, when `relu_is_output`, Relu as output 1.
inline std::unique_ptr<Pattern> ReluAddPattern(bool relu_is_output) {
  SimpleGraphBuilder builder("relu_add");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GNode add = builder.AddNode("Add", {{relu, 0}, y}, 1);
  std::vector<NodeIo> outputs{{add, 0}};
  if (relu_is_output) {
    outputs.push_back({relu, 0});
  }
  return std::make_unique<Pattern>(std::move(*builder.Build(outputs)));
}

// Mul(a, a): one pattern input used twice.
inline std::unique_ptr<Pattern> SquarePattern() {
  SimpleGraphBuilder builder("square");
  NodeIo a = builder.AddInput(0);
  GNode mul = builder.AddNode("Mul", {a, a}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{mul, 0}})));
}

// MatMul(a, b) without its optional bias; `transpose_x1` set on the pattern node, or, with
// `drop_attr`, no value for it at all.
inline std::unique_ptr<Pattern> MatMulPattern(bool transpose_x1, bool drop_attr) {
  SimpleGraphBuilder builder("matmul");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  GNode mm = builder.AddNode("MatMul", {a, b}, 1);
  OpDesc &desc = NodeAdapter::GNode2Node(mm)->MutableOpDesc();
  if (drop_attr) {
    (void)desc.DelAttr("transpose_x1");
  } else {
    desc.SetAttr("transpose_x1", GeAttrValue(transpose_x1));
  }
  return std::make_unique<Pattern>(std::move(*builder.Build({{mm, 0}})));
}

}  // namespace test
}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_PATTERN_TEST_UTIL_H_
