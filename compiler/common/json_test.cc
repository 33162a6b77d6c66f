// JSON reader/writer: round trips, escapes, numbers, error offsets.
#include "common/json.h"

#include <gtest/gtest.h>

#include "common/error.h"

namespace ge {
namespace {

TEST(JsonTest, ParsesNestedDocumentAndKeepsMemberOrder) {
  JsonValue value;
  ASSERT_EQ(ParseJson(R"( {"b": [1, 2.5, true, null], "a": {"x": "y"}} )", &value), SUCCESS);
  ASSERT_TRUE(value.IsObject());
  EXPECT_EQ(value.GetObject()[0].first, "b");
  EXPECT_EQ(value.GetObject()[1].first, "a");
  const JsonValue *b = value.Find("b");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->Size(), 4U);
  EXPECT_TRUE(b->GetArray()[0].IsInteger());
  EXPECT_EQ(b->GetArray()[0].GetInt(), 1);
  EXPECT_FALSE(b->GetArray()[1].IsInteger());
  EXPECT_DOUBLE_EQ(b->GetArray()[1].GetDouble(), 2.5);
  EXPECT_TRUE(b->GetArray()[2].GetBool());
  EXPECT_TRUE(b->GetArray()[3].IsNull());
  EXPECT_EQ(value.Find("a")->Find("x")->GetString(), "y");
  EXPECT_EQ(value.Find("missing"), nullptr);
}

TEST(JsonTest, DumpParsesBackToEqualValue) {
  JsonValue value = JsonValue::MakeObject();
  value.Set("int", int64_t{-9223372036854775807LL - 1});
  value.Set("float", 0.1);
  value.Set("text", "quote \" backslash \\ newline \n tab \t ctrl \x01 utf8 \xc3\xa9");
  value.Set("list", JsonValue::MakeArray()).Append(JsonValue(false));
  value.Set("empty", JsonValue::MakeObject());
  for (int indent : {-1, 2}) {
    JsonValue back;
    ASSERT_EQ(ParseJson(value.Dump(indent), &back), SUCCESS) << value.Dump(indent);
    EXPECT_EQ(back, value) << value.Dump(indent);
  }
  EXPECT_EQ(JsonValue(0.1).Dump(), "0.1");
  EXPECT_EQ(JsonValue(1.0).Dump(), "1.0");
  EXPECT_EQ(JsonValue(int64_t{3}).Dump(), "3");
}

TEST(JsonTest, SetReplacesExistingMember) {
  JsonValue value;
  value.Set("k", 1);
  value.Set("k", 2);
  EXPECT_EQ(value.Size(), 1U);
  EXPECT_EQ(value.Find("k")->GetInt(), 2);
}

TEST(JsonTest, DecodesUnicodeEscapesIncludingSurrogatePairs) {
  JsonValue value;
  ASSERT_EQ(ParseJson(R"("\u00e9\ud83d\ude00\n")", &value), SUCCESS);
  EXPECT_EQ(value.GetString(), "\xc3\xa9\xf0\x9f\x98\x80\n");
  EXPECT_NE(ParseJson(R"("\ud83d")", &value), SUCCESS);
  EXPECT_NE(GetLastError().find("surrogate"), std::string::npos);
}

TEST(JsonTest, LargeUnsignedAndOutOfRangeNumbers) {
  JsonValue value;
  ASSERT_EQ(ParseJson("18446744073709551615", &value), SUCCESS);
  EXPECT_TRUE(value.IsNumber());
  EXPECT_FALSE(value.IsInteger());
  ASSERT_EQ(ParseJson("1e400", &value), SUCCESS);
  EXPECT_EQ(value.Dump(), "null");  // infinity has no JSON spelling
}

TEST(JsonTest, ErrorsNameOffsetLineAndColumn) {
  JsonValue value;
  EXPECT_NE(ParseJson("{\"a\": 1,\n \"b\" 2}", &value), SUCCESS);
  EXPECT_NE(GetLastError().find("offset 14 (line 2, column 6)"), std::string::npos)
      << GetLastError();
  EXPECT_NE(GetLastError().find("expected ':'"), std::string::npos);
  for (const char *bad : {"", "[1,]", "{\"a\"}", "01", "1.", "-", "tru", "\"abc", "[1] 2",
                          "{'a': 1}", "\"\t\"", "nan"}) {
    EXPECT_NE(ParseJson(bad, &value), SUCCESS) << bad;
    EXPECT_NE(GetLastError().find("invalid JSON at offset"), std::string::npos) << bad;
  }
}

TEST(JsonTest, DeepNestingFailsInsteadOfOverflowingTheStack) {
  std::string deep(100000, '[');
  JsonValue value;
  EXPECT_NE(ParseJson(deep, &value), SUCCESS);
  EXPECT_NE(GetLastError().find("nesting deeper"), std::string::npos);
}

TEST(JsonTest, FailedParseLeavesOutputUntouched) {
  JsonValue value(int64_t{7});
  EXPECT_NE(ParseJson("[1, 2", &value), SUCCESS);
  EXPECT_EQ(value.GetInt(), 7);
}

}  // namespace
}  // namespace ge
