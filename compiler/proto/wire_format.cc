#include "proto/wire_format.h"

#include <cstring>

#include "common/error.h"

namespace ge {
namespace proto {
namespace {

const char *WireTypeName(WireType type) {
  switch (type) {
    case WireType::kVarint: return "VARINT";
    case WireType::kI64: return "I64";
    case WireType::kLen: return "LEN";
    case WireType::kI32: return "I32";
    case WireType::kStartGroup: return "SGROUP";
    case WireType::kEndGroup: return "EGROUP";
  }
  return "?";
}

template <typename T>
T LoadLittleEndian(const char *p) {
  // Wire data is little-endian and unaligned; copy byte by byte into the value's bits.
  uint64_t bits = 0;
  for (size_t i = 0; i < sizeof(T); ++i) {
    bits |= static_cast<uint64_t>(static_cast<uint8_t>(p[i])) << (8 * i);
  }
  T value;
  if constexpr (sizeof(T) == 4) {
    uint32_t narrow = static_cast<uint32_t>(bits);
    std::memcpy(&value, &narrow, sizeof(value));
  } else {
    std::memcpy(&value, &bits, sizeof(value));
  }
  return value;
}

void AppendLittleEndian(std::string *out, uint64_t bits, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    out->push_back(static_cast<char>((bits >> (8 * i)) & 0xFFU));
  }
}

}  // namespace

float WireField::AsFloat() const {
  uint32_t bits = static_cast<uint32_t>(scalar);
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

double WireField::AsDouble() const {
  double value;
  std::memcpy(&value, &scalar, sizeof(value));
  return value;
}

WireReader::WireReader(std::string_view data, const std::string &source, size_t base_offset,
                       int depth)
    : data_(data), source_(&source), base_(base_offset), depth_(depth) {}

void WireReader::Fail(const std::string &message, size_t offset) const {
  throw GeException(*source_ + ": " + message + " at byte offset " + std::to_string(offset));
}

uint64_t WireReader::ReadVarint(size_t *pos, const char *what, uint32_t number) const {
  const size_t start = *pos;
  // Built only on failure: this loop runs for every record of large models.
  auto describe = [what, number]() {
    return number == 0 ? std::string(what)
                       : std::string(what) + " of field " + std::to_string(number);
  };
  uint64_t value = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    if (*pos >= data_.size()) {
      Fail("truncated " + describe(), base_ + start);
    }
    const uint8_t byte = static_cast<uint8_t>(data_[(*pos)++]);
    if (shift == 63 && byte > 1) {
      Fail("varint overflows 64 bits in " + describe(), base_ + start);
    }
    value |= static_cast<uint64_t>(byte & 0x7FU) << shift;
    if ((byte & 0x80U) == 0) {
      return value;
    }
  }
  Fail("varint longer than 10 bytes in " + describe(), base_ + start);
}

bool WireReader::Next(WireField *field) {
  if (pos_ >= data_.size()) {
    return false;
  }
  const size_t tag_pos = pos_;
  // Tags below 128 (field numbers up to 15) are one byte: decode them without the general loop.
  const uint8_t first = static_cast<uint8_t>(data_[pos_]);
  uint64_t tag;
  if (first < 0x80U) {
    tag = first;
    ++pos_;
  } else {
    tag = ReadVarint(&pos_, "tag", 0);
  }
  const uint64_t number = tag >> 3;
  const uint32_t type = static_cast<uint32_t>(tag & 7U);
  if (number == 0 || number > 0x1FFFFFFFU) {
    Fail("invalid field number " + std::to_string(number), base_ + tag_pos);
  }
  field->number = static_cast<uint32_t>(number);
  field->offset = base_ + tag_pos;
  field->bytes = std::string_view();
  field->scalar = 0;
  auto field_name = [number]() { return "field " + std::to_string(number); };
  switch (type) {
    case 0:
      field->type = WireType::kVarint;
      field->payload_offset = base_ + pos_;
      field->scalar = ReadVarint(&pos_, "varint", field->number);
      return true;
    case 1:
    case 5: {
      const size_t size = type == 1 ? 8 : 4;
      field->type = type == 1 ? WireType::kI64 : WireType::kI32;
      field->payload_offset = base_ + pos_;
      if (data_.size() - pos_ < size) {
        Fail("truncated " + std::string(type == 1 ? "I64" : "I32") + " value of " + field_name(),
             base_ + pos_);
      }
      field->scalar = size == 8 ? LoadLittleEndian<uint64_t>(data_.data() + pos_)
                                : LoadLittleEndian<uint32_t>(data_.data() + pos_);
      pos_ += size;
      return true;
    }
    case 2: {
      field->type = WireType::kLen;
      const size_t len_pos = pos_;
      uint64_t size;
      if (pos_ < data_.size() && static_cast<uint8_t>(data_[pos_]) < 0x80U) {
        size = static_cast<uint8_t>(data_[pos_++]);  // lengths below 128: one byte
      } else {
        size = ReadVarint(&pos_, "length", field->number);
      }
      if (size > data_.size() - pos_) {
        Fail("truncated length-delimited " + field_name() + " (needs " + std::to_string(size) +
                 " bytes, " + std::to_string(data_.size() - pos_) + " remain)",
             base_ + len_pos);
      }
      field->payload_offset = base_ + pos_;
      field->bytes = data_.substr(pos_, static_cast<size_t>(size));
      pos_ += static_cast<size_t>(size);
      return true;
    }
    case 3:
    case 4: Fail("group wire type in " + field_name() + " is not supported", base_ + tag_pos);
    default:
      Fail("invalid wire type " + std::to_string(type) + " in " + field_name(), base_ + tag_pos);
  }
}

void WireReader::FailNested(const WireField &field, const char *what) const {
  ExpectType(field, WireType::kLen, what);
  Fail(std::string("message nesting deeper than ") + std::to_string(kMaxMessageDepth) + " in " +
           what,
       field.offset);
}

void WireReader::FailType(const WireField &field, WireType type, const char *what) const {
  Fail(std::string(what) + " (field " + std::to_string(field.number) + ") has wire type " +
           WireTypeName(field.type) + ", expected " + WireTypeName(type),
       field.offset);
}

void WireReader::AppendVarints(const WireField &field, const char *what,
                               std::vector<int64_t> *values) const {
  if (field.type == WireType::kVarint) {
    values->push_back(field.AsInt64());
    return;
  }
  ExpectType(field, WireType::kLen, what);
  WireReader packed(field.bytes, *source_, field.payload_offset, depth_);
  while (packed.pos_ < packed.data_.size()) {
    values->push_back(static_cast<int64_t>(packed.ReadVarint(&packed.pos_, what, field.number)));
  }
}

void WireReader::AppendBools(const WireField &field, const char *what,
                             std::vector<bool> *values) const {
  std::vector<int64_t> raw;
  AppendVarints(field, what, &raw);
  for (int64_t value : raw) {
    values->push_back(value != 0);
  }
}

namespace {

// One unpacked element (wire type `scalar_type`, already decoded by the caller through
// `unpacked`) or a packed LEN run of little-endian `T`s: the three fixed-width repeated kinds
// differ only in the element type and how a single element is read.
template <typename T, typename Unpacked>
void AppendFixedWidth(const WireReader &reader, const WireField &field, const char *what,
                      WireType scalar_type, Unpacked unpacked, std::vector<T> *values) {
  if (field.type == scalar_type) {
    values->push_back(unpacked(field));
    return;
  }
  reader.ExpectType(field, WireType::kLen, what);
  if (field.bytes.size() % sizeof(T) != 0) {
    reader.Fail(std::string("packed ") + what + " payload of " +
                    std::to_string(field.bytes.size()) + " bytes is not a multiple of " +
                    std::to_string(sizeof(T)),
                field.offset);
  }
  for (size_t i = 0; i < field.bytes.size(); i += sizeof(T)) {
    values->push_back(LoadLittleEndian<T>(field.bytes.data() + i));
  }
}

}  // namespace

void WireReader::AppendFloats(const WireField &field, const char *what,
                              std::vector<float> *values) const {
  AppendFixedWidth(
      *this, field, what, WireType::kI32, [](const WireField &f) { return f.AsFloat(); }, values);
}

void WireReader::AppendDoubles(const WireField &field, const char *what,
                               std::vector<double> *values) const {
  AppendFixedWidth(
      *this, field, what, WireType::kI64, [](const WireField &f) { return f.AsDouble(); }, values);
}

void WireReader::AppendFixed64(const WireField &field, const char *what,
                               std::vector<uint64_t> *values) const {
  AppendFixedWidth(
      *this, field, what, WireType::kI64, [](const WireField &f) { return f.scalar; }, values);
}

size_t VarintSize(uint64_t value) {
  size_t size = 1;
  while (value >= 0x80U) {
    value >>= 7;
    ++size;
  }
  return size;
}

void WireWriter::WriteLongVarint(uint64_t value) {
  // Encode into a local buffer, then append once (one capacity check instead of one per byte).
  char buffer[10];
  size_t size = 0;
  while (value >= 0x80U) {
    buffer[size++] = static_cast<char>((value & 0x7FU) | 0x80U);
    value >>= 7;
  }
  buffer[size++] = static_cast<char>(value);
  out_->append(buffer, size);
}

void WireWriter::WriteInt64(uint32_t number, int64_t value) {
  WriteTag(number, WireType::kVarint);
  WriteVarint(static_cast<uint64_t>(value));
}

void WireWriter::WriteUInt64(uint32_t number, uint64_t value) {
  WriteTag(number, WireType::kVarint);
  WriteVarint(value);
}

void WireWriter::WriteBool(uint32_t number, bool value) {
  WriteTag(number, WireType::kVarint);
  WriteVarint(value ? 1U : 0U);
}

void WireWriter::WriteFloat(uint32_t number, float value) {
  WriteTag(number, WireType::kI32);
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  AppendLittleEndian(out_, bits, 4);
}

void WireWriter::WriteDouble(uint32_t number, double value) {
  WriteTag(number, WireType::kI64);
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  AppendLittleEndian(out_, bits, 8);
}

void WireWriter::WriteBytes(uint32_t number, const void *data, size_t size) {
  WriteTag(number, WireType::kLen);
  WriteVarint(size);
  if (size != 0) {
    out_->append(static_cast<const char *>(data), size);
  }
}

void WireWriter::WritePackedInt64(uint32_t number, const std::vector<int64_t> &values) {
  if (values.empty()) {
    return;
  }
  size_t size = 0;
  for (int64_t value : values) {
    size += VarintSize(static_cast<uint64_t>(value));
  }
  WriteTag(number, WireType::kLen);
  WriteVarint(size);
  for (int64_t value : values) {
    WriteVarint(static_cast<uint64_t>(value));
  }
}

void WireWriter::WritePackedBool(uint32_t number, const std::vector<bool> &values) {
  if (values.empty()) {
    return;
  }
  WriteTag(number, WireType::kLen);
  WriteVarint(values.size());
  for (bool value : values) {
    out_->push_back(value ? '\1' : '\0');
  }
}

void WireWriter::WritePackedFloat(uint32_t number, const std::vector<float> &values) {
  if (values.empty()) {
    return;
  }
  WriteTag(number, WireType::kLen);
  WriteVarint(values.size() * 4);
  for (float value : values) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    AppendLittleEndian(out_, bits, 4);
  }
}

size_t WireWriter::BeginMessage(uint32_t number) {
  WriteTag(number, WireType::kLen);
  // One length byte is reserved; EndMessage widens it when the payload reaches 128 bytes.
  out_->push_back('\0');
  return out_->size();
}

void WireWriter::EndMessage(size_t token) {
  const size_t size = out_->size() - token;
  const size_t width = VarintSize(size);
  if (width > 1) {
    out_->insert(token, width - 1, '\0');
  }
  size_t pos = token - 1;
  uint64_t value = size;
  while (value >= 0x80U) {
    (*out_)[pos++] = static_cast<char>((value & 0x7FU) | 0x80U);
    value >>= 7;
  }
  (*out_)[pos] = static_cast<char>(value);
}

}  // namespace proto
}  // namespace ge
