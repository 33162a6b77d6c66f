// Fusion switch parsing, with a small JSON reader (the switch file is tiny and we take no
// dependency for it).
#include "pass/fusion_switch.h"

#include <cctype>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include "common/log.h"

namespace ge {
namespace fusion {
namespace {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  std::string text;  // string value
  std::vector<std::pair<std::string, JsonValue>> members;
  std::vector<JsonValue> items;
};

class JsonReader {
 public:
  explicit JsonReader(const std::string &text) : text_(text) {}

  bool ReadDocument(JsonValue *value, std::string *error) {
    if (!ReadValue(value, 0) || (SkipSpace(), pos_ != text_.size())) {
      *error = "invalid JSON near offset " + std::to_string(pos_);
      return false;
    }
    return true;
  }

 private:
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      ++pos_;
    }
  }
  bool Consume(char c) {
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool ReadString(std::string *out) {
    if (!Consume('"')) {
      return false;
    }
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') {
        return true;
      }
      if (c == '\\') {
        if (pos_ >= text_.size()) {
          return false;
        }
        const char e = text_[pos_++];
        switch (e) {
          case 'n': out->push_back('\n'); break;
          case 't': out->push_back('\t'); break;
          case 'r': out->push_back('\r'); break;
          case 'b': out->push_back('\b'); break;
          case 'f': out->push_back('\f'); break;
          case 'u':
            if (pos_ + 4 > text_.size()) {
              return false;
            }
            pos_ += 4;  // switch names are ASCII; keep a placeholder for escaped code points
            out->push_back('?');
            break;
          default: out->push_back(e); break;
        }
      } else {
        out->push_back(c);
      }
    }
    return false;
  }
  bool ReadLiteral(const char *word) {
    const std::string w(word);
    if (text_.compare(pos_, w.size(), w) == 0) {
      pos_ += w.size();
      return true;
    }
    return false;
  }
  bool ReadValue(JsonValue *value, int depth) {
    if (depth > 64) {
      return false;  // bounded recursion: a hostile file cannot exhaust the stack
    }
    SkipSpace();
    if (pos_ >= text_.size()) {
      return false;
    }
    const char c = text_[pos_];
    if (c == '{') {
      ++pos_;
      value->kind = JsonValue::Kind::kObject;
      if (Consume('}')) {
        return true;
      }
      do {
        std::string key;
        JsonValue member;
        if (!ReadString(&key) || !Consume(':') || !ReadValue(&member, depth + 1)) {
          return false;
        }
        value->members.emplace_back(std::move(key), std::move(member));
      } while (Consume(','));
      return Consume('}');
    }
    if (c == '[') {
      ++pos_;
      value->kind = JsonValue::Kind::kArray;
      if (Consume(']')) {
        return true;
      }
      do {
        JsonValue item;
        if (!ReadValue(&item, depth + 1)) {
          return false;
        }
        value->items.push_back(std::move(item));
      } while (Consume(','));
      return Consume(']');
    }
    if (c == '"') {
      value->kind = JsonValue::Kind::kString;
      return ReadString(&value->text);
    }
    if (ReadLiteral("true") || ReadLiteral("false")) {
      value->kind = JsonValue::Kind::kBool;
      return true;
    }
    if (ReadLiteral("null")) {
      return true;
    }
    const size_t start = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) ||
                                   std::strchr("+-.eE", text_[pos_]) != nullptr)) {
      ++pos_;
    }
    value->kind = JsonValue::Kind::kNumber;
    return pos_ > start;
  }

  const std::string &text_;
  size_t pos_ = 0;
};

const JsonValue *Member(const JsonValue &object, const std::string &key) {
  for (const auto &member : object.members) {
    if (member.first == key) {
      return &member.second;
    }
  }
  return nullptr;
}

std::string Trim(const std::string &text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) {
    ++begin;
  }
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) {
    --end;
  }
  return text.substr(begin, end - begin);
}

}  // namespace

std::map<std::string, bool> ParseFusionSwitchFile(const std::string &path) {
  std::map<std::string, bool> result;
  std::ifstream file(path);
  if (!file) {
    GELOGW("Fusion switch file[%s] cannot be opened, no pass is switched by it.", path.c_str());
    return result;
  }
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string text = buffer.str();
  JsonValue root;
  std::string error;
  if (!JsonReader(text).ReadDocument(&root, &error)) {
    GELOGW("Fusion switch file[%s] is not valid JSON (%s), ignored.", path.c_str(), error.c_str());
    return result;
  }
  if (root.kind != JsonValue::Kind::kObject) {
    GELOGW("Fusion switch file[%s]: the top level is not an object, ignored.", path.c_str());
    return result;
  }
  const JsonValue *sw = Member(root, "Switch");
  const JsonValue *graph_fusion = (sw != nullptr && sw->kind == JsonValue::Kind::kObject)
                                      ? Member(*sw, "GraphFusion")
                                      : nullptr;
  if (graph_fusion == nullptr || graph_fusion->kind != JsonValue::Kind::kObject) {
    GELOGW("Fusion switch file[%s] has no object Switch.GraphFusion, ignored.", path.c_str());
    return result;
  }
  for (const auto &member : graph_fusion->members) {
    if (!member.first.empty()) {
      result[member.first] =
          member.second.kind == JsonValue::Kind::kString && member.second.text == "on";
    }
  }
  return result;
}

std::map<std::string, bool> ParseOptimizationSwitch(const std::string &text) {
  std::map<std::string, bool> result;
  std::stringstream stream(text);
  std::string entry;
  while (std::getline(stream, entry, ';')) {
    entry = Trim(entry);
    if (entry.empty()) {
      continue;
    }
    const size_t colon = entry.rfind(':');
    const std::string name = Trim(entry.substr(0, colon == std::string::npos ? 0 : colon));
    const std::string value = colon == std::string::npos ? "" : Trim(entry.substr(colon + 1));
    if (name.empty() || (value != "on" && value != "off")) {
      GELOGW("Optimization switch entry[%s] is not <pass>:on or <pass>:off, ignored.",
             entry.c_str());
      continue;
    }
    result[name] = value == "on";
  }
  return result;
}

FusionSwitch::FusionSwitch(const std::map<std::string, std::string> &options) {
  for (const char *key : {kOptionOptimizationSwitch, "optimization_switch"}) {
    auto it = options.find(key);
    if (it != options.end()) {
      for (const auto &entry : ParseOptimizationSwitch(it->second)) {
        optimization_[entry.first] = entry.second;
      }
    }
  }
  // An option named after a pass with exactly on/off also switches it (GE registers one
  // optimization option per pass).
  for (const auto &option : options) {
    if (option.second == "on" || option.second == "off") {
      optimization_.emplace(option.first, option.second == "on");
    }
  }
  for (const char *key : {kOptionFusionSwitchFile, "fusion_switch_file"}) {
    auto it = options.find(key);
    if (it != options.end() && !it->second.empty()) {
      file_path_ = it->second;
      file_ = ParseFusionSwitchFile(file_path_);
      break;
    }
  }
}

bool FusionSwitch::IsEnabled(const std::string &pass_name, std::string *source) const {
  auto it = optimization_.find(pass_name);
  if (it != optimization_.end()) {
    *source = "optimization switch";
    return it->second;
  }
  it = file_.find(pass_name);
  if (it != file_.end()) {
    *source = file_path_;
    return it->second;
  }
  it = file_.find("ALL");
  if (it != file_.end()) {
    *source = file_path_ + " (ALL)";
    return it->second;
  }
  *source = "default";
  return true;
}

}  // namespace fusion
}  // namespace ge
