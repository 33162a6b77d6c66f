// Commutative matching (PatternMatcherConfigBuilder::EnableCommutativeMatch): the two inputs of a
// commutative pattern node match in either order, while captures and the boundary inputs stay
// in the pattern's order (docs/pattern_matcher.md, "Commutative matching").
#include <gtest/gtest.h>

#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/node_matcher.h"
#include "pattern/pattern_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::Captures;
using test::Commutative;
using test::Name;
using test::P;
using test::TestGraph;

// Add(x, Const), x and the const captured.
std::unique_ptr<Pattern> AddConstPattern() {
  SimpleGraphBuilder builder("add_const");
  NodeIo x = builder.AddInput(0);
  NodeIo c = builder.AddConst(nullptr);
  GNode add = builder.AddNode("Add", {x, c}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(x).CaptureTensor(c);
  return pattern;
}

// Add(Relu(x), Mul(y, Const)): two commutative nodes; x and y captured.
std::unique_ptr<Pattern> AddReluMulPattern() {
  SimpleGraphBuilder builder("add_relu_mul");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  NodeIo c = builder.AddConst(nullptr);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GNode mul = builder.AddNode("Mul", {y, c}, 1);
  GNode add = builder.AddNode("Add", {{relu, 0}, {mul, 0}}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(x).CaptureTensor(y);
  return pattern;
}

TEST(CommutativeMatchTest, OffByDefaultInputsPairByIndexOnly) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *c = g.Const("c", 1.0F);
  Node *add = g.Op("add", "Add", {P(c), P(x)});
  g.NetOutput({P(add)});
  PatternMatcher plain(AddConstPattern(), g.Handle());
  EXPECT_EQ(plain.MatchNext(), nullptr);
  EXPECT_FALSE(PatternMatcherConfigBuilder().Build()->IsEnableCommutativeMatch());
}

TEST(CommutativeMatchTest, ExchangedInputsMatchAndCapturesFollowThePattern) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *c = g.Const("c", 1.0F);
  Node *add = g.Op("add", "Add", {P(c), P(x)});
  g.NetOutput({P(add)});
  PatternMatcher matcher(AddConstPattern(), g.Handle(), Commutative());
  auto result = matcher.MatchNext();
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(Captures(*result, 2), (std::vector<std::string>{"x:0", "c:0"}));
  // Boundary input 0 (pattern Data 0) is read by the target's input 1.
  auto boundary = result->ToSubgraphBoundary();
  ASSERT_NE(boundary, nullptr);
  SubgraphInput input;
  ASSERT_EQ(boundary->GetInput(0, input), SUCCESS);
  const std::vector<NodeIo> consumers = input.GetAllInputs();
  ASSERT_EQ(consumers.size(), 1U);
  EXPECT_EQ(Name(consumers[0].node), "add");
  EXPECT_EQ(consumers[0].index, 1);
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(CommutativeMatchTest, PatternOrderIsTriedFirst) {
  // Both orders fit Add(x, y) over two Relus: the pattern's order is the one reported.
  SimpleGraphBuilder builder("add_xy");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  GNode add = builder.AddNode("Add", {x, y}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(x).CaptureTensor(y);
  TestGraph g;
  Node *d = g.Data("d", 0);
  Node *r1 = g.Op("r1", "Relu", {P(d)});
  Node *r2 = g.Op("r2", "Relu", {P(d)});
  Node *tadd = g.Op("tadd", "Add", {P(r1), P(r2)});
  g.NetOutput({P(tadd)});
  PatternMatcher matcher(std::move(pattern), g.Handle(), Commutative());
  auto result = matcher.MatchNext();
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(Captures(*result, 2), (std::vector<std::string>{"r1:0", "r2:0"}));
}

TEST(CommutativeMatchTest, EveryOrderOfTwoCommutativeNodesMatches) {
  // Add(Relu(x), Mul(y, k)) in its four operand orders: one pattern finds all four.
  TestGraph g;
  std::vector<Node *> outputs;
  for (int order = 0; order < 4; ++order) {
    const std::string s = std::to_string(order);
    Node *x = g.Data("x" + s, order * 2);
    Node *y = g.Data("y" + s, order * 2 + 1);
    Node *k = g.Const("k" + s, 2.0F);
    Node *relu = g.Op("relu" + s, "Relu", {P(x)});
    Node *mul = (order & 1) != 0 ? g.Op("mul" + s, "Mul", {P(k), P(y)})
                                 : g.Op("mul" + s, "Mul", {P(y), P(k)});
    outputs.push_back((order & 2) != 0 ? g.Op("add" + s, "Add", {P(mul), P(relu)})
                                       : g.Op("add" + s, "Add", {P(relu), P(mul)}));
  }
  g.NetOutput({P(outputs[0]), P(outputs[1]), P(outputs[2]), P(outputs[3])});
  PatternMatcher plain(AddReluMulPattern(), g.Handle());
  auto only = plain.MatchNext();
  ASSERT_NE(only, nullptr);
  EXPECT_EQ(Captures(*only, 2), (std::vector<std::string>{"x0:0", "y0:0"}));
  EXPECT_EQ(plain.MatchNext(), nullptr);

  PatternMatcher matcher(AddReluMulPattern(), g.Handle(), Commutative());
  for (int order = 0; order < 4; ++order) {
    auto result = matcher.MatchNext();
    ASSERT_NE(result, nullptr) << order;
    const std::string s = std::to_string(order);
    EXPECT_EQ(Captures(*result, 2), (std::vector<std::string>{"x" + s + ":0", "y" + s + ":0"}));
  }
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(CommutativeMatchTest, FailureAfterTheChoiceUndoesItsBindings) {
  // Add(x, Mul(x, y)) on Add(Mul(b, a), a): the pattern order binds x to the Mul and fails;
  // exchanged at the Add, x is `a`, and the Mul must then be exchanged too (x = a, y = b).
  SimpleGraphBuilder builder("shared_x");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  GNode mul = builder.AddNode("Mul", {x, y}, 1);
  GNode add = builder.AddNode("Add", {x, {mul, 0}}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(x).CaptureTensor(y);
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *tmul = g.Op("tmul", "Mul", {P(b), P(a)});
  Node *tadd = g.Op("tadd", "Add", {P(tmul), P(a)});
  g.NetOutput({P(tadd)});
  PatternMatcher matcher(std::move(pattern), g.Handle(), Commutative());
  auto result = matcher.MatchNext();
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(Captures(*result, 2), (std::vector<std::string>{"a:0", "b:0"}));
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(CommutativeMatchTest, NonCommutativeTypesKeepTheirOrder) {
  SimpleGraphBuilder builder("sub_const");
  NodeIo x = builder.AddInput(0);
  NodeIo c = builder.AddConst(nullptr);
  GNode sub = builder.AddNode("Sub", {x, c}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{sub, 0}})));
  TestGraph g;
  Node *tx = g.Data("x", 0);
  Node *tc = g.Const("c", 1.0F);
  Node *tsub = g.Op("sub", "Sub", {P(tc), P(tx)});
  g.NetOutput({P(tsub)});
  PatternMatcher matcher(std::move(pattern), g.Handle(), Commutative());
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(CommutativeMatchTest, TableListsTheCatalogsCommutativeBinaryOps) {
  for (const char *type : {"Add", "AddV2", "Mul", "Maximum", "Minimum", "LogicalAnd", "LogicalOr",
                           "Equal", "NotEqual"}) {
    EXPECT_TRUE(IsCommutativeType(type)) << type;
  }
  for (const char *type : {"Sub", "Div", "RealDiv", "Pow", "Greater", "Less", "MatMul", "Relu"}) {
    EXPECT_FALSE(IsCommutativeType(type)) << type;
  }
}

TEST(CommutativeMatchTest, BuilderSwitchSurvivesCopyAndIsClearedByMove) {
  auto config = Commutative();
  EXPECT_TRUE(config->IsEnableCommutativeMatch());
  PatternMatcherConfig copy(*config);
  EXPECT_TRUE(copy.IsEnableCommutativeMatch());
  PatternMatcherConfig moved(std::move(*config));
  EXPECT_TRUE(moved.IsEnableCommutativeMatch());
  EXPECT_FALSE(config->IsEnableCommutativeMatch());
}

}  // namespace
}  // namespace fusion
}  // namespace ge
