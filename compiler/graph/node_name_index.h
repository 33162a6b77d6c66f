// NodeNameIndex: the name -> node lookup of one ComputeGraph. An open-addressing table of
// 8-byte slots (a 32-bit hash of the name and a 32-bit number into a dense node table), so that
// adding a node allocates nothing per node. A std::unordered_map<std::string, Node *> allocated
// one heap entry per node; 16-byte (hash, Node *) slots made a 1M-node graph's table 32 MB, and
// every insertion probed it at a random place (a cache and TLB miss each). The 8-byte slots halve
// that table; growing it reads only the stored hashes, never a node.
//
// Up to kSmallCapacity nodes live in an inline array searched linearly instead: a fusion pass
// builds and destroys one tiny replacement graph per match, and the hashed table cost each of
// them three allocations (slots, node page, free list) plus a hash per insert and erase.
#ifndef GE_GRAPH_NODE_NAME_INDEX_H_
#define GE_GRAPH_NODE_NAME_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "graph/node.h"
#include "support/huge_pages.h"

namespace ge {

class NodeNameIndex {
 public:
  NodeNameIndex() = default;
  ~NodeNameIndex();
  // Owned by one ComputeGraph for its lifetime; a moved-from index would keep stale counts.
  NodeNameIndex(const NodeNameIndex &) = delete;
  NodeNameIndex &operator=(const NodeNameIndex &) = delete;

  /// The node named `name`, or nullptr.
  Node *Find(std::string_view name) const { return Find(name, Hashed() ? Hash(name) : 0U); }
  /// Find with `hash` == PrefetchSlot(name) computed before (no change of this index in
  /// between), so the name is not hashed again.
  Node *Find(std::string_view name, uint32_t hash) const;
  /// Adds `node` under its current name. False (and no change) when that name is taken.
  bool Insert(Node *node) { return Insert(node, Hash(node->GetName())); }
  /// The hash of `name` for Insert(node, hash); also starts loading its home slot into the cache,
  /// so that work done between this call and Insert overlaps that (usually missing) access.
  /// While the next insertion stays in the inline array no hash is needed, and 0 is returned.
  uint32_t PrefetchSlot(std::string_view name) const;
  /// Insert with `hash` == PrefetchSlot(node->GetName()) computed just before (no other change
  /// of this index in between).
  bool Insert(Node *node, uint32_t hash);
  /// Removes `node`. Precondition: it was inserted and its name has not changed since (renames
  /// go through Erase + Insert). A node whose name did change anyway is still found and removed.
  void Erase(const Node *node);
  /// Makes room for `count` nodes without growing again.
  void Reserve(size_t count);
  size_t Size() const { return size_; }

 private:
  struct Slot {
    uint32_t hash = 0;
    uint32_t number = 0;  // 1 + index into nodes_; 0: empty slot
  };

  static uint32_t Hash(std::string_view name);
  /// True once the nodes live in the hashed table (it never goes back to the inline array).
  bool Hashed() const { return !slots_.empty(); }
  /// Moves the inline nodes into a hashed table of `capacity` slots.
  void LeaveInline(size_t capacity);
  size_t Mask() const { return slots_.size() - 1; }
  void Rehash(size_t capacity);
  void EraseSlot(size_t index);
  /// Storage for the next full page of the node table.
  union Entry;
  Entry *NewFullPage();
  // An entry of the node table: the node of a slot, or while unused the number of the next
  // unused entry (0 ends that chain). Only entries no slot points at are unused, so `node` is
  // read only from live entries and `next_free` only from entries on the chain.
  union Entry {
    Node *node;
    uint32_t next_free;
  };
  Node *NodeOf(const Slot &slot) const { return EntryAt(slot.number - 1).node; }
  Entry &EntryAt(uint32_t index) const { return pages_[index >> kPageBits][index & kPageMask]; }

  // The node table grows in fixed pages instead of one doubling vector: growing never copies,
  // and never frees a multi-megabyte block in the middle of a large build (glibc then raises its
  // mmap threshold and later trims the heap piecemeal while the graph is destroyed).
  static constexpr uint32_t kPageBits = 12;
  static constexpr uint32_t kPageMask = (1u << kPageBits) - 1;

  static constexpr size_t kSmallCapacity = 8;
  // The nodes while !Hashed(): `size_` entries, in no particular order.
  Node *inline_nodes_[kSmallCapacity] = {};
  // Capacity 0 or a power of two; load factor stays <= 1/2. On huge pages once it is large.
  std::vector<Slot, HugePageArrayAllocator<Slot>> slots_;
  // Dense node table the slots point into (`table_size_` entries in pages of 2^kPageBits).
  // Entries freed by Erase are chained through the entries themselves, from `free_head_`: a
  // separate free list grew by doubling while a pass removed nodes (a 1M-node graph's Add-zero
  // sweep frees 333k entries), and each large regrowth made glibc consolidate every fast-bin
  // chunk of the heap, a cache miss per chunk.
  // Pages before kHeapPages come from operator new (owned here); the later ones are carved out
  // of huge-page runs of kHugePageBytes (`huge_runs_`), since by then the table is large enough
  // to be read at random places across megabytes.
  std::vector<Entry *> pages_;
  std::vector<void *> huge_runs_;
  static constexpr size_t kHeapPages = 64;
  uint32_t table_size_ = 0;
  uint32_t free_head_ = 0;  // number of the first unused entry; 0: none
  size_t size_ = 0;
};

}  // namespace ge

#endif  // GE_GRAPH_NODE_NAME_INDEX_H_
