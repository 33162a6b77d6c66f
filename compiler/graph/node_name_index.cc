// NodeNameIndex: linear probing with backward-shift deletion (no tombstones, so lookups never
// slow down after many removals).
#include "graph/node_name_index.h"

#include <functional>

#include "graph/node.h"

namespace ge {
namespace {
constexpr size_t kMinCapacity = 16;
}  // namespace

uint32_t NodeNameIndex::Hash(std::string_view name) {
  const uint64_t hash = static_cast<uint64_t>(std::hash<std::string_view>{}(name));
  // Fold the high half in: the home slot uses the low bits, the tag compare all 32.
  return static_cast<uint32_t>(hash ^ (hash >> 32));
}

Node *NodeNameIndex::Find(std::string_view name) const {
  if (size_ == 0) {
    return nullptr;
  }
  const uint32_t hash = Hash(name);
  for (size_t i = hash & Mask(); slots_[i].number != 0; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && NodeOf(slots_[i])->GetName() == name) {
      return NodeOf(slots_[i]);
    }
  }
  return nullptr;
}

uint32_t NodeNameIndex::PrefetchSlot(std::string_view name) const {
  const uint32_t hash = Hash(name);
  // The slot the next Insert will start at (after a growth the table is new anyway).
  if (!slots_.empty() && (size_ + 1) * 2 <= slots_.size()) {
    __builtin_prefetch(&slots_[hash & Mask()], 1);
  }
  return hash;
}

bool NodeNameIndex::Insert(Node *node, uint32_t hash) {
  if ((size_ + 1) * 2 > slots_.size()) {
    Rehash(slots_.empty() ? kMinCapacity : slots_.size() * 2);
  }
  const std::string &name = node->GetName();
  size_t i = hash & Mask();
  for (; slots_[i].number != 0; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && NodeOf(slots_[i])->GetName() == name) {
      return false;
    }
  }
  uint32_t number;
  if (!free_.empty()) {
    number = free_.back();
    free_.pop_back();
  } else {
    // 32-bit numbers: 2^32 live nodes would need over a terabyte of node memory first.
    if ((table_size_ & kPageMask) == 0) {
      // Left uninitialised on purpose: an entry is written before any slot points at it. A
      // zeroed page was a 32 KB memset per graph, which dominated every tiny graph (a fusion
      // pass builds one replacement graph per match).
      pages_.push_back(std::unique_ptr<Node *[]>(new Node *[size_t{1} << kPageBits]));
    }
    number = ++table_size_;
  }
  NodeAt(number - 1) = node;
  slots_[i] = Slot{hash, number};
  ++size_;
  return true;
}

void NodeNameIndex::Erase(const Node *node) {
  if (size_ == 0 || node == nullptr) {
    return;
  }
  const uint32_t hash = Hash(node->GetName());
  for (size_t i = hash & Mask(); slots_[i].number != 0; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && NodeOf(slots_[i]) == node) {
      EraseSlot(i);
      return;
    }
  }
  // The name changed behind the graph's back: find the slot by pointer so that no dangling
  // node pointer stays in the table.
  for (size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].number != 0 && NodeOf(slots_[i]) == node) {
      EraseSlot(i);
      return;
    }
  }
}

void NodeNameIndex::Reserve(size_t count) {
  size_t capacity = slots_.empty() ? kMinCapacity : slots_.size();
  while (capacity < count * 2) {
    capacity *= 2;
  }
  if (capacity > slots_.size()) {
    Rehash(capacity);
  }
}

void NodeNameIndex::Rehash(size_t capacity) {
  std::vector<Slot> old(capacity);
  old.swap(slots_);
  // Stored hashes: growing touches no node and hashes no name.
  for (const Slot &slot : old) {
    if (slot.number == 0) {
      continue;
    }
    size_t i = slot.hash & Mask();
    while (slots_[i].number != 0) {
      i = (i + 1) & Mask();
    }
    slots_[i] = slot;
  }
}

void NodeNameIndex::EraseSlot(size_t index) {
  size_t hole = index;
  NodeAt(slots_[index].number - 1) = nullptr;
  free_.push_back(slots_[index].number);
  for (size_t j = (index + 1) & Mask(); slots_[j].number != 0; j = (j + 1) & Mask()) {
    // An entry may move back into the hole only if its home slot is not cyclically in
    // (hole, j]; otherwise the move would put it before its home and lookups would miss it.
    const size_t home = slots_[j].hash & Mask();
    const bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (!stays) {
      slots_[hole] = slots_[j];
      hole = j;
    }
  }
  slots_[hole] = Slot{};
  --size_;
}

}  // namespace ge
