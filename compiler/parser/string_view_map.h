// StringViewMap<V>: a hash map from names to values for the importer's per-model tables (ONNX value
// name -> producer). Open addressing over one array of slots holding the key view, its hash and
// the value: a lookup in a table of a hundred thousand names is one random access into the slot
// array (plus the key's bytes on a hash match), where std::unordered_map chases a bucket, a node
// and then the key. Keys are views: their bytes must outlive the map (the model's bytes do).
#ifndef GE_PARSER_STRING_VIEW_MAP_H_
#define GE_PARSER_STRING_VIEW_MAP_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

namespace ge {

template <typename V>
class StringViewMap {
 public:
  /// Room for `count` keys without growing.
  void Reserve(size_t count) {
    size_t capacity = kMinCapacity;
    while (capacity < count * 2) {
      capacity *= 2;
    }
    if (capacity > slots_.size()) {
      Rehash(capacity);
    }
  }

  size_t Size() const { return size_; }

  V *Find(std::string_view key) {
    if (slots_.empty()) {
      return nullptr;
    }
    Slot &slot = slots_[Probe(key, Hash(key))];
    return slot.used ? &slot.value : nullptr;
  }
  const V *Find(std::string_view key) const { return const_cast<StringViewMap *>(this)->Find(key); }

  /// The value of `key`, default-constructed and inserted when absent (`inserted` tells which).
  /// References returned earlier stay valid only until the next insertion.
  V &FindOrInsert(std::string_view key, bool *inserted) {
    if ((size_ + 1) * 2 > slots_.size()) {
      Rehash(slots_.empty() ? kMinCapacity : slots_.size() * 2);
    }
    const uint32_t hash = Hash(key);
    Slot &slot = slots_[Probe(key, hash)];
    *inserted = !slot.used;
    if (!slot.used) {
      slot = Slot{key, hash, true, V()};
      ++size_;
    }
    return slot.value;
  }

 private:
  static constexpr size_t kMinCapacity = 16;

  struct Slot {
    std::string_view key;
    uint32_t hash = 0;  // the low half of the key's hash: enough to skip most key comparisons
    bool used = false;
    V value{};
  };

  static uint32_t Hash(std::string_view key) {
    return static_cast<uint32_t>(std::hash<std::string_view>()(key));
  }

  // The slot holding `key`, else the empty slot where it would go (linear probing; the table is
  // at most half full, so an empty slot is always found).
  size_t Probe(std::string_view key, uint32_t hash) const {
    const size_t mask = slots_.size() - 1;
    size_t index = static_cast<size_t>(hash) & mask;
    while (slots_[index].used && (slots_[index].hash != hash || slots_[index].key != key)) {
      index = (index + 1) & mask;
    }
    return index;
  }

  void Rehash(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot());
    for (Slot &slot : old) {
      if (slot.used) {
        slots_[Probe(slot.key, slot.hash)] = std::move(slot);
      }
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

}  // namespace ge

#endif  // GE_PARSER_STRING_VIEW_MAP_H_
