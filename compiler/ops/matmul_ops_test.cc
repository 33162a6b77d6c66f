// Inference of the matmul family.
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

TEST(MatmulInferTest, MatMulTransposesAndChecksInnerDim) {
  TestGraph g;
  Node *a = g.Data("a", {4, 3});
  Node *b = g.Data("b", {5, 4});
  Node *mm =
      g.Op("MatMul", "mm", {Out(a), Out(b)}, {{"transpose_x1", true}, {"transpose_x2", true}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(mm), (Dims{3, 5}));
  TestGraph bad;
  Node *x = bad.Data("x", {4, 3});
  Node *y = bad.Data("y", {4, 5});
  bad.Op("MatMulV2", "mm", {Out(x), Out(y)});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'mm' (MatMulV2)")) << GetLastError();
  EXPECT_TRUE(ErrorContains("K=3")) << GetLastError();
}

TEST(MatmulInferTest, MatMulV2BiasMustMatchN) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3});
  Node *b = g.Data("b", {3, 4});
  Node *bias = g.Data("bias", {4});
  Node *mm = g.Op("MatMulV2", "mm", {Out(a), Out(b), Out(bias)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(mm), (Dims{2, 4}));
  TestGraph bad;
  Node *x = bad.Data("x", {2, 3});
  Node *w = bad.Data("w", {3, 4});
  Node *wrong = bad.Data("wrong", {5});
  bad.Op("MatMulV2", "mm", {Out(x), Out(w), Out(wrong)});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("input 2 'bias' [5]")) << GetLastError();
}

TEST(MatmulInferTest, BatchMatMulV2BroadcastsBatchDims) {
  TestGraph g;
  Node *a = g.Data("a", {8, 2, 5, 3});
  Node *b = g.Data("b", {1, 3, 7});
  Node *bmm = g.Op("BatchMatMulV2", "bmm", {Out(a), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(bmm), (Dims{8, 2, 5, 7}));
}

TEST(MatmulInferTest, BatchMatMulAdjointsAndVectors) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3, 5});
  Node *b = g.Data("b", {2, 7, 3});
  Node *v = g.Data("v", {5});
  Node *adj = g.Op("BatchMatMul", "adj", {Out(a), Out(b)}, {{"adj_x1", true}, {"adj_x2", true}});
  Node *vec = g.Op("BatchMatMulV2", "vec", {Out(a), Out(v)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(adj), (Dims{2, 5, 7}));
  EXPECT_EQ(OutDims(vec), (Dims{2, 3}));
}

TEST(MatmulInferTest, UnknownDimsAndInt8Accumulation) {
  TestGraph g;
  Node *a = g.Data("a", {-1, 16}, DT_INT8);
  Node *b = g.Data("b", {16, -1}, DT_INT8);
  Node *mm = g.Op("MatMulV2", "mm", {Out(a), Out(b)});
  // The host runs no int8 matmul, so whole-graph inference refuses it ...
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("input 0 'x1' has dtype DT_INT8")) << GetLastError();
  // ... while the prototype's rule still gives GE's int32 accumulation to one node's inference.
  ASSERT_EQ(InferNodeShape(mm), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(mm), (Dims{-1, -1}));
  EXPECT_EQ(OutType(mm), DT_INT32);
}

TEST(MatmulInferTest, GemmAddsBroadcastC) {
  TestGraph g;
  Node *a = g.Data("a", {4, 3});
  Node *b = g.Data("b", {3, 6});
  Node *c = g.Data("c", {6});
  Node *alpha = g.Floats("alpha", {1.0F});
  Node *beta = g.Floats("beta", {1.0F});
  Node *gemm = g.Op("GEMM", "gemm", {Out(a), Out(b), Out(c), Out(alpha), Out(beta)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(gemm), (Dims{4, 6}));
}

TEST(MatmulInferTest, BiasAddChecksChannelOfDataFormat) {
  TestGraph g;
  Node *x = g.Data("x", {1, 8, 4, 4});
  Node *bias = g.Data("bias", {8});
  Node *add = g.Op("BiasAdd", "ba", {Out(x), Out(bias)}, {{"data_format", "NCHW"}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(add), (Dims{1, 8, 4, 4}));
  TestGraph bad;
  Node *y = bad.Data("y", {1, 8, 4, 4});
  Node *b2 = bad.Data("b2", {8});
  bad.Op("BiasAdd", "ba", {Out(y), Out(b2)});  // NHWC: channel is 4
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("channel dim 4")) << GetLastError();
}

}  // namespace
}  // namespace ge
