// AttrMap: the attributes of an op, a port desc, a graph or a NamedAttrs value, kept as one sorted
// array of (name, value) entries with interned names.
//
// Why not std::map<std::string, GeAttrValue>: every entry of a tree is its own 112-byte block,
// and a name longer than the 15-character small-string buffer (`_datadump_original_op_names`)
// allocates once more per entry. The rewriter writes three provenance attributes on every node it
// creates, so at a million nodes those blocks were most of the memory a fusion pass added. Here an
// entry is 48 bytes inside one array per map, and a name is a pointer to its one interned copy.
//
// What stays as with std::map: iteration in ascending name order (dumps and AIR output depend on
// it), `first` / `second` on entries (structured bindings work), find / lower_bound /
// emplace_hint / insert_or_assign / erase / operator[] / at with their usual results.
// What differs: an insertion or erasure invalidates iterators, pointers and references into the
// map (as with std::vector), and a name read through an entry is an AttrName, which converts to
// `const std::string &`.
#ifndef GE_GRAPH_ATTR_MAP_H_
#define GE_GRAPH_ATTR_MAP_H_

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/interned_string.h"

namespace ge {

class GeAttrValue;

/// An attribute name: a pointer to the interned copy of its text (see interned_string.h), so it
/// costs 8 bytes and two equal names compare by address. Attribute names of a process are a small
/// set (the IR's attr names plus the framework's private ones), like op types.
class AttrName {
 public:
  AttrName() : text_(&InternedEmptyString()) {}
  explicit AttrName(std::string_view text) : text_(&InternString(text)) {}

  const std::string &str() const { return *text_; }
  std::string_view view() const { return *text_; }
  operator const std::string &() const { return *text_; }  // NOLINT: reads like the old key
  operator std::string_view() const { return *text_; }     // NOLINT
  const char *c_str() const { return text_->c_str(); }
  const char *data() const { return text_->data(); }
  size_t size() const { return text_->size(); }
  bool empty() const { return text_->empty(); }
  char operator[](size_t index) const { return (*text_)[index]; }

  friend bool operator==(const AttrName &lhs, const AttrName &rhs) {
    return lhs.text_ == rhs.text_;
  }
  friend bool operator!=(const AttrName &lhs, const AttrName &rhs) {
    return lhs.text_ != rhs.text_;
  }
  friend bool operator==(const AttrName &lhs, std::string_view rhs) { return *lhs.text_ == rhs; }
  friend bool operator==(std::string_view lhs, const AttrName &rhs) { return lhs == *rhs.text_; }
  friend bool operator!=(const AttrName &lhs, std::string_view rhs) { return *lhs.text_ != rhs; }
  friend bool operator!=(std::string_view lhs, const AttrName &rhs) { return lhs != *rhs.text_; }
  friend bool operator<(const AttrName &lhs, const AttrName &rhs) {
    return lhs.text_ != rhs.text_ && *lhs.text_ < *rhs.text_;
  }
  friend bool operator<(const AttrName &lhs, std::string_view rhs) { return *lhs.text_ < rhs; }
  friend bool operator<(std::string_view lhs, const AttrName &rhs) { return lhs < *rhs.text_; }
  friend std::ostream &operator<<(std::ostream &out, const AttrName &name);

 private:
  const std::string *text_;
};

/// One attribute: `first` is the name, `second` the value (the member names of std::map's
/// entries, so range-for and structured bindings read the same). Defined in attr_value.h, where
/// GeAttrValue is complete.
struct AttrEntry;

class AttrMap {
 public:
  using key_type = AttrName;
  using mapped_type = GeAttrValue;
  using value_type = AttrEntry;
  using iterator = AttrEntry *;
  using const_iterator = const AttrEntry *;

  AttrMap();
  AttrMap(const AttrMap &other);
  AttrMap(AttrMap &&other) noexcept;
  AttrMap &operator=(const AttrMap &other);
  AttrMap &operator=(AttrMap &&other) noexcept;
  ~AttrMap();

  iterator begin();
  iterator end();
  const_iterator begin() const;
  const_iterator end() const;
  size_t size() const;
  bool empty() const;
  void clear();
  /// Room for `count` entries in all, so that the next insertions do not move the array (the
  /// rewriter reserves for the provenance attributes it is about to add).
  void reserve(size_t count);

  iterator find(std::string_view name);
  const_iterator find(std::string_view name) const;
  size_t count(std::string_view name) const;
  /// The first entry whose name does not sort before `name`.
  iterator lower_bound(std::string_view name);
  const_iterator lower_bound(std::string_view name) const;

  /// The value of `name`, default-constructed (empty) and inserted first when absent.
  GeAttrValue &operator[](std::string_view name);
  /// The value of `name`; throws std::out_of_range naming it when absent.
  GeAttrValue &at(std::string_view name);
  const GeAttrValue &at(std::string_view name) const;

  /// Inserts (name, value) unless `name` is present; the entry and whether it was inserted.
  std::pair<iterator, bool> emplace(std::string_view name, GeAttrValue value);
  /// emplace with a guess of the position (the entry before which `name` belongs); a right guess
  /// saves the search, a wrong one only costs it. Returns the entry of `name`.
  iterator emplace_hint(const_iterator hint, std::string_view name, GeAttrValue value);
  /// Inserts or overwrites; the entry and whether it was inserted.
  std::pair<iterator, bool> insert_or_assign(std::string_view name, GeAttrValue value);
  /// Adds the entries [first, first + count), moved from, whose names are absent; an entry whose
  /// name is present is left where it is (the map keeps its own value, as emplace does). With
  /// the entries sorted by name, as the rewriter passes its provenance attributes, the array is
  /// allocated once at its final size and every old entry moves once; in any other order they
  /// are inserted one at a time.
  void MergeAbsent(AttrEntry *first, size_t count);

  /// Removes `name`; 1 if it was present, else 0.
  size_t erase(std::string_view name);
  /// Removes the entry at `position`; the entry after it.
  iterator erase(const_iterator position);

  bool operator==(const AttrMap &other) const;
  bool operator!=(const AttrMap &other) const { return !(*this == other); }

 private:
  iterator InsertAt(const_iterator position, std::string_view name, GeAttrValue &&value);

  std::vector<AttrEntry> entries_;
};

}  // namespace ge

#endif  // GE_GRAPH_ATTR_MAP_H_
