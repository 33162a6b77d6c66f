// Selection kernels: GatherElements, ScatterElements, MaskedFill, TopKV2.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {
using test::Dims;
using test::F32;
using test::I32;
using test::I64;
using test::MakeTensor;
using test::Run1;
using test::Values;

TEST(SelectionKernelTest, GatherElementsAlongEachDimWithNegativeIndices) {
  const GeTensor x = F32({2, 3}, {1, 2, 3, 4, 5, 6});
  auto cols = Run1("GatherElements", {x, I64({2, 2}, {2, 0, -1, 1})}, {{"dim", int64_t{1}}});
  ASSERT_EQ(cols.status, SUCCESS) << cols.error;
  EXPECT_EQ(Dims(cols.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(cols.out()), (std::vector<float>{3, 1, 6, 5}));
  // dim 0 with an index narrower than x along dim 1.
  auto rows = Run1("GatherElements", {x, I32({1, 2}, {1, 0})});
  ASSERT_EQ(rows.status, SUCCESS) << rows.error;
  EXPECT_EQ(Values<float>(rows.out()), (std::vector<float>{4, 2}));
}

TEST(SelectionKernelTest, GatherElementsRejectsOutOfRangeIndicesAndRankMismatch) {
  const GeTensor x = F32({2, 3}, {1, 2, 3, 4, 5, 6});
  auto range = Run1("GatherElements", {x, I64({2, 1}, {3, 0})}, {{"dim", int64_t{1}}});
  EXPECT_NE(range.status, SUCCESS);
  EXPECT_NE(range.error.find("node 'n' (GatherElements): index value 3 is out of range [-3, 3)"),
            std::string::npos)
      << range.error;
  auto rank = Run1("GatherElements", {x, I64({2}, {0, 1})});
  EXPECT_NE(rank.status, SUCCESS);
  EXPECT_NE(rank.error.find("must have the same rank"), std::string::npos) << rank.error;
}

TEST(SelectionKernelTest, ScatterElementsWritesAddsAndMultiplies) {
  const GeTensor data = F32({2, 3}, {1, 1, 1, 1, 1, 1});
  const GeTensor indices = I64({2, 2}, {2, 0, 1, -1});
  const GeTensor updates = F32({2, 2}, {5, 6, 7, 8});
  auto assign = Run1("ScatterElements", {data, indices, updates}, {{"axis", int64_t{1}}});
  ASSERT_EQ(assign.status, SUCCESS) << assign.error;
  EXPECT_EQ(Values<float>(assign.out()), (std::vector<float>{6, 1, 5, 1, 7, 8}));
  auto add = Run1("ScatterElements", {data, indices, updates},
                  {{"axis", int64_t{1}}, {"reduction", std::string("add")}});
  ASSERT_EQ(add.status, SUCCESS) << add.error;
  EXPECT_EQ(Values<float>(add.out()), (std::vector<float>{7, 1, 6, 1, 8, 9}));
  auto mul =
      Run1("ScatterElements", {I32({3}, {2, 3, 4}), I64({3}, {0, 0, 2}), I32({3}, {5, 7, 10})},
           {{"reduction", std::string("mul")}});
  ASSERT_EQ(mul.status, SUCCESS) << mul.error;
  EXPECT_EQ(Values<int32_t>(mul.out()), (std::vector<int32_t>{70, 3, 40}));
}

TEST(SelectionKernelTest, ScatterElementsLaterDuplicateWinsAndShapesAreChecked) {
  auto dup = Run1("ScatterElements", {F32({3}, {0, 0, 0}), I64({2}, {1, 1}), F32({2}, {4, 9})});
  ASSERT_EQ(dup.status, SUCCESS) << dup.error;
  EXPECT_EQ(Values<float>(dup.out()), (std::vector<float>{0, 9, 0}));
  auto shape = Run1("ScatterElements", {F32({3}, {0, 0, 0}), I64({2}, {1, 1}), F32({1}, {4})});
  EXPECT_NE(shape.status, SUCCESS);
  EXPECT_NE(shape.error.find("updates [1] must have the shape of indices [2]"), std::string::npos)
      << shape.error;
}

TEST(SelectionKernelTest, MaskedFillBroadcastsAndConvertsTheValue) {
  const GeTensor x = I32({2, 3}, {1, 2, 3, 4, 5, 6});
  const GeTensor mask = MakeTensor<bool>({1, 3}, {true, false, true});
  auto run = Run1("MaskedFill", {x, mask, F32({}, {-7.9F})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(DtypeOf(run.out()), DT_INT32);
  EXPECT_EQ(Dims(run.out()), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{-7, 2, -7, -7, 5, -7}));
  auto bad = Run1("MaskedFill", {x, I32({1}, {1}), F32({}, {0})});
  EXPECT_NE(bad.status, SUCCESS);
  EXPECT_NE(bad.error.find("mask must be DT_BOOL, got DT_INT32"), std::string::npos) << bad.error;
}

TEST(SelectionKernelTest, TopKV2LargestAndSmallestWithStableTies) {
  const GeTensor x = F32({2, 4}, {3, 1, 3, 2, 0, 5, 5, -1});
  auto top = Run1("TopKV2", {x, I32({}, {3})}, {}, 2);
  ASSERT_EQ(top.status, SUCCESS) << top.error;
  EXPECT_EQ(Values<float>(top.out(0)), (std::vector<float>{3, 3, 2, 5, 5, 0}));
  EXPECT_EQ(DtypeOf(top.out(1)), DT_INT32);
  EXPECT_EQ(Values<int32_t>(top.out(1)), (std::vector<int32_t>{0, 2, 3, 1, 2, 0}));
  auto low = Run1("TopKV2", {x, I64({}, {2})},
                  {{"largest", false}, {"sorted", false}, {"indices_dtype", int64_t{DT_INT64}}}, 2);
  ASSERT_EQ(low.status, SUCCESS) << low.error;
  EXPECT_EQ(Values<float>(low.out(0)), (std::vector<float>{1, 2, -1, 0}));
  EXPECT_EQ(Values<int64_t>(low.out(1)), (std::vector<int64_t>{1, 3, 3, 0}));
}

TEST(SelectionKernelTest, TopKV2AlongAnInnerDimAndNanOrderedFirst) {
  // dim 0 of a [3, 2] tensor: each column is one slice.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto col =
      Run1("TopKV2", {F32({3, 2}, {1, 9, nan, 4, 2, 6}), I32({}, {2})}, {{"dim", int64_t{0}}}, 2);
  ASSERT_EQ(col.status, SUCCESS) << col.error;
  const std::vector<float> values = Values<float>(col.out(0));
  EXPECT_TRUE(std::isnan(values[0]));
  EXPECT_EQ(values[1], 9.0F);
  EXPECT_EQ(values[2], 2.0F);
  EXPECT_EQ(values[3], 6.0F);
  EXPECT_EQ(Values<int32_t>(col.out(1)), (std::vector<int32_t>{1, 0, 2, 2}));
}

TEST(SelectionKernelTest, TopKV2RejectsKBeyondTheDim) {
  auto run = Run1("TopKV2", {F32({3}, {1, 2, 3}), I32({}, {4})}, {}, 2);
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("k = [4] must be one value in [0, 3]"), std::string::npos) << run.error;
}

}  // namespace
}  // namespace runtime
}  // namespace ge
