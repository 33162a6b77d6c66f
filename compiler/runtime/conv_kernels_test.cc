// Tests of Conv2D / DepthwiseConv2D against a direct (naive) convolution reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "runtime/runtime_test_utils.h"
#include "runtime/transpose_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Values;

std::vector<float> Random(size_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto &x : v) x = dist(gen);
  return v;
}

struct ConvCase {
  int64_t n, cin, h, w, cout, kh, kw, groups;
  std::vector<int64_t> strides, pads, dilations;  // [sH,sW], [t,b,l,r], [dH,dW]
};

/// Direct convolution in double; returns NCHW output and its dims.
std::vector<double> NaiveConv(const ConvCase &c, const std::vector<float> &x,
                              const std::vector<float> &f, const std::vector<float> &bias,
                              std::vector<int64_t> *dims) {
  const int64_t oh =
      (c.h + c.pads[0] + c.pads[1] - c.dilations[0] * (c.kh - 1) - 1) / c.strides[0] + 1;
  const int64_t ow =
      (c.w + c.pads[2] + c.pads[3] - c.dilations[1] * (c.kw - 1) - 1) / c.strides[1] + 1;
  *dims = {c.n, c.cout, oh, ow};
  const int64_t cin_g = c.cin / c.groups, cout_g = c.cout / c.groups;
  std::vector<double> y(static_cast<size_t>(c.n * c.cout * oh * ow), 0.0);
  for (int64_t b = 0; b < c.n; ++b)
    for (int64_t o = 0; o < c.cout; ++o) {
      const int64_t g = o / cout_g;
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double acc = bias.empty() ? 0.0 : bias[o];
          for (int64_t ci = 0; ci < cin_g; ++ci)
            for (int64_t p = 0; p < c.kh; ++p)
              for (int64_t q = 0; q < c.kw; ++q) {
                const int64_t iy = i * c.strides[0] - c.pads[0] + p * c.dilations[0];
                const int64_t ix = j * c.strides[1] - c.pads[2] + q * c.dilations[1];
                if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w) continue;
                acc += double(x[((b * c.cin + g * cin_g + ci) * c.h + iy) * c.w + ix]) *
                       f[((o * cin_g + ci) * c.kh + p) * c.kw + q];
              }
          y[((b * c.cout + o) * oh + i) * ow + j] = acc;
        }
    }
  return y;
}

void CheckConv(const ConvCase &c, bool with_bias, bool fused_relu = false) {
  const auto x = Random(c.n * c.cin * c.h * c.w, 11);
  const auto f = Random(c.cout * (c.cin / c.groups) * c.kh * c.kw, 12);
  const auto bias = with_bias ? Random(c.cout, 13) : std::vector<float>();
  std::vector<int64_t> dims;
  const auto ref = NaiveConv(c, x, f, bias, &dims);
  const GeTensor tx = F32({c.n, c.cin, c.h, c.w}, x);
  const GeTensor tf = F32({c.cout, c.cin / c.groups, c.kh, c.kw}, f);
  const GeTensor tb = F32({c.cout}, bias);
  std::vector<std::pair<std::string, GeAttrValue>> attrs = {
      {"strides", std::vector<int64_t>{1, 1, c.strides[0], c.strides[1]}},
      {"pads", c.pads},
      {"dilations", std::vector<int64_t>{1, 1, c.dilations[0], c.dilations[1]}},
      {"groups", c.groups},
      {"data_format", std::string("NCHW")}};
  if (fused_relu) {
    attrs.emplace_back("_fused_activation", std::string("Relu"));
  }
  auto run = test::RunKernel("Conv2D", {&tx, &tf, with_bias ? &tb : nullptr}, 1, attrs);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  ASSERT_EQ(test::Dims(run.out()), dims);
  const auto y = Values<float>(run.out());
  size_t clamped = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    const double want = fused_relu ? std::max(ref[i], 0.0) : ref[i];
    clamped += want != ref[i] ? 1U : 0U;
    ASSERT_NEAR(y[i], want, 1e-5) << i;
  }
  if (fused_relu) {
    EXPECT_GT(clamped, 0U) << "the case must exercise the activation";
  }
}

TEST(Conv2DKernel, PlainConvMatchesReference) {
  CheckConv({2, 3, 7, 6, 4, 3, 3, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}}, true);
}

TEST(Conv2DKernel, StridesAndAsymmetricPads) {
  CheckConv({1, 2, 9, 8, 3, 3, 2, 1, {2, 3}, {0, 2, 1, 0}, {1, 1}}, false);
}

TEST(Conv2DKernel, StrideTwoOnWideRowsTakesTheVectorCopy) {
  // ow = 10 and rows of 21: the SSE even-lane copy covers most of each row, the scalar tail and
  // the padding the rest; a 7x7 stem-like tap set too.
  CheckConv({2, 3, 9, 21, 4, 3, 3, 1, {2, 2}, {1, 1, 1, 1}, {1, 1}}, true);
  CheckConv({1, 3, 16, 16, 4, 7, 7, 1, {2, 2}, {3, 3, 3, 3}, {1, 1}}, false, true);
}

TEST(Conv2DKernel, DilationMatchesReference) {
  CheckConv({1, 2, 10, 9, 2, 3, 3, 1, {1, 1}, {2, 2, 2, 2}, {2, 3}}, true);
}

TEST(Conv2DKernel, GroupedConvMatchesReference) {
  CheckConv({2, 6, 5, 5, 4, 3, 3, 2, {1, 2}, {1, 1, 1, 1}, {1, 1}}, true);
}

TEST(Conv2DKernel, DepthwiseAsGroupsEqualsChannels) {
  CheckConv({1, 4, 6, 6, 8, 3, 3, 4, {1, 1}, {1, 1, 1, 1}, {1, 1}}, true);
}

TEST(Conv2DKernel, PointwiseConvTakesTheDirectPath) {
  CheckConv({2, 5, 4, 3, 7, 1, 1, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}}, true);
}

TEST(Conv2DKernel, FusedReluAppliesAfterBiasPerGroup) {
  CheckConv({2, 6, 5, 5, 4, 3, 3, 2, {1, 2}, {1, 1, 1, 1}, {1, 1}}, true, true);
  CheckConv({2, 3, 7, 6, 4, 3, 3, 1, {1, 1}, {1, 1, 1, 1}, {1, 1}}, false, true);
}

TEST(Conv2DKernel, FusedReluOnTheDirectPointwisePath) {
  CheckConv({2, 5, 4, 3, 7, 1, 1, 1, {1, 1}, {0, 0, 0, 0}, {1, 1}}, true, true);
}

TEST(Conv2DKernel, RejectsAnUnknownFusedActivation) {
  const GeTensor x = F32({1, 1, 2, 2}, std::vector<float>(4));
  const GeTensor f = F32({1, 1, 1, 1}, {1.0F});
  auto run = test::RunKernel("Conv2D", {&x, &f}, 1,
                             {{"strides", std::vector<int64_t>{1, 1, 1, 1}},
                              {"pads", std::vector<int64_t>{0, 0, 0, 0}},
                              {"data_format", std::string("NCHW")},
                              {"_fused_activation", std::string("Sigmoid")}});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_EQ(run.error,
            "node 'n' (Conv2D): attribute '_fused_activation' is \"Sigmoid\"; the host runtime "
            "supports \"Relu\" or none");
}

TEST(Conv2DKernel, NhwcWithHwcnFilterEqualsNchw) {
  const ConvCase c{1, 3, 5, 4, 2, 3, 3, 1, {1, 1}, {1, 0, 0, 1}, {1, 1}};
  const auto x = Random(60, 21);
  const auto f = Random(2 * 3 * 9, 22);
  std::vector<int64_t> dims;
  const auto ref = NaiveConv(c, x, f, {}, &dims);
  const GeTensor x_nhwc = TransposeTensor(F32({1, 3, 5, 4}, x), {0, 2, 3, 1});
  const GeTensor f_hwcn = TransposeTensor(F32({2, 3, 3, 3}, f), {2, 3, 1, 0});
  auto run = test::RunKernel("Conv2D", {&x_nhwc, &f_hwcn}, 1,
                             {{"strides", std::vector<int64_t>{1, 1, 1, 1}},
                              {"pads", std::vector<int64_t>{1, 0, 0, 1}},
                              {"data_format", std::string("NHWC")}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const GeTensor back = TransposeTensor(run.out(), {0, 3, 1, 2});
  ASSERT_EQ(test::Dims(back), dims);
  const auto y = Values<float>(back);
  for (size_t i = 0; i < y.size(); ++i) ASSERT_NEAR(y[i], ref[i], 1e-5) << i;
}

TEST(Conv2DKernel, RejectsChannelMismatchNamingShapes) {
  const GeTensor x = F32({1, 4, 3, 3}, std::vector<float>(36));
  const GeTensor f = F32({2, 3, 1, 1}, std::vector<float>(6));
  auto run = test::RunKernel("Conv2D", {&x, &f}, 1,
                             {{"strides", std::vector<int64_t>{1, 1, 1, 1}},
                              {"pads", std::vector<int64_t>{0, 0, 0, 0}},
                              {"data_format", std::string("NCHW")}});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("filter [2, 3, 1, 1] expects 3 input channels per group"),
            std::string::npos)
      << run.error;
  auto no_pads =
      test::RunKernel("Conv2D", {&x, &f}, 1, {{"strides", std::vector<int64_t>{1, 1, 1, 1}}});
  EXPECT_EQ(no_pads.error, "node 'n' (Conv2D): required attribute 'pads' (list of int) is missing");
}

// Convolution computes in x's own floating type: an integer x fails naming its dtype.
TEST(Conv2DKernel, RejectsAnIntegerX) {
  const GeTensor x = test::I32({1, 1, 1, 1}, {1});
  const GeTensor f = test::I32({1, 1, 1, 1}, {1});
  for (const std::string type : {"Conv2D", "DepthwiseConv2D"}) {
    auto run = test::RunKernel(type, {&x, &f}, 1,
                               {{"strides", std::vector<int64_t>{1, 1, 1, 1}},
                                {"pads", std::vector<int64_t>{0, 0, 0, 0}},
                                {"data_format", std::string("NCHW")}});
    EXPECT_EQ(run.status, FAILED) << type;
    EXPECT_EQ(run.error, "node 'n' (" + type + "): unsupported dtype DT_INT32 for input 'x'");
  }
}

TEST(DepthwiseConv2DKernel, NchwFilterEqualsGroupedConv) {
  const auto x = Random(2 * 3 * 5 * 5, 31);
  const auto f = Random(6 * 9, 32);  // multiplier 2: [C*K, 1, kH, kW]
  const ConvCase c{2, 3, 5, 5, 6, 3, 3, 3, {2, 2}, {1, 1, 1, 1}, {1, 1}};
  std::vector<int64_t> dims;
  const auto ref = NaiveConv(c, x, f, {}, &dims);
  const GeTensor tx = F32({2, 3, 5, 5}, x);
  const GeTensor tf = F32({6, 1, 3, 3}, f);
  auto run = test::RunKernel("DepthwiseConv2D", {&tx, &tf}, 1,
                             {{"strides", std::vector<int64_t>{1, 1, 2, 2}},
                              {"pads", std::vector<int64_t>{1, 1, 1, 1}},
                              {"data_format", std::string("NCHW")}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  ASSERT_EQ(test::Dims(run.out()), dims);
  const auto y = Values<float>(run.out());
  for (size_t i = 0; i < y.size(); ++i) ASSERT_NEAR(y[i], ref[i], 1e-5) << i;
}

TEST(Conv3DKernel, DirectConvolutionWithPadsStridesGroupsAndBias) {
  // x 1x2x3x3x3 (channel 0 all ones, channel 1 all twos), two groups, 2x2x2 filters of ones.
  std::vector<float> x(54, 1.0F);
  std::fill(x.begin() + 27, x.end(), 2.0F);
  const std::vector<std::pair<std::string, GeAttrValue>> attrs = {
      {"strides", std::vector<int64_t>{1, 1, 2, 2, 2}},
      {"pads", std::vector<int64_t>{0, 1, 0, 1, 0, 1}},
      {"groups", int64_t{2}},
      {"data_format", std::string("NCDHW")}};
  auto run = test::Run1("Conv3D",
                        {F32({1, 2, 3, 3, 3}, x), F32({2, 1, 2, 2, 2}, std::vector<float>(16, 1)),
                         F32({2}, {0.5F, -1})},
                        attrs);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{1, 2, 2, 2, 2}));
  const std::vector<float> y = Values<float>(run.out());
  // The first window holds 8 cells; the last, past the input on every axis, holds 1.
  EXPECT_FLOAT_EQ(y[0], 8.5F);
  EXPECT_FLOAT_EQ(y[7], 1.5F);
  EXPECT_FLOAT_EQ(y[8], 15.0F);
  EXPECT_FLOAT_EQ(y[15], 1.0F);
}

}  // namespace
}  // namespace runtime
}  // namespace ge
