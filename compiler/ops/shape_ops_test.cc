// Inference of reshape/layout ops, concat/split, gather/slice, pad, reduce and broadcast/fill.
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

TEST(ShapeInferTest, ReshapeWithZeroAndMinusOneFromConst) {
  TestGraph g;
  Node *x = g.Data("x", {2, 3, 4});
  Node *shape = g.Ints("shape", {0, -1});
  Node *reshape = g.Op("Reshape", "reshape", {Out(x), Out(shape)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(reshape), (Dims{2, 12}));
}

TEST(ShapeInferTest, ReshapeSizeMismatchAndNonConstShape) {
  TestGraph bad;
  Node *x = bad.Data("x", {2, 3});
  Node *shape = bad.Ints32("shape", {4, 2});
  bad.Op("Reshape", "reshape", {Out(x), Out(shape)});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'reshape' (Reshape)")) << GetLastError();
  EXPECT_TRUE(ErrorContains("6 elements")) << GetLastError();
  TestGraph g;
  Node *y = g.Data("y", {2, 3});
  Node *dyn = g.Data("dyn", {3}, DT_INT64);
  Node *reshape = g.Op("Reshape", "reshape", {Out(y), Out(dyn)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(reshape), (Dims{-1, -1, -1}));
}

TEST(ShapeInferTest, FlattenAndTranspose) {
  TestGraph g;
  Node *x = g.Data("x", {2, 3, 4, 5});
  Node *flat = g.Op("Flatten", "flat", {Out(x)}, {{"axis", int64_t{-2}}});
  Node *perm = g.Ints32("perm", {0, 2, 3, 1});
  Node *tr = g.Op("Transpose", "tr", {Out(x), Out(perm)});
  Node *trd = g.Op("TransposeD", "trd", {Out(x)}, {{"perm", std::vector<int64_t>{-1, 0, 1, 2}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(flat), (Dims{6, 20}));
  EXPECT_EQ(OutDims(tr), (Dims{2, 4, 5, 3}));
  EXPECT_EQ(OutDims(trd), (Dims{5, 2, 3, 4}));
  TestGraph bad;
  Node *y = bad.Data("y", {2, 3});
  bad.Op("TransposeD", "trd", {Out(y)}, {{"perm", std::vector<int64_t>{0, 0}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("not a permutation")) << GetLastError();
}

TEST(ShapeInferTest, SqueezeUnsqueezeAndExpandDims) {
  TestGraph g;
  Node *x = g.Data("x", {1, 3, 1, 5});
  Node *all = g.Op("Squeeze", "all", {Out(x)});
  Node *one = g.Op("Squeeze", "one", {Out(x)}, {{"axis", std::vector<int64_t>{-2}}});
  Node *axes = g.Ints("axes", {0, -1});
  Node *unsq = g.Op("UnsqueezeV3", "unsq", {Out(x), Out(axes)});
  Node *axis = g.Ints32("axis", {1}, true);
  Node *expand = g.Op("ExpandDims", "expand", {Out(x), Out(axis)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(all), (Dims{3, 5}));
  EXPECT_EQ(OutDims(one), (Dims{1, 3, 5}));
  EXPECT_EQ(OutDims(unsq), (Dims{1, 1, 3, 1, 5, 1}));
  EXPECT_EQ(OutDims(expand), (Dims{1, 1, 3, 1, 5}));
  TestGraph bad;
  Node *y = bad.Data("y", {2, 3});
  bad.Op("Squeeze", "sq", {Out(y)}, {{"axis", std::vector<int64_t>{1}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("cannot squeeze axis 1 of size 3")) << GetLastError();
}

TEST(ShapeInferTest, ShapeOpGivesRankVectorInRequestedType) {
  TestGraph g;
  Node *x = g.Data("x", {2, -1, 4});
  Node *shape = g.Op("Shape", "shape", {Out(x)}, {{"dtype", int64_t{DT_INT64}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(shape), (Dims{3}));
  EXPECT_EQ(OutType(shape), DT_INT64);
}

TEST(ShapeInferTest, TransDataPermutesPlainFormats) {
  TestGraph g;
  Node *x = g.Data("x", {1, 3, 8, 16});
  Node *td = g.Op("TransData", "td", {Out(x)}, {{"src_format", "NCHW"}, {"dst_format", "NHWC"}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(td), (Dims{1, 8, 16, 3}));
  EXPECT_EQ(td->GetOpDesc().GetOutputDesc(0)->GetFormat(), FORMAT_NHWC);
}

TEST(ConcatSplitInferTest, ConcatV2AlongConstAxisSumsDims) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *b = g.Data("b", {2, 5});
  Node *axis = g.Ints32("axis", {-1}, true);
  Node *concat =
      g.Op("ConcatV2", "concat", {Out(a), Out(b), Out(axis)}, {{"N", int64_t{2}}}, {{"x", 2}});
  Node *concat_d =
      g.Op("ConcatD", "concat_d", {Out(a), Out(a)}, {{"concat_dim", int64_t{0}}}, {{"x", 2}});
  Node *concat_first = g.Op("Concat", "concat_first", {Out(axis), Out(a), Out(b)}, {}, {{"x", 2}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(concat), (Dims{2, 8}));
  EXPECT_EQ(OutDims(concat_d), (Dims{4, 3}));
  EXPECT_EQ(OutDims(concat_first), (Dims{2, 8}));
}

TEST(ConcatSplitInferTest, ConcatRejectsMismatchedOtherDims) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *b = g.Data("b", {4, 3});
  g.Op("ConcatD", "concat", {Out(a), Out(b)}, {{"concat_dim", int64_t{1}}}, {{"x", 2}});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("at dim 0")) << GetLastError();
}

TEST(ConcatSplitInferTest, SplitEvenlyAndSplitVWithInferredSize) {
  TestGraph g;
  Node *x = g.Data("x", {6, 4});
  Node *dim = g.Ints32("dim", {0}, true);
  Node *split =
      g.Op("Split", "split", {Out(dim), Out(x)}, {{"num_split", int64_t{3}}}, {}, {{"y", 3}});
  Node *sizes = g.Ints("sizes", {1, -1});
  Node *dim1 = g.Ints32("dim1", {-1}, true);
  Node *splitv = g.Op("SplitV", "splitv", {Out(x), Out(sizes), Out(dim1)},
                      {{"num_split", int64_t{2}}}, {}, {{"y", 2}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(split, 2), (Dims{2, 4}));
  EXPECT_EQ(OutDims(splitv, 0), (Dims{6, 1}));
  EXPECT_EQ(OutDims(splitv, 1), (Dims{6, 3}));
  TestGraph bad;
  Node *y = bad.Data("y", {5, 4});
  bad.Op("SplitD", "split", {Out(y)}, {{"split_dim", int64_t{0}}, {"num_split", int64_t{2}}}, {},
         {{"y", 2}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("not divisible by num_split 2")) << GetLastError();
}

TEST(ConcatSplitInferTest, PackAddsAxis) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *pack = g.Op("Pack", "pack", {Out(a), Out(a), Out(a)},
                    {{"axis", int64_t{-1}}, {"N", int64_t{3}}}, {{"x", 3}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(pack), (Dims{2, 3, 3}));
}

TEST(GatherSliceInferTest, GatherV2WithNegativeConstAxis) {
  TestGraph g;
  Node *x = g.Data("x", {4, 5, 6});
  Node *idx = g.Data("idx", {2, 3}, DT_INT32);
  Node *axis = g.Ints32("axis", {-2}, true);
  Node *gather = g.Op("GatherV2", "gather", {Out(x), Out(idx), Out(axis)});
  Node *gather0 = g.Op("Gather", "gather0", {Out(x), Out(idx)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(gather), (Dims{4, 2, 3, 6}));
  EXPECT_EQ(OutDims(gather0), (Dims{2, 3, 5, 6}));
  TestGraph bad;
  Node *y = bad.Data("y", {4, 5});
  Node *i2 = bad.Data("i2", {2}, DT_INT32);
  bad.Op("GatherV2D", "gather", {Out(y), Out(i2)}, {{"axis", int64_t{2}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("gather axis 2 is out of range")) << GetLastError();
}

TEST(GatherSliceInferTest, StridedSliceV2NegativeStepsAndClamping) {
  TestGraph g;
  Node *x = g.Data("x", {10, 8});
  Node *begin = g.Ints("begin", {-1, 1});
  Node *end = g.Ints("end", {INT64_MIN, 100});
  Node *axes = g.Ints("axes", {0, 1});
  Node *steps = g.Ints("steps", {-2, 3});
  Node *slice =
      g.Op("StridedSliceV2", "slice", {Out(x), Out(begin), Out(end), Out(axes), Out(steps)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  // axis 0: 9, 7, 5, 3, 1 -> 5; axis 1: 1, 4, 7 -> 3.
  EXPECT_EQ(OutDims(slice), (Dims{5, 3}));
}

TEST(GatherSliceInferTest, StridedSliceMasksAndSliceSizeMinusOne) {
  TestGraph g;
  Node *x = g.Data("x", {4, 6, 8});
  Node *strided = g.Op("StridedSliceD", "ss", {Out(x)},
                       {{"begin", std::vector<int64_t>{1, 0, 0}},
                        {"end", std::vector<int64_t>{3, 0, 8}},
                        {"strides", std::vector<int64_t>{1, 1, -2}},
                        {"end_mask", int64_t{2}},
                        {"shrink_axis_mask", int64_t{0}}});
  Node *shrink = g.Op("StridedSliceD", "shrink", {Out(x)},
                      {{"begin", std::vector<int64_t>{2}},
                       {"end", std::vector<int64_t>{3}},
                       {"strides", std::vector<int64_t>{1}},
                       {"shrink_axis_mask", int64_t{1}}});
  Node *slice =
      g.Op("SliceD", "slice", {Out(x)},
           {{"offsets", std::vector<int64_t>{1, 2, 0}}, {"size", std::vector<int64_t>{2, -1, 8}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(strided), (Dims{2, 6, 0}));  // begin 0 end 8 with step -2 is empty
  EXPECT_EQ(OutDims(shrink), (Dims{6, 8}));
  EXPECT_EQ(OutDims(slice), (Dims{2, 4, 8}));
}

TEST(PadInferTest, PadV3OnnxLayoutCropsAndPads) {
  TestGraph g;
  Node *x = g.Data("x", {4, 5});
  Node *pads = g.Ints("pads", {1, -1, 2, 0});  // begins [1, -1], ends [2, 0]
  Node *pad = g.Op("PadV3", "pad", {Out(x), Out(pads)}, {{"paddings_contiguous", false}});
  Node *pairs = g.Ints32("pairs", {1, 1, 0, 3});
  Node *pad2 = g.Op("Pad", "pad2", {Out(x), Out(pairs)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(pad), (Dims{7, 4}));
  EXPECT_EQ(OutDims(pad2), (Dims{6, 8}));
}

TEST(ReduceInferTest, ReduceMeanKeepDimsAndEmptyAxes) {
  TestGraph g;
  Node *x = g.Data("x", {2, 3, 4});
  Node *axes = g.Ints32("axes", {-1, 1});
  Node *empty = g.Ints32("empty", {});
  Node *mean = g.Op("ReduceMean", "mean", {Out(x), Out(axes)}, {{"keep_dims", true}});
  Node *noop = g.Op("ReduceSum", "noop", {Out(x), Out(empty)});
  Node *all = g.Op("ReduceMax", "all", {Out(x), Out(empty)}, {{"noop_with_empty_axes", false}});
  Node *sum_d = g.Op("ReduceSumD", "sum_d", {Out(x)}, {{"axes", std::vector<int64_t>{0}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(mean), (Dims{2, 1, 1}));
  EXPECT_EQ(OutDims(noop), (Dims{2, 3, 4}));
  EXPECT_EQ(OutDims(all), (Dims{}));
  EXPECT_EQ(OutDims(sum_d), (Dims{3, 4}));
}

TEST(BroadcastFillInferTest, TileExpandBroadcastToFillRange) {
  TestGraph g;
  Node *x = g.Data("x", {3, 1});
  Node *multiples = g.Ints("multiples", {2, 4});
  Node *tile = g.Op("Tile", "tile", {Out(x), Out(multiples)});
  Node *shape = g.Ints("shape", {2, 1, 5});
  Node *expand = g.Op("Expand", "expand", {Out(x), Out(shape)});
  Node *to = g.Ints("to", {2, 3, 7});
  Node *bcast = g.Op("BroadcastTo", "bcast", {Out(x), Out(to)});
  Node *dims = g.Ints("dims", {2, 2});
  Node *value = g.Const("value", std::vector<int32_t>{7}, DT_INT32, {});
  Node *fill = g.Op("Fill", "fill", {Out(dims), Out(value)});
  Node *start = g.Floats("start", {0.0F}, true);
  Node *limit = g.Floats("limit", {1.0F}, true);
  Node *delta = g.Floats("delta", {0.3F}, true);
  Node *range = g.Op("Range", "range", {Out(start), Out(limit), Out(delta)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(tile), (Dims{6, 4}));
  EXPECT_EQ(OutDims(expand), (Dims{2, 3, 5}));
  EXPECT_EQ(OutDims(bcast), (Dims{2, 3, 7}));
  EXPECT_EQ(OutDims(fill), (Dims{2, 2}));
  EXPECT_EQ(OutType(fill), DT_INT32);
  EXPECT_EQ(OutDims(range), (Dims{4}));  // 0, 0.3, 0.6, 0.9
  TestGraph bad;
  Node *y = bad.Data("y", {3, 2});
  Node *wrong = bad.Ints("wrong", {3, 4});
  bad.Op("BroadcastTo", "bcast", {Out(y), Out(wrong)});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("cannot broadcast input 0 'x' [3, 2] to [3, 4]")) << GetLastError();
}

TEST(BroadcastFillInferTest, SelectV2ThreeWayBroadcast) {
  TestGraph g;
  Node *cond = g.Data("cond", {4, 1, 1}, DT_BOOL);
  Node *a = g.Data("a", {3, 1});
  Node *b = g.Data("b", {5});
  Node *select = g.Op("SelectV2", "select", {Out(cond), Out(a), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(select), (Dims{4, 3, 5}));
  EXPECT_EQ(OutType(select), DT_FLOAT);
}

}  // namespace
}  // namespace ge
