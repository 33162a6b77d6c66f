#include "graph/attr_map.h"

#include <algorithm>
#include <iterator>
#include <ostream>
#include <stdexcept>

#include "graph/attr_value.h"

namespace ge {

// An entry is a name pointer and a value; keep it so (see attr_value.h for the value's size).
static_assert(sizeof(AttrEntry) == sizeof(AttrName) + sizeof(GeAttrValue), "AttrEntry is padded");

namespace {

bool NameBefore(const AttrEntry &entry, std::string_view name) { return entry.first < name; }

}  // namespace

std::ostream &operator<<(std::ostream &out, const AttrName &name) { return out << name.str(); }

AttrMap::AttrMap() = default;
AttrMap::AttrMap(const AttrMap &other) = default;
AttrMap::AttrMap(AttrMap &&other) noexcept = default;
AttrMap &AttrMap::operator=(const AttrMap &other) = default;
AttrMap &AttrMap::operator=(AttrMap &&other) noexcept = default;
AttrMap::~AttrMap() = default;

AttrMap::iterator AttrMap::begin() { return entries_.data(); }
AttrMap::iterator AttrMap::end() { return entries_.data() + entries_.size(); }
AttrMap::const_iterator AttrMap::begin() const { return entries_.data(); }
AttrMap::const_iterator AttrMap::end() const { return entries_.data() + entries_.size(); }
size_t AttrMap::size() const { return entries_.size(); }
bool AttrMap::empty() const { return entries_.empty(); }
void AttrMap::clear() { entries_.clear(); }
void AttrMap::reserve(size_t count) { entries_.reserve(count); }

AttrMap::iterator AttrMap::lower_bound(std::string_view name) {
  return std::lower_bound(begin(), end(), name, NameBefore);
}

AttrMap::const_iterator AttrMap::lower_bound(std::string_view name) const {
  return std::lower_bound(begin(), end(), name, NameBefore);
}

AttrMap::iterator AttrMap::find(std::string_view name) {
  const iterator it = lower_bound(name);
  return it != end() && it->first == name ? it : end();
}

AttrMap::const_iterator AttrMap::find(std::string_view name) const {
  const const_iterator it = lower_bound(name);
  return it != end() && it->first == name ? it : end();
}

size_t AttrMap::count(std::string_view name) const { return find(name) != end() ? 1U : 0U; }

GeAttrValue &AttrMap::operator[](std::string_view name) {
  const iterator it = lower_bound(name);
  if (it != end() && it->first == name) {
    return it->second;
  }
  return InsertAt(it, name, GeAttrValue())->second;
}

GeAttrValue &AttrMap::at(std::string_view name) {
  const iterator it = find(name);
  if (it == end()) {
    throw std::out_of_range("no attribute named '" + std::string(name) + "'");
  }
  return it->second;
}

const GeAttrValue &AttrMap::at(std::string_view name) const {
  return const_cast<AttrMap *>(this)->at(name);
}

std::pair<AttrMap::iterator, bool> AttrMap::emplace(std::string_view name, GeAttrValue value) {
  const iterator it = lower_bound(name);
  if (it != end() && it->first == name) {
    return {it, false};
  }
  return {InsertAt(it, name, std::move(value)), true};
}

AttrMap::iterator AttrMap::emplace_hint(const_iterator hint, std::string_view name,
                                        GeAttrValue value) {
  // The hint is right when `name` sorts after the entry before it and not after the entry at it.
  const bool after_previous = hint == begin() || (hint - 1)->first < name;
  if (after_previous && hint != end() && hint->first == name) {
    return begin() + (hint - begin());
  }
  if (after_previous && (hint == end() || name < hint->first)) {
    return InsertAt(hint, name, std::move(value));
  }
  return emplace(name, std::move(value)).first;
}

std::pair<AttrMap::iterator, bool> AttrMap::insert_or_assign(std::string_view name,
                                                             GeAttrValue value) {
  const iterator it = lower_bound(name);
  if (it != end() && it->first == name) {
    it->second = std::move(value);
    return {it, false};
  }
  return {InsertAt(it, name, std::move(value)), true};
}

void AttrMap::MergeAbsent(AttrEntry *first, size_t count) {
  AttrEntry *const last = first + count;
  // Strictly ascending names: each one sorts after the one before it.
  const bool ascending =
      std::adjacent_find(first, last, [](const AttrEntry &lhs, const AttrEntry &rhs) {
        return !(lhs.first < rhs.first);
      }) == last;
  if (!ascending) {
    for (AttrEntry *entry = first; entry != last; ++entry) {
      (void)emplace(entry->first, std::move(entry->second));
    }
    return;
  }
  // One merge into a fresh array of the final size. A new entry equal to an old one is dropped,
  // so the array may end up with spare room; that is all it costs.
  std::vector<AttrEntry> merged;
  merged.reserve(entries_.size() + count);
  auto old_entry = entries_.begin();
  for (AttrEntry *entry = first; entry != last; ++entry) {
    while (old_entry != entries_.end() && old_entry->first < entry->first) {
      merged.push_back(std::move(*old_entry++));
    }
    if (old_entry == entries_.end() || old_entry->first != entry->first) {
      merged.push_back(std::move(*entry));
    }
  }
  std::move(old_entry, entries_.end(), std::back_inserter(merged));
  entries_ = std::move(merged);
}

size_t AttrMap::erase(std::string_view name) {
  const const_iterator it = find(name);
  if (it == end()) {
    return 0;
  }
  (void)erase(it);
  return 1;
}

AttrMap::iterator AttrMap::erase(const_iterator position) {
  const auto index = position - begin();
  entries_.erase(entries_.begin() + index);
  return begin() + index;
}

bool AttrMap::operator==(const AttrMap &other) const {
  return std::equal(begin(), end(), other.begin(), other.end(),
                    [](const AttrEntry &lhs, const AttrEntry &rhs) {
                      return lhs.first == rhs.first && lhs.second == rhs.second;
                    });
}

AttrMap::iterator AttrMap::InsertAt(const_iterator position, std::string_view name,
                                    GeAttrValue &&value) {
  const auto index = position - begin();
  entries_.insert(entries_.begin() + index, AttrEntry{AttrName(name), std::move(value)});
  return begin() + index;
}

}  // namespace ge
