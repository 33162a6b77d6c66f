// The built-in conv fusions pass by pass (ConvBatchNormFoldPass, ConvActivationFusionPass): one
// negative case per guard, each leaving the graph exactly as it was, and what a fusion leaves
// behind (names, attributes, constants, provenance).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "ops/fused_activation.h"
#include "ops/graph_shape_inference.h"
#include "pattern/fusion_test_util.h"
#include "pipeline/conv_activation_fusion.h"
#include "pipeline/conv_bn_fold.h"
#include "pipeline/pipeline_test_graphs.h"

namespace ge {
namespace {

using namespace pipeline_test;  // NOLINT: test helpers
using fusion::test::Signature;

std::map<std::string, GeAttrValue> ConvAttrs() {
  return {{"strides", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1})},
          {"pads", GeAttrValue(std::vector<int64_t>{0, 0, 0, 0})},
          {"data_format", GeAttrValue(std::string("NCHW"))}};
}

/// x -> conv (NCHW, bias) -> BatchNorm "conv_bn" -> Relu "relu" -> output, shapes inferred.
struct ConvBnRelu {
  Builder b;
  Node *x = b.Data("x", {1, 2, 4, 4});
  Node *bn = b.ConvBn(x, "conv", "Conv2D", 2, 3, 1, false, true, 7);
  Node *conv = bn->GetInDataPeer(0).node;
  Node *relu = b.Op("relu", "Relu", {{bn, 0}});
  Node *out = b.Output({{relu, 0}});
  ComputeGraph &graph() { return *b.Get(); }
  void Infer() { ASSERT_EQ(InferGraphShape(graph(), {}), SUCCESS) << GetLastError(); }
};

size_t Fold(ComputeGraph &graph) {
  size_t folded = 99;
  EXPECT_EQ(FoldConvBatchNorm(graph, &folded), SUCCESS) << GetLastError();
  return folded;
}

size_t FuseRelu(ComputeGraph &graph) {
  size_t fused = 99;
  EXPECT_EQ(FuseConvActivation(graph, &fused), SUCCESS) << GetLastError();
  return fused;
}

struct Guard {
  const char *name;
  std::function<void(ConvBnRelu &)> break_it;  // makes the guard fail (after shape inference)
};

TEST(ConvBatchNormFoldGuards, EachFailingGuardLeavesTheGraphAsItWas) {
  const std::vector<Guard> guards = {
      {"conv output read twice",
       [](ConvBnRelu &g) {
         g.b.Op("neg", "Neg", {{g.conv, 0}});
       }},
      {"conv output is a graph output",
       [](ConvBnRelu &g) {
         (void)g.graph().SetOutputs({{g.relu, 0}, {g.conv, 0}});
       }},
      {"batch norm's batch_mean is read",
       [](ConvBnRelu &g) {
         g.b.Op("neg", "Neg", {{g.bn, 1}});
       }},
      {"batch norm has a control edge",
       [](ConvBnRelu &g) { (void)g.graph().AddControlEdge(g.x, g.bn); }},
      {"conv has a control edge",
       [](ConvBnRelu &g) { (void)g.graph().AddControlEdge(g.conv, g.relu); }},
      {"filter is not a constant",
       [](ConvBnRelu &g) {
         Node *w = g.conv->GetInDataPeer(1).node;
         Node *relu_w = g.b.Op("relu_w", "Relu", {{w, 0}});
         (void)g.graph().RemoveInDataEdge(g.conv, 1);
         (void)g.graph().AddDataEdge(relu_w, 0, g.conv, 1);
       }},
      {"conv bias is not a constant",
       [](ConvBnRelu &g) {
         Node *bias = g.conv->GetInDataPeer(2).node;
         Node *abs = g.b.Op("abs_b", "Abs", {{bias, 0}});
         (void)g.graph().RemoveInDataEdge(g.conv, 2);
         (void)g.graph().AddDataEdge(abs, 0, g.conv, 2);
       }},
      {"mean is not a constant",
       [](ConvBnRelu &g) {
         Node *mean = g.bn->GetInDataPeer(3).node;
         Node *abs = g.b.Op("abs_mean", "Abs", {{mean, 0}});
         (void)g.graph().RemoveInDataEdge(g.bn, 3);
         (void)g.graph().AddDataEdge(abs, 0, g.bn, 3);
       }},
      {"batch norm in training mode",
       [](ConvBnRelu &g) { g.bn->MutableOpDesc().SetAttr("is_training", GeAttrValue(true)); }},
      {"quantised conv (offset_w connected)",
       [](ConvBnRelu &g) {
         Node *offset = g.b.Const("offset_w", F32({1}, {0.0F}));
         (void)g.graph().AddDataEdge(offset, 0, g.conv, 3);
       }},
      {"batch norm over another axis",
       [](ConvBnRelu &g) {
         g.bn->MutableOpDesc().SetAttr("data_format", GeAttrValue(std::string("NHWC")));
       }},
      {"variance + epsilon not positive",
       [](ConvBnRelu &g) {
         Node *var = g.bn->GetInDataPeer(4).node;
         var->MutableOpDesc().SetAttr("value", GeAttrValue(F32({3}, {1.0F, -1.0F, 1.0F})));
       }},
      {"fusion-scoped attrs disagree",
       [](ConvBnRelu &g) {
         g.conv->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("a")));
         g.bn->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("b")));
       }},
      {"conv output is not float32",
       [](ConvBnRelu &g) {
         g.conv->MutableOpDesc().MutableOutputDesc(0)->SetDataType(DT_FLOAT16);
       }},
  };
  for (const Guard &guard : guards) {
    ConvBnRelu g;
    g.Infer();
    guard.break_it(g);
    const std::string before = Signature(g.graph());
    EXPECT_EQ(Fold(g.graph()), 0U) << guard.name;
    EXPECT_EQ(Signature(g.graph()), before) << guard.name;
    EXPECT_EQ(g.graph().FindNode("conv"), g.conv) << guard.name;
  }
}

TEST(ConvBatchNormFoldGuards, TheFoldKeepsTheConvNameAndDropsOnlyConstantsNobodyElseReads) {
  ConvBnRelu g;
  // The filter is also read elsewhere, so it stays; bias, scale, offset, mean, var go.
  Node *filter = g.conv->GetInDataPeer(1).node;
  Node *other = g.b.Op("other", "Neg", {{filter, 0}});
  (void)g.graph().SetOutputs({{g.relu, 0}, {other, 0}});
  g.conv->MutableOpDesc().SetAttr("_user_stream_label", GeAttrValue(std::string("s")));
  g.Infer();
  ASSERT_EQ(Fold(g.graph()), 1U);
  EXPECT_EQ(Signature(g.graph()),
            "conv/folded_bias:Const()[]\n"
            "conv/folded_filter:Const()[]\n"
            "conv:Conv2D(0<-x:0,1<-conv/folded_filter:0,2<-conv/folded_bias:0,3<--,)[]\n"
            "conv_w:Const()[]\n"
            "other:Neg(0<-conv_w:0,)[]\n"
            "out:NetOutput(0<-relu:0,)[]\n"
            "relu:Relu(0<-conv:0,)[]\n"
            "x:Data(0<--,)[]\n");
  Node *conv = g.graph().FindNode("conv");
  ASSERT_NE(conv, nullptr);
  const OpDesc &desc = conv->GetOpDesc();
  EXPECT_EQ(*desc.GetAttrAs<std::string>("data_format"), "NCHW");
  EXPECT_EQ(*desc.GetAttrAs<std::string>("_user_stream_label"), "s");
  EXPECT_EQ(desc.GetInputDesc(2)->GetShape().GetDims(), std::vector<int64_t>{3});
  const auto *names = desc.GetAttrAs<std::vector<std::string>>("_datadump_original_op_names");
  ASSERT_NE(names, nullptr);
  EXPECT_EQ(names->front(), "conv_bn");
  EXPECT_EQ(names->size(), 7U);  // conv_bn, conv and the five constants removed with them
}

TEST(ConvBatchNormFoldGuards, ASecondFoldNamesItsWeightsAfterTheFirst) {
  ConvBnRelu g;
  // conv -> conv_bn -> bn2 -> relu: both batch norms fold, one after the other.
  Node *bn2 = g.b.Op("bn2", "BatchNorm",
                     {{g.bn, 0},
                      {g.b.Vec("s2", {1.0F, 2.0F, 3.0F}), 0},
                      {g.b.Vec("o2", {0.5F, 0.5F, 0.5F}), 0},
                      {g.b.Vec("m2", {0.0F, 1.0F, 0.0F}), 0},
                      {g.b.Vec("v2", {1.0F, 1.0F, 2.0F}), 0}},
                     {{"epsilon", GeAttrValue(1e-5F)},
                      {"is_training", GeAttrValue(false)},
                      {"data_format", GeAttrValue(std::string("NCHW"))}});
  (void)g.graph().RemoveInDataEdge(g.relu, 0);
  (void)g.graph().AddDataEdge(bn2, 0, g.relu, 0);
  g.Infer();
  ASSERT_EQ(Fold(g.graph()), 2U);
  Node *conv = g.graph().FindNode("conv");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->GetInDataPeer(1).node->GetName(), "conv/folded_filter_1");
  EXPECT_EQ(conv->GetInDataPeer(2).node->GetName(), "conv/folded_bias_1");
  EXPECT_EQ(g.graph().FindNode("conv/folded_filter"), nullptr);
  EXPECT_EQ(g.relu->GetInDataPeer(0).node, conv);
}

/// x -> conv (NCHW, no bias) -> Relu "relu" -> Abs "abs" -> output, shapes inferred.
struct ConvRelu {
  Builder b;
  Node *x = b.Data("x", {1, 2, 4, 4});
  Node *conv = b.Op("conv", "Conv2D", {{x, 0}, {b.Const("w", F32({3, 2, 1, 1}, Random(6, 3))), 0}},
                    ConvAttrs());
  Node *relu = b.Op("relu", "Relu", {{conv, 0}});
  Node *abs = b.Op("abs", "Abs", {{relu, 0}});
  Node *out = b.Output({{abs, 0}});
  ComputeGraph &graph() { return *b.Get(); }
};

TEST(ConvActivationFusionGuards, EachFailingGuardLeavesTheGraphAsItWas) {
  const std::vector<std::pair<const char *, std::function<void(ConvRelu &)>>> guards = {
      {"conv output read twice",
       [](ConvRelu &g) {
         g.b.Op("neg", "Neg", {{g.conv, 0}});
       }},
      {"conv output is a graph output",
       [](ConvRelu &g) {
         (void)g.graph().SetOutputs({{g.abs, 0}, {g.conv, 0}});
       }},
      {"conv already has an activation",
       [](ConvRelu &g) {
         g.conv->MutableOpDesc().SetAttr(kAttrFusedActivation, GeAttrValue(std::string("")));
       }},
      {"relu has a control edge",
       [](ConvRelu &g) { (void)g.graph().AddControlEdge(g.relu, g.abs); }},
      {"conv has a control edge", [](ConvRelu &g) { (void)g.graph().AddControlEdge(g.x, g.conv); }},
      {"conv output is not floating point",
       [](ConvRelu &g) { g.conv->MutableOpDesc().MutableOutputDesc(0)->SetDataType(DT_INT32); }},
      {"fusion-scoped attrs disagree",
       [](ConvRelu &g) {
         g.conv->MutableOpDesc().SetAttr("_op_aicore_num", GeAttrValue(std::string("2")));
         g.relu->MutableOpDesc().SetAttr("_op_aicore_num", GeAttrValue(std::string("4")));
       }},
  };
  for (const auto &guard : guards) {
    ConvRelu g;
    ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
    guard.second(g);
    const std::string before = Signature(g.graph());
    EXPECT_EQ(FuseRelu(g.graph()), 0U) << guard.first;
    EXPECT_EQ(Signature(g.graph()), before) << guard.first;
    EXPECT_EQ(g.graph().FindNode("conv"), g.conv) << guard.first;
  }
  // A Relu after anything but a conv stays.
  Builder b;
  Node *x = b.Data("x", {2, 2});
  b.Output({{b.Op("relu", "Relu", {{b.Op("add", "Add", {{x, 0}, {x, 0}}), 0}}), 0}});
  ASSERT_EQ(InferGraphShape(*b.Get(), {}), SUCCESS) << GetLastError();
  EXPECT_EQ(FuseRelu(*b.Get()), 0U);
}

TEST(ConvActivationFusionGuards, TheFusedConvKeepsItsNameInputsAndAttributes) {
  ConvRelu g;
  ASSERT_EQ(InferGraphShape(g.graph(), {}), SUCCESS) << GetLastError();
  (void)g.graph().SetOutputs({{g.abs, 0}});
  ASSERT_EQ(FuseRelu(g.graph()), 1U);
  EXPECT_EQ(Signature(g.graph()),
            "abs:Abs(0<-conv:0,)[]\n"
            "conv:Conv2D(0<-x:0,1<-w:0,2<--,3<--,)[]\n"
            "out:NetOutput(0<-abs:0,)[]\n"
            "w:Const()[]\n"
            "x:Data(0<--,)[]\n");
  Node *conv = g.graph().FindNode("conv");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(*conv->GetOpDesc().GetAttrAs<std::string>(kAttrFusedActivation), "Relu");
  EXPECT_EQ(*conv->GetOpDesc().GetAttrAs<std::vector<int64_t>>("strides"),
            (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(*conv->GetOpDesc().GetAttrAs<std::vector<std::string>>("_datadump_original_op_names"),
            (std::vector<std::string>{"relu", "conv"}));
  EXPECT_EQ(g.graph().GetOutputs(), (std::vector<std::pair<Node *, int32_t>>{{g.abs, 0}}));
}

}  // namespace
}  // namespace ge
