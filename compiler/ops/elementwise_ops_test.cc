// Inference of element-wise, cast and softmax ops.
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

TEST(ElementwiseInferTest, AddBroadcastsScalarAndKeepsFormat) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3}, DT_FLOAT, 0, FORMAT_NCHW);
  Node *b = g.Data("b", {}, DT_FLOAT);
  Node *add = g.Op("Add", "add", {Out(a), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(add), (Dims{2, 3}));
  EXPECT_EQ(add->GetOpDesc().GetOutputDesc(0)->GetFormat(), FORMAT_NCHW);
}

TEST(ElementwiseInferTest, AddPromotesMixedDtypes) {
  TestGraph g;
  Node *a = g.Data("a", {2}, DT_FLOAT);
  Node *b = g.Data("b", {2}, DT_INT64);
  Node *c = g.Data("c", {2}, DT_INT8);
  Node *d = g.Data("d", {2}, DT_UINT8);
  Node *add = g.Op("Add", "add", {Out(a), Out(b)});
  Node *sub = g.Op("Sub", "sub", {Out(c), Out(d)});
  Node *less = g.Op("Less", "less", {Out(b), Out(a)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutType(add), DT_FLOAT);
  EXPECT_EQ(OutType(sub), DT_INT16);
  EXPECT_EQ(OutType(less), DT_BOOL);
}

TEST(ElementwiseInferTest, UndefinedPromotionNamesNodeAndBothDtypes) {
  TestGraph g;
  Node *a = g.Data("a", {2}, DT_UINT16);
  Node *b = g.Data("b", {2}, DT_INT32);
  g.Op("Add", "add", {Out(a), Out(b)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'add' (Add)")) << GetLastError();
  EXPECT_TRUE(ErrorContains("input 1 has dtype DT_INT32")) << GetLastError();
  EXPECT_TRUE(ErrorContains("DT_UINT16 (input 0)")) << GetLastError();
}

TEST(ElementwiseInferTest, IncompatibleBroadcastNamesNodeInputAndShapes) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3}, DT_FLOAT);
  Node *b = g.Data("b", {3, 2}, DT_FLOAT);
  g.Op("Sub", "sub", {Out(a), Out(b)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'sub' (Sub)")) << GetLastError();
  EXPECT_TRUE(ErrorContains("input 1 'x2' [3, 2]")) << GetLastError();
  EXPECT_TRUE(ErrorContains("[2, 3]")) << GetLastError();
}

TEST(ElementwiseInferTest, MulAndPowPromoteDtypes) {
  TestGraph g;
  Node *a = g.Data("a", {4, 1}, DT_INT32);
  Node *b = g.Data("b", {5}, DT_FLOAT16);
  Node *c = g.Data("c", {5}, DT_BF16);
  Node *mul = g.Op("Mul", "mul", {Out(a), Out(b)});
  Node *pow = g.Op("Pow", "pow", {Out(b), Out(c)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(mul), (Dims{4, 5}));
  EXPECT_EQ(OutType(mul), DT_FLOAT16);
  EXPECT_EQ(OutType(pow), DT_FLOAT);
}

TEST(ElementwiseInferTest, ComparisonsAndLogicalOpsGiveBool) {
  TestGraph g;
  Node *a = g.Data("a", {-1, 3}, DT_FLOAT);
  Node *b = g.Data("b", {1, 3}, DT_FLOAT);
  Node *less = g.Op("Less", "less", {Out(a), Out(b)});
  Node *not_op = g.Op("LogicalNot", "not", {Out(less)});
  Node *both = g.Op("LogicalAnd", "and", {Out(less), Out(not_op)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(less), (Dims{-1, 3}));
  EXPECT_EQ(OutType(less), DT_BOOL);
  EXPECT_EQ(OutType(both), DT_BOOL);
}

TEST(ElementwiseInferTest, UnknownRankPropagatesThroughUnaryAndBinary) {
  TestGraph g;
  Node *a = g.Data("a", {-2}, DT_FLOAT);
  Node *b = g.Data("b", {3}, DT_FLOAT);
  Node *relu = g.Op("Relu", "relu", {Out(a)});
  Node *add = g.Op("Add", "add", {Out(relu), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(relu), (Dims{-2}));
  EXPECT_EQ(OutDims(add), (Dims{-2}));
}

TEST(ElementwiseInferTest, CastUsesDstTypeAndRejectsInvalidValues) {
  TestGraph g;
  Node *a = g.Data("a", {2, 2}, DT_FLOAT);
  Node *cast = g.Op("Cast", "cast", {Out(a)}, {{"dst_type", int64_t{DT_INT32}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutType(cast), DT_INT32);
  EXPECT_EQ(OutDims(cast), (Dims{2, 2}));
  TestGraph bad;
  Node *x = bad.Data("x", {2}, DT_FLOAT);
  bad.Op("Cast", "cast", {Out(x)}, {{"dst_type", int64_t{5}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("'dst_type' = 5")) << GetLastError();
}

TEST(ElementwiseInferTest, ClipByValueBroadcastsThreeInputs) {
  TestGraph g;
  // [2, 4, 1] x scalar x [3] -> [2, 4, 3].
  Node *x = g.Data("x", {2, 4, 1}, DT_FLOAT);
  Node *lo = g.Floats("lo", {0.0F}, true);
  Node *hi = g.Floats("hi", {6.0F, 6.0F, 6.0F}, false);
  Node *clip = g.Op("ClipByValue", "clip", {Out(x), Out(lo), Out(hi)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(clip), (Dims{2, 4, 3}));
}

TEST(SoftmaxInferTest, HalfToFloatAndBadAxis) {
  TestGraph g;
  Node *x = g.Data("x", {2, 8}, DT_FLOAT16);
  Node *softmax = g.Op("SoftmaxV2", "sm", {Out(x)}, {{"half_to_float", true}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutType(softmax), DT_FLOAT);
  EXPECT_EQ(OutDims(softmax), (Dims{2, 8}));
  TestGraph bad;
  Node *y = bad.Data("y", {2, 8}, DT_FLOAT);
  bad.Op("LogSoftmaxV2", "lsm", {Out(y)}, {{"axes", std::vector<int64_t>{2}}});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("axis 2")) << GetLastError();
}

TEST(ElementwiseInferTest, MulsRequiresValueAttr) {
  TestGraph g;
  Node *x = g.Data("x", {3}, DT_FLOAT);
  g.Op("Muls", "muls", {Out(x)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("required attribute 'value'")) << GetLastError();
}

}  // namespace
}  // namespace ge
