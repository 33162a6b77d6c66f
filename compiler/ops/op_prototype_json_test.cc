// Prototype <-> JSON conversion and the JSON-registered shape rules.
#include "ops/op_prototype_json.h"

#include <gtest/gtest.h>

#include "ops/infer_test_util.h"

namespace ge {
namespace {
using test::Dims;
using test::Out;
using test::OutDims;
using test::TestGraph;

TEST(OpPrototypeJsonTest, MatMulPrototypeAsJson) {
  JsonValue json = PrototypeToJson(*OpCatalog::Instance().Find("MatMul"));
  EXPECT_EQ(json.Find("type")->GetString(), "MatMul");
  EXPECT_EQ(json.Find("module")->GetString(), "math");
  const JsonValue::Array &inputs = json.Find("inputs")->GetArray();
  ASSERT_EQ(inputs.size(), 3U);
  EXPECT_EQ(inputs[2].Find("name")->GetString(), "bias");
  EXPECT_EQ(inputs[2].Find("kind")->GetString(), "optional");
  const JsonValue::Array &attrs = json.Find("attrs")->GetArray();
  ASSERT_EQ(attrs.size(), 2U);
  EXPECT_EQ(attrs[0].Find("type")->GetString(), "bool");
  EXPECT_FALSE(attrs[0].Find("required")->GetBool());
  EXPECT_TRUE(attrs[0].Find("default")->IsBool());
}

TEST(OpPrototypeJsonTest, DefaultsAndSubgraphsAreWritten) {
  JsonValue bn = PrototypeToJson(*OpCatalog::Instance().Find("BatchNorm"));
  EXPECT_EQ(bn.Find("attrs")->GetArray()[0].Find("default")->Dump(), "0.0001");
  JsonValue conv = PrototypeToJson(*OpCatalog::Instance().Find("Conv2D"));
  const JsonValue &strides = conv.Find("attrs")->GetArray()[0];
  EXPECT_EQ(strides.Find("name")->GetString(), "strides");
  EXPECT_TRUE(strides.Find("required")->GetBool());
  EXPECT_TRUE(strides.Find("default")->IsNull());
  JsonValue while_op = PrototypeToJson(*OpCatalog::Instance().Find("While"));
  EXPECT_EQ(while_op.Find("subgraphs")->Dump(),
            R"([{"name":"cond","kind":"static"},{"name":"body","kind":"static"}])");
  EXPECT_EQ(while_op.Find("attrs")->GetArray()[0].Find("default")->GetInt(), 10);
  JsonValue constant = PrototypeToJson(*OpCatalog::Instance().Find("Const"));
  EXPECT_TRUE(constant.Find("attrs")->GetArray()[0].Find("default")->IsNull());
}

TEST(OpPrototypeJsonTest, EveryBuiltinRoundTripsThroughJson) {
  for (const std::string &type : OpCatalog::Instance().ListTypes()) {
    const OpPrototype *original = OpCatalog::Instance().Find(type);
    JsonValue json = PrototypeToJson(*original);
    OpPrototype back;
    ASSERT_EQ(PrototypeFromJson(json, &back), SUCCESS) << type << ": " << GetLastError();
    EXPECT_EQ(PrototypeToJson(back).Find("attrs")->Dump(), json.Find("attrs")->Dump()) << type;
    ASSERT_EQ(back.inputs.size(), original->inputs.size()) << type;
    for (size_t i = 0; i < back.inputs.size(); ++i) {
      EXPECT_EQ(back.inputs[i].dtypes, original->inputs[i].dtypes) << type;
      EXPECT_EQ(back.inputs[i].kind, original->inputs[i].kind) << type;
    }
    ASSERT_EQ(back.attrs.size(), original->attrs.size()) << type;
    for (size_t i = 0; i < back.attrs.size(); ++i) {
      EXPECT_EQ(back.attrs[i].type, original->attrs[i].type) << type;
      if (original->attrs[i].default_value.GetValueType() != AttrValueType::kTensor) {
        EXPECT_EQ(back.attrs[i].default_value, original->attrs[i].default_value)
            << type << "." << back.attrs[i].name;
      }
    }
  }
}

TEST(OpPrototypeJsonTest, RegisteredCustomOpUsesJsonShapeRule) {
  JsonValue json;
  ASSERT_EQ(ParseJson(R"({"type": "TestJsonScale", "inputs": [{"name": "x"}, {"name": "y"}],
      "outputs": [{"name": "z"}], "attrs": [{"name": "alpha", "type": "float", "default": 2.5}],
      "infer": {"rule": "broadcast"}})",
                      &json),
            SUCCESS);
  OpPrototype proto;
  ASSERT_EQ(PrototypeFromJson(json, &proto), SUCCESS) << GetLastError();
  EXPECT_EQ(proto.module, "custom");
  ASSERT_EQ(OpCatalog::Instance().Register(proto, true), SUCCESS);
  TestGraph g;
  Node *a = g.Data("a", {2, 1});
  Node *b = g.Data("b", {3});
  Node *op = g.Op("TestJsonScale", "scale", {Out(a), Out(b)});
  ASSERT_EQ(g.Infer(), SUCCESS) << GetLastError();
  EXPECT_EQ(OutDims(op), (Dims{2, 3}));
  EXPECT_EQ(*op->GetOpDesc().GetAttrAs<float>("alpha"), 2.5F);
  OpCatalog::Instance().Unregister("TestJsonScale");
}

TEST(OpPrototypeJsonTest, NullDefaultMeansNoDefaultAndRoundTrips) {
  JsonValue json;
  ASSERT_EQ(ParseJson(R"({"type": "T", "attrs": [{"name": "a", "type": "float", "default": null},
      {"name": "t", "type": "tensor", "default": null}]})",
                      &json),
            SUCCESS);
  OpPrototype proto;
  ASSERT_EQ(PrototypeFromJson(json, &proto), SUCCESS) << GetLastError();
  ASSERT_EQ(proto.attrs.size(), 2U);
  EXPECT_TRUE(proto.attrs[0].default_value.IsEmpty());
  EXPECT_TRUE(proto.attrs[1].default_value.IsEmpty());
  OpPrototype back;
  ASSERT_EQ(PrototypeFromJson(PrototypeToJson(proto), &back), SUCCESS) << GetLastError();
  EXPECT_TRUE(back.attrs[0].default_value.IsEmpty());
}

TEST(OpPrototypeJsonTest, InvalidJsonPrototypesNameTheMember) {
  struct Case {
    const char *json;
    const char *message;
  };
  const Case cases[] = {
      {R"({"inputs": []})", "\"type\" must be a non-empty string"},
      {R"({"type": "T", "inputs": [{"name": "x", "kind": "maybe"}]})", "inputs[0]: kind \"maybe\""},
      {R"({"type": "T", "attrs": [{"name": "a", "type": "integer"}]})", "type \"integer\""},
      {R"({"type": "T", "attrs": [{"name": "a", "type": "int", "default": "x"}]})",
       "does not fit attribute type 'int'"},
      {R"({"type": "T", "inputs": [{"name": "x", "dtypes": ["DT_NOPE"]}]})", "DT_NOPE"},
      {R"({"type": "T", "infer": {"rule": "magic"}})", "rule \"magic\""},
      {R"([1])", "must be an object"},
  };
  for (const Case &c : cases) {
    JsonValue json;
    ASSERT_EQ(ParseJson(c.json, &json), SUCCESS) << c.json;
    OpPrototype proto;
    EXPECT_NE(PrototypeFromJson(json, &proto), SUCCESS) << c.json;
    EXPECT_NE(GetLastError().find(c.message), std::string::npos) << GetLastError();
  }
}

}  // namespace
}  // namespace ge
