// A small JSON value with a strict parser and a writer, for the catalog C API (prototype JSON),
// platform tables, manifests and atc --mode=1. Objects keep insertion order so dumps are stable.
#ifndef GE_COMMON_JSON_H_
#define GE_COMMON_JSON_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"

namespace ge {

class JsonValue {
 public:
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;

  JsonValue() = default;
  JsonValue(std::nullptr_t) {}                                      // NOLINT: implicit by design
  JsonValue(bool value) : type_(Type::kBool), bool_(value) {}       // NOLINT
  JsonValue(int value) : JsonValue(static_cast<int64_t>(value)) {}  // NOLINT
  JsonValue(int64_t value);                                         // NOLINT
  JsonValue(uint64_t value);                                        // NOLINT
  JsonValue(double value);                                          // NOLINT
  JsonValue(std::string value) : type_(Type::kString), string_(std::move(value)) {}  // NOLINT
  JsonValue(const char *value) : type_(Type::kString), string_(value) {}             // NOLINT
  static JsonValue MakeArray();
  static JsonValue MakeObject();

  Type GetType() const { return type_; }
  bool IsNull() const { return type_ == Type::kNull; }
  bool IsBool() const { return type_ == Type::kBool; }
  bool IsNumber() const { return type_ == Type::kNumber; }
  /// A number written without fraction or exponent that fits int64.
  bool IsInteger() const { return type_ == Type::kNumber && is_integer_; }
  bool IsString() const { return type_ == Type::kString; }
  bool IsArray() const { return type_ == Type::kArray; }
  bool IsObject() const { return type_ == Type::kObject; }

  /// Typed reads; a mismatching type yields the zero value ("" / empty container).
  bool GetBool() const { return type_ == Type::kBool && bool_; }
  int64_t GetInt() const;
  double GetDouble() const;
  const std::string &GetString() const;
  const Array &GetArray() const;
  const Object &GetObject() const;

  /// Appends to an array (a null value becomes an empty array first).
  JsonValue &Append(JsonValue value);
  /// Sets or replaces a member (a null value becomes an empty object first).
  JsonValue &Set(const std::string &key, JsonValue value);
  /// The member `key` of an object, nullptr when absent or not an object.
  const JsonValue *Find(const std::string &key) const;
  size_t Size() const;

  /// Compact text when indent < 0, else pretty-printed with `indent` spaces. Non-finite numbers
  /// are written as null (JSON has no NaN/Infinity).
  std::string Dump(int indent = -1) const;

  bool operator==(const JsonValue &other) const;
  bool operator!=(const JsonValue &other) const { return !(*this == other); }

 private:
  void DumpTo(std::string *out, int indent, int depth) const;

  Type type_ = Type::kNull;
  bool bool_ = false;
  bool is_integer_ = false;
  int64_t int_ = 0;
  double double_ = 0.0;
  std::string string_;
  Array array_;
  Object object_;
};

/// Parses one JSON document (RFC 8259; nesting limited to 256 levels). On failure returns FAILED
/// and records "invalid JSON at offset N (line L, column C): <what was expected>".
Status ParseJson(const std::string &text, JsonValue *value);

/// `text` as a JSON string literal, quotes included.
std::string JsonQuote(const std::string &text);

}  // namespace ge

#endif  // GE_COMMON_JSON_H_
