// Whole-graph inference refuses the dtypes the host runtime does not run, naming node, port and
// dtype; the dtype rules of the op families refuse what the lists cannot express.
#include "ops/dtype_check.h"

#include <gtest/gtest.h>

#include "ops/infer_test_util.h"
#include "ops/op_prototype_json.h"

namespace ge {
namespace {
using test::ErrorContains;
using test::Out;
using test::TestGraph;

const std::map<std::string, GeAttrValue> kConvAttrs = {
    {"strides", std::vector<int64_t>{1, 1, 1, 1}},
    {"pads", std::vector<int64_t>{0, 0, 0, 0}},
    {"data_format", "NCHW"}};

TEST(DtypeCheckTest, ConvOnInt16IsRefusedNamingNodePortAndDtype) {
  TestGraph g;
  Node *x = g.Data("x", {1, 1, 4, 4}, DT_INT16);
  Node *w = g.Data("w", {1, 1, 3, 3}, DT_INT16);
  Node *conv = g.Op("Conv2D", "conv", {Out(x), Out(w)}, kConvAttrs);
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "infer shape failed for node 'conv' (Conv2D): input 0 'x' has dtype DT_INT16, which "
            "Conv2D does not take on the host runtime (it takes DT_FLOAT16, DT_BFLOAT16, DT_FLOAT, "
            "DT_DOUBLE)");
  // One node's inference (a pass's replacement, GE's operator-level inference) does not check.
  EXPECT_EQ(InferNodeShape(conv), SUCCESS) << GetLastError();
}

TEST(DtypeCheckTest, BatchNormWithAnInt32OffsetIsRefused) {
  TestGraph g;
  Node *x = g.Data("x", {1, 2, 2, 2}, DT_FLOAT);
  Node *scale = g.Data("scale", {2}, DT_FLOAT);
  Node *offset = g.Data("offset", {2}, DT_INT32);
  g.Op("BatchNorm", "bn", {Out(x), Out(scale), Out(offset)}, {{"data_format", "NCHW"}});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("node 'bn' (BatchNorm): input 2 'offset' has dtype DT_INT32"))
      << GetLastError();
}

TEST(DtypeCheckTest, ClipByValueWithMixedDtypesIsRefused) {
  TestGraph g;
  Node *x = g.Data("x", {3}, DT_FLOAT);
  Node *lo = g.Data("lo", {}, DT_INT32);
  Node *hi = g.Data("hi", {}, DT_FLOAT);
  g.Op("ClipByValue", "clip", {Out(x), Out(lo), Out(hi)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(
      ErrorContains("input 1 'clip_value_min' has dtype DT_INT32 but input 0 'x' has "
                    "DT_FLOAT; the host kernel needs one dtype"))
      << GetLastError();
}

TEST(DtypeCheckTest, HalvesMatchFloatWhereTheKernelRunsThemAsFloat) {
  TestGraph g;
  Node *a = g.Data("a", {2, 3}, DT_FLOAT16);
  Node *b = g.Data("b", {3, 2}, DT_FLOAT);
  Node *c = g.Data("c", {3, 2}, DT_DOUBLE);
  Node *mm = g.Op("MatMul", "mm", {Out(a), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(test::OutType(mm), DT_FLOAT16);
  g.Op("MatMul", "mixed", {Out(a), Out(c)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("(float16 and bfloat16 run as float32)")) << GetLastError();
}

TEST(DtypeCheckTest, OutputsAreCheckedToo) {
  TestGraph g;
  g.Data("text", {2}, DT_STRING);
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(
      ErrorContains("node 'text' (Data): output 0 'y' has dtype DT_STRING, which Data "
                    "does not produce on the host runtime"))
      << GetLastError();
}

TEST(DtypeCheckTest, DynamicPortsAreCheckedByTheirIrInput) {
  TestGraph g;
  Node *a = g.Data("a", {2}, DT_FLOAT);
  Node *b = g.Data("b", {2}, DT_COMPLEX64);  // Data holds it; AccumulateNV2 does not add it
  g.Op("AccumulateNV2", "acc", {Out(a), Out(b)}, {{"N", int64_t{2}}}, {{"x", 2}});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(ErrorContains("input 1 'x1' has dtype DT_COMPLEX64, which AccumulateNV2"))
      << GetLastError();
}

// Registers a custom prototype from its JSON form.
void RegisterJson(const std::string &text) {
  JsonValue json;
  OpPrototype prototype;
  ASSERT_EQ(ParseJson(text, &json), SUCCESS) << text;
  ASSERT_EQ(PrototypeFromJson(json, &prototype), SUCCESS) << GetLastError();
  ASSERT_EQ(OpCatalog::Instance().Register(std::move(prototype), true), SUCCESS) << GetLastError();
}

TEST(DtypeCheckTest, CustomPrototypesAreCheckedWhenTheyListDtypes) {
  RegisterJson(R"({"type": "DtypeCheckListed",
      "inputs": [{"name": "x", "kind": "required", "dtypes": ["DT_FLOAT"]}],
      "outputs": [{"name": "y", "kind": "required"}],
      "infer": {"rule": "same_as_input", "input": 0}})");
  RegisterJson(R"({"type": "DtypeCheckUnlisted",
      "inputs": [{"name": "x", "kind": "required"}],
      "outputs": [{"name": "y", "kind": "required"}],
      "infer": {"rule": "same_as_input", "input": 0}})");
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_INT32);
  g.Op("DtypeCheckUnlisted", "free", {Out(x)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  g.Op("DtypeCheckListed", "listed", {Out(x)});
  EXPECT_NE(g.Infer(), SUCCESS);
  EXPECT_TRUE(
      ErrorContains("input 0 'x' has dtype DT_INT32, which DtypeCheckListed does not "
                    "take on the host runtime (it takes DT_FLOAT)"))
      << GetLastError();
  EXPECT_EQ(OpCatalog::Instance().Unregister("DtypeCheckListed"), SUCCESS);
  EXPECT_EQ(OpCatalog::Instance().Unregister("DtypeCheckUnlisted"), SUCCESS);
}

}  // namespace
}  // namespace ge
