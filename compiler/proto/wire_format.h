// A schema-agnostic protobuf wire codec shared by the AIR and ONNX code, so no
// libprotobuf is needed. The reader walks one message's records and reports malformed input with
// the source name and the absolute byte offset; the writer emits canonical, deterministic bytes.
#ifndef GE_PROTO_WIRE_FORMAT_H_
#define GE_PROTO_WIRE_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ge {
namespace proto {

enum class WireType : uint8_t {
  kVarint = 0,
  kI64 = 1,
  kLen = 2,
  kStartGroup = 3,
  kEndGroup = 4,
  kI32 = 5
};

/// Nesting limit for sub-messages; deeper input is rejected instead of exhausting the stack.
constexpr int kMaxMessageDepth = 64;

/// One record of a message. For kVarint/kI32/kI64 the value is in `scalar` (raw bits); for kLen
/// the payload is `bytes`, a view into the reader's buffer.
struct WireField {
  uint32_t number = 0;
  WireType type = WireType::kVarint;
  uint64_t scalar = 0;
  std::string_view bytes;
  size_t offset = 0;          // absolute offset of the tag in the source
  size_t payload_offset = 0;  // absolute offset of the payload (after tag and length)

  int64_t AsInt64() const { return static_cast<int64_t>(scalar); }
  /// int32 and enum fields keep the low 32 bits of the sign-extended varint.
  int32_t AsInt32() const { return static_cast<int32_t>(static_cast<uint32_t>(scalar)); }
  bool AsBool() const { return scalar != 0; }
  float AsFloat() const;
  double AsDouble() const;
  std::string AsString() const { return std::string(bytes); }
};

/// Reads the records of one message. Malformed input throws ge::GeException whose message reads
/// "<source>: <problem> at byte offset N".
class WireReader {
 public:
  /// `source` names the input in error messages (a file path or "<memory>"); it must outlive the
  /// reader. `base_offset` is where `data` starts in the source.
  WireReader(std::string_view data, const std::string &source, size_t base_offset = 0,
             int depth = 0);

  /// Reads the next record into `field`; false at the end of the message. Groups are rejected.
  bool Next(WireField *field);
  /// A reader over the payload of a LEN record, one nesting level deeper. `what` names the
  /// message for the depth error.
  WireReader Nested(const WireField &field, const char *what) const {
    if (field.type != WireType::kLen || depth_ >= kMaxMessageDepth) {
      FailNested(field, what);
    }
    return WireReader(field.bytes, *source_, field.payload_offset, depth_ + 1);
  }
  /// Throws unless `field` has wire type `type` (`what` names the schema field).
  void ExpectType(const WireField &field, WireType type, const char *what) const {
    // Inline check, out-of-line message: this runs for almost every record of a model.
    if (field.type != type) {
      FailType(field, type, what);
    }
  }

  // Repeated scalars: accept one unpacked element or one packed run, so mixed forms work too.
  void AppendVarints(const WireField &field, const char *what, std::vector<int64_t> *values) const;
  void AppendBools(const WireField &field, const char *what, std::vector<bool> *values) const;
  void AppendFloats(const WireField &field, const char *what, std::vector<float> *values) const;
  void AppendDoubles(const WireField &field, const char *what, std::vector<double> *values) const;
  void AppendFixed64(const WireField &field, const char *what, std::vector<uint64_t> *values) const;

  /// Throws "<source>: <message> at byte offset <offset>".
  [[noreturn]] void Fail(const std::string &message, size_t offset) const;
  const std::string &source() const { return *source_; }
  int depth() const { return depth_; }
  /// The whole message this reader walks (a view into the source bytes).
  std::string_view data() const { return data_; }

 private:
  uint64_t ReadVarint(size_t *pos, const char *what, uint32_t number) const;
  [[noreturn]] void FailType(const WireField &field, WireType type, const char *what) const;
  [[noreturn]] void FailNested(const WireField &field, const char *what) const;

  std::string_view data_;
  const std::string *source_;
  size_t base_;
  size_t pos_ = 0;
  int depth_;
};

/// Appends canonical protobuf records to a string. Sub-messages are written in place between
/// BeginMessage and EndMessage; the length prefix is fixed up at the end.
class WireWriter {
 public:
  explicit WireWriter(std::string *out) : out_(out) {}

  void WriteVarint(uint64_t value) {
    if (value < 0x80U) {  // tags, small lengths and small ints: one byte
      out_->push_back(static_cast<char>(value));
    } else {
      WriteLongVarint(value);
    }
  }
  void WriteTag(uint32_t number, WireType type) {
    WriteVarint((static_cast<uint64_t>(number) << 3) | static_cast<uint64_t>(type));
  }
  /// int32/int64/enum: negative values are sign-extended to 10 bytes.
  void WriteInt64(uint32_t number, int64_t value);
  void WriteUInt64(uint32_t number, uint64_t value);
  void WriteBool(uint32_t number, bool value);
  void WriteFloat(uint32_t number, float value);
  void WriteDouble(uint32_t number, double value);
  void WriteBytes(uint32_t number, std::string_view value) {
    WriteTag(number, WireType::kLen);
    WriteVarint(value.size());
    out_->append(value.data(), value.size());
  }
  void WriteBytes(uint32_t number, const void *data, size_t size);
  /// Packed repeated fields (one LEN record); nothing is written for an empty list.
  void WritePackedInt64(uint32_t number, const std::vector<int64_t> &values);
  void WritePackedBool(uint32_t number, const std::vector<bool> &values);
  void WritePackedFloat(uint32_t number, const std::vector<float> &values);

  /// Starts a sub-message record; returns a token for EndMessage. Messages nest.
  size_t BeginMessage(uint32_t number);
  void EndMessage(size_t token);

  std::string *out() { return out_; }

 private:
  void WriteLongVarint(uint64_t value);

  std::string *out_;
};

/// Bytes a varint of `value` takes (1..10).
size_t VarintSize(uint64_t value);

}  // namespace proto
}  // namespace ge

#endif  // GE_PROTO_WIRE_FORMAT_H_
