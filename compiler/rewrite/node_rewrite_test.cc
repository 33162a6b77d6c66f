// NodeRewrite: a rewrite described node by node goes through the graph rewriter with kept names,
// and any rewrite it cannot make leaves the graph exactly as it was.
#include "rewrite/node_rewrite.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "pattern/fusion_test_util.h"
#include "pattern/fusion_utils.h"

namespace ge {
namespace fusion {
namespace {

using test::P;
using test::Signature;
using test::TestGraph;

OpDesc OpOf(const std::string &name, const std::string &type, size_t inputs) {
  OpDesc desc(name, type);
  for (size_t i = 0; i < inputs; ++i) {
    desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc(GeShape({2, 2})));
  }
  desc.AddOutputDesc("y", GeTensorDesc(GeShape({2, 2})));
  return desc;
}

const std::vector<std::string> *StringListAttr(const Node &node, const std::string &name) {
  return node.GetOpDesc().GetAttrAs<std::vector<std::string>>(name);
}

// x -> mul(x, w) -> relu -> out, with w a Const only mul reads.
struct MulRelu {
  TestGraph g;
  Node *x = g.Data("x", 0);
  Node *w = g.Const("w", 2.0F);
  Node *mul = g.Op("mul", "Mul", {P(x), P(w)});
  Node *relu = g.Op("relu", "Relu", {P(mul)});
  Node *out = g.NetOutput({P(relu)});
};

TEST(NodeRewriteTest, NewNodesKeepTheirNamesAndTakeOverARemovedNodesName) {
  MulRelu m;
  (void)m.g.Get()->SetOutputs({{m.relu, 0}});
  NodeRewrite rewrite(*m.g.Get());
  rewrite.Remove(m.mul);
  rewrite.Remove(m.relu);
  rewrite.Remove(m.w);
  Node *scale = rewrite.Add(OpOf("mul/scale", "Const", 0));
  Node *fused = rewrite.Add(OpOf("mul", "MulRelu", 2));
  ASSERT_NE(scale, nullptr);
  ASSERT_NE(fused, nullptr);
  rewrite.Connect(m.x, 0, fused, 0);
  rewrite.Connect(scale, 0, fused, 1);
  rewrite.TakeOver(m.relu, 0, fused, 0);
  ASSERT_EQ(rewrite.Apply(), SUCCESS) << GetLastError();

  EXPECT_EQ(Signature(*m.g.Get()),
            "NetOutput:NetOutput(0<-mul:0,)[]\n"
            "mul/scale:Const()[]\n"
            "mul:MulRelu(0<-x:0,1<-mul/scale:0,)[]\n"
            "x:Data(0<--,)[]\n");
  Node *now = m.g.Get()->FindNode("mul");
  ASSERT_NE(now, nullptr);
  EXPECT_EQ(now->GetType(), "MulRelu");
  EXPECT_EQ(m.g.Get()->GetOutputs(), (std::vector<std::pair<Node *, int32_t>>{{now, 0}}));
  // Like every rewrite, the new nodes record what they replace.
  const auto *names = StringListAttr(*now, kAttrOriginalOpNames);
  ASSERT_NE(names, nullptr);
  EXPECT_EQ(*names, (std::vector<std::string>{"relu", "mul", "w"}));
}

TEST(NodeRewriteTest, ANameHeldByANodeThatStaysFailsAndLeavesTheGraph) {
  MulRelu m;
  const std::string before = Signature(*m.g.Get());
  NodeRewrite rewrite(*m.g.Get());
  rewrite.Remove(m.relu);
  Node *abs = rewrite.Add(OpOf("x", "Abs", 1));  // "x" is the Data node's name
  rewrite.Connect(m.mul, 0, abs, 0);
  rewrite.TakeOver(m.relu, 0, abs, 0);
  EXPECT_NE(rewrite.Apply(), SUCCESS);
  EXPECT_NE(GetLastError().find("node name x is taken"), std::string::npos) << GetLastError();
  EXPECT_EQ(Signature(*m.g.Get()), before);
}

TEST(NodeRewriteTest, AnInputNoRemovedNodeReadsFailsAndLeavesTheGraph) {
  MulRelu m;
  const std::string before = Signature(*m.g.Get());
  NodeRewrite rewrite(*m.g.Get());
  rewrite.Remove(m.relu);
  Node *abs = rewrite.Add(OpOf("abs", "Abs", 1));
  rewrite.Connect(m.x, 0, abs, 0);  // relu reads mul, not x
  rewrite.TakeOver(m.relu, 0, abs, 0);
  EXPECT_NE(rewrite.Apply(), SUCCESS);
  EXPECT_NE(GetLastError().find("x:0 is read by no removed node"), std::string::npos)
      << GetLastError();
  EXPECT_EQ(Signature(*m.g.Get()), before);
}

TEST(NodeRewriteTest, RemovedNodesMustBeWhatTheBoundaryEncloses) {
  MulRelu m;
  const std::string before = Signature(*m.g.Get());
  {
    // w is not enclosed: no output taken over depends on it.
    NodeRewrite rewrite(*m.g.Get());
    rewrite.Remove(m.relu);
    rewrite.Remove(m.w);
    Node *abs = rewrite.Add(OpOf("abs", "Abs", 1));
    rewrite.Connect(m.mul, 0, abs, 0);
    rewrite.TakeOver(m.relu, 0, abs, 0);
    EXPECT_NE(rewrite.Apply(), SUCCESS);
    EXPECT_NE(GetLastError().find("encloses other nodes"), std::string::npos) << GetLastError();
    EXPECT_EQ(Signature(*m.g.Get()), before);
  }
  {
    // mul's output is read outside and not taken over: not self contained.
    Node *neg = m.g.Op("neg", "Neg", {P(m.mul)});
    const std::string with_neg = Signature(*m.g.Get());
    NodeRewrite rewrite(*m.g.Get());
    rewrite.Remove(m.mul);
    rewrite.Remove(m.relu);
    Node *abs = rewrite.Add(OpOf("abs", "Abs", 1));
    rewrite.Connect(m.x, 0, abs, 0);
    rewrite.TakeOver(m.relu, 0, abs, 0);
    EXPECT_NE(rewrite.Apply(), SUCCESS);
    EXPECT_NE(GetLastError().find("is not self contained"), std::string::npos) << GetLastError();
    EXPECT_EQ(Signature(*m.g.Get()), with_neg);
    EXPECT_NE(neg, nullptr);
  }
}

TEST(NodeRewriteTest, DisagreeingScopedAttrsAreReportedBeforeApplying) {
  MulRelu m;
  m.mul->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("a")));
  m.relu->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("b")));
  const std::string before = Signature(*m.g.Get());
  NodeRewrite rewrite(*m.g.Get());
  rewrite.Remove(m.mul);
  rewrite.Remove(m.relu);
  EXPECT_FALSE(rewrite.ScopedAttrsAgree());
  Node *fused = rewrite.Add(OpOf("fused", "MulRelu", 2));
  rewrite.Connect(m.x, 0, fused, 0);
  rewrite.Connect(m.w, 0, fused, 1);
  rewrite.TakeOver(m.relu, 0, fused, 0);
  EXPECT_NE(rewrite.Apply(), SUCCESS);
  EXPECT_EQ(Signature(*m.g.Get()), before);

  m.relu->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("a")));
  NodeRewrite agreeing(*m.g.Get());
  agreeing.Remove(m.mul);
  agreeing.Remove(m.relu);
  EXPECT_TRUE(agreeing.ScopedAttrsAgree());
}

}  // namespace
}  // namespace fusion
}  // namespace ge
