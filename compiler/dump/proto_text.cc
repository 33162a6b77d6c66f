#include "dump/proto_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "proto/wire_format.h"

namespace ge {
namespace text {

std::string Quote(std::string_view bytes) {
  std::string out = "\"";
  for (unsigned char c : bytes) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c < 0x20 || c >= 0x7F) {
          char octal[5];
          std::snprintf(octal, sizeof(octal), "\\%03o", c);
          out += octal;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

namespace {

template <typename T>
std::string FormatShortest(T value, int short_digits, int full_digits) {
  if (std::isnan(value)) {
    return "nan";
  }
  if (std::isinf(value)) {
    return value > 0 ? "inf" : "-inf";
  }
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", short_digits, static_cast<double>(value));
  T parsed;
  if constexpr (sizeof(T) == sizeof(float)) {
    parsed = std::strtof(buffer, nullptr);
  } else {
    parsed = std::strtod(buffer, nullptr);
  }
  if (parsed != value) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", full_digits, static_cast<double>(value));
  }
  return buffer;
}

void Indent(int indent, std::string *out) { out->append(static_cast<size_t>(indent) * 2, ' '); }

void PrintScalar(const FieldSchema &schema, const proto::WireField &field, uint64_t raw, int indent,
                 std::string *out) {
  Indent(indent, out);
  *out += schema.name;
  *out += ": ";
  switch (schema.kind) {
    case FieldKind::kInt64: *out += std::to_string(static_cast<int64_t>(raw)); break;
    case FieldKind::kUInt64: *out += std::to_string(raw); break;
    case FieldKind::kInt32:
      *out += std::to_string(static_cast<int32_t>(static_cast<uint32_t>(raw)));
      break;
    case FieldKind::kBool: *out += raw != 0 ? "true" : "false"; break;
    case FieldKind::kFloat: {
      proto::WireField bits;
      bits.scalar = raw;
      *out += FormatFloat(bits.AsFloat());
      break;
    }
    case FieldKind::kDouble: {
      proto::WireField bits;
      bits.scalar = raw;
      *out += FormatDouble(bits.AsDouble());
      break;
    }
    case FieldKind::kEnum: {
      const int32_t value = static_cast<int32_t>(static_cast<uint32_t>(raw));
      const char *name = schema.enum_name(value);
      *out += (name != nullptr && *name != '\0') ? std::string(name) : std::to_string(value);
      break;
    }
    case FieldKind::kString: *out += Quote(field.bytes); break;
    case FieldKind::kMessage: break;
  }
  *out += '\n';
}

}  // namespace

std::string FormatFloat(float value) { return FormatShortest(value, 6, 9); }
std::string FormatDouble(double value) { return FormatShortest(value, 15, 17); }

void PrintMessage(std::string_view bytes, const MessageSchema &schema, int indent,
                  std::string *out) {
  static const std::string kSource = "<text dump>";
  proto::WireReader reader(bytes, kSource, 0, indent);
  std::vector<proto::WireField> fields;
  proto::WireField field;
  while (reader.Next(&field)) {
    fields.push_back(field);
  }
  // TextFormat prints by field number; records of one field keep their wire order.
  std::stable_sort(
      fields.begin(), fields.end(),
      [](const proto::WireField &a, const proto::WireField &b) { return a.number < b.number; });
  for (const proto::WireField &item : fields) {
    const FieldSchema *found = nullptr;
    for (size_t i = 0; i < schema.field_count; ++i) {
      if (schema.fields[i].number == item.number) {
        found = &schema.fields[i];
        break;
      }
    }
    if (found == nullptr) {
      continue;
    }
    switch (found->kind) {
      case FieldKind::kMessage:
        Indent(indent, out);
        *out += found->name;
        *out += " {\n";
        PrintMessage(item.bytes, *found->message, indent + 1, out);
        Indent(indent, out);
        *out += "}\n";
        break;
      case FieldKind::kString: PrintScalar(*found, item, 0, indent, out); break;
      case FieldKind::kFloat:
      case FieldKind::kDouble: {
        std::vector<uint64_t> bits;
        if (found->kind == FieldKind::kFloat) {
          std::vector<float> values;
          reader.AppendFloats(item, found->name, &values);
          for (float value : values) {
            uint32_t raw;
            std::memcpy(&raw, &value, sizeof(raw));
            bits.push_back(raw);
          }
        } else {
          reader.AppendFixed64(item, found->name, &bits);
        }
        for (uint64_t raw : bits) {
          PrintScalar(*found, item, raw, indent, out);
        }
        break;
      }
      default: {
        std::vector<int64_t> values;
        reader.AppendVarints(item, found->name, &values);
        for (int64_t value : values) {
          PrintScalar(*found, item, static_cast<uint64_t>(value), indent, out);
        }
        break;
      }
    }
  }
}

}  // namespace text
}  // namespace ge
