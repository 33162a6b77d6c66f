// One PatternFusionPass rule under commutative matching does the work of the four rule copies
// that operand orders need without it (docs/pattern_matcher.md, "Commutative matching").
#include <gtest/gtest.h>

#include <algorithm>

#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::TestGraph;

// Add(Mul(x, Const), Relu(y)), with each commutative node's inputs in the pattern's order or
// exchanged: x is Data 0 and y Data 1 in every copy.
PatternUniqPtr MulAddReluPattern(bool exchange_mul, bool exchange_add) {
  SimpleGraphBuilder builder("mul_add_relu");
  NodeIo x = builder.AddInput(0);
  NodeIo y = builder.AddInput(1);
  NodeIo k = builder.AddConst(nullptr);
  GNode mul = exchange_mul ? builder.AddNode("Mul", {k, x}, 1) : builder.AddNode("Mul", {x, k}, 1);
  GNode relu = builder.AddNode("Relu", {y}, 1);
  GNode add = exchange_add ? builder.AddNode("Add", {{relu, 0}, {mul, 0}}, 1)
                           : builder.AddNode("Add", {{mul, 0}, {relu, 0}}, 1);
  return std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
}

// Replaces a match by MulAddRelu(x, y): the replacement's inputs are the pattern's Data 0 and 1.
class MulAddReluPass : public PatternFusionPass {
 public:
  explicit MulAddReluPass(bool commutative)
      : PatternFusionPass(commutative
                              ? PatternMatcherConfigBuilder().EnableCommutativeMatch().Build()
                              : PatternMatcherConfigBuilder().Build()),
        commutative_(commutative) {}
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    patterns.push_back(MulAddReluPattern(false, false));
    if (!commutative_) {
      patterns.push_back(MulAddReluPattern(true, false));
      patterns.push_back(MulAddReluPattern(false, true));
      patterns.push_back(MulAddReluPattern(true, true));
    }
    return patterns;
  }
  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("mul_add_relu_fused");
    NodeIo x = builder.AddInput(0);
    NodeIo y = builder.AddInput(1);
    return builder.Build({{builder.AddNode("MulAddRelu", {x, y}, 1), 0}});
  }

 private:
  bool commutative_;
};

// Four instances of Add(Mul(x_i, k_i), Relu(y_i)), one per operand order.
TestGraph FourOrders() {
  TestGraph g;
  std::vector<test::Port> outputs;
  for (int order = 0; order < 4; ++order) {
    const std::string s = std::to_string(order);
    Node *x = g.Data("x" + s, order * 2);
    Node *y = g.Data("y" + s, order * 2 + 1);
    Node *k = g.Const("k" + s, 2.0F);
    Node *relu = g.Op("relu" + s, "Relu", {P(y)});
    Node *mul = (order & 1) != 0 ? g.Op("mul" + s, "Mul", {P(k), P(x)})
                                 : g.Op("mul" + s, "Mul", {P(x), P(k)});
    outputs.push_back(P((order & 2) != 0 ? g.Op("add" + s, "Add", {P(relu), P(mul)})
                                         : g.Op("add" + s, "Add", {P(mul), P(relu)})));
  }
  g.NetOutput(outputs);
  return g;
}

// "x<i>,y<i>" for every MulAddRelu node: the inputs the replacement received.
std::vector<std::string> FusedInputs(const ComputeGraph &graph) {
  std::vector<std::string> fused;
  for (Node *node : graph.GetDirectNodes()) {
    if (node->GetType() == "MulAddRelu") {
      fused.push_back(node->GetInDataPeer(0).node->GetName() + "," +
                      node->GetInDataPeer(1).node->GetName());
    }
  }
  std::sort(fused.begin(), fused.end());
  return fused;
}

TEST(CommutativeFusionPassTest, OneCommutativeRuleDoesWhatFourCopiesDo) {
  const std::vector<std::string> expected = {"x0,y0", "x1,y1", "x2,y2", "x3,y3"};
  TestGraph copies_graph = FourOrders();
  GraphPtr copies_graph_handle = copies_graph.Handle();
  MulAddReluPass copies(false);
  CustomPassContext context;
  context.SetPassName("MulAddReluPass");
  ASSERT_EQ(copies.Run(copies_graph_handle, context), SUCCESS);
  EXPECT_EQ(FusedInputs(*copies_graph.Get()), expected);

  TestGraph commutative_graph = FourOrders();
  GraphPtr commutative_graph_handle = commutative_graph.Handle();
  MulAddReluPass commutative(true);
  ASSERT_EQ(commutative.Run(commutative_graph_handle, context), SUCCESS);
  EXPECT_EQ(FusedInputs(*commutative_graph.Get()), expected);
  EXPECT_EQ(test::SortedTypes(*commutative_graph.Get()), test::SortedTypes(*copies_graph.Get()));

  // Without the switch, the first copy alone fuses only the instance in its own order.
  TestGraph plain_graph = FourOrders();
  GraphPtr plain_graph_handle = plain_graph.Handle();
  class FirstCopyOnly : public MulAddReluPass {
   public:
    FirstCopyOnly() : MulAddReluPass(false) {}
    std::vector<PatternUniqPtr> Patterns() override {
      std::vector<PatternUniqPtr> patterns;
      patterns.push_back(MulAddReluPattern(false, false));
      return patterns;
    }
  } first_copy;
  ASSERT_EQ(first_copy.Run(plain_graph_handle, context), SUCCESS);
  EXPECT_EQ(FusedInputs(*plain_graph.Get()), std::vector<std::string>{"x0,y0"});
}

}  // namespace
}  // namespace fusion
}  // namespace ge
