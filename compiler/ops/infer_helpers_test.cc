// Shape arithmetic: broadcasting, reduction, conv/pool windows, reshape resolution, promotion.
#include "ops/infer_helpers.h"

#include <gtest/gtest.h>

namespace ge {
namespace {

Dims Broadcast(const Dims &a, const Dims &b) {
  Dims out;
  std::string why;
  EXPECT_TRUE(BroadcastDims(a, b, &out, &why)) << why;
  return out;
}

TEST(BroadcastDimsTest, RightAlignsAndExpandsSizeOneAndRankZero) {
  EXPECT_EQ(Broadcast({2, 1, 3}, {4, 1}), (Dims{2, 4, 3}));
  EXPECT_EQ(Broadcast({}, {5, 6}), (Dims{5, 6}));
  EXPECT_EQ(Broadcast({1}, {}), (Dims{1}));
  EXPECT_EQ(Broadcast({0, 3}, {1, 3}), (Dims{0, 3}));
}

TEST(BroadcastDimsTest, UnknownDimsAndRankPropagate) {
  EXPECT_EQ(Broadcast({-1, 3}, {4, 3}), (Dims{4, 3}));
  EXPECT_EQ(Broadcast({-1, 3}, {1, 3}), (Dims{-1, 3}));
  EXPECT_EQ(Broadcast({-1}, {-1}), (Dims{-1}));
  EXPECT_EQ(Broadcast({-2}, {4, 3}), (Dims{-2}));
}

TEST(BroadcastDimsTest, IncompatibleDimsFailWithBothShapes) {
  Dims out;
  std::string why;
  EXPECT_FALSE(BroadcastDims({2, 3}, {4, 3}, &out, &why));
  EXPECT_NE(why.find("[2, 3]"), std::string::npos) << why;
  EXPECT_NE(why.find("[4, 3]"), std::string::npos) << why;
}

TEST(ReduceDimsTest, NegativeAxesKeepDimsAndEmptyAxes) {
  Dims out;
  std::string why;
  ASSERT_TRUE(ReduceDims({2, 3, 4}, {-1, 0}, false, false, &out, &why));
  EXPECT_EQ(out, (Dims{3}));
  ASSERT_TRUE(ReduceDims({2, 3, 4}, {1}, true, false, &out, &why));
  EXPECT_EQ(out, (Dims{2, 1, 4}));
  ASSERT_TRUE(ReduceDims({2, 3}, {}, false, true, &out, &why));
  EXPECT_EQ(out, (Dims{2, 3}));
  ASSERT_TRUE(ReduceDims({2, 3}, {}, true, false, &out, &why));
  EXPECT_EQ(out, (Dims{1, 1}));
  EXPECT_FALSE(ReduceDims({2, 3}, {2}, false, false, &out, &why));
  EXPECT_NE(why.find("axis 2 is out of range for rank 2"), std::string::npos) << why;
}

TEST(ConvOutputDimTest, PadsStridesAndDilations) {
  int64_t out = 0;
  std::string why;
  ASSERT_TRUE(ConvOutputDim(224, 7, 2, 1, 3, 3, &out, &why));
  EXPECT_EQ(out, 112);
  ASSERT_TRUE(ConvOutputDim(10, 3, 1, 2, 0, 0, &out, &why));  // effective kernel 5
  EXPECT_EQ(out, 6);
  ASSERT_TRUE(ConvOutputDim(-1, 3, 1, 1, 1, 1, &out, &why));
  EXPECT_EQ(out, -1);
  EXPECT_FALSE(ConvOutputDim(2, 5, 1, 1, 0, 0, &out, &why));
  EXPECT_FALSE(ConvOutputDim(8, 3, 0, 1, 0, 0, &out, &why));
}

TEST(PoolOutputDimTest, CalculatedCeilSameAndValid) {
  int64_t out = 0;
  std::string why;
  ASSERT_TRUE(PoolOutputDim("CALCULATED", 112, 3, 2, 1, 1, false, &out, &why));
  EXPECT_EQ(out, 56);
  ASSERT_TRUE(PoolOutputDim("CALCULATED", 6, 3, 2, 0, 0, false, &out, &why));
  EXPECT_EQ(out, 2);
  ASSERT_TRUE(PoolOutputDim("CALCULATED", 6, 3, 2, 0, 0, true, &out, &why));
  EXPECT_EQ(out, 3);
  // ceil((2 + 1 - 1) / 2) + 1 = 2, but the second window would start at 2, past the input.
  ASSERT_TRUE(PoolOutputDim("CALCULATED", 2, 1, 2, 0, 1, true, &out, &why));
  EXPECT_EQ(out, 1);
  ASSERT_TRUE(PoolOutputDim("SAME", 7, 3, 2, 0, 0, false, &out, &why));
  EXPECT_EQ(out, 4);
  ASSERT_TRUE(PoolOutputDim("VALID", 7, 3, 2, 0, 0, false, &out, &why));
  EXPECT_EQ(out, 3);
  EXPECT_FALSE(PoolOutputDim("FULL", 7, 3, 2, 0, 0, false, &out, &why));
  EXPECT_NE(why.find("'FULL'"), std::string::npos);
}

TEST(ResolveReshapeTest, ZeroCopiesAndMinusOneInfers) {
  Dims out;
  std::string why;
  ASSERT_TRUE(ResolveReshape({2, 3, 4}, {0, -1}, false, &out, &why));
  EXPECT_EQ(out, (Dims{2, 12}));
  ASSERT_TRUE(ResolveReshape({2, 3, 4}, {-1}, false, &out, &why));
  EXPECT_EQ(out, (Dims{24}));
  ASSERT_TRUE(ResolveReshape({0, 4}, {0, 2, 2}, true, &out, &why));
  EXPECT_EQ(out, (Dims{0, 2, 2}));
  ASSERT_TRUE(ResolveReshape({-1, 4}, {2, -1}, false, &out, &why));
  EXPECT_EQ(out, (Dims{2, -1}));
  EXPECT_FALSE(ResolveReshape({2, 3}, {4, 2}, false, &out, &why));
  EXPECT_NE(why.find("6 elements"), std::string::npos) << why;
  EXPECT_FALSE(ResolveReshape({2, 3}, {-1, -1}, false, &out, &why));
  EXPECT_FALSE(ResolveReshape({2, 3}, {5, -1}, false, &out, &why));
}

TEST(ResolveReshapeTest, TargetWhoseElementCountOverflowsIsAnError) {
  // Found by mutating ONNX models: the product of these dims overflowed int64 (undefined
  // behaviour, a crash in an optimized build) instead of being refused.
  Dims out;
  std::string why;
  EXPECT_FALSE(ResolveReshape({1, 8, 32}, {1, 432345564227567624, 4, 8}, false, &out, &why));
  EXPECT_NE(why.find("more elements than int64 can count"), std::string::npos) << why;
  EXPECT_FALSE(ResolveReshape({-1, 8}, {-1, 4611686018427387904, 4}, false, &out, &why));
  EXPECT_NE(why.find("more elements than int64 can count"), std::string::npos) << why;
}

TEST(DataFormatAxesTest, LocatesChannelAndSpatialDims) {
  int64_t n = 0;
  int64_t c = 0;
  std::vector<int64_t> spatial;
  ASSERT_TRUE(DataFormatAxes("NHWC", 4, &n, &c, &spatial));
  EXPECT_EQ(c, 3);
  EXPECT_EQ(spatial, (std::vector<int64_t>{1, 2}));
  ASSERT_TRUE(DataFormatAxes("NCDHW", 5, &n, &c, &spatial));
  EXPECT_EQ(c, 1);
  EXPECT_FALSE(DataFormatAxes("NCHW", 5, &n, &c, &spatial));
  EXPECT_FALSE(DataFormatAxes("HWCN", 4, &n, &c, &spatial));
}

}  // namespace
}  // namespace ge
