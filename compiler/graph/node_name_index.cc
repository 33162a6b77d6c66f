// NodeNameIndex: linear probing with backward-shift deletion (no tombstones, so lookups never
// slow down after many removals).
#include "graph/node_name_index.h"

#include <algorithm>
#include <cstring>

#include "graph/node.h"

namespace ge {
namespace {
constexpr size_t kMinCapacity = 16;

// The first node-table page starts small and grows by copying (x4) up to the full page size: a
// fusion pass builds one tiny replacement graph per match, and a full 32 KB page per graph was a
// large-chunk malloc (glibc consolidates its fast bins for it) and an equally costly free. The
// capacity follows from the entry count alone (the table never shrinks), so it is not stored.
constexpr uint32_t kFirstPageMin = 16;
constexpr uint32_t kFullPage = 4096;  // 2^NodeNameIndex::kPageBits

uint32_t FirstPageCapacity(uint32_t table_size) {
  if (table_size == 0) {
    return 0;
  }
  uint32_t capacity = kFirstPageMin;
  while (capacity < table_size && capacity < kFullPage) {
    capacity *= 4;
  }
  return capacity;
}
}  // namespace

uint32_t NodeNameIndex::Hash(std::string_view name) {
  // Eight bytes per step with one multiply and a shift-xor (node names are ~10-30 bytes), then a
  // full avalanche so that the low bits (the home slot) depend on every byte. std::hash (murmur
  // over libstdc++'s out-of-line _Hash_bytes) cost ~60 instructions per name, and a graph edit
  // hashes a name for every insertion, lookup and removal.
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ULL;
  const char *bytes = name.data();
  size_t left = name.size();
  uint64_t hash = 0x2545F4914F6CDD1DULL ^ (static_cast<uint64_t>(left) * kMul);
  while (left >= 8) {
    uint64_t word;
    std::memcpy(&word, bytes, 8);
    hash = (hash ^ word) * kMul;
    hash ^= hash >> 32;
    bytes += 8;
    left -= 8;
  }
  if (left > 0) {
    // The last 1-7 bytes without a variable-length copy: two overlapping 4-byte loads, or for
    // 1-3 bytes the first, middle and last byte (together they cover every byte; the length is
    // mixed in above, so equal-length names differ here).
    uint64_t word;
    if (left >= 4) {
      uint32_t head;
      uint32_t tail;
      std::memcpy(&head, bytes, 4);
      std::memcpy(&tail, bytes + left - 4, 4);
      word = (static_cast<uint64_t>(head) << 32) | tail;
    } else {
      word = (static_cast<uint64_t>(static_cast<unsigned char>(bytes[0])) << 16) |
             (static_cast<uint64_t>(static_cast<unsigned char>(bytes[left / 2])) << 8) |
             static_cast<unsigned char>(bytes[left - 1]);
    }
    hash = (hash ^ word) * kMul;
    hash ^= hash >> 32;
  }
  // splitmix64's finalizer: one multiply-shift round per word leaves the low bits weak for names
  // that differ only in their high bytes ("Add_1000" .. "Add_9999").
  hash ^= hash >> 30;
  hash *= 0xBF58476D1CE4E5B9ULL;
  hash ^= hash >> 27;
  hash *= 0x94D049BB133111EBULL;
  hash ^= hash >> 31;
  // Fold the high half in: the home slot uses the low bits, the tag compare all 32.
  return static_cast<uint32_t>(hash ^ (hash >> 32));
}

Node *NodeNameIndex::Find(std::string_view name, uint32_t hash) const {
  if (!Hashed()) {
    for (size_t i = 0; i < size_; ++i) {
      if (inline_nodes_[i]->GetName() == name) {
        return inline_nodes_[i];
      }
    }
    return nullptr;
  }
  if (size_ == 0) {
    return nullptr;
  }
  for (size_t i = hash & Mask(); slots_[i].number != 0; i = (i + 1) & Mask()) {
    if (slots_[i].hash == hash && NodeOf(slots_[i])->GetName() == name) {
      return NodeOf(slots_[i]);
    }
  }
  return nullptr;
}

uint32_t NodeNameIndex::PrefetchSlot(std::string_view name) const {
  if (!Hashed() && size_ < kSmallCapacity) {
    return 0;  // the insertion stays inline: Insert ignores the hash
  }
  const uint32_t hash = Hash(name);
  // The slot the next Insert will start at (after a growth the table is new anyway).
  if (!slots_.empty() && (size_ + 1) * 2 <= slots_.size()) {
    __builtin_prefetch(&slots_[hash & Mask()], 1);
  }
  return hash;
}

NodeNameIndex::~NodeNameIndex() {
  for (size_t i = 0; i < pages_.size() && i < kHeapPages; ++i) {
    delete[] pages_[i];
  }
  for (void *run : huge_runs_) {
    UnmapHugePages(run, kHugePageBytes);
  }
}

NodeNameIndex::Entry *NodeNameIndex::NewFullPage() {
  pages_.reserve(pages_.size() + 1);  // the caller's push_back cannot throw after this
  if (pages_.size() < kHeapPages) {
    return new Entry[kFullPage];
  }
  constexpr size_t kPagesPerRun = kHugePageBytes / (sizeof(Entry) * kFullPage);
  const size_t in_run = (pages_.size() - kHeapPages) % kPagesPerRun;
  if (in_run == 0) {
    huge_runs_.reserve(huge_runs_.size() + 1);
    void *run = MapHugePages(kHugePageBytes);
    if (run == nullptr) {
      throw std::bad_alloc();
    }
    huge_runs_.push_back(run);
  }
  return static_cast<Entry *>(huge_runs_.back()) + in_run * kFullPage;
}

bool NodeNameIndex::Insert(Node *node, uint32_t hash) {
  if (!Hashed()) {
    if (Find(node->GetName()) != nullptr) {
      return false;
    }
    if (size_ < kSmallCapacity) {
      inline_nodes_[size_++] = node;
      return true;
    }
    LeaveInline(kMinCapacity * 2);
    hash = Hash(node->GetName());  // not trusted: PrefetchSlot may have seen the inline state
  }
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
  if (free_head_ != 0) {
    number = free_head_;
    free_head_ = EntryAt(number - 1).next_free;
  } else {
    // 32-bit numbers: 2^32 live nodes would need over a terabyte of node memory first.
    static_assert(kFullPage == kPageMask + 1, "kFullPage is the page size");
    if (table_size_ < kFullPage && table_size_ == FirstPageCapacity(table_size_)) {
      pages_.reserve(1);
      // Left uninitialised on purpose, as the full pages below.
      Entry *page =
          new Entry[table_size_ == 0 ? kFirstPageMin : std::min(table_size_ * 4, kFullPage)];
      if (pages_.empty()) {
        pages_.push_back(page);
      } else {
        std::memcpy(page, pages_[0], sizeof(Entry) * table_size_);
        delete[] pages_[0];
        pages_[0] = page;
      }
    } else if ((table_size_ & kPageMask) == 0) {
      // Left uninitialised on purpose: an entry is written before any slot points at it. A
      // zeroed page was a 32 KB memset per graph, which dominated every tiny graph (a fusion
      // pass builds one replacement graph per match).
      pages_.push_back(NewFullPage());
    }
    number = ++table_size_;
  }
  EntryAt(number - 1).node = node;
  slots_[i] = Slot{hash, number};
  ++size_;
  return true;
}

void NodeNameIndex::Erase(const Node *node) {
  if (size_ == 0 || node == nullptr) {
    return;
  }
  if (!Hashed()) {
    // By address: also right for a node renamed behind the index's back.
    for (size_t i = 0; i < size_; ++i) {
      if (inline_nodes_[i] == node) {
        inline_nodes_[i] = inline_nodes_[--size_];
        inline_nodes_[size_] = nullptr;
        return;
      }
    }
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
  if (!Hashed() && count <= kSmallCapacity) {
    return;  // fits inline
  }
  size_t capacity = slots_.empty() ? kMinCapacity : slots_.size();
  while (capacity < count * 2) {
    capacity *= 2;
  }
  if (!Hashed()) {
    LeaveInline(capacity);
  } else if (capacity > slots_.size()) {
    Rehash(capacity);
  }
}

void NodeNameIndex::LeaveInline(size_t capacity) {
  const size_t count = size_;
  Node *nodes[kSmallCapacity];
  std::copy(inline_nodes_, inline_nodes_ + count, nodes);
  std::fill(inline_nodes_, inline_nodes_ + kSmallCapacity, nullptr);
  size_ = 0;
  Rehash(capacity);  // from here on Hashed(): the table is empty but has slots
  for (size_t i = 0; i < count; ++i) {
    (void)Insert(nodes[i], Hash(nodes[i]->GetName()));  // distinct names: cannot fail
  }
}

void NodeNameIndex::Rehash(size_t capacity) {
  std::vector<Slot, HugePageArrayAllocator<Slot>> old(capacity);
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
  const uint32_t number = slots_[index].number;
  EntryAt(number - 1).next_free = free_head_;
  free_head_ = number;
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
