// Tests of the shape/layout kernels: Reshape 0/-1/allowzero, Flatten, Squeeze/Unsqueeze with
// negative axes, Transpose, Shape and the identities.
#include <gtest/gtest.h>

#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::I32;
using test::I64;
using test::Run1;
using test::Values;

std::vector<float> Iota(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

TEST(ReshapeKernel, ZeroCopiesDimAndMinusOneIsInferred) {
  auto run = Run1("Reshape", {F32({2, 3, 4}, Iota(24)), I64({3}, {0, -1, 2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 6, 2}));
  EXPECT_EQ(Values<float>(run.out()), Iota(24));
}

TEST(ReshapeKernel, AllowZeroKeepsLiteralZero) {
  auto run = Run1("Reshape", {F32({0, 3}, {}), I32({2}, {3, 0})}, {{"allowzero", int64_t{1}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{3, 0}));
}

TEST(ReshapeKernel, ReportsBadShapes) {
  auto two = Run1("Reshape", {F32({4}, Iota(4)), I64({2}, {-1, -1})});
  EXPECT_EQ(two.error, "node 'n' (Reshape): shape [-1, -1] has more than one -1");
  auto count = Run1("Reshape", {F32({4}, Iota(4)), I64({2}, {3, 2})});
  EXPECT_EQ(count.error, "node 'n' (Reshape): cannot reshape x [4] (4 elements) to [3, 2]");
  auto infer = Run1("Reshape", {F32({5}, Iota(5)), I64({2}, {2, -1})});
  EXPECT_NE(infer.status, SUCCESS);
}

TEST(ReshapeKernel, CaffeAxisReplacesOnlySelectedDims) {
  auto run = Run1("Reshape", {F32({2, 6}, Iota(12)), I64({2}, {3, 2})},
                  {{"axis", int64_t{1}}, {"num_axes", int64_t{1}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 3, 2}));
}

TEST(FlattenKernel, SplitsAtAxisIncludingNegativeAndZero) {
  const GeTensor x = F32({2, 3, 4}, Iota(24));
  EXPECT_EQ(test::Dims(Run1("Flatten", {x}).out()), (std::vector<int64_t>{2, 12}));
  EXPECT_EQ(test::Dims(Run1("Flatten", {x}, {{"axis", int64_t{-1}}}).out()),
            (std::vector<int64_t>{6, 4}));
  EXPECT_EQ(test::Dims(Run1("Flatten", {x}, {{"axis", int64_t{0}}}).out()),
            (std::vector<int64_t>{1, 24}));
  EXPECT_NE(Run1("Flatten", {x}, {{"axis", int64_t{4}}}).status, SUCCESS);
}

TEST(SqueezeKernels, NegativeAxesAndAllOnes) {
  const GeTensor x = F32({1, 3, 1}, Iota(3));
  EXPECT_EQ(test::Dims(Run1("Squeeze", {x}).out()), (std::vector<int64_t>{3}));
  EXPECT_EQ(test::Dims(Run1("Squeeze", {x}, {{"axis", std::vector<int64_t>{-1}}}).out()),
            (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(test::Dims(Run1("SqueezeV3", {x, I64({1}, {0})}).out()), (std::vector<int64_t>{3, 1}));
  auto bad = Run1("Squeeze", {x}, {{"axis", std::vector<int64_t>{1}}});
  EXPECT_EQ(bad.error, "node 'n' (Squeeze): cannot squeeze dim 1 of size 3 (x [1, 3, 1])");
}

TEST(UnsqueezeKernels, AxesAreOutputPositions) {
  const GeTensor x = F32({3, 4}, Iota(12));
  EXPECT_EQ(test::Dims(Run1("UnsqueezeV3", {x, I64({2}, {0, -1})}).out()),
            (std::vector<int64_t>{1, 3, 4, 1}));
  EXPECT_EQ(test::Dims(Run1("Unsqueeze", {x}, {{"axes", std::vector<int64_t>{1}}}).out()),
            (std::vector<int64_t>{3, 1, 4}));
  EXPECT_EQ(test::Dims(Run1("ExpandDims", {x, I32({}, {-1})}).out()),
            (std::vector<int64_t>{3, 4, 1}));
  EXPECT_NE(Run1("UnsqueezeV3", {x, I64({2}, {1, 1})}).status, SUCCESS);
}

TEST(TransposeKernel, PermutesWithNegativeEntriesAndReversesByDefault) {
  const GeTensor x = F32({2, 3}, Iota(6));
  auto run = Run1("Transpose", {x, I32({2}, {1, 0})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(Values<float>(Run1("Transpose", {x, I32({2}, {-1, 0})}).out()),
            (std::vector<float>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(test::Dims(Run1("Transpose", {x, I32({0}, {})}).out()), (std::vector<int64_t>{3, 2}));
  const GeTensor y = F32({2, 3, 4}, Iota(24));
  auto d = Run1("TransposeD", {y}, {{"perm", std::vector<int64_t>{2, 0, 1}}});
  EXPECT_EQ(test::Dims(d.out()), (std::vector<int64_t>{4, 2, 3}));
  EXPECT_EQ(Values<float>(d.out())[1], 4.0f);  // y[0][1][0]
  EXPECT_NE(Run1("Transpose", {x, I32({2}, {0, 0})}).status, SUCCESS);
}

TEST(ShapeKernel, EmitsInt32OrInt64Dims) {
  const GeTensor x = F32({2, 0, 5}, {});
  auto i32 = Run1("Shape", {x});
  EXPECT_EQ(DtypeOf(i32.out()), DT_INT32);
  EXPECT_EQ(Values<int32_t>(i32.out()), (std::vector<int32_t>{2, 0, 5}));
  auto i64 = Run1("Shape", {x}, {{"dtype", int64_t{DT_INT64}}});
  EXPECT_EQ(Values<int64_t>(i64.out()), (std::vector<int64_t>{2, 0, 5}));
  EXPECT_EQ(test::Dims(Run1("Shape", {F32({}, {1})}).out()), (std::vector<int64_t>{0}));
}

TEST(IdentityKernels, ForwardInputsAndDropoutMaskIsTrue) {
  const GeTensor x = F32({2}, {1, 2});
  EXPECT_EQ(Values<float>(Run1("Identity", {x}).out()), (std::vector<float>{1, 2}));
  auto moved = Run1("TensorMove", {x});
  EXPECT_NE(moved.out().GetData(), x.GetData());
  auto drop = Run1("Dropout", {x}, {}, 2);
  EXPECT_EQ(Values<float>(drop.out(0)), (std::vector<float>{1, 2}));
  EXPECT_EQ(Values<bool>(drop.out(1)), (std::vector<bool>{true, true}));
}

TEST(WhereKernel, CoordinatesOfTrueElementsInRowMajorOrder) {
  auto run =
      Run1("Where", {test::MakeTensor<bool>({2, 3}, {false, true, false, true, false, true})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(Values<int64_t>(run.out()), (std::vector<int64_t>{0, 1, 1, 0, 1, 2}));
  auto none = Run1("Where", {test::MakeTensor<bool>({4}, {false, false, false, false})});
  ASSERT_EQ(none.status, SUCCESS) << none.error;
  EXPECT_EQ(test::Dims(none.out()), (std::vector<int64_t>{0, 1}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
