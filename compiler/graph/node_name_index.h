// NodeNameIndex: the name -> node lookup of one ComputeGraph. An open-addressing table of
// (hash, node) slots keyed by the name each node carries, so that adding a node allocates
// nothing per node (a std::unordered_map<std::string, Node *> allocated one heap entry per node
// and re-hashed every name when it grew; on a 1M-node graph that was a fifth of the build time).
#ifndef GE_GRAPH_NODE_NAME_INDEX_H_
#define GE_GRAPH_NODE_NAME_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace ge {

class Node;

class NodeNameIndex {
 public:
  /// The node named `name`, or nullptr.
  Node *Find(std::string_view name) const;
  /// Adds `node` under its current name. False (and no change) when that name is taken.
  bool Insert(Node *node);
  /// Removes `node`. Precondition: it was inserted and its name has not changed since (renames
  /// go through Erase + Insert). A node whose name did change anyway is still found and removed.
  void Erase(const Node *node);
  /// Makes room for `count` nodes without growing again.
  void Reserve(size_t count);
  size_t Size() const { return size_; }

 private:
  struct Slot {
    uint64_t hash = 0;
    Node *node = nullptr;  // nullptr: empty slot
  };

  static uint64_t Hash(std::string_view name);
  size_t Mask() const { return slots_.size() - 1; }
  void Rehash(size_t capacity);
  void EraseSlot(size_t index);

  std::vector<Slot> slots_;  // capacity is 0 or a power of two; load factor stays <= 1/2
  size_t size_ = 0;
};

}  // namespace ge

#endif  // GE_GRAPH_NODE_NAME_INDEX_H_
