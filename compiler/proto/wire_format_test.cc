#include "proto/wire_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"

namespace ge {
namespace proto {
namespace {

std::string Hex(const std::string &bytes) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string text;
  for (unsigned char c : bytes) {
    if (!text.empty()) {
      text += ' ';
    }
    text += kDigits[c >> 4];
    text += kDigits[c & 15];
  }
  return text;
}

std::string ErrorOf(const std::string &bytes) {
  const std::string source = "model.air";
  try {
    WireReader reader(bytes, source);
    WireField field;
    while (reader.Next(&field)) {
    }
  } catch (const GeException &e) {
    return e.what();
  }
  return "";
}

TEST(WireFormatTest, NegativeInt64TakesTenBytes) {
  std::string out;
  WireWriter writer(&out);
  writer.WriteInt64(3, -1);
  EXPECT_EQ(Hex(out), "18 FF FF FF FF FF FF FF FF FF 01");
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  EXPECT_EQ(field.number, 3U);
  EXPECT_EQ(field.AsInt64(), -1);
  EXPECT_EQ(field.AsInt32(), -1);
  EXPECT_FALSE(reader.Next(&field));
}

TEST(WireFormatTest, TwoByteTagsForFieldsAbove15) {
  std::string out;
  WireWriter writer(&out);
  writer.WriteInt64(20, 2);
  size_t token = writer.BeginMessage(33);
  writer.EndMessage(token);
  EXPECT_EQ(Hex(out), "A0 01 02 8A 02 00");
}

TEST(WireFormatTest, VarintRoundTripsBoundaries) {
  const std::vector<int64_t> values = {0,     1,         127,       128,       16383,
                                       16384, INT32_MAX, INT64_MAX, INT64_MIN, -2};
  std::string out;
  WireWriter writer(&out);
  for (int64_t value : values) {
    writer.WriteInt64(1, value);
  }
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  std::vector<int64_t> read;
  while (reader.Next(&field)) {
    read.push_back(field.AsInt64());
  }
  EXPECT_EQ(read, values);
}

TEST(WireFormatTest, PackedUnpackedAndMixedRepeatedScalarsAllAccepted) {
  std::string out;
  WireWriter writer(&out);
  writer.WritePackedInt64(1, {1, -1, 300});
  writer.WriteInt64(1, 7);  // unpacked element after a packed run
  writer.WritePackedFloat(2, {0.5F, -2.0F});
  writer.WriteFloat(2, 3.0F);
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  std::vector<int64_t> ints;
  std::vector<float> floats;
  while (reader.Next(&field)) {
    if (field.number == 1) {
      reader.AppendVarints(field, "ints", &ints);
    } else {
      reader.AppendFloats(field, "floats", &floats);
    }
  }
  EXPECT_EQ(ints, (std::vector<int64_t>{1, -1, 300, 7}));
  EXPECT_EQ(floats, (std::vector<float>{0.5F, -2.0F, 3.0F}));
}

TEST(WireFormatTest, UnknownFieldsOfEveryWireTypeAreSkipped) {
  std::string out;
  WireWriter writer(&out);
  writer.WriteInt64(100, 5);
  writer.WriteDouble(101, 1.5);
  writer.WriteFloat(102, 2.5F);
  writer.WriteBytes(103, "xyz");
  writer.WriteBytes(1, "name");
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  std::string name;
  int count = 0;
  while (reader.Next(&field)) {
    ++count;
    if (field.number == 1) {
      name = field.AsString();
    }
  }
  EXPECT_EQ(count, 5);
  EXPECT_EQ(name, "name");
}

TEST(WireFormatTest, LongSubMessageLengthIsWidenedInPlace) {
  std::string out;
  WireWriter writer(&out);
  const size_t outer = writer.BeginMessage(1);
  writer.WriteBytes(2, std::string(300, 'a'));
  const size_t inner = writer.BeginMessage(3);
  writer.WriteInt64(1, 9);
  writer.EndMessage(inner);
  writer.EndMessage(outer);
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  EXPECT_EQ(field.bytes.size(), out.size() - 3);  // tag + 2-byte length
  WireReader nested = reader.Nested(field, "outer");
  ASSERT_TRUE(nested.Next(&field));
  EXPECT_EQ(field.bytes.size(), 300U);
  ASSERT_TRUE(nested.Next(&field));
  WireReader innermost = nested.Nested(field, "inner");
  ASSERT_TRUE(innermost.Next(&field));
  EXPECT_EQ(field.AsInt64(), 9);
}

TEST(WireFormatTest, TruncatedVarintReportsSourceAndOffset) {
  EXPECT_EQ(ErrorOf(std::string("\x08\x80", 2)),
            "model.air: truncated varint of field 1 at byte offset 1");
}

TEST(WireFormatTest, TruncatedLengthDelimitedReportsOffset) {
  EXPECT_EQ(
      ErrorOf(std::string("\x08\x01\x12\x05"
                          "ab",
                          6)),
      "model.air: truncated length-delimited field 2 (needs 5 bytes, 2 remain) at byte offset 3");
}

TEST(WireFormatTest, TruncatedFixedWidthValueReportsOffset) {
  EXPECT_EQ(ErrorOf(std::string("\x25\x00\x00", 3)),
            "model.air: truncated I32 value of field 4 at byte offset 1");
  EXPECT_EQ(ErrorOf(std::string("\x09\x00", 2)),
            "model.air: truncated I64 value of field 1 at byte offset 1");
}

TEST(WireFormatTest, GroupsAndInvalidWireTypesAreRejected) {
  EXPECT_EQ(ErrorOf(std::string("\x0B", 1)),
            "model.air: group wire type in field 1 is not supported at byte offset 0");
  EXPECT_EQ(ErrorOf(std::string("\x08\x01\x0E", 3)),
            "model.air: invalid wire type 6 in field 1 at byte offset 2");
  EXPECT_EQ(ErrorOf(std::string("\x00", 1)), "model.air: invalid field number 0 at byte offset 0");
}

TEST(WireFormatTest, OverlongVarintIsRejected) {
  std::string bytes = "\x08";
  bytes += std::string(10, '\xFF');
  bytes += '\x01';
  EXPECT_EQ(ErrorOf(bytes),
            "model.air: varint overflows 64 bits in varint of field 1 at byte offset 1");
}

TEST(WireFormatTest, NestedOffsetsAreAbsolute) {
  // field 3 = 1, then field 1 { field 2: <truncated varint> }
  const std::string bytes = std::string("\x18\x01", 2) + std::string("\x0A\x02\x10\x80", 4);
  const std::string source = "nested.air";
  WireReader reader(bytes, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  ASSERT_TRUE(reader.Next(&field));
  WireReader nested = reader.Nested(field, "msg");
  try {
    nested.Next(&field);
    FAIL() << "expected an error";
  } catch (const GeException &e) {
    EXPECT_STREQ(e.what(), "nested.air: truncated varint of field 2 at byte offset 5");
  }
}

TEST(WireFormatTest, DepthLimitStopsDeepNesting) {
  // kMaxMessageDepth + 1 nested messages, each field 1.
  std::string payload;
  for (int i = 0; i <= kMaxMessageDepth; ++i) {
    std::string outer;
    WireWriter writer(&outer);
    writer.WriteBytes(1, payload);
    payload = outer;
  }
  const std::string source = "deep.air";
  WireReader reader(payload, source);
  std::string error;
  try {
    WireField field;
    WireReader current = reader;
    while (current.Next(&field)) {
      current = current.Nested(field, "msg");
    }
  } catch (const GeException &e) {
    error = e.what();
  }
  EXPECT_NE(error.find("deep.air: message nesting deeper than 64"), std::string::npos) << error;
}

TEST(WireFormatTest, WireTypeMismatchNamesTheField) {
  const std::string bytes("\x08\x01", 2);
  const std::string source = "m.air";
  WireReader reader(bytes, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  try {
    reader.ExpectType(field, WireType::kLen, "OpDef.name");
    FAIL();
  } catch (const GeException &e) {
    EXPECT_STREQ(e.what(),
                 "m.air: OpDef.name (field 1) has wire type VARINT, expected LEN at byte offset 0");
  }
}

TEST(WireFormatTest, PackedFloatLengthMustBeMultipleOfFour) {
  const std::string bytes("\x0A\x03\x00\x00\x00", 5);
  const std::string source = "m.air";
  WireReader reader(bytes, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  std::vector<float> floats;
  EXPECT_THROW(reader.AppendFloats(field, "f", &floats), GeException);
}

TEST(WireFormatTest, PackedAndUnpackedEightByteScalarsAreRead) {
  // Field 1: one unpacked double, then a packed run of two; field 2: a packed fixed64 run.
  std::string out;
  WireWriter writer(&out);
  writer.WriteDouble(1, 0.25);
  std::string packed_doubles;
  WireWriter packed_writer(&packed_doubles);
  packed_writer.WriteDouble(9, -1.5);
  packed_writer.WriteDouble(9, 1e300);
  // Strip the two one-byte tags (9 << 3 | I64 = 0x49) to get the raw packed payload.
  std::string raw_doubles = packed_doubles.substr(1, 8) + packed_doubles.substr(10, 8);
  writer.WriteBytes(1, raw_doubles);
  std::string raw_fixed("\x01\x00\x00\x00\x00\x00\x00\x80\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF", 16);
  writer.WriteBytes(2, raw_fixed);
  const std::string source = "<memory>";
  WireReader reader(out, source);
  WireField field;
  std::vector<double> doubles;
  std::vector<uint64_t> fixed;
  while (reader.Next(&field)) {
    if (field.number == 1) {
      reader.AppendDoubles(field, "doubles", &doubles);
    } else {
      reader.AppendFixed64(field, "fixed", &fixed);
    }
  }
  EXPECT_EQ(doubles, (std::vector<double>{0.25, -1.5, 1e300}));
  EXPECT_EQ(fixed, (std::vector<uint64_t>{0x8000000000000001ULL, UINT64_MAX}));
}

TEST(WireFormatTest, PackedEightByteRunMustBeMultipleOfEight) {
  const std::string bytes("\x0A\x0C\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", 14);
  const std::string source = "m.air";
  WireReader reader(bytes, source);
  WireField field;
  ASSERT_TRUE(reader.Next(&field));
  std::vector<double> doubles;
  try {
    reader.AppendDoubles(field, "TensorDef.double_data", &doubles);
    FAIL();
  } catch (const GeException &e) {
    EXPECT_STREQ(e.what(),
                 "m.air: packed TensorDef.double_data payload of 12 bytes is not a multiple of 8 "
                 "at byte offset 0");
  }
  std::vector<uint64_t> fixed;
  EXPECT_THROW(reader.AppendFixed64(field, "f", &fixed), GeException);
  EXPECT_TRUE(doubles.empty());
}

}  // namespace
}  // namespace proto
}  // namespace ge
