// Inference of the selection ops: GatherElements, ScatterElements, MaskedFill, TopKV2.
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

TEST(SelectionInferTest, GatherElementsTakesTheIndexShapeAndXDtype) {
  TestGraph g;
  Node *x = g.Data("x", {4, 5}, DT_FLOAT16);
  Node *index = g.Data("index", {4, 2}, DT_INT64);
  Node *gather = g.Op("GatherElements", "ge", {Out(x), Out(index)}, {{"dim", int64_t{-1}}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(gather), (Dims{4, 2}));
  EXPECT_EQ(OutType(gather), DT_FLOAT16);
}

TEST(SelectionInferTest, GatherElementsRejectsRankMismatchWideIndexAndBadDim) {
  TestGraph rank;
  rank.Op("GatherElements", "ge",
          {Out(rank.Data("x", {4, 5})), Out(rank.Data("i", {4}, DT_INT32))});
  EXPECT_NE(rank.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("must have the rank of")) << GetLastError();
  TestGraph wide;
  wide.Op("GatherElements", "ge",
          {Out(wide.Data("x", {4, 5})), Out(wide.Data("i", {6, 1}, DT_INT32))},
          {{"dim", int64_t{1}}});
  EXPECT_NE(wide.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("dim 0 of input 1 'index' [6, 1] exceeds")) << GetLastError();
  TestGraph dim;
  dim.Op("GatherElements", "ge", {Out(dim.Data("x", {4, 5})), Out(dim.Data("i", {4, 5}, DT_INT32))},
         {{"dim", int64_t{2}}});
  EXPECT_NE(dim.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("attribute 'dim' = 2 is out of range")) << GetLastError();
}

TEST(SelectionInferTest, ScatterElementsKeepsTheDataDesc) {
  TestGraph g;
  Node *data = g.Data("data", {3, 4});
  Node *indices = g.Data("indices", {2, 4}, DT_INT32);
  Node *updates = g.Data("updates", {2, 4});
  Node *scatter = g.Op("ScatterElements", "se", {Out(data), Out(indices), Out(updates)},
                       {{"reduction", std::string("add")}});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(scatter), (Dims{3, 4}));
  EXPECT_EQ(OutType(scatter), DT_FLOAT);
}

TEST(SelectionInferTest, ScatterElementsChecksReductionDtypesAndShapes) {
  TestGraph reduction;
  reduction.Op("ScatterElements", "se",
               {Out(reduction.Data("d", {3})), Out(reduction.Data("i", {2}, DT_INT64)),
                Out(reduction.Data("u", {2}))},
               {{"reduction", std::string("max")}});
  EXPECT_NE(reduction.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("'reduction' = \"max\"")) << GetLastError();
  TestGraph dtype;
  dtype.Op("ScatterElements", "se",
           {Out(dtype.Data("d", {3})), Out(dtype.Data("i", {2}, DT_INT64)),
            Out(dtype.Data("u", {2}, DT_INT32))});
  EXPECT_NE(dtype.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("input 2 'updates' has dtype DT_INT32 but input 0 'data' has DT_FLOAT"))
      << GetLastError();
  TestGraph shape;
  shape.Op(
      "ScatterElements", "se",
      {Out(shape.Data("d", {3})), Out(shape.Data("i", {2}, DT_INT64)), Out(shape.Data("u", {3}))});
  EXPECT_NE(shape.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("must have the shape of input 1 'indices' [2]")) << GetLastError();
}

TEST(SelectionInferTest, MaskedFillBroadcastsAllThreeInputsWithXDtype) {
  TestGraph g;
  Node *x = g.Data("x", {4, 1});
  Node *mask = g.Data("mask", {1, 3}, DT_BOOL);
  Node *value = g.Floats("value", {0.5F}, true);
  Node *fill = g.Op("MaskedFill", "mf", {Out(x), Out(mask), Out(value)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(fill), (Dims{4, 3}));
  EXPECT_EQ(OutType(fill), DT_FLOAT);
  TestGraph bad;
  bad.Op("MaskedFill", "mf",
         {Out(bad.Data("x", {4})), Out(bad.Data("m", {4}, DT_INT32)), Out(bad.Floats("v", {0}))});
  EXPECT_NE(bad.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("input 1 'mask' has dtype DT_INT32, which MaskedFill does not take"))
      << GetLastError();
}

TEST(SelectionInferTest, TopKV2ReplacesTheDimByKAndTypesTheIndices) {
  TestGraph g;
  Node *x = g.Data("x", {6, 5});
  Node *k = g.Ints("k", {2}, true);
  Node *last = g.Op("TopKV2", "last", {Out(x), Out(k)});
  Node *first = g.Op("TopKV2", "first", {Out(x), Out(k)},
                     {{"dim", int64_t{0}}, {"indices_dtype", int64_t{DT_INT64}}});
  Node *dyn = g.Op("TopKV2", "dyn", {Out(x), Out(g.Data("k_in", {}, DT_INT32))});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(last, 0), (Dims{6, 2}));
  EXPECT_EQ(OutDims(last, 1), (Dims{6, 2}));
  EXPECT_EQ(OutType(last, 0), DT_FLOAT);
  EXPECT_EQ(OutType(last, 1), DT_INT32);
  EXPECT_EQ(OutDims(first, 0), (Dims{2, 5}));
  EXPECT_EQ(OutType(first, 1), DT_INT64);
  EXPECT_EQ(OutDims(dyn, 0), (Dims{6, -1}));
}

TEST(SelectionInferTest, TopKV2RejectsKBeyondTheDimAndBadIndicesDtype) {
  TestGraph big;
  big.Op("TopKV2", "t", {Out(big.Data("x", {6, 5})), Out(big.Ints("k", {6}, true))});
  EXPECT_NE(big.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("k = [6] must be one value in [0, 5]")) << GetLastError();
  TestGraph dtype;
  dtype.Op("TopKV2", "t", {Out(dtype.Data("x", {6})), Out(dtype.Ints("k", {1}, true))},
           {{"indices_dtype", int64_t{DT_FLOAT}}});
  EXPECT_NE(dtype.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("'indices_dtype' = 0 must be DT_INT32 (3) or DT_INT64 (9)"))
      << GetLastError();
}

TEST(SelectionInferTest, PrototypesFollowGeOpRepositories) {
  const OpPrototype *topk = OpCatalog::Instance().Find("TopKV2");
  ASSERT_NE(topk, nullptr);
  EXPECT_EQ(topk->module, "math");
  ASSERT_EQ(topk->attrs.size(), 5U);
  EXPECT_EQ(topk->attrs[3].name, "indices_dtype");
  const OpPrototype *scatter = OpCatalog::Instance().Find("ScatterElements");
  ASSERT_NE(scatter, nullptr);
  EXPECT_EQ(scatter->module, "nn");
  EXPECT_EQ(scatter->inputs[0].name, "data");
  EXPECT_EQ(OpCatalog::Instance().Find("GatherElements")->module, "nn");
  EXPECT_EQ(OpCatalog::Instance().Find("MaskedFill")->module, "math");
}

}  // namespace
}  // namespace ge
