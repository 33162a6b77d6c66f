// PatternMatcher / MatchResult / node matchers: GE's behaviours,
// including each documented fix of a [quirk] (docs/pattern_matcher.md).
#include "ge/fusion/pattern_matcher.h"

#include <gtest/gtest.h>

#include "common/error.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/pattern_test_util.h"

namespace ge {
namespace fusion {
namespace {

using test::AddConstPattern;
using test::MatchAll;
using test::MatchedNames;
using test::MatMulAddPattern;
using test::Name;
using test::P;
using test::ReluAddPattern;
using test::ReluPattern;
using test::SquarePattern;
using test::TestGraph;

TEST(PatternMatcherTest, SingleNodePatternFindsEveryInstanceOnce) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(r1)});
  Node *s = g.Op("s", "Sigmoid", {P(r2)});
  g.NetOutput({P(s)});
  auto results = MatchAll(ReluPattern(), g.Handle());
  ASSERT_EQ(results.size(), 2U);
  EXPECT_EQ(MatchedNames(*results[0]), std::vector<std::string>{"r1"});
  EXPECT_EQ(MatchedNames(*results[1]), std::vector<std::string>{"r2"});
}

TEST(PatternMatcherTest, ConstInputPatternMatchesOnlyConstFedAdd) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *zero = g.Const("zero", 0.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(zero)});
  Node *a2 = g.Op("a2", "Add", {P(a1), P(y)});
  g.NetOutput({P(a2)});
  auto results = MatchAll(AddConstPattern(nullptr), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(MatchedNames(*results[0]), (std::vector<std::string>{"zero", "a1"}));
}

TEST(PatternMatcherTest, TwoNodePatternMatchesChain) {
  TestGraph g;
  Node *a = g.Data("a", 0);
  Node *w = g.Const("w", 1.0F);
  Node *b = g.Const("b", 2.0F);
  Node *mm = g.Op("mm", "MatMul", {P(a), P(w)});
  Node *add = g.Op("add", "Add", {P(mm), P(b)});
  g.NetOutput({P(add)});
  auto results = MatchAll(MatMulAddPattern(), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  auto boundary = results[0]->ToSubgraphBoundary();
  ASSERT_NE(boundary, nullptr);
  EXPECT_EQ(boundary->GetAllInputs().size(), 3U);
  EXPECT_EQ(boundary->GetAllOutputs().size(), 1U);
}

TEST(PatternMatcherTest, ConstValueMatchRejectsDifferentValueAndAcceptsEqual) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *one = g.Const("one", 1.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(zero)});
  Node *a2 = g.Op("a2", "Add", {P(a1), P(one)});
  g.NetOutput({P(a2)});
  const float zero_value = 0.0F;
  auto results = MatchAll(AddConstPattern(&zero_value), g.Handle(),
                          PatternMatcherConfigBuilder().EnableConstValueMatch().Build());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(MatchedNames(*results[0]), (std::vector<std::string>{"zero", "a1"}));
  // Without value match both Adds match.
  EXPECT_EQ(MatchAll(AddConstPattern(&zero_value), g.Handle()).size(), 2U);
}

TEST(PatternMatcherTest, ConstValueMatchTargetWithoutWeightMissesPatternWithoutWeightMatches) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *c = g.Const("c", 0.0F, /*with_value=*/false);
  Node *a = g.Op("a", "Add", {P(x), P(c)});
  g.NetOutput({P(a)});
  const float zero_value = 0.0F;
  auto config = [] { return PatternMatcherConfigBuilder().EnableConstValueMatch().Build(); };
  EXPECT_TRUE(MatchAll(AddConstPattern(&zero_value), g.Handle(), config()).empty());
  EXPECT_EQ(MatchAll(AddConstPattern(nullptr), g.Handle(), config()).size(), 1U);
}

TEST(PatternMatcherTest, ConstValueMatchComparesDtypeShapeAndBytes) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *ints = g.ConstInt32("ints", {1, 2, 3});
  Node *a = g.Op("a", "Add", {P(x), P(ints)});
  g.NetOutput({P(a)});
  auto make = [](std::vector<int32_t> values, DataType dtype) {
    SimpleGraphBuilder builder("p");
    NodeIo in = builder.AddInput(0);
    TensorDesc desc(Shape(std::vector<int64_t>{static_cast<int64_t>(values.size())}), FORMAT_ND,
                    dtype);
    Tensor tensor(desc, reinterpret_cast<const uint8_t *>(values.data()),
                  values.size() * sizeof(int32_t));
    NodeIo c = builder.AddConst(&tensor);
    GNode add = builder.AddNode("Add", {in, c}, 1);
    return std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  };
  auto config = [] { return PatternMatcherConfigBuilder().EnableConstValueMatch().Build(); };
  EXPECT_EQ(MatchAll(make({1, 2, 3}, DT_INT32), g.Handle(), config()).size(), 1U);
  EXPECT_TRUE(MatchAll(make({1, 2, 4}, DT_INT32), g.Handle(), config()).empty());
  EXPECT_TRUE(MatchAll(make({1, 2, 3}, DT_UINT32), g.Handle(), config()).empty());
  EXPECT_TRUE(MatchAll(make({1, 2}, DT_INT32), g.Handle(), config()).empty());
}

TEST(PatternMatcherTest, PatternConstMatchesOnlyRealConsts) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *a = g.Op("a", "Add", {P(x), P(y)});  // Data, not Const, in the const slot
  g.NetOutput({P(a)});
  EXPECT_TRUE(MatchAll(AddConstPattern(nullptr), g.Handle()).empty());
}

TEST(PatternMatcherTest, PatternDataMatchesAnyProducer) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *c = g.Const("c", 3.0F);
  Node *s = g.Op("s", "Sigmoid", {P(x)});
  Node *r1 = g.Op("r1", "Relu", {P(c)});
  Node *r2 = g.Op("r2", "Relu", {P(s)});
  g.NetOutput({P(r1), P(r2)});
  EXPECT_EQ(MatchAll(ReluPattern(), g.Handle()).size(), 2U);
}

TEST(PatternMatcherTest, SharedPatternDataMatchesSharedTargetProducerOnly) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *sq = g.Op("sq", "Mul", {P(x), P(x)});
  Node *mul = g.Op("mul", "Mul", {P(x), P(y)});
  g.NetOutput({P(sq), P(mul)});
  auto results = MatchAll(SquarePattern(), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(MatchedNames(*results[0]), std::vector<std::string>{"sq"});
  auto boundary = results[0]->ToSubgraphBoundary();
  ASSERT_NE(boundary, nullptr);
  ASSERT_EQ(boundary->GetAllInputs().size(), 1U);
  EXPECT_EQ(boundary->GetAllInputs()[0].GetAllInputs().size(), 2U);
}

TEST(PatternMatcherTest, SharedPatternDataRequiresOneTensorNotJustOneNode) {
  // Fixed GE quirk "last visited anchor wins": two outputs of one Split are two tensors.
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *split = g.Op("split", "Split", {P(x)}, 2);
  Node *mul = g.Op("mul", "Mul", {P(split, 0), P(split, 1)});
  g.NetOutput({P(mul)});
  EXPECT_TRUE(MatchAll(SquarePattern(), g.Handle()).empty());
}

TEST(PatternMatcherTest, BindingIsInjective) {
  // Pattern Add(Relu(a), Relu(b)); target Add(r, r) with ONE Relu: two pattern Relus may not
  // bind the same target node (fixed GE quirk "not injective").
  SimpleGraphBuilder builder("two_relus");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  GNode ra = builder.AddNode("Relu", {a}, 1);
  GNode rb = builder.AddNode("Relu", {b}, 1);
  GNode add = builder.AddNode("Add", {{ra, 0}, {rb, 0}}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  Node *sum = g.Op("sum", "Add", {P(r), P(r)});
  g.NetOutput({P(sum)});
  EXPECT_TRUE(MatchAll(std::move(pattern), g.Handle()).empty());
}

TEST(PatternMatcherTest, InputsPairByIndexNotByConnectedPosition) {
  // Pattern Sub(x, Const) must not match Sub(Const, x).
  SimpleGraphBuilder builder("sub_const");
  NodeIo x = builder.AddInput(0);
  NodeIo c = builder.AddConst(nullptr);
  GNode sub = builder.AddNode("Sub", {x, c}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{sub, 0}})));
  TestGraph g;
  Node *in = g.Data("in", 0);
  Node *k = g.Const("k", 1.0F);
  Node *s = g.Op("s", "Sub", {P(k), P(in)});
  g.NetOutput({P(s)});
  EXPECT_TRUE(MatchAll(std::move(pattern), g.Handle()).empty());
}

TEST(PatternMatcherTest, UnconnectedOptionalInputMustBeUnconnectedInTarget) {
  // Pattern node with input 1 left unconnected does not match a target using that input.
  SimpleGraphBuilder builder("bias_free");
  NodeIo x = builder.AddInput(0);
  GNode conv = builder.AddNode("BiasAdd", {x}, 1, 2);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{conv, 0}})));
  TestGraph g;
  Node *in = g.Data("in", 0);
  Node *bias = g.Const("bias", 1.0F);
  Node *with_bias = g.Op("with_bias", "BiasAdd", {P(in), P(bias)});
  Node *without_bias = g.Op("without_bias", "BiasAdd", {P(with_bias), {nullptr, 0}});
  g.NetOutput({P(without_bias)});
  auto results = MatchAll(std::move(pattern), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(MatchedNames(*results[0]), std::vector<std::string>{"without_bias"});
}

TEST(PatternMatcherTest, InteriorNodeWithOutsideConsumerMissesUnlessDeclaredOutput) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *relu = g.Op("relu", "Relu", {P(x)});
  Node *add = g.Op("add", "Add", {P(relu), P(y)});
  Node *other = g.Op("other", "Sigmoid", {P(relu)});
  g.NetOutput({P(add), P(other)});
  EXPECT_TRUE(MatchAll(ReluAddPattern(false), g.Handle()).empty());
  auto results = MatchAll(ReluAddPattern(true), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(results[0]->ToSubgraphBoundary()->GetAllOutputs().size(), 2U);
}

TEST(PatternMatcherTest, OfTwoInstancesOnlyTheSelfContainedOneIsReturned) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *y = g.Data("y", 1);
  Node *relu1 = g.Op("relu1", "Relu", {P(x)});
  Node *add1 = g.Op("add1", "Add", {P(relu1), P(y)});
  Node *relu2 = g.Op("relu2", "Relu", {P(add1)});
  Node *add2 = g.Op("add2", "Add", {P(relu2), P(y)});
  Node *escape = g.Op("escape", "Sigmoid", {P(relu2)});
  g.NetOutput({P(add2), P(escape)});
  auto results = MatchAll(ReluAddPattern(false), g.Handle());
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(MatchedNames(*results[0]), (std::vector<std::string>{"relu1", "add1"}));
}

TEST(PatternMatcherTest, UndeclaredOutputOfOutputOwnerMayNotEscape) {
  // Fixed GE quirk: the owner of a pattern output is not exempt for its other outputs.
  SimpleGraphBuilder builder("split_first");
  NodeIo x = builder.AddInput(0);
  GNode split = builder.AddNode("MySplit", {x}, 2);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{split, 0}})));
  TestGraph g;
  Node *in = g.Data("in", 0);
  Node *sp = g.Op("sp", "MySplit", {P(in)}, 2);
  Node *r0 = g.Op("r0", "Relu", {P(sp, 0)});
  Node *r1 = g.Op("r1", "Relu", {P(sp, 1)});
  g.NetOutput({P(r0), P(r1)});
  EXPECT_TRUE(MatchAll(std::move(pattern), g.Handle()).empty());
}

TEST(PatternMatcherTest, SharedConstBlocksMatchUnlessDeclaredOutput) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *c = g.Const("c", 0.0F);
  Node *a1 = g.Op("a1", "Add", {P(x), P(c)});
  Node *a2 = g.Op("a2", "Mul", {P(a1), P(c)});
  g.NetOutput({P(a2)});
  EXPECT_TRUE(MatchAll(AddConstPattern(nullptr), g.Handle()).empty());
  // "keep const" idiom: the const is also a pattern output.
  SimpleGraphBuilder builder("add_const_keep");
  NodeIo in = builder.AddInput(0);
  NodeIo k = builder.AddConst(nullptr);
  GNode add = builder.AddNode("Add", {in, k}, 1);
  auto keep = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}, k})));
  EXPECT_EQ(MatchAll(std::move(keep), g.Handle()).size(), 1U);
}

TEST(PatternMatcherTest, OutputZeroWithMoreCandidatesThanOutputOneFindsAllInstances) {
  // Pattern with two outputs: Relu(x) and Sigmoid(x), sharing x. Target: 4 instances whose
  // Sigmoids appear in reverse order, plus extra Relus without a Sigmoid.
  SimpleGraphBuilder builder("relu_sigmoid");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GNode sig = builder.AddNode("Sigmoid", {x}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{relu, 0}, {sig, 0}})));
  TestGraph g;
  std::vector<Node *> inputs;
  std::vector<Node *> relus;
  std::vector<Node *> outs;
  for (int i = 0; i < 4; ++i) {
    inputs.push_back(g.Data("x" + std::to_string(i), i));
    relus.push_back(g.Op("relu" + std::to_string(i), "Relu", {P(inputs.back())}));
    outs.push_back(relus.back());
  }
  Node *lone = g.Op("lone", "Relu", {P(g.Data("lonely", 9))});  // no Sigmoid partner
  outs.push_back(lone);
  for (int i = 3; i >= 0; --i) {
    outs.push_back(g.Op("sig" + std::to_string(i), "Sigmoid", {P(inputs[i])}));
  }
  std::vector<test::Port> ports;
  for (Node *n : outs) {
    ports.push_back(P(n));
  }
  g.NetOutput(ports);
  auto results = MatchAll(std::move(pattern), g.Handle());
  ASSERT_EQ(results.size(), 4U);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(MatchedNames(*results[i]),
              (std::vector<std::string>{"relu" + std::to_string(i), "sig" + std::to_string(i)}));
  }
}

TEST(PatternMatcherTest, TwoPatternsRunIndependently) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  Node *c = g.Const("c", 0.0F);
  Node *a = g.Op("a", "Add", {P(r), P(c)});
  g.NetOutput({P(a)});
  EXPECT_EQ(MatchAll(ReluPattern(), g.Handle()).size(), 1U);
  EXPECT_EQ(MatchAll(AddConstPattern(nullptr), g.Handle()).size(), 1U);
}

std::string InvalidPatternError(
    const std::function<void(SimpleGraphBuilder &, ComputeGraph &)> &edit) {
  SimpleGraphBuilder builder("bad");
  NodeIo x = builder.AddInput(0);
  GNode relu = builder.AddNode("Relu", {x}, 1);
  GraphUniqPtr graph = builder.Build({{relu, 0}});
  edit(builder, *GraphUtilsEx::GetComputeGraph(*graph));
  TestGraph g;
  Node *in = g.Data("in", 0);
  Node *r = g.Op("r", "Relu", {P(in)});
  g.NetOutput({P(r)});
  ClearLastError();
  PatternMatcher matcher(std::make_unique<Pattern>(std::move(*graph)), g.Handle());
  EXPECT_EQ(matcher.MatchNext(), nullptr);
  return GetLastError();
}

TEST(PatternMatcherTest, InvalidPatternsMatchNothingAndNameTheCause) {
  EXPECT_NE(InvalidPatternError([](SimpleGraphBuilder &, ComputeGraph &graph) {
              Node *relu = nullptr;
              for (Node *node : graph.GetDirectNodes()) {
                if (node->GetType() == "Relu") relu = node;
              }
              OpDesc noop("ctrl", "NoOp");
              Node *n = graph.AddNode(noop);
              (void)graph.AddControlEdge(n, relu);
            }).find("Pattern[bad] is invalid. Reason: Node[Relu_0] has control edge"),
            std::string::npos);
  EXPECT_NE(InvalidPatternError([](SimpleGraphBuilder &, ComputeGraph &graph) {
              for (Node *node : graph.GetDirectNodes()) {
                if (node->GetType() == "Relu") {
                  node->MutableOpDesc().AppendIrInput("x", IrInputType::kDynamic);
                }
              }
            }).find("is dynamic input."),
            std::string::npos);
  EXPECT_NE(InvalidPatternError([](SimpleGraphBuilder &, ComputeGraph &graph) {
              for (Node *node : graph.GetDirectNodes()) {
                if (node->GetType() == "Relu") {
                  node->MutableOpDesc().AppendIrOutput("y", IrOutputType::kDynamic);
                }
              }
            }).find("is dynamic output."),
            std::string::npos);
  EXPECT_NE(InvalidPatternError([](SimpleGraphBuilder &, ComputeGraph &graph) {
              auto sub = std::make_shared<ComputeGraph>("sub");
              Node *relu = nullptr;
              for (Node *node : graph.GetDirectNodes()) {
                if (node->GetType() == "Relu") relu = node;
              }
              sub->SetParentNode(relu);
              (void)graph.AddSubgraph(sub);
            }).find("subgraphs"),
            std::string::npos);
  EXPECT_NE(InvalidPatternError([](SimpleGraphBuilder &, ComputeGraph &graph) {
              for (Node *node : graph.GetDirectNodes()) {
                if (node->GetType() == "Data") node->MutableOpDesc().DelAttr("index");
              }
            }).find("has no int attr index"),
            std::string::npos);
}

TEST(PatternMatcherTest, PatternOutputFedDirectlyByDataIsInvalid) {
  SimpleGraphBuilder builder("passthrough");
  NodeIo x = builder.AddInput(0);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({x})));
  TestGraph g;
  g.NetOutput({P(g.Data("in", 0))});
  ClearLastError();
  PatternMatcher matcher(std::move(pattern), g.Handle());
  EXPECT_EQ(matcher.MatchNext(), nullptr);
  EXPECT_NE(GetLastError().find("fed directly by Data"), std::string::npos);
}

TEST(PatternMatcherTest, IrAttrMatchComparesValuesAndTypes) {
  auto make_target = [](const std::string &type, int64_t axis) {
    auto g = std::make_shared<TestGraph>();
    Node *x = g->Data("x", 0);
    Node *n = g->Op("n", type, {P(x)});
    n->MutableOpDesc().AppendIrAttrName("axis");
    n->MutableOpDesc().SetAttr("axis", GeAttrValue(axis));
    g->NetOutput({P(n)});
    return g;
  };
  auto make_pattern = [](int64_t axis) {
    SimpleGraphBuilder builder("softmax");
    NodeIo x = builder.AddInput(0);
    GNode n = builder.AddNode("MySoftmax", {x}, 1);  // not in the catalog: IR attrs set below
    NodePtr node = NodeAdapter::GNode2Node(n);
    node->MutableOpDesc().AppendIrAttrName("axis");
    node->MutableOpDesc().SetAttr("axis", GeAttrValue(axis));
    return std::make_unique<Pattern>(std::move(*builder.Build({{n, 0}})));
  };
  auto ir = [] { return PatternMatcherConfigBuilder().EnableIrAttrMatch().Build(); };
  EXPECT_EQ(MatchAll(make_pattern(1), make_target("MySoftmax", 1)->Handle(), ir()).size(), 1U);
  EXPECT_TRUE(MatchAll(make_pattern(1), make_target("MySoftmax", 2)->Handle(), ir()).empty());
  // Fixed GE quirk: same IR attrs, different type does not match.
  EXPECT_TRUE(MatchAll(make_pattern(1), make_target("MyLogSoftmax", 1)->Handle(), ir()).empty());
  // Without IR-attr match, values are ignored.
  EXPECT_EQ(MatchAll(make_pattern(1), make_target("MySoftmax", 2)->Handle()).size(), 1U);
}

TEST(PatternMatcherTest, CapturesAndAccessorsReportTargetTensors) {
  SimpleGraphBuilder builder("matmul_add_capture");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  NodeIo c = builder.AddConst(nullptr);
  GNode mm = builder.AddNode("MatMul", {a, b}, 1);
  GNode add = builder.AddNode("Add", {{mm, 0}, c}, 1);
  GraphUniqPtr graph = builder.Build({{add, 0}});
  auto pattern = std::make_unique<Pattern>(std::move(*graph));
  pattern->CaptureTensor(a).CaptureTensor({mm, 0}).CaptureTensor(c);
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *w = g.Const("w", 1.0F);
  Node *bias = g.Const("bias", 2.0F);
  Node *tmm = g.Op("tmm", "MatMul", {P(x), P(w)});
  Node *tadd = g.Op("tadd", "Add", {P(tmm), P(bias)});
  g.NetOutput({P(tadd)});
  PatternMatcher matcher(std::move(pattern), g.Handle());
  auto result = matcher.MatchNext();
  ASSERT_NE(result, nullptr);
  NodeIo io;
  ASSERT_EQ(result->GetCapturedTensor(0, io), SUCCESS);
  EXPECT_EQ(Name(io.node), "x");
  ASSERT_EQ(result->GetCapturedTensor(1, io), SUCCESS);
  EXPECT_EQ(Name(io.node), "tmm");
  ASSERT_EQ(result->GetCapturedTensor(2, io), SUCCESS);
  EXPECT_EQ(Name(io.node), "bias");
  EXPECT_NE(result->GetCapturedTensor(3, io), SUCCESS);
  AscendString pattern_name;
  ASSERT_EQ(result->GetPatternGraph().GetName(pattern_name), GRAPH_SUCCESS);
  EXPECT_STREQ(pattern_name.GetString(), "matmul_add_capture");
  GNode matched;
  ASSERT_EQ(result->GetMatchedNode(mm, matched), SUCCESS);
  EXPECT_EQ(Name(matched), "tmm");
  EXPECT_NE(std::string(result->ToAscendString().GetString())
                .find("[PatternName:matmul_add_capture][MatchNodesPair]{{Add:tadd}"),
            std::string::npos);
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(PatternMatcherTest, ResultAndItsCopyReportRemovedNodesAsGone) {
  // A result holds its target nodes weakly (once per node, shared by pairs and ports): after a
  // matched node is removed, every accessor of the result and of a copy reads it as gone.
  SimpleGraphBuilder builder("matmul_add_gone");
  NodeIo a = builder.AddInput(0);
  NodeIo b = builder.AddInput(1);
  NodeIo c = builder.AddInput(2);
  GNode mm = builder.AddNode("MatMul", {a, b}, 1);
  GNode add = builder.AddNode("Add", {{mm, 0}, c}, 1);
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
  pattern->CaptureTensor(a).CaptureTensor({mm, 0}).CaptureTensor({add, 0});
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *w = g.Const("w", 1.0F);
  Node *tmm = g.Op("tmm", "MatMul", {P(x), P(w)});
  Node *tadd = g.Op("tadd", "Add", {P(tmm), P(x)});  // x feeds two pattern inputs' consumers
  g.NetOutput({P(tadd)});
  PatternMatcher matcher(std::move(pattern), g.Handle());
  auto result = matcher.MatchNext();
  ASSERT_NE(result, nullptr);
  const MatchResult copy(*result);
  EXPECT_EQ(MatchedNames(copy), (std::vector<std::string>{"tmm", "tadd"}));
  ASSERT_EQ(g.Get()->RemoveNode(tadd), SUCCESS);
  for (const MatchResult *r : {static_cast<const MatchResult *>(result.get()), &copy}) {
    NodeIo io;
    EXPECT_NE(r->GetCapturedTensor(2, io), SUCCESS);  // the sum's node is gone
    ASSERT_EQ(r->GetCapturedTensor(1, io), SUCCESS);  // the product is still there
    EXPECT_EQ(Name(io.node), "tmm");
    ASSERT_EQ(r->GetCapturedTensor(0, io), SUCCESS);
    EXPECT_EQ(Name(io.node), "x");
    EXPECT_EQ(MatchedNames(*r), std::vector<std::string>{"tmm"});
    GNode matched;
    ASSERT_EQ(r->GetMatchedNode(add, matched), SUCCESS);
    AscendString name;
    EXPECT_NE(matched.GetName(name), GRAPH_SUCCESS);
    EXPECT_NE(std::string(r->ToAscendString().GetString()).find("{Add:<removed>}"),
              std::string::npos);
    EXPECT_EQ(r->ToSubgraphBoundary(), nullptr);  // output 0 is gone
  }
  // Pairs appended by hand resolve the same way.
  MatchResult manual(nullptr);
  ASSERT_EQ(manual.AppendNodeMatchPair(mm, NodeAdapter::Node2GNode(tmm)), SUCCESS);
  EXPECT_NE(manual.AppendNodeMatchPair(mm, NodeAdapter::Node2GNode(x)), SUCCESS);
  EXPECT_EQ(MatchedNames(manual), std::vector<std::string>{"tmm"});
  ASSERT_EQ(g.Get()->RemoveNode(tmm), SUCCESS);
  EXPECT_TRUE(manual.GetMatchedNodes().empty());
}

TEST(PatternMatcherTest, NodesCreatedAfterFirstMatchNextAreNeverMatched) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r = g.Op("r", "Relu", {P(x)});
  g.NetOutput({P(r)});
  PatternMatcher matcher(ReluPattern(), g.Handle());
  auto first = matcher.MatchNext();
  ASSERT_NE(first, nullptr);
  g.Op("late", "Relu", {P(r)});  // created during the sweep
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(PatternMatcherTest, RemovedCandidatesAreSkipped) {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *r1 = g.Op("r1", "Relu", {P(x)});
  Node *r2 = g.Op("r2", "Relu", {P(x)});
  g.NetOutput({P(r1), P(r2)});
  PatternMatcher matcher(ReluPattern(), g.Handle());
  auto first = matcher.MatchNext();
  ASSERT_NE(first, nullptr);
  ASSERT_EQ(g.Get()->RemoveNode(r2), SUCCESS);
  EXPECT_EQ(matcher.MatchNext(), nullptr);
}

TEST(PatternMatcherConfigTest, BuilderSetsSwitchesAndMovedFromIsOff) {
  auto config = PatternMatcherConfigBuilder().EnableConstValueMatch().EnableIrAttrMatch().Build();
  EXPECT_TRUE(config->IsEnableConstValueMatch());
  EXPECT_TRUE(config->IsEnableIrAttrMatch());
  PatternMatcherConfig copy(*config);
  EXPECT_TRUE(copy.IsEnableIrAttrMatch());
  PatternMatcherConfig moved(std::move(*config));
  EXPECT_TRUE(moved.IsEnableConstValueMatch());
  EXPECT_FALSE(config->IsEnableConstValueMatch());
  EXPECT_FALSE(config->IsEnableIrAttrMatch());
  auto defaults = PatternMatcherConfigBuilder().Build();
  EXPECT_FALSE(defaults->IsEnableConstValueMatch());
  EXPECT_FALSE(defaults->IsEnableIrAttrMatch());
}

}  // namespace
}  // namespace fusion
}  // namespace ge
