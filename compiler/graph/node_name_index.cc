// NodeNameIndex: linear probing with backward-shift deletion (no tombstones, so lookups never
// slow down after many removals).
#include "graph/node_name_index.h"

#include <functional>

#include "graph/node.h"

namespace ge {
namespace {
constexpr size_t kMinCapacity = 16;
}  // namespace

uint64_t NodeNameIndex::Hash(std::string_view name) {
  return static_cast<uint64_t>(std::hash<std::string_view>{}(name));
}

Node *NodeNameIndex::Find(std::string_view name) const {
  if (size_ == 0) {
    return nullptr;
  }
  const uint64_t hash = Hash(name);
  for (size_t i = hash & Mask(); slots_[i].node != nullptr; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && slots_[i].node->GetName() == name) {
      return slots_[i].node;
    }
  }
  return nullptr;
}

bool NodeNameIndex::Insert(Node *node) {
  if ((size_ + 1) * 2 > slots_.size()) {
    Rehash(slots_.empty() ? kMinCapacity : slots_.size() * 2);
  }
  const std::string &name = node->GetName();
  const uint64_t hash = Hash(name);
  size_t i = hash & Mask();
  for (; slots_[i].node != nullptr; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && slots_[i].node->GetName() == name) {
      return false;
    }
  }
  slots_[i] = Slot{hash, node};
  ++size_;
  return true;
}

void NodeNameIndex::Erase(const Node *node) {
  if (size_ == 0 || node == nullptr) {
    return;
  }
  const uint64_t hash = Hash(node->GetName());
  for (size_t i = hash & Mask(); slots_[i].node != nullptr; i = (i + 1) & Mask()) {
    if (slots_[i].node == node) {
      EraseSlot(i);
      return;
    }
  }
  // The name changed behind the graph's back: find the slot by pointer so that no dangling
  // node pointer stays in the table.
  for (size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].node == node) {
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
    if (slot.node == nullptr) {
      continue;
    }
    size_t i = slot.hash & Mask();
    while (slots_[i].node != nullptr) {
      i = (i + 1) & Mask();
    }
    slots_[i] = slot;
  }
}

void NodeNameIndex::EraseSlot(size_t index) {
  size_t hole = index;
  for (size_t j = (index + 1) & Mask(); slots_[j].node != nullptr; j = (j + 1) & Mask()) {
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
