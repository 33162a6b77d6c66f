// Tests of concat/split, gather/slice, pad, reduce and the broadcast/fill/select kernels.
#include <gtest/gtest.h>

#include <cmath>

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

TEST(ConcatKernels, AxisPositionsAndNegativeAxis) {
  const GeTensor a = F32({2, 1}, {1, 2});
  const GeTensor b = F32({2, 2}, {3, 4, 5, 6});
  auto v2 = Run1("ConcatV2", {a, b, I32({}, {-1})});
  ASSERT_EQ(v2.status, SUCCESS) << v2.error;
  EXPECT_EQ(test::Dims(v2.out()), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Values<float>(v2.out()), (std::vector<float>{1, 3, 4, 2, 5, 6}));
  auto c = Run1("Concat", {I32({}, {1}), a, b});
  EXPECT_EQ(Values<float>(c.out()), (std::vector<float>{1, 3, 4, 2, 5, 6}));
  auto d = Run1("ConcatD", {a, a}, {{"concat_dim", int64_t{0}}});
  EXPECT_EQ(test::Dims(d.out()), (std::vector<int64_t>{4, 1}));
  auto bad = Run1("ConcatD", {a, b}, {{"concat_dim", int64_t{0}}});
  EXPECT_NE(bad.error.find("does not match input 0 shape [2, 1]"), std::string::npos) << bad.error;
}

TEST(ConcatKernels, EmptyInputsContributeNothing) {
  auto run = Run1("ConcatD", {F32({0, 2}, {}), F32({1, 2}, {7, 8})}, {{"concat_dim", int64_t{0}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{7, 8}));
}

TEST(PackKernel, StacksOnNewAxis) {
  auto run = Run1("Pack", {F32({2}, {1, 2}), F32({2}, {3, 4})}, {{"axis", int64_t{1}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{1, 3, 2, 4}));
}

TEST(SplitKernels, EqualAndSizedSplits) {
  const GeTensor x = F32({2, 4}, Iota(8));
  auto eq = Run1("Split", {I32({}, {1}), x}, {{"num_split", int64_t{2}}}, 2);
  ASSERT_EQ(eq.status, SUCCESS) << eq.error;
  EXPECT_EQ(Values<float>(eq.out(0)), (std::vector<float>{0, 1, 4, 5}));
  EXPECT_EQ(Values<float>(eq.out(1)), (std::vector<float>{2, 3, 6, 7}));
  auto v = Run1("SplitV", {x, I64({2}, {1, -1}), I32({}, {-1})}, {{"num_split", int64_t{2}}}, 2);
  ASSERT_EQ(v.status, SUCCESS) << v.error;
  EXPECT_EQ(test::Dims(v.out(1)), (std::vector<int64_t>{2, 3}));
  auto d = Run1("SplitD", {x}, {{"split_dim", int64_t{0}}, {"num_split", int64_t{2}}}, 2);
  EXPECT_EQ(Values<float>(d.out(1)), (std::vector<float>{4, 5, 6, 7}));
  auto bad = Run1("Split", {I32({}, {1}), x}, {{"num_split", int64_t{3}}}, 3);
  EXPECT_NE(bad.error.find("not divisible by num_split 3"), std::string::npos) << bad.error;
}

TEST(GatherV2Kernel, GathersAlongAxisWithNegativeIndicesWhenEnabled) {
  const GeTensor x = F32({2, 3}, Iota(6));
  auto run =
      Run1("GatherV2", {x, I64({2}, {2, -3}), I32({}, {1})}, {{"negative_index_support", true}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{2, 0, 5, 3}));
  auto off = Run1("GatherV2", {x, I64({1}, {-1}), I32({}, {1})});
  EXPECT_EQ(off.error,
            "node 'n' (GatherV2): index -1 is out of range [0, 3) for dim 1 of x [2, 3]");
}

TEST(GatherKernel, EmbeddingLookupWithMatrixIndices) {
  const GeTensor table = F32({3, 2}, Iota(6));
  auto run = Run1("Gather", {table, I32({2, 2}, {0, 2, 1, 1})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{0, 1, 4, 5, 2, 3, 2, 3}));
}

TEST(GatherV2Kernel, BatchDimsPairIndicesWithBatches) {
  const GeTensor x = F32({2, 3}, Iota(6));
  auto run = Run1("GatherV2", {x, I32({2, 1}, {2, 0}), I32({}, {1})}, {{"batch_dims", int64_t{1}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{2, 3}));
}

TEST(SliceKernels, SizeMinusOneRunsToEnd) {
  const GeTensor x = F32({3, 4}, Iota(12));
  auto run = Run1("Slice", {x, I32({2}, {1, 1}), I32({2}, {-1, 2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{5, 6, 9, 10}));
  auto bad = Run1("SliceD", {x},
                  {{"offsets", std::vector<int64_t>{0, 3}}, {"size", std::vector<int64_t>{1, 2}}});
  EXPECT_NE(bad.status, SUCCESS);
}

TEST(StridedSliceV2Kernel, OnnxClampingNegativeStepsAndAxes) {
  const GeTensor x = F32({2, 5}, Iota(10));
  // axis 1 from -1 backwards to the start with step -2: cols 4, 2, 0.
  auto run =
      Run1("StridedSliceV2", {x, I64({1}, {-1}), I64({1}, {-100}), I64({1}, {1}), I64({1}, {-2})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{4, 2, 0, 9, 7, 5}));
  // Huge end clamps (INT64_MAX as exported by torch for "to the end").
  auto tail = Run1("StridedSliceV2", {x, I64({1}, {3}), I64({1}, {INT64_MAX}), I64({1}, {-1})});
  EXPECT_EQ(Values<float>(tail.out()), (std::vector<float>{3, 4, 8, 9}));
  auto zero =
      Run1("StridedSliceV2", {x, I64({1}, {0}), I64({1}, {1}), I64({1}, {0}), I64({1}, {0})});
  EXPECT_NE(zero.status, SUCCESS);
}

TEST(StridedSliceKernel, TfMasksShrinkAndNewAxis) {
  const GeTensor x = F32({3, 4}, Iota(12));
  // x[1, ::2] with shrink on dim 0 -> [2].
  auto run = Run1("StridedSlice", {x, I32({2}, {1, 0}), I32({2}, {2, 0}), I32({2}, {1, 2})},
                  {{"shrink_axis_mask", int64_t{1}}, {"end_mask", int64_t{2}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{4, 6}));
  // x[None, ..., 1:3]
  auto na = Run1("StridedSliceD", {x},
                 {{"begin", std::vector<int64_t>{0, 0, 1}},
                  {"end", std::vector<int64_t>{0, 0, 3}},
                  {"strides", std::vector<int64_t>{1, 1, 1}},
                  {"new_axis_mask", int64_t{1}},
                  {"ellipsis_mask", int64_t{2}}});
  ASSERT_EQ(na.status, SUCCESS) << na.error;
  EXPECT_EQ(test::Dims(na.out()), (std::vector<int64_t>{1, 3, 2}));
  EXPECT_EQ(Values<float>(na.out()), (std::vector<float>{1, 2, 5, 6, 9, 10}));
}

TEST(PadV3Kernel, ConstantPadsAreAsymmetricInBothLayouts) {
  const GeTensor x = F32({1, 2}, {1, 2});
  auto contiguous = Run1("PadV3", {x, I64({4}, {0, 1, 2, 0}), F32({}, {9})});
  ASSERT_EQ(contiguous.status, SUCCESS) << contiguous.error;
  EXPECT_EQ(test::Dims(contiguous.out()), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(Values<float>(contiguous.out()), (std::vector<float>{9, 9, 1, 2, 9, 9, 9, 9}));
  // ONNX layout [b0, b1, e0, e1] = [0, 2, 1, 0] is the same padding.
  auto onnx =
      Run1("PadV3", {x, I64({4}, {0, 2, 1, 0}), F32({}, {9})}, {{"paddings_contiguous", false}});
  EXPECT_EQ(Values<float>(onnx.out()), Values<float>(contiguous.out()));
}

TEST(PadV3Kernel, ReflectEdgeSymmetricCircularAndCrop) {
  const GeTensor x = F32({4}, {1, 2, 3, 4});
  auto mode = [&](const char *m, std::vector<int64_t> pads) {
    return Values<float>(Run1("PadV3", {x, I64({2}, pads)}, {{"mode", std::string(m)}}).out());
  };
  EXPECT_EQ(mode("reflect", {2, 2}), (std::vector<float>{3, 2, 1, 2, 3, 4, 3, 2}));
  EXPECT_EQ(mode("edge", {2, 1}), (std::vector<float>{1, 1, 1, 2, 3, 4, 4}));
  EXPECT_EQ(mode("symmetric", {2, 2}), (std::vector<float>{2, 1, 1, 2, 3, 4, 4, 3}));
  EXPECT_EQ(mode("circular", {1, 2}), (std::vector<float>{4, 1, 2, 3, 4, 1, 2}));
  EXPECT_EQ(mode("constant", {-1, -2}), (std::vector<float>{2}));
  auto bad = Run1("PadV3", {x, I64({2}, {4, 0})}, {{"mode", std::string("reflect")}});
  EXPECT_NE(bad.status, SUCCESS);
}

TEST(PadKernel, PaddingsMatrixPadsWithZero) {
  auto run = Run1("Pad", {I32({1, 1}, {5}), I32({2, 2}, {1, 0, 0, 1})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{0, 0, 5, 0}));
}

TEST(ReduceKernels, AxesKeepDimsAndNegativeAxes) {
  const GeTensor x = F32({2, 3}, {1, 2, 3, 4, 5, 6});
  auto mean = Run1("ReduceMean", {x, I64({1}, {-1})}, {{"keep_dims", true}});
  ASSERT_EQ(mean.status, SUCCESS) << mean.error;
  EXPECT_EQ(test::Dims(mean.out()), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Values<float>(mean.out()), (std::vector<float>{2, 5}));
  auto sum = Run1("ReduceSum", {x, I64({1}, {0})});
  EXPECT_EQ(test::Dims(sum.out()), (std::vector<int64_t>{3}));
  EXPECT_EQ(Values<float>(sum.out()), (std::vector<float>{5, 7, 9}));
  auto max = Run1("ReduceMax", {x, I64({2}, {0, 1})});
  EXPECT_EQ(test::Dims(max.out()), (std::vector<int64_t>{}));
  EXPECT_EQ(Values<float>(max.out()), (std::vector<float>{6}));
  auto d = Run1("ReduceSumD", {x}, {{"axes", std::vector<int64_t>{1}}, {"keep_dims", true}});
  EXPECT_EQ(Values<float>(d.out()), (std::vector<float>{6, 15}));
}

TEST(ReduceKernels, EmptyAxesFollowNoopFlag) {
  const GeTensor x = F32({2}, {1, 2});
  EXPECT_EQ(Values<float>(Run1("ReduceSum", {x, I64({0}, {})}).out()), (std::vector<float>{1, 2}));
  auto all = Run1("ReduceSum", {x, I64({0}, {})}, {{"noop_with_empty_axes", false}});
  EXPECT_EQ(Values<float>(all.out()), (std::vector<float>{3}));
  auto ints = Run1("ReduceMean", {I32({3}, {1, 2, 4}), I64({1}, {0})});
  EXPECT_EQ(Values<int32_t>(ints.out()), (std::vector<int32_t>{2}));
}

TEST(BroadcastKernels, TileExpandBroadcastTo) {
  const GeTensor x = F32({2, 1}, {1, 2});
  auto tile = Run1("Tile", {x, I64({2}, {2, 3})});
  ASSERT_EQ(tile.status, SUCCESS) << tile.error;
  EXPECT_EQ(test::Dims(tile.out()), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(Values<float>(tile.out()), (std::vector<float>{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2}));
  auto expand = Run1("Expand", {x, I64({3}, {2, 1, 3})});  // bidirectional: [2,2,3]
  EXPECT_EQ(test::Dims(expand.out()), (std::vector<int64_t>{2, 2, 3}));
  auto to = Run1("BroadcastTo", {x, I64({2}, {2, 2})});
  EXPECT_EQ(Values<float>(to.out()), (std::vector<float>{1, 1, 2, 2}));
  auto bad = Run1("BroadcastTo", {x, I64({1}, {3})});
  EXPECT_NE(bad.status, SUCCESS);
}

TEST(SelectKernels, SelectV2BroadcastsThreeWaysAndSelectPicksRows) {
  const GeTensor cond = test::MakeTensor<bool>({2, 1}, {true, false});
  auto run = Run1("SelectV2", {cond, F32({2}, {1, 2}), F32({}, {0})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{1, 2, 0, 0}));
  auto rows = Run1("Select", {test::MakeTensor<bool>({2}, {false, true}), F32({2, 2}, {1, 2, 3, 4}),
                              F32({2, 2}, {5, 6, 7, 8})});
  EXPECT_EQ(Values<float>(rows.out()), (std::vector<float>{5, 6, 3, 4}));
}

TEST(FillKernels, FillRangeTriluAccumulate) {
  auto fill = Run1("Fill", {I64({2}, {2, 2}), F32({}, {7})});
  EXPECT_EQ(Values<float>(fill.out()), (std::vector<float>{7, 7, 7, 7}));
  auto range = Run1("Range", {I32({}, {5}), I32({}, {-1}), I32({}, {-2})});
  EXPECT_EQ(Values<int32_t>(range.out()), (std::vector<int32_t>{5, 3, 1}));
  auto frange = Run1("Range", {F32({}, {0}), F32({}, {1}), F32({}, {0.3f})});
  EXPECT_EQ(test::Dims(frange.out()), (std::vector<int64_t>{4}));
  auto tri =
      Run1("Trilu", {F32({2, 3}, {1, 2, 3, 4, 5, 6}), I64({}, {1})}, {{"upper", int64_t{0}}});
  EXPECT_EQ(Values<float>(tri.out()), (std::vector<float>{1, 2, 0, 4, 5, 6}));
  auto upper = Run1("Trilu", {F32({2, 2}, {1, 2, 3, 4})}, {{"upper", int64_t{1}}});
  EXPECT_EQ(Values<float>(upper.out()), (std::vector<float>{1, 2, 0, 4}));
  auto acc = Run1("AccumulateNV2", {F32({2}, {1, 2}), F32({2}, {3, 4}), F32({2}, {5, 6})});
  EXPECT_EQ(Values<float>(acc.out()), (std::vector<float>{9, 12}));
  // Broadcasting like the catalog's inference: [2, 2] + [2] + [].
  auto wide =
      Run1("AccumulateNV2", {F32({2, 2}, {1, 2, 3, 4}), F32({2}, {10, 20}), F32({}, {100})});
  ASSERT_EQ(wide.status, SUCCESS) << wide.error;
  EXPECT_EQ(test::Dims(wide.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(wide.out()), (std::vector<float>{111, 122, 113, 124}));
  auto single = Run1("AccumulateNV2", {F32({2}, {1, 2})});
  EXPECT_EQ(Values<float>(single.out()), (std::vector<float>{1, 2}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
