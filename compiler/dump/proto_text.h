// Protobuf text format (as protobuf's TextFormat prints it): value formatting helpers and a
// schema-table-driven printer that renders wire bytes as text (docs/graph_dumps.md).
#ifndef GE_DUMP_PROTO_TEXT_H_
#define GE_DUMP_PROTO_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace ge {
namespace text {

/// C-escaped and double-quoted: \n \r \t \" \' \\, other non-printable bytes as \ooo octal.
std::string Quote(std::string_view bytes);
/// Shortest text that reads back as the same float: "1", "0.5", "1e-05", "inf", "-inf", "nan".
std::string FormatFloat(float value);
std::string FormatDouble(double value);

enum class FieldKind { kInt64, kUInt64, kInt32, kBool, kFloat, kDouble, kString, kEnum, kMessage };

struct MessageSchema;

struct FieldSchema {
  uint32_t number;
  const char *name;
  FieldKind kind;
  const MessageSchema *message = nullptr;       // kMessage
  const char *(*enum_name)(int32_t) = nullptr;  // kEnum: "" for unknown values (printed as numbers)
};

struct MessageSchema {
  const FieldSchema *fields;
  size_t field_count;
};

/// Appends `bytes` (a message of `schema`) as text, fields in field-number order, each repeated
/// element on its own line, nested messages indented 2 spaces per level. Unknown fields are not
/// printed. Malformed bytes throw ge::GeException (our own writer never produces them).
void PrintMessage(std::string_view bytes, const MessageSchema &schema, int indent,
                  std::string *out);

}  // namespace text
}  // namespace ge

#endif  // GE_DUMP_PROTO_TEXT_H_
