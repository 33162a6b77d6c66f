// Tests of the pooling kernels: ceil_mode, exclusive counts, SAME padding, global pooling,
// dilations, 3-D windows and uint8 max pooling.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Run1;
using test::Values;

std::vector<float> Iota(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i + 1);
  return v;
}

using Attrs = std::vector<std::pair<std::string, GeAttrValue>>;

Attrs Pool(std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> pads) {
  return {{"ksize", std::vector<int64_t>{1, 1, k[0], k[1]}},
          {"strides", std::vector<int64_t>{1, 1, s[0], s[1]}},
          {"pads", pads}};
}

TEST(MaxPoolV3Kernel, FloorAndCeilModeShapes) {
  // 1x1x5x5, k=2, s=2: floor -> 2x2, ceil -> 3x3 (last window partial).
  const GeTensor x = F32({1, 1, 5, 5}, Iota(25));
  auto floor = Run1("MaxPoolV3", {x}, Pool({2, 2}, {2, 2}, {0, 0, 0, 0}));
  ASSERT_EQ(floor.status, SUCCESS) << floor.error;
  EXPECT_EQ(test::Dims(floor.out()), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(Values<float>(floor.out()), (std::vector<float>{7, 9, 17, 19}));
  Attrs ceil = Pool({2, 2}, {2, 2}, {0, 0, 0, 0});
  ceil.push_back({"ceil_mode", true});
  auto c = Run1("MaxPoolV3", {x}, ceil);
  EXPECT_EQ(test::Dims(c.out()), (std::vector<int64_t>{1, 1, 3, 3}));
  EXPECT_EQ(Values<float>(c.out()), (std::vector<float>{7, 9, 10, 17, 19, 20, 22, 24, 25}));
}

TEST(MaxPoolV3Kernel, CeilModeDropsWindowStartingInPadding) {
  // H=4, pad 1/1, k=2, s=2: ceil((4+2-2)/2)+1 = 3, and the 3rd window starts at 4-1=3 < 4+1: kept.
  // H=3, pad 0/1, k=1, s=2 ... use ONNX rule case: H=2, k=1, s=2, pads 0/1 -> ceil(1/2)+1 = 2,
  // but the second window would start at 2 >= H + pad_top(0): dropped -> 1.
  const GeTensor x = F32({1, 1, 2, 2}, {1, 2, 3, 4});
  Attrs a = Pool({1, 1}, {2, 2}, {0, 1, 0, 1});
  a.push_back({"ceil_mode", true});
  auto run = Run1("MaxPoolV3", {x}, a);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{1, 1, 1, 1}));
}

TEST(MaxPoolV3Kernel, PaddingNeverWinsOverNegativeValues) {
  const GeTensor x = F32({1, 1, 2, 2}, {-5, -6, -7, -8});
  auto run = Run1("MaxPoolV3", {x}, Pool({2, 2}, {1, 1}, {1, 1, 1, 1}));
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{-5, -5, -6, -5, -5, -6, -7, -7, -8}));
}

TEST(MaxPoolV3Kernel, NanInAWindowPropagatesWherePresent) {
  // The branch-free max skips NaN and tracks it apart: a window holding NaN gives NaN, any
  // position of the NaN in the window; windows without it are unaffected.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const GeTensor x = F32({1, 1, 2, 3}, {1, nan, 3, 4, 5, 6});
  auto run = Run1("MaxPoolV3", {x}, Pool({2, 1}, {1, 1}, {0, 0, 0, 0}));
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto v = Values<float>(run.out());
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], 4.0f);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[2], 6.0f);
  const GeTensor first = F32({1, 1, 1, 2}, {nan, 1});
  EXPECT_TRUE(std::isnan(
      Values<float>(Run1("MaxPoolV3", {first}, Pool({1, 2}, {1, 1}, {0, 0, 0, 0})).out())[0]));
}

TEST(AvgPoolV2Kernel, ExclusiveCountsOnlyRealCells) {
  const GeTensor x = F32({1, 1, 2, 2}, {1, 2, 3, 4});
  auto excl = Run1("AvgPoolV2", {x}, Pool({2, 2}, {1, 1}, {1, 1, 1, 1}));
  ASSERT_EQ(excl.status, SUCCESS) << excl.error;
  const auto e = Values<float>(excl.out());
  EXPECT_FLOAT_EQ(e[0], 1.0f);  // window holds only x[0,0]
  EXPECT_FLOAT_EQ(e[4], 2.5f);  // centre: all four
  Attrs incl_attrs = Pool({2, 2}, {1, 1}, {1, 1, 1, 1});
  incl_attrs.push_back({"exclusive", false});
  auto incl = Run1("AvgPoolV2", {x}, incl_attrs);
  const auto i = Values<float>(incl.out());
  EXPECT_FLOAT_EQ(i[0], 0.25f);  // 1 / 4 (padding counted)
  EXPECT_FLOAT_EQ(i[4], 2.5f);
  Attrs div = Pool({2, 2}, {1, 1}, {1, 1, 1, 1});
  div.push_back({"divisor_override", int64_t{2}});
  EXPECT_FLOAT_EQ(Values<float>(Run1("AvgPoolV2", {x}, div).out())[4], 5.0f);
}

TEST(AvgPoolV2Kernel, SamePaddingPutsExtraPadAtTheEnd) {
  const GeTensor x = F32({1, 1, 1, 4}, {1, 2, 3, 4});
  Attrs a = {{"ksize", std::vector<int64_t>{1, 1, 1, 3}},
             {"strides", std::vector<int64_t>{1, 1, 1, 2}},
             {"padding_mode", std::string("SAME")}};
  auto run = Run1("AvgPoolV2", {x}, a);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  // out = ceil(4/2) = 2; total pad = (2-1)*2+3-4 = 1 -> 0 before, 1 after.
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{2, 3.5f}));
}

TEST(AvgPoolV2Kernel, GlobalPoolingAveragesWholePlane) {
  auto run = Run1("AvgPoolV2", {F32({1, 2, 2, 2}, Iota(8))},
                  {{"global_pooling", true},
                   {"ksize", std::vector<int64_t>{1, 1, 1, 1}},
                   {"strides", std::vector<int64_t>{1, 1, 1, 1}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{2.5f, 6.5f}));
}

TEST(GlobalAveragePoolKernel, KeepsSpatialDimsAsOnes) {
  auto run = Run1("GlobalAveragePool", {F32({2, 1, 1, 3}, {1, 2, 3, 4, 5, 6})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 1, 1, 1}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{2, 5}));
}

TEST(MaxPoolKernel, TfStyleNhwcValidPadding) {
  // NHWC [1,2,2,2]: channel 0 = 1..4 (even idx), channel 1 = 10..40.
  const GeTensor x = F32({1, 2, 2, 2}, {1, 10, 2, 20, 3, 30, 4, 40});
  auto run = Run1("MaxPool", {x},
                  {{"ksize", std::vector<int64_t>{1, 2, 2, 1}},
                   {"strides", std::vector<int64_t>{1, 1, 1, 1}},
                   {"padding", std::string("VALID")}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{1, 1, 1, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{4, 40}));
}

TEST(MaxPoolV3Kernel, WindowLargerThanInputIsAnError) {
  auto run = Run1("MaxPoolV3", {F32({1, 1, 2, 2}, Iota(4))}, Pool({3, 3}, {1, 1}, {0, 0, 0, 0}));
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("does not fit input size 2"), std::string::npos) << run.error;
}

TEST(MaxPoolV3Kernel, DilatedWindowSkipsCells) {
  // 4x4, k=2, dilation 2: each window takes cells (y, x), (y, x+2), (y+2, x), (y+2, x+2).
  Attrs a = Pool({2, 2}, {1, 1}, {0, 0, 0, 0});
  a.push_back({"dilations", std::vector<int64_t>{1, 1, 2, 2}});
  auto run = Run1("MaxPoolV3", {F32({1, 1, 4, 4}, Iota(16))}, a);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{11, 12, 15, 16}));
}

TEST(AvgPoolV2Kernel, DilatedWindowCountsPaddedTapsOnlyWhenInclusive) {
  // 1x3, k=2 along W with dilation 2 and pads 1/1: windows start at -1, 0, 1 and take taps
  // {-1, 1}, {0, 2}, {1, 3}; -1 and 3 are padding.
  Attrs a = {{"ksize", std::vector<int64_t>{1, 1, 1, 2}},
             {"strides", std::vector<int64_t>{1, 1, 1, 1}},
             {"pads", std::vector<int64_t>{0, 0, 1, 1}},
             {"dilations", std::vector<int64_t>{1, 1, 1, 2}}};
  const GeTensor x = F32({1, 1, 1, 3}, {2, 4, 6});
  auto excl = Run1("AvgPoolV2", {x}, a);
  ASSERT_EQ(excl.status, SUCCESS) << excl.error;
  EXPECT_EQ(Values<float>(excl.out()), (std::vector<float>{4, 4, 4}));
  a.push_back({"exclusive", false});
  EXPECT_EQ(Values<float>(Run1("AvgPoolV2", {x}, a).out()), (std::vector<float>{2, 4, 2}));
}

TEST(Pool3DKernels, NcdhwWindowsOverDepthHeightAndWidth) {
  const GeTensor x = F32({1, 1, 2, 2, 2}, Iota(8));
  Attrs a = {{"ksize", std::vector<int64_t>{1, 1, 2, 2, 2}},
             {"strides", std::vector<int64_t>{1, 1, 1, 1, 1}},
             {"pads", std::vector<int64_t>{0, 0, 0, 0, 0, 0}},
             {"data_format", std::string("NCDHW")}};
  Attrs max_attrs = a;
  max_attrs.push_back({"padding", std::string("CALCULATED")});
  auto max = Run1("MaxPool3D", {x}, max_attrs);
  ASSERT_EQ(max.status, SUCCESS) << max.error;
  EXPECT_EQ(test::Dims(max.out()), (std::vector<int64_t>{1, 1, 1, 1, 1}));
  EXPECT_EQ(Values<float>(max.out()), (std::vector<float>{8}));
  auto avg = Run1("AvgPool3D", {x}, a);
  ASSERT_EQ(avg.status, SUCCESS) << avg.error;
  EXPECT_EQ(Values<float>(avg.out()), (std::vector<float>{4.5f}));
}

TEST(MaxPoolV3Kernel, TakesUint8) {
  const GeTensor x = test::MakeTensor<uint8_t>({1, 1, 2, 2}, {3, 250, 7, 1});
  auto run = Run1("MaxPoolV3", {x}, Pool({2, 2}, {1, 1}, {0, 0, 0, 0}));
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<uint8_t>(run.out()), (std::vector<uint8_t>{250}));
  auto avg = Run1("AvgPoolV2", {x}, Pool({2, 2}, {1, 1}, {0, 0, 0, 0}));
  EXPECT_EQ(avg.error, "node 'n' (AvgPoolV2): unsupported dtype DT_UINT8 for input 'x'");
}

// Pooling computes in x's own floating type: an integer x fails naming its dtype (global pooling
// checks x's rank first).
TEST(PoolKernels, RejectAnIntegerX) {
  const GeTensor x = test::I32({1, 1, 2, 2}, {1, 2, 3, 4});
  for (const std::string type : {"MaxPoolV3", "GlobalAveragePool", "GlobalMaxPool"}) {
    auto run = Run1(type, {x}, Pool({1, 1}, {1, 1}, {0, 0, 0, 0}));
    EXPECT_EQ(run.status, FAILED) << type;
    EXPECT_EQ(run.error, "node 'n' (" + type + "): unsupported dtype DT_INT32 for input 'x'");
  }
  auto flat = Run1("GlobalAveragePool", {test::I32({2, 2}, {1, 2, 3, 4})});
  EXPECT_EQ(flat.error,
            "node 'n' (GlobalAveragePool): x must have rank >= 3 ([N, C, spatial...]), got [2, 2]");
}

}  // namespace
}  // namespace runtime
}  // namespace ge
