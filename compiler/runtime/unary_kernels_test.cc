// Tests of the unary kernels, Cast and the float16/bfloat16 conversions.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::I32;
using test::Run1;
using test::Values;

TEST(GeluKernel, UsesTheTanhApproximation) {
  const std::vector<float> xs = {-3.0f, -1.0f, 0.0f, 0.5f, 2.0f};
  auto run = Run1("Gelu", {F32({5}, xs)});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  for (size_t i = 0; i < xs.size(); ++i) {
    const double x = xs[i];
    const double want = 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
    EXPECT_NEAR(y[i], want, 1e-6) << x;
  }
  // The tanh form differs measurably from the erf form at x = -3 (documented GE behaviour).
  EXPECT_GT(std::fabs(y[0] - (-3.0 * 0.5 * (1 + std::erf(-3.0 / std::sqrt(2.0))))), 1e-4);
}

TEST(GeluV2Kernel, NoneIsErfFormAndTanhIsApproximation) {
  auto exact = Run1("GeluV2", {F32({1}, {1.0f})}, {{"approximate", std::string("none")}});
  EXPECT_NEAR(Values<float>(exact.out())[0], 0.8413447, 1e-6);
  auto approx = Run1("GeluV2", {F32({1}, {1.0f})}, {{"approximate", std::string("tanh")}});
  EXPECT_NEAR(Values<float>(approx.out())[0], 0.8411920, 1e-6);
  auto bad = Run1("GeluV2", {F32({1}, {1.0f})}, {{"approximate", std::string("fast")}});
  EXPECT_NE(bad.status, SUCCESS);
}

TEST(UnaryKernels, MathFunctionsMatchStd) {
  const GeTensor x = F32({3}, {0.25f, 1.0f, 4.0f});
  EXPECT_EQ(Values<float>(Run1("Sqrt", {x}).out()), (std::vector<float>{0.5f, 1.0f, 2.0f}));
  EXPECT_EQ(Values<float>(Run1("Rsqrt", {x}).out()), (std::vector<float>{2.0f, 1.0f, 0.5f}));
  EXPECT_EQ(Values<float>(Run1("Reciprocal", {x}).out()), (std::vector<float>{4.0f, 1.0f, 0.25f}));
  EXPECT_NEAR(Values<float>(Run1("Erf", {x}).out())[1], std::erf(1.0f), 1e-7);
  EXPECT_NEAR(Values<float>(Run1("Tanh", {x}).out())[1], std::tanh(1.0f), 1e-7);
  EXPECT_NEAR(Values<float>(Run1("Exp", {x}).out())[1], std::exp(1.0f), 1e-6);
  EXPECT_NEAR(Values<float>(Run1("Log", {x}).out())[2], std::log(4.0f), 1e-6);
}

TEST(ExpKernel, HonoursBaseScaleShift) {
  auto run = Run1("Exp", {F32({1}, {3.0f})}, {{"base", 2.0f}, {"scale", 2.0f}, {"shift", 1.0f}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_NEAR(Values<float>(run.out())[0], 128.0f, 1e-3);  // 2^(2*3+1)
}

TEST(SigmoidKernel, IsStableForLargeMagnitudes) {
  auto run = Run1("Sigmoid", {F32({3}, {-1000.0f, 0.0f, 1000.0f})});
  const auto y = Values<float>(run.out());
  EXPECT_EQ(y[0], 0.0f);
  EXPECT_EQ(y[1], 0.5f);
  EXPECT_EQ(y[2], 1.0f);
}

TEST(ActivationKernels, FloatReluKeepsNanAndZeroRulesOnEveryLane) {
  // 7 elements: one SIMD block of 4 plus a scalar tail of 3, NaN in both parts.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto y = Values<float>(Run1("Relu", {F32({7}, {-1, nan, 2.5f, -0.0f, nan, 3, -7})}).out());
  EXPECT_EQ(y, (std::vector<float>{0, 0, 2.5f, 0, 0, 3, 0}));
  EXPECT_FALSE(std::signbit(y[3]));  // -0 -> +0
}

TEST(ActivationKernels, ReluAndRelu6WorkOnIntsAndFloats) {
  EXPECT_EQ(Values<float>(Run1("Relu", {F32({3}, {-1, 0, 2})}).out()),
            (std::vector<float>{0, 0, 2}));
  EXPECT_EQ(Values<int32_t>(Run1("Relu", {I32({2}, {-5, 5})}).out()), (std::vector<int32_t>{0, 5}));
  EXPECT_EQ(Values<float>(Run1("Relu6", {F32({3}, {-1, 3, 9})}).out()),
            (std::vector<float>{0, 3, 6}));
  EXPECT_EQ(Values<int32_t>(Run1("Abs", {I32({2}, {-5, 5})}).out()), (std::vector<int32_t>{5, 5}));
  EXPECT_EQ(Values<int32_t>(Run1("Neg", {I32({2}, {-5, 5})}).out()), (std::vector<int32_t>{5, -5}));
}

TEST(ScalarAttrKernels, MulsAndAddsNeedValue) {
  EXPECT_EQ(Values<float>(Run1("Muls", {F32({2}, {1, 2})}, {{"value", 2.5f}}).out()),
            (std::vector<float>{2.5f, 5.0f}));
  EXPECT_EQ(Values<float>(Run1("Adds", {F32({2}, {1, 2})}, {{"value", -1.0f}}).out()),
            (std::vector<float>{0.0f, 1.0f}));
  auto missing = Run1("Muls", {F32({1}, {1})});
  EXPECT_EQ(missing.error, "node 'n' (Muls): required attribute 'value' (float) is missing");
}

TEST(ClipByValueKernel, BroadcastsBounds) {
  auto run = Run1("ClipByValue", {F32({2, 2}, {-5, 0.5f, 3, 10}), F32({}, {0}), F32({2}, {1, 6})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{0, 0.5f, 1, 6}));
}

TEST(CastKernel, FloatToIntTruncatesTowardZero) {
  auto run =
      Run1("Cast", {F32({4}, {1.9f, -1.9f, 0.5f, -0.5f})}, {{"dst_type", int64_t{DT_INT32}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(DtypeOf(run.out()), DT_INT32);
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{1, -1, 0, 0}));
}

TEST(CastKernel, ToBoolIsNonZeroAndInt64IsExact) {
  auto b = Run1("Cast", {F32({3}, {0.0f, 0.1f, -2.0f})}, {{"dst_type", int64_t{DT_BOOL}}});
  EXPECT_EQ(Values<bool>(b.out()), (std::vector<bool>{false, true, true}));
  const int64_t big = (int64_t{1} << 60) + 1;
  auto i = Run1("Cast", {test::I64({1}, {big})}, {{"dst_type", int64_t{DT_INT32}}});
  auto back = Run1("Cast", {test::I64({1}, {big})}, {{"dst_type", int64_t{DT_UINT64}}});
  EXPECT_EQ(Values<uint64_t>(back.out())[0], static_cast<uint64_t>(big));
  EXPECT_EQ(i.status, SUCCESS);
}

TEST(CastKernel, RoundTripsThroughFloat16AndBf16) {
  auto half =
      Run1("Cast", {F32({3}, {1.0f, -2.5f, 65504.0f})}, {{"dst_type", int64_t{DT_FLOAT16}}});
  ASSERT_EQ(half.status, SUCCESS) << half.error;
  EXPECT_EQ(DtypeOf(half.out()), DT_FLOAT16);
  EXPECT_EQ(Values<uint16_t>(half.out()), (std::vector<uint16_t>{0x3C00, 0xC100, 0x7BFF}));
  auto back = Run1("Cast", {half.out()}, {{"dst_type", int64_t{DT_FLOAT}}});
  EXPECT_EQ(Values<float>(back.out()), (std::vector<float>{1.0f, -2.5f, 65504.0f}));
  auto bf = Run1("Cast", {F32({1}, {3.140625f})}, {{"dst_type", int64_t{DT_BF16}}});
  auto bf_back = Run1("Cast", {bf.out()}, {{"dst_type", int64_t{DT_FLOAT}}});
  EXPECT_EQ(Values<float>(bf_back.out())[0], 3.140625f);
}

TEST(CastKernel, RejectsUnknownDstType) {
  auto run = Run1("Cast", {F32({1}, {1})}, {{"dst_type", int64_t{5}}});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_EQ(run.error, "node 'n' (Cast): attribute 'dst_type' 5 is not a ge::DataType");
}

TEST(HalfConversion, HandlesSubnormalsInfinityAndRounding) {
  EXPECT_EQ(FloatToHalf(5.960464477539063e-08f), 0x0001);  // smallest subnormal
  EXPECT_EQ(HalfToFloat(0x0001), 5.960464477539063e-08f);
  EXPECT_EQ(FloatToHalf(1e6f), 0x7C00);
  EXPECT_TRUE(std::isnan(HalfToFloat(FloatToHalf(std::nanf("")))));
  EXPECT_EQ(FloatToHalf(1.0f + 1.0f / 2048), 0x3C00);  // tie rounds to even
  EXPECT_EQ(FloatToHalf(1.0f + 3.0f / 2048), 0x3C02);
  for (uint32_t bits = 0; bits < 0x7C00; bits += 7) {
    EXPECT_EQ(FloatToHalf(HalfToFloat(static_cast<uint16_t>(bits))), bits);
  }
}

TEST(LogicalNotKernel, NegatesBools) {
  auto run = Run1("LogicalNot", {test::MakeTensor<bool>({2}, {true, false})});
  EXPECT_EQ(Values<bool>(run.out()), (std::vector<bool>{false, true}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
