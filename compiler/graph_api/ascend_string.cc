// AscendString implementation.
#include "graph/ascend_string.h"

#include <cstring>

namespace ge {

// Constructed in place (not default-constructed and then assigned): plugins build several
// AscendStrings per match, and assign() takes the general replace path.
AscendString::AscendString(const char *name) : name_(name == nullptr ? "" : name) {}

AscendString::AscendString(const char *name, size_t length)
    : name_(name == nullptr ? "" : name, name == nullptr ? 0U : length) {}

const char *AscendString::GetString() const { return name_.c_str(); }
size_t AscendString::GetLength() const { return name_.size(); }
size_t AscendString::Hash() const { return std::hash<std::string>()(name_); }

// Both sides as C strings (up to the first NUL), as GE does.
size_t AscendString::Find(const AscendString &sub) const {
  const char *hit = std::strstr(GetString(), sub.GetString());
  return hit == nullptr ? std::string::npos : static_cast<size_t>(hit - GetString());
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
