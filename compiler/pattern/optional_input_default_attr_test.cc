// Optional inputs left out of a pattern and IR attributes at their catalog defaults
// (docs/pattern_matcher.md, "Optional inputs and default attributes").
#include <gtest/gtest.h>

#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/simple_graph_builder.h"
#include "ops/op_catalog.h"
#include "pattern/pattern_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::CountMatches;
using test::IrAttrs;
using test::MatMulPattern;
using test::P;
using test::Plain;
using test::TestGraph;

// A catalog MatMul (IR metadata, attributes at their defaults), with a bias when given.
Node *CatalogMatMul(TestGraph *g, const std::string &name, Node *a, Node *b, Node *bias) {
  OpDesc desc;
  EXPECT_EQ(CreateOpDesc(name, "MatMul", {}, {}, &desc), SUCCESS);
  Node *node = g->Get()->AddNode(std::move(desc));
  (void)g->Get()->AddDataEdge(a, 0, node, 0);
  (void)g->Get()->AddDataEdge(b, 0, node, 1);
  if (bias != nullptr) {
    (void)g->Get()->AddDataEdge(bias, 0, node, 2);
  }
  return node;
}

TEST(OptionalInputTest, PatternWithoutOptionalInputMatchesOnlyNodesWithoutIt) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *bias = g.Const("bias", 1.0F);
  Node *with_bias = CatalogMatMul(&g, "with_bias", a, b, bias);
  Node *without_bias = CatalogMatMul(&g, "without_bias", a, b, nullptr);
  // A node that has no port for the optional input at all (built without the catalog).
  Node *no_port = g.Op("no_port", "MatMul", {P(a), P(b)});
  g.NetOutput({P(with_bias), P(without_bias), P(no_port)});
  EXPECT_EQ(CountMatches(MatMulPattern(false, true), g, Plain()), 2U);
}

TEST(DefaultAttrTest, AttrAtItsDefaultMatchesANodeWithoutItAndTheReverse) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *b = g.Data("b", 1);
  Node *lacking = CatalogMatMul(&g, "lacking", a, b, nullptr);
  (void)lacking->MutableOpDesc().DelAttr("transpose_x1");
  g.NetOutput({P(lacking)});
  // Pattern transpose_x1=false (the default) against a node without the attr.
  EXPECT_EQ(CountMatches(MatMulPattern(false, false), g, IrAttrs()), 1U);
  // A non-default value does not.
  EXPECT_EQ(CountMatches(MatMulPattern(true, false), g, IrAttrs()), 0U);

  TestGraph h;
  Node *c = h.Data("c", 0);
  Node *d = h.Data("d", 1);
  Node *explicit_default = CatalogMatMul(&h, "explicit_default", c, d, nullptr);
  explicit_default->MutableOpDesc().SetAttr("transpose_x1", GeAttrValue(false));
  Node *transposed = CatalogMatMul(&h, "transposed", c, d, nullptr);
  transposed->MutableOpDesc().SetAttr("transpose_x1", GeAttrValue(true));
  h.NetOutput({P(explicit_default), P(transposed)});
  // The reverse: a pattern without the attr against nodes that carry it.
  EXPECT_EQ(CountMatches(MatMulPattern(false, true), h, IrAttrs()), 1U);
  // Without IR-attr matching, values are not compared at all.
  EXPECT_EQ(CountMatches(MatMulPattern(false, true), h, Plain()), 2U);
}

TEST(DefaultAttrTest, AttrsWithoutDefaultMustBothBeMissingOrEqual) {
  // A type the catalog does not know has no defaults: a value on one side only differs.
  auto with_axis = [](Node *node) {
    node->MutableOpDesc().AppendIrAttrName("axis");
    return node;
  };
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *n = with_axis(g.Op("n", "MyUnknownOp", {P(x)}));
  g.NetOutput({P(n)});
  SimpleGraphBuilder builder("unknown");
  NodeIo in = builder.AddInput(0);
  GNode op = builder.AddNode("MyUnknownOp", {in}, 1);
  NodePtr node = NodeAdapter::GNode2Node(op);
  with_axis(node.get());
  node->MutableOpDesc().SetAttr("axis", GeAttrValue(int64_t{0}));
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{op, 0}})));
  EXPECT_EQ(CountMatches(std::move(pattern), g, IrAttrs()), 0U);
}

}  // namespace
}  // namespace fusion
}  // namespace ge
