// JSON parsing and writing.
#include "common/json.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "common/error.h"

namespace ge {
namespace {
constexpr int kMaxDepth = 256;

const std::string kEmptyString;
const JsonValue::Array kEmptyArray;
const JsonValue::Object kEmptyObject;

// Shortest "%.Ng" text that reads back as the same double.
std::string FormatDouble(double value) {
  char buffer[40];
  for (int precision = 15; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) {
      break;
    }
  }
  std::string text = buffer;
  // Keep it a float literal so a reader can tell 1.0 from 1.
  if (text.find_first_of(".eEn") == std::string::npos) {
    text += ".0";
  }
  return text;
}

void AppendUtf8(uint32_t code, std::string *out) {
  if (code < 0x80) {
    out->push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (code >> 6)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (code >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (code >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
}

class Parser {
 public:
  explicit Parser(const std::string &text) : text_(text) {}

  Status ParseDocument(JsonValue *value) {
    SkipSpace();
    if (ParseValue(value, 0) != SUCCESS) {
      return FAILED;
    }
    SkipSpace();
    if (pos_ != text_.size()) {
      return Error("unexpected trailing characters");
    }
    return SUCCESS;
  }

 private:
  Status Error(const std::string &what) const {
    size_t line = 1;
    size_t column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return Fail("invalid JSON at offset " + std::to_string(pos_) + " (line " +
                std::to_string(line) + ", column " + std::to_string(column) + "): " + what);
  }

  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  bool Consume(const char *literal) {
    size_t length = std::char_traits<char>::length(literal);
    if (text_.compare(pos_, length, literal) == 0) {
      pos_ += length;
      return true;
    }
    return false;
  }

  Status ParseValue(JsonValue *value, int depth) {
    if (depth > kMaxDepth) {
      return Error("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    if (pos_ >= text_.size()) {
      return Error("unexpected end of input, expected a value");
    }
    char c = text_[pos_];
    if (c == '{') return ParseObject(value, depth);
    if (c == '[') return ParseArray(value, depth);
    if (c == '"') {
      std::string text;
      if (ParseString(&text) != SUCCESS) return FAILED;
      *value = JsonValue(std::move(text));
      return SUCCESS;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber(value);
    if (Consume("true")) {
      *value = JsonValue(true);
      return SUCCESS;
    }
    if (Consume("false")) {
      *value = JsonValue(false);
      return SUCCESS;
    }
    if (Consume("null")) {
      *value = JsonValue();
      return SUCCESS;
    }
    return Error(std::string("unexpected character '") + c + "', expected a value");
  }

  Status ParseObject(JsonValue *value, int depth) {
    ++pos_;  // '{'
    *value = JsonValue::MakeObject();
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return SUCCESS;
    }
    while (true) {
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"') {
        return Error("expected a member name string");
      }
      std::string key;
      if (ParseString(&key) != SUCCESS) return FAILED;
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != ':') {
        return Error("expected ':' after member name \"" + key + "\"");
      }
      ++pos_;
      SkipSpace();
      JsonValue member;
      if (ParseValue(&member, depth + 1) != SUCCESS) return FAILED;
      value->Set(key, std::move(member));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        return SUCCESS;
      }
      return Error("expected ',' or '}' in object");
    }
  }

  Status ParseArray(JsonValue *value, int depth) {
    ++pos_;  // '['
    *value = JsonValue::MakeArray();
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return SUCCESS;
    }
    while (true) {
      SkipSpace();
      JsonValue element;
      if (ParseValue(&element, depth + 1) != SUCCESS) return FAILED;
      value->Append(std::move(element));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        return SUCCESS;
      }
      return Error("expected ',' or ']' in array");
    }
  }

  Status ParseHex4(uint32_t *code) {
    if (pos_ + 4 > text_.size()) {
      return Error("truncated \\u escape");
    }
    uint32_t result = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      result <<= 4;
      if (c >= '0' && c <= '9')
        result |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        result |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        result |= static_cast<uint32_t>(c - 'A' + 10);
      else
        return Error("invalid hex digit in \\u escape");
    }
    *code = result;
    return SUCCESS;
  }

  Status ParseString(std::string *out) {
    ++pos_;  // opening quote
    out->clear();
    while (true) {
      if (pos_ >= text_.size()) {
        return Error("unterminated string");
      }
      unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return SUCCESS;
      }
      if (c < 0x20) {
        return Error("control character in string (escape it)");
      }
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        ++pos_;
        continue;
      }
      ++pos_;
      if (pos_ >= text_.size()) {
        return Error("unterminated escape");
      }
      char e = text_[pos_++];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t code = 0;
          if (ParseHex4(&code) != SUCCESS) return FAILED;
          if (code >= 0xD800 && code <= 0xDBFF) {
            uint32_t low = 0;
            if (!Consume("\\u") || ParseHex4(&low) != SUCCESS || low < 0xDC00 || low > 0xDFFF) {
              return Error("unpaired UTF-16 surrogate in \\u escape");
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            return Error("unpaired UTF-16 surrogate in \\u escape");
          }
          AppendUtf8(code, out);
          break;
        }
        default: --pos_; return Error(std::string("invalid escape '\\") + e + "'");
      }
    }
  }

  Status ParseNumber(JsonValue *value) {
    size_t start = pos_;
    bool integer = true;
    if (text_[pos_] == '-') ++pos_;
    if (pos_ >= text_.size() || !isdigit(static_cast<unsigned char>(text_[pos_]))) {
      return Error("expected a digit");
    }
    if (text_[pos_] == '0') {
      ++pos_;
    } else {
      while (pos_ < text_.size() && isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    if (pos_ < text_.size() && text_[pos_] == '.') {
      integer = false;
      ++pos_;
      if (pos_ >= text_.size() || !isdigit(static_cast<unsigned char>(text_[pos_]))) {
        return Error("expected a digit after the decimal point");
      }
      while (pos_ < text_.size() && isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      integer = false;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (pos_ >= text_.size() || !isdigit(static_cast<unsigned char>(text_[pos_]))) {
        return Error("expected a digit in the exponent");
      }
      while (pos_ < text_.size() && isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    std::string literal = text_.substr(start, pos_ - start);
    if (integer) {
      errno = 0;
      char *end = nullptr;
      long long parsed = std::strtoll(literal.c_str(), &end, 10);
      if (errno == 0) {
        *value = JsonValue(static_cast<int64_t>(parsed));
        return SUCCESS;
      }
      if (literal[0] != '-') {
        errno = 0;
        unsigned long long big = std::strtoull(literal.c_str(), &end, 10);
        if (errno == 0) {
          *value = JsonValue(static_cast<uint64_t>(big));
          return SUCCESS;
        }
      }
    }
    *value = JsonValue(std::strtod(literal.c_str(), nullptr));
    return SUCCESS;
  }

  const std::string &text_;
  size_t pos_ = 0;
};
}  // namespace

JsonValue::JsonValue(int64_t value)
    : type_(Type::kNumber), is_integer_(true), int_(value), double_(static_cast<double>(value)) {}

JsonValue::JsonValue(uint64_t value) : type_(Type::kNumber), double_(static_cast<double>(value)) {
  if (value <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    is_integer_ = true;
    int_ = static_cast<int64_t>(value);
  }
}

JsonValue::JsonValue(double value) : type_(Type::kNumber), double_(value) {}

JsonValue JsonValue::MakeArray() {
  JsonValue value;
  value.type_ = Type::kArray;
  return value;
}

JsonValue JsonValue::MakeObject() {
  JsonValue value;
  value.type_ = Type::kObject;
  return value;
}

int64_t JsonValue::GetInt() const {
  if (type_ != Type::kNumber) {
    return 0;
  }
  if (is_integer_) {
    return int_;
  }
  if (!std::isfinite(double_) || double_ >= 9.2233720368547758e18 ||
      double_ < -9.2233720368547758e18) {
    return 0;
  }
  return static_cast<int64_t>(double_);
}

double JsonValue::GetDouble() const { return type_ == Type::kNumber ? double_ : 0.0; }

const std::string &JsonValue::GetString() const {
  return type_ == Type::kString ? string_ : kEmptyString;
}

const JsonValue::Array &JsonValue::GetArray() const {
  return type_ == Type::kArray ? array_ : kEmptyArray;
}

const JsonValue::Object &JsonValue::GetObject() const {
  return type_ == Type::kObject ? object_ : kEmptyObject;
}

JsonValue &JsonValue::Append(JsonValue value) {
  if (type_ != Type::kArray) {
    *this = MakeArray();
  }
  array_.push_back(std::move(value));
  return array_.back();
}

JsonValue &JsonValue::Set(const std::string &key, JsonValue value) {
  if (type_ != Type::kObject) {
    *this = MakeObject();
  }
  for (auto &member : object_) {
    if (member.first == key) {
      member.second = std::move(value);
      return member.second;
    }
  }
  object_.emplace_back(key, std::move(value));
  return object_.back().second;
}

const JsonValue *JsonValue::Find(const std::string &key) const {
  if (type_ != Type::kObject) {
    return nullptr;
  }
  for (const auto &member : object_) {
    if (member.first == key) {
      return &member.second;
    }
  }
  return nullptr;
}

size_t JsonValue::Size() const {
  if (type_ == Type::kArray) return array_.size();
  if (type_ == Type::kObject) return object_.size();
  return 0;
}

std::string JsonQuote(const std::string &text) {
  std::string out = "\"";
  for (char ch : text) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
          out += buffer;
        } else {
          out.push_back(ch);
        }
    }
  }
  out += "\"";
  return out;
}

std::string JsonValue::Dump(int indent) const {
  std::string out;
  DumpTo(&out, indent, 0);
  return out;
}

void JsonValue::DumpTo(std::string *out, int indent, int depth) const {
  auto newline = [&](int level) {
    if (indent >= 0) {
      out->push_back('\n');
      out->append(static_cast<size_t>(indent * level), ' ');
    }
  };
  switch (type_) {
    case Type::kNull: *out += "null"; break;
    case Type::kBool: *out += bool_ ? "true" : "false"; break;
    case Type::kNumber:
      if (is_integer_) {
        *out += std::to_string(int_);
      } else if (!std::isfinite(double_)) {
        *out += "null";
      } else {
        *out += FormatDouble(double_);
      }
      break;
    case Type::kString: *out += JsonQuote(string_); break;
    case Type::kArray:
      out->push_back('[');
      for (size_t i = 0; i < array_.size(); ++i) {
        if (i != 0) out->push_back(',');
        newline(depth + 1);
        array_[i].DumpTo(out, indent, depth + 1);
      }
      if (!array_.empty()) newline(depth);
      out->push_back(']');
      break;
    case Type::kObject:
      out->push_back('{');
      for (size_t i = 0; i < object_.size(); ++i) {
        if (i != 0) out->push_back(',');
        newline(depth + 1);
        *out += JsonQuote(object_[i].first);
        *out += indent >= 0 ? ": " : ":";
        object_[i].second.DumpTo(out, indent, depth + 1);
      }
      if (!object_.empty()) newline(depth);
      out->push_back('}');
      break;
  }
}

bool JsonValue::operator==(const JsonValue &other) const {
  if (type_ != other.type_) {
    return false;
  }
  switch (type_) {
    case Type::kNull: return true;
    case Type::kBool: return bool_ == other.bool_;
    case Type::kNumber:
      return is_integer_ && other.is_integer_ ? int_ == other.int_ : double_ == other.double_;
    case Type::kString: return string_ == other.string_;
    case Type::kArray: return array_ == other.array_;
    case Type::kObject: return object_ == other.object_;
  }
  return false;
}

Status ParseJson(const std::string &text, JsonValue *value) {
  if (value == nullptr) {
    return Fail("ParseJson: output value is null");
  }
  JsonValue parsed;
  Parser parser(text);
  if (parser.ParseDocument(&parsed) != SUCCESS) {
    return FAILED;
  }
  *value = std::move(parsed);
  return SUCCESS;
}

}  // namespace ge
