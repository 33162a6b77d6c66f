// AscendString implementation.
#include "graph/ascend_string.h"

#include <cstring>

namespace ge {
namespace {
const char kEmpty[] = "";
}  // namespace

AscendString::AscendString(const char *name) {
  if (name != nullptr) {
    name_ = std::make_shared<std::string>(name);
  }
}

AscendString::AscendString(const char *name, size_t length) {
  if (name != nullptr) {
    name_ = std::make_shared<std::string>(name, length);
  }
}

const char *AscendString::GetString() const { return name_ ? name_->c_str() : kEmpty; }
size_t AscendString::GetLength() const { return name_ ? name_->size() : 0U; }
size_t AscendString::Hash() const { return std::hash<std::string>()(name_ ? *name_ : kEmpty); }

size_t AscendString::Find(const AscendString &sub) const {
  return std::string(GetString()).find(sub.GetString());
}

bool AscendString::operator<(const AscendString &d) const {
  return std::strcmp(GetString(), d.GetString()) < 0;
}
bool AscendString::operator>(const AscendString &d) const { return d < *this; }
bool AscendString::operator<=(const AscendString &d) const { return !(d < *this); }
bool AscendString::operator>=(const AscendString &d) const { return !(*this < d); }
bool AscendString::operator==(const AscendString &d) const {
  return GetLength() == d.GetLength() && std::strcmp(GetString(), d.GetString()) == 0;
}
bool AscendString::operator!=(const AscendString &d) const { return !(*this == d); }

}  // namespace ge
