// Built-in fusion passes of CompileGraph (ConvBatchNormFoldPass, ConvActivationFusionPass): what
// they rewrite, what they leave alone, their switches, and that the compiled graph computes the
// same numbers on the host runtime as the uncompiled one.
#include "pipeline/builtin_fusion.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ops/fused_activation.h"
#include "ops/graph_shape_inference.h"
#include "ops/op_catalog.h"
#include "pipeline/compile_graph.h"
#include "pipeline/pipeline_test_graphs.h"
#include "runtime/executor.h"

namespace ge {
namespace {

using namespace pipeline_test;  // NOLINT: test helpers

size_t CountConsts(const ComputeGraph &graph) {
  size_t count = 0;
  for (Node *node : graph.GetDirectNodes()) count += node->GetType() == "Const" ? 1U : 0U;
  return count;
}

std::vector<float> RunGraph(const ComputeGraph &graph, const GeTensor &input) {
  std::unique_ptr<runtime::Executor> executor;
  EXPECT_EQ(runtime::Executor::Create(graph, &executor), SUCCESS) << GetLastError();
  std::vector<GeTensor> outputs;
  EXPECT_EQ(executor->Run({input}, &outputs), SUCCESS) << GetLastError();
  const GeTensor &y = outputs.at(0);
  const auto *data = reinterpret_cast<const float *>(y.GetData());
  return std::vector<float>(data, data + y.GetSize() / sizeof(float));
}

/// Compiles a copy of `graph` with `options` and checks it computes what the original does.
ComputeGraphPtr CompileAndCompare(const ComputeGraphPtr &graph, const GeTensor &input,
                                  const std::map<std::string, std::string> &options = {}) {
  unsetenv("DUMP_GE_GRAPH");
  setenv("ASCEND_OPP_PATH", "/nonexistent/opp", 1);
  ComputeGraphPtr reference = graph->Clone();
  EXPECT_EQ(InferGraphShape(*reference, {}), SUCCESS) << GetLastError();
  ComputeGraphPtr compiled = graph->Clone();
  CompileResult result;
  EXPECT_EQ(CompileGraph(compiled, WithoutTestFailures(options), &result), SUCCESS)
      << GetLastError();
  const std::vector<float> want = RunGraph(*reference, input);
  const std::vector<float> got = RunGraph(*compiled, input);
  EXPECT_EQ(got.size(), want.size());
  double max_err = 0.0;
  for (size_t i = 0; i < want.size() && i < got.size(); ++i) {
    max_err = std::max(max_err, std::fabs(double(got[i]) - double(want[i])));
  }
  EXPECT_LE(max_err, 1e-5);
  return compiled;
}

TEST(BuiltinFusion, PassNamesPerPoint) {
  EXPECT_EQ(BuiltinFusionPassNames(BuiltinFusionPoint::kGraphFusion),
            std::vector<std::string>{"ConvBatchNormFoldPass"});
  EXPECT_EQ(BuiltinFusionPassNames(BuiltinFusionPoint::kBuild),
            std::vector<std::string>{"ConvActivationFusionPass"});
}

TEST(BuiltinFusion, FoldsConvBatchNormAndFusesReluKeepingTheNumbers) {
  Builder b;
  Node *x = b.Data("x", {2, 4, 6, 6});
  Node *bn = b.ConvBn(x, "conv", "Conv2D", 4, 8, 1, false, true, 10);
  Node *relu = b.Op("relu", "Relu", {{bn, 0}});
  b.Output({{relu, 0}});
  const ComputeGraphPtr compiled = CompileAndCompare(b.Get(), F32({2, 4, 6, 6}, Random(288, 1)));
  EXPECT_EQ(Types(*compiled), (std::vector<std::string>{"Conv2D", "Data", "NetOutput"}));
  EXPECT_EQ(CountConsts(*compiled), 2U);  // folded filter and bias; the old constants are gone
  Node *conv = compiled->FindNode("conv");
  ASSERT_NE(conv, nullptr);
  const std::string *activation = conv->GetOpDesc().GetAttrAs<std::string>(kAttrFusedActivation);
  ASSERT_NE(activation, nullptr);
  EXPECT_EQ(*activation, "Relu");
  EXPECT_EQ(conv->GetInDataPeer(1).node->GetName(), "conv/folded_filter");
  EXPECT_EQ(conv->GetInDataPeer(2).node->GetName(), "conv/folded_bias");
}

TEST(BuiltinFusion, FoldsWithoutConvBiasAndForGroupsDepthwiseAndNhwc) {
  Builder b;
  Node *x = b.Data("x", {1, 4, 5, 5});
  Node *bn1 = b.ConvBn(x, "grouped", "Conv2D", 4, 6, 2, false, false, 20);
  Node *bn2 = b.ConvBn(bn1, "depthwise", "DepthwiseConv2D", 6, 6, 6, false, true, 30);
  b.Output({{bn2, 0}});
  const ComputeGraphPtr compiled = CompileAndCompare(b.Get(), F32({1, 4, 5, 5}, Random(100, 2)));
  EXPECT_EQ(Types(*compiled),
            (std::vector<std::string>{"Conv2D", "Data", "DepthwiseConv2D", "NetOutput"}));

  Builder n;
  Node *xn = n.Data("x", {1, 5, 5, 3});
  n.Output({{n.ConvBn(xn, "nhwc", "Conv2D", 3, 4, 1, true, true, 40), 0}});
  const ComputeGraphPtr nhwc = CompileAndCompare(n.Get(), F32({1, 5, 5, 3}, Random(75, 3)));
  EXPECT_EQ(Types(*nhwc), (std::vector<std::string>{"Conv2D", "Data", "NetOutput"}));
}

TEST(BuiltinFusion, FoldsBnInference) {
  Builder b;
  Node *x = b.Data("x", {1, 2, 4, 4});
  Node *w = b.Const("w", F32({3, 2, 1, 1}, Random(6, 50)));
  Node *conv = b.Op("conv", "Conv2D", {{x, 0}, {w, 0}},
                    {{"strides", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1})},
                     {"pads", GeAttrValue(std::vector<int64_t>{0, 0, 0, 0})},
                     {"data_format", GeAttrValue(std::string("NCHW"))}});
  Node *bn = b.Op("bn", "BNInference",
                  {{conv, 0},
                   {b.Vec("mean", Random(3, 51)), 0},
                   {b.Vec("var", Random(3, 52, 0.5F, 2.0F)), 0},
                   {b.Vec("momentum", {0.5F}), 0},
                   {b.Vec("scale", Random(3, 53)), 0},
                   {b.Vec("offset", Random(3, 54)), 0}});
  b.Output({{bn, 0}});
  const ComputeGraphPtr compiled = CompileAndCompare(b.Get(), F32({1, 2, 4, 4}, Random(32, 4)));
  EXPECT_EQ(Types(*compiled), (std::vector<std::string>{"Conv2D", "Data", "NetOutput"}));
}

TEST(BuiltinFusion, LeavesSharedOrNonConstantPatternsAlone) {
  Builder b;
  Node *x = b.Data("x", {1, 4, 5, 5});
  Node *bn = b.ConvBn(x, "conv", "Conv2D", 4, 4, 1, false, true, 60);
  Node *conv = bn->GetInDataPeer(0).node;
  // The conv output is also read by an Add: folding would change what the Add sees.
  Node *add = b.Op("add", "Add", {{bn, 0}, {conv, 0}});
  // A batch norm whose scale is a graph input is not constant.
  Node *scale = b.Op("scale_in", "Relu", {{b.Vec("s", Random(4, 61)), 0}});
  Node *bn2 = b.ConvBn(add, "conv2", "Conv2D", 4, 4, 1, false, true, 70);
  ASSERT_EQ(b.Get()->RemoveInDataEdge(bn2, 1), SUCCESS);
  ASSERT_EQ(b.Get()->AddDataEdge(scale, 0, bn2, 1), SUCCESS);
  // A Relu on a conv output that is also a graph output keeps its Relu.
  Node *conv3 =
      b.Op("conv3", "Conv2D", {{bn2, 0}, {b.Const("w3", F32({4, 4, 1, 1}, Random(16, 71))), 0}},
           {{"strides", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1})},
            {"pads", GeAttrValue(std::vector<int64_t>{0, 0, 0, 0})},
            {"data_format", GeAttrValue(std::string("NCHW"))}});
  Node *relu = b.Op("relu", "Relu", {{conv3, 0}});
  b.Output({{relu, 0}, {conv3, 0}});
  ComputeGraphPtr compiled = b.Get()->Clone();
  CompileResult result;
  unsetenv("DUMP_GE_GRAPH");
  setenv("ASCEND_OPP_PATH", "/nonexistent/opp", 1);
  ASSERT_EQ(CompileGraph(compiled, WithoutTestFailures({}), &result), SUCCESS) << GetLastError();
  EXPECT_EQ(Types(*compiled),
            (std::vector<std::string>{"Add", "BatchNorm", "BatchNorm", "Conv2D", "Conv2D", "Conv2D",
                                      "Data", "NetOutput", "Relu", "Relu"}));
  EXPECT_FALSE(compiled->FindNode("conv3")->GetOpDesc().HasAttr(kAttrFusedActivation));
}

TEST(BuiltinFusion, SwitchedOffByOptimizationSwitchOptionOrSwitchFile) {
  Builder b;
  Node *x = b.Data("x", {1, 2, 4, 4});
  b.Output(
      {{b.Op("relu", "Relu", {{b.ConvBn(x, "conv", "Conv2D", 2, 2, 1, false, true, 80), 0}}), 0}});
  const GeTensor input = F32({1, 2, 4, 4}, Random(32, 5));
  const ComputeGraphPtr off = CompileAndCompare(
      b.Get(), input,
      {{"ge.optimizationSwitch", "ConvBatchNormFoldPass:off;ConvActivationFusionPass:off"}});
  EXPECT_EQ(Types(*off),
            (std::vector<std::string>{"BatchNorm", "Conv2D", "Data", "NetOutput", "Relu"}));
  const ComputeGraphPtr relu_only =
      CompileAndCompare(b.Get(), input, {{"ConvBatchNormFoldPass", "off"}});
  EXPECT_EQ(Types(*relu_only),
            (std::vector<std::string>{"BatchNorm", "Conv2D", "Data", "NetOutput", "Relu"}));
  const std::string file = ::testing::TempDir() + "/builtin_fusion_switch.json";
  FILE *out = fopen(file.c_str(), "w");
  ASSERT_NE(out, nullptr);
  fputs(R"({"Switch": {"GraphFusion": {"ConvActivationFusionPass": "off"}}})", out);
  fclose(out);
  const ComputeGraphPtr fold_only =
      CompileAndCompare(b.Get(), input, {{"ge.fusionSwitchFile", file}});
  EXPECT_EQ(Types(*fold_only), (std::vector<std::string>{"Conv2D", "Data", "NetOutput", "Relu"}));
}

}  // namespace
}  // namespace ge
