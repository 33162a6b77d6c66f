// Tests of the broadcasting binary kernels and the broadcast helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/broadcast.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::I32;
using test::Run1;
using test::Values;

TEST(BroadcastShapes, RightAlignsAndTakesMax) {
  std::vector<int64_t> out;
  std::string error;
  ASSERT_TRUE(BroadcastShapes({{2, 1, 4}, {3, 1}, {}}, &out, &error));
  EXPECT_EQ(out, (std::vector<int64_t>{2, 3, 4}));
  EXPECT_FALSE(BroadcastShapes({{2, 3}, {4}}, &out, &error));
  EXPECT_EQ(error, "shapes [2, 3] and [4] are not broadcastable");
}

TEST(AddKernel, BroadcastsRankZeroScalar) {
  auto run = Run1("Add", {F32({2, 2}, {1, 2, 3, 4}), F32({}, {10})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{11, 12, 13, 14}));
}

TEST(AddKernel, BroadcastsSizeOneDimsOnBothSides) {
  // [2,1] + [1,3] -> [2,3]
  auto run = Run1("Add", {F32({2, 1}, {1, 2}), F32({1, 3}, {10, 20, 30})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{11, 21, 31, 12, 22, 32}));
}

TEST(AddKernel, BroadcastsMiddleDim) {
  // [2,3,2] + [3,1] -> x[i,j,k] + y[j]
  std::vector<float> x(12);
  for (int i = 0; i < 12; ++i) x[i] = static_cast<float>(i);
  auto run = Run1("Add", {F32({2, 3, 2}, x), F32({3, 1}, {100, 200, 300})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) {
        const int at = (i * 3 + j) * 2 + k;
        EXPECT_EQ(y[at], x[at] + 100.0f * (j + 1)) << at;
      }
}

TEST(AddKernel, EmptyTensorGivesEmptyResult) {
  auto run = Run1("Add", {F32({0, 3}, {}), F32({3}, {1, 2, 3})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{0, 3}));
  EXPECT_EQ(run.out().GetSize(), 0u);
}

TEST(AddKernel, RejectsIncompatibleShapesNamingNode) {
  auto run = Run1("Add", {F32({2, 3}, {1, 2, 3, 4, 5, 6}), F32({2}, {1, 2})});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_EQ(run.error, "node 'n' (Add): shapes [2, 3] and [2] are not broadcastable");
}

TEST(AddKernel, RejectsMixedDtypes) {
  auto run = Run1("Add", {F32({1}, {1}), I32({1}, {1})});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("same dtype"), std::string::npos) << run.error;
}

TEST(DivKernel, IntegerDivisionTruncatesTowardZero) {
  auto run = Run1("Div", {I32({4}, {7, -7, 7, -7}), I32({4}, {2, 2, -2, -2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{3, -3, -3, 3}));
}

TEST(DivKernel, IntegerDivisionByZeroGivesZeroAndMinOverMinusOneWraps) {
  const int32_t min = std::numeric_limits<int32_t>::min();
  auto run = Run1("RealDiv", {I32({2}, {5, min}), I32({2}, {0, -1})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{0, min}));
}

TEST(DivKernel, FloatDivisionFollowsIeee) {
  auto run = Run1("RealDiv", {F32({2}, {1, 3}), F32({2}, {0, 2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  EXPECT_TRUE(std::isinf(y[0]));
  EXPECT_EQ(y[1], 1.5f);
}

TEST(MulKernel, RejectsMixedDtypesWhichCompileCastsAway) {
  auto run = Run1("Mul", {I32({2}, {3, 4}), F32({}, {0.5f})});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("same dtype"), std::string::npos) << run.error;
}

TEST(FloorDivModKernels, IntegersRoundLikePythonAndC) {
  const GeTensor a = I32({6}, {7, -7, 7, -7, 5, std::numeric_limits<int32_t>::min()});
  const GeTensor b = I32({6}, {2, 2, -2, -2, 0, -1});
  auto floor_div = Run1("FloorDiv", {a, b});
  ASSERT_EQ(floor_div.status, SUCCESS) << floor_div.error;
  EXPECT_EQ(Values<int32_t>(floor_div.out()),
            (std::vector<int32_t>{3, -4, -4, 3, 0, std::numeric_limits<int32_t>::min()}));
  auto floor_mod = Run1("FloorMod", {a, b});
  ASSERT_EQ(floor_mod.status, SUCCESS) << floor_mod.error;
  EXPECT_EQ(Values<int32_t>(floor_mod.out()), (std::vector<int32_t>{1, 1, -1, -1, 0, 0}));
  auto mod = Run1("Mod", {a, b});
  ASSERT_EQ(mod.status, SUCCESS) << mod.error;
  EXPECT_EQ(Values<int32_t>(mod.out()), (std::vector<int32_t>{1, -1, 1, -1, 0, 0}));
}

TEST(FloorDivModKernels, FloatsFollowNumpy) {
  const GeTensor a = F32({4}, {7.5f, -7.5f, 7.5f, -7.5f});
  const GeTensor b = F32({4}, {2, 2, -2, -2});
  EXPECT_EQ(Values<float>(Run1("FloorDiv", {a, b}).out()), (std::vector<float>{3, -4, -4, 3}));
  EXPECT_EQ(Values<float>(Run1("FloorMod", {a, b}).out()),
            (std::vector<float>{1.5f, 0.5f, -0.5f, -1.5f}));
  EXPECT_EQ(Values<float>(Run1("Mod", {a, b}).out()),
            (std::vector<float>{1.5f, -1.5f, 1.5f, -1.5f}));
}

TEST(FloorDivModKernels, RejectBool) {
  const GeTensor t = test::MakeTensor<bool>({1}, {true});
  for (const char *type : {"FloorDiv", "FloorMod", "Mod"}) {
    auto run = Run1(type, {t, t});
    EXPECT_NE(run.status, SUCCESS) << type;
    EXPECT_NE(run.error.find("unsupported dtype DT_BOOL"), std::string::npos) << run.error;
  }
}

TEST(PowKernel, IntegerPowerIsExactAndFloatPowerBroadcasts) {
  auto ints = Run1("Pow", {I32({3}, {2, -3, 5}), I32({3}, {10, 3, 0})});
  ASSERT_EQ(ints.status, SUCCESS) << ints.error;
  EXPECT_EQ(Values<int32_t>(ints.out()), (std::vector<int32_t>{1024, -27, 1}));
  auto floats = Run1("Pow", {F32({2}, {4, 9}), F32({}, {0.5f})});
  ASSERT_EQ(floats.status, SUCCESS) << floats.error;
  EXPECT_EQ(Values<float>(floats.out()), (std::vector<float>{2, 3}));
}

TEST(MaximumKernel, PropagatesNan) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto run = Run1("Maximum", {F32({2}, {nan, 1}), F32({2}, {0, 2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_EQ(y[1], 2);
  auto mn = Run1("Minimum", {I32({3}, {1, 5, -2}), I32({1}, {3})});
  EXPECT_EQ(Values<int32_t>(mn.out()), (std::vector<int32_t>{1, 3, -2}));
}

TEST(CompareKernels, ProduceBoolWithBroadcasting) {
  const GeTensor x = F32({3}, {1, 2, 3});
  const GeTensor two = F32({}, {2});
  EXPECT_EQ(Values<bool>(Run1("Less", {x, two}).out()), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(Values<bool>(Run1("LessEqual", {x, two}).out()),
            (std::vector<bool>{true, true, false}));
  EXPECT_EQ(Values<bool>(Run1("Greater", {x, two}).out()), (std::vector<bool>{false, false, true}));
  EXPECT_EQ(Values<bool>(Run1("GreaterEqual", {x, two}).out()),
            (std::vector<bool>{false, true, true}));
  auto eq = Run1("Equal", {x, two});
  EXPECT_EQ(DtypeOf(eq.out()), DT_BOOL);
  EXPECT_EQ(Values<bool>(eq.out()), (std::vector<bool>{false, true, false}));
}

TEST(LogicalKernels, RequireBoolAndBroadcast) {
  const GeTensor a = test::MakeTensor<bool>({2, 2}, {true, true, false, false});
  const GeTensor b = test::MakeTensor<bool>({2}, {true, false});
  EXPECT_EQ(Values<bool>(Run1("LogicalAnd", {a, b}).out()),
            (std::vector<bool>{true, false, false, false}));
  EXPECT_EQ(Values<bool>(Run1("LogicalOr", {a, b}).out()),
            (std::vector<bool>{true, true, true, false}));
  auto bad = Run1("LogicalAnd", {F32({1}, {1}), b});
  EXPECT_NE(bad.status, SUCCESS);
  EXPECT_NE(bad.error.find("must be DT_BOOL"), std::string::npos) << bad.error;
}

TEST(SubKernel, MissingInputIsReportedByIndex) {
  const GeTensor x = F32({1}, {1});
  auto run = test::RunKernel("Sub", {&x, nullptr}, 1);
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_EQ(run.error, "node 'n' (Sub): required input 1 is not connected");
}

}  // namespace
}  // namespace runtime
}  // namespace ge
