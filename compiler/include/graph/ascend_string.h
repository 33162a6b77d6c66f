// AscendString: the owned, immutable C string GE's public C++ API passes names and types in
// (keeps std::string out of plugin-facing signatures, as in GE's external headers).
#ifndef GE_GRAPH_ASCEND_STRING_H_
#define GE_GRAPH_ASCEND_STRING_H_

#include <cstddef>
#include <functional>
#include <memory>  // kept for includers that relied on it
#include <string>

namespace ge {

class NodeAdapter;

class AscendString {
 public:
  AscendString() = default;
  /// nullptr is treated as "".
  AscendString(const char *name);  // NOLINT: implicit, as in GE
  AscendString(const char *name, size_t length);

  /// Never nullptr ("" for an empty string).
  const char *GetString() const;
  size_t GetLength() const;
  size_t Hash() const;
  /// Position of `sub` or -1 (npos) when absent.
  size_t Find(const AscendString &sub) const;

  bool operator<(const AscendString &d) const;
  bool operator>(const AscendString &d) const;
  bool operator<=(const AscendString &d) const;
  bool operator>=(const AscendString &d) const;
  bool operator==(const AscendString &d) const;
  bool operator!=(const AscendString &d) const;

 private:
  friend class NodeAdapter;  // hands the name to the IR's std::string lookups without a copy
  // Held by value: names and types are short, so the small-string buffer keeps almost every
  // AscendString free of heap allocations (plugins make several per match).
  std::string name_;
};

}  // namespace ge

namespace std {
template <>
struct hash<ge::AscendString> {
  size_t operator()(const ge::AscendString &name) const { return name.Hash(); }
};
}  // namespace std

#endif  // GE_GRAPH_ASCEND_STRING_H_
