// Inference of convolution, normalisation and pooling ops.
#include <gtest/gtest.h>

#include "ops/infer_test_util.h"

namespace ge {
namespace {
using test::Dims;
using test::ErrorContains;
using test::Out;
using test::OutDims;
using test::OutType;
using test::TestGraph;

std::map<std::string, GeAttrValue> ConvAttrs(std::vector<int64_t> strides,
                                             std::vector<int64_t> pads,
                                             std::vector<int64_t> dilations = {1, 1, 1, 1},
                                             int64_t groups = 1) {
  return {{"strides", strides},
          {"pads", pads},
          {"dilations", dilations},
          {"groups", groups},
          {"data_format", "NCHW"}};
}

TEST(ConvInferTest, ResNetStemNchw) {
  TestGraph g;
  Node *x = g.Data("x", {1, 3, 224, 224});
  Node *w = g.Data("w", {64, 3, 7, 7});
  Node *conv = g.Op("Conv2D", "conv", {Out(x), Out(w)}, ConvAttrs({1, 1, 2, 2}, {3, 3, 3, 3}));
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(conv), (Dims{1, 64, 112, 112}));
}

TEST(ConvInferTest, DilationsAsymmetricPadsAndUnknownBatch) {
  TestGraph g;
  Node *x = g.Data("x", {-1, 4, 10, 9});
  Node *w = g.Data("w", {8, 4, 3, 3});
  Node *conv =
      g.Op("Conv2D", "conv", {Out(x), Out(w)}, ConvAttrs({1, 1, 1, 2}, {0, 1, 2, 0}, {1, 1, 2, 1}));
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  // H: (10 + 0 + 1 - 2*2 - 1) / 1 + 1 = 7; W: (9 + 2 + 0 - 2 - 1) / 2 + 1 = 5.
  EXPECT_EQ(OutDims(conv), (Dims{-1, 8, 7, 5}));
}

TEST(ConvInferTest, NhwcWithHwcnFilterAndBias) {
  TestGraph g;
  Node *x = g.Data("x", {2, 8, 8, 3});
  Node *w = g.Data("w", {3, 3, 3, 16});
  Node *b = g.Data("b", {16});
  Node *conv = g.Op(
      "Conv2D", "conv", {Out(x), Out(w), Out(b)},
      {{"strides", std::vector<int64_t>{1, 1, 1, 1}}, {"pads", std::vector<int64_t>{1, 1, 1, 1}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(conv), (Dims{2, 8, 8, 16}));
}

TEST(ConvInferTest, GroupsMustDivideChannels) {
  TestGraph g;
  Node *x = g.Data("x", {1, 6, 8, 8});
  Node *w = g.Data("w", {8, 3, 3, 3});
  Node *conv = g.Op("Conv2D", "conv", {Out(x), Out(w)},
                    ConvAttrs({1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, 2));
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(conv), (Dims{1, 8, 8, 8}));
  TestGraph bad;
  Node *y = bad.Data("y", {1, 6, 8, 8});
  Node *v = bad.Data("v", {8, 2, 3, 3});
  bad.Op("Conv2D", "conv", {Out(y), Out(v)},
         ConvAttrs({1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, 4));
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("not divisible by groups 4")) << GetLastError();
}

TEST(ConvInferTest, KernelLargerThanInputFails) {
  TestGraph g;
  Node *x = g.Data("x", {1, 3, 2, 2});
  Node *w = g.Data("w", {4, 3, 5, 5});
  g.Op("Conv2D", "conv", {Out(x), Out(w)}, ConvAttrs({1, 1, 1, 1}, {0, 0, 0, 0}));
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'conv' (Conv2D)")) << GetLastError();
  EXPECT_TRUE(ErrorContains("bad convolution arithmetic")) << GetLastError();
}

TEST(ConvInferTest, DepthwiseAcceptsOnlyNchw) {
  TestGraph g;
  Node *x = g.Data("x", {1, 4, 8, 8});
  Node *w = g.Data("w", {8, 1, 3, 3});
  Node *dw = g.Op("DepthwiseConv2D", "dw", {Out(x), Out(w)}, ConvAttrs({1, 1, 1, 1}, {1, 1, 1, 1}));
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(dw), (Dims{1, 8, 8, 8}));
  TestGraph bad;
  Node *y = bad.Data("y", {1, 8, 8, 4});
  Node *v = bad.Data("v", {3, 3, 4, 1});
  bad.Op(
      "DepthwiseConv2D", "dw", {Out(y), Out(v)},
      {{"strides", std::vector<int64_t>{1, 1, 1, 1}}, {"pads", std::vector<int64_t>{0, 0, 0, 0}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("only data_format NCHW")) << GetLastError();
}

TEST(ConvInferTest, Conv3DNcdhw) {
  TestGraph g;
  Node *x = g.Data("x", {1, 2, 8, 8, 8});
  Node *w = g.Data("w", {4, 2, 3, 3, 3});
  Node *conv = g.Op("Conv3D", "conv", {Out(x), Out(w)},
                    {{"strides", std::vector<int64_t>{1, 1, 2, 2, 2}},
                     {"pads", std::vector<int64_t>{1, 1, 1, 1, 1, 1}},
                     {"data_format", "NCDHW"}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(conv), (Dims{1, 4, 4, 4, 4}));
}

TEST(NormInferTest, BatchNormStatisticsArePerChannel) {
  TestGraph g;
  Node *x = g.Data("x", {2, 16, 4, 4}, DT_FLOAT16);
  Node *scale = g.Data("scale", {16});
  Node *offset = g.Data("offset", {16});
  Node *mean = g.Data("mean", {16});
  Node *var = g.Data("var", {16});
  Node *bn = g.Op("BatchNorm", "bn", {Out(x), Out(scale), Out(offset), Out(mean), Out(var)},
                  {{"data_format", "NCHW"}, {"is_training", false}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(bn, 0), (Dims{2, 16, 4, 4}));
  EXPECT_EQ(OutType(bn, 0), DT_FLOAT16);
  EXPECT_EQ(OutDims(bn, 1), (Dims{16}));
  EXPECT_EQ(OutType(bn, 1), DT_FLOAT);
  EXPECT_EQ(OutDims(bn, 5), (Dims{1}));
}

TEST(NormInferTest, LayerNormKeepsLeadingDimsInStatistics) {
  TestGraph g;
  Node *x = g.Data("x", {2, 5, 8});
  Node *gamma = g.Data("gamma", {8});
  Node *beta = g.Data("beta", {8});
  Node *ln =
      g.Op("LayerNorm", "ln", {Out(x), Out(gamma), Out(beta)}, {{"begin_norm_axis", int64_t{-1}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(ln, 0), (Dims{2, 5, 8}));
  EXPECT_EQ(OutDims(ln, 1), (Dims{2, 5, 1}));
  EXPECT_EQ(OutDims(ln, 2), (Dims{2, 5, 1}));
}

TEST(PoolInferTest, MaxPoolV3CalculatedCeilAndGlobal) {
  TestGraph g;
  Node *x = g.Data("x", {1, 64, 112, 112});
  Node *pool = g.Op("MaxPoolV3", "pool", {Out(x)},
                    {{"ksize", std::vector<int64_t>{1, 1, 3, 3}},
                     {"strides", std::vector<int64_t>{1, 1, 2, 2}},
                     {"pads", std::vector<int64_t>{1, 1, 1, 1}}});
  Node *ceil = g.Op("AvgPoolV2", "ceil", {Out(x)},
                    {{"ksize", std::vector<int64_t>{1, 1, 2, 2}},
                     {"strides", std::vector<int64_t>{1, 1, 3, 3}},
                     {"ceil_mode", true}});
  Node *global = g.Op("AvgPoolV2", "global", {Out(x)},
                      {{"ksize", std::vector<int64_t>{1, 1, 1, 1}},
                       {"strides", std::vector<int64_t>{1, 1, 1, 1}},
                       {"global_pooling", true}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(pool), (Dims{1, 64, 56, 56}));
  EXPECT_EQ(OutDims(ceil), (Dims{1, 64, 38, 38}));  // ceil(110 / 3) + 1
  EXPECT_EQ(OutDims(global), (Dims{1, 64, 1, 1}));
}

TEST(PoolInferTest, TfMaxPoolSameAndValidNhwc) {
  TestGraph g;
  Node *x = g.Data("x", {1, 7, 7, 3});
  std::map<std::string, GeAttrValue> attrs = {{"ksize", std::vector<int64_t>{1, 3, 3, 1}},
                                              {"strides", std::vector<int64_t>{1, 2, 2, 1}},
                                              {"padding", "SAME"}};
  Node *same = g.Op("MaxPool", "same", {Out(x)}, attrs);
  attrs["padding"] = "VALID";
  Node *valid = g.Op("AvgPool", "valid", {Out(x)}, attrs);
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(same), (Dims{1, 4, 4, 3}));
  EXPECT_EQ(OutDims(valid), (Dims{1, 3, 3, 3}));
}

TEST(PoolInferTest, WindowLargerThanInputFails) {
  TestGraph g;
  Node *x = g.Data("x", {1, 1, 2, 2});
  g.Op(
      "MaxPoolV3", "pool", {Out(x)},
      {{"ksize", std::vector<int64_t>{1, 1, 5, 5}}, {"strides", std::vector<int64_t>{1, 1, 1, 1}}});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("bad pooling arithmetic")) << GetLastError();
}

TEST(PoolInferTest, GlobalAveragePoolKeepsBatchAndChannels) {
  TestGraph g;
  Node *x = g.Data("x", {4, 32, 7, 7});
  Node *gap = g.Op("GlobalAveragePool", "gap", {Out(x)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(gap), (Dims{4, 32, 1, 1}));
}

}  // namespace
}  // namespace ge
