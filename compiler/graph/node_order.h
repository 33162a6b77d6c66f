// NodeOrder: the node order of one ComputeGraph, as a dense array of node pointers with holes.
//
// Why not the intrusive doubly linked list it replaces: walking a list is a chain of dependent
// loads (the next node's address is inside the current node), so on a graph larger than the
// cache every step waits for one memory access. A fusion sweep starts with such a walk for each
// pattern; at a million nodes those walks were ~15 % of the stage. Walking an array reads the
// addresses sequentially and can start loading a node several steps before it is visited.
//
// Appending is amortised O(1); removal leaves a hole (O(1)), and the array is compacted once
// holes outnumber live nodes, so a walk never visits more than about twice the live count.
// Each node remembers its position (Node::order_pos_) for removal.
#ifndef GE_GRAPH_NODE_ORDER_H_
#define GE_GRAPH_NODE_ORDER_H_

#include <cstddef>

#include "graph/node.h"
#include "support/inline_vector.h"

namespace ge {

class NodeOrder {
 public:
  NodeOrder() = default;
  // Owned by one ComputeGraph, whose nodes store positions into it.
  NodeOrder(const NodeOrder &) = delete;
  NodeOrder &operator=(const NodeOrder &) = delete;

  /// Appends `node` (which must not be in any order).
  void PushBack(Node *node);
  /// Removes `node`, which must be in this order; the others keep their relative order.
  void Erase(Node *node);
  /// Forgets every node (their positions become meaningless).
  void Clear();
  void Reserve(size_t count) { slots_.reserve(count); }

  /// Calls `visit(Node *)` for each node in order. `visit` must not add or remove nodes; it may
  /// drop the last reference to the node it is given.
  template <typename Visit>
  void ForEach(Visit &&visit) const {
    const size_t count = slots_.size();
    Node *const *slots = slots_.data();
    for (size_t i = 0; i < count; ++i) {
      // Start loading a node's first line some visits early: the walk's only miss per node.
      // A hole is nullptr, and prefetching it is harmless.
      if (i + kPrefetchDistance < count) {
        __builtin_prefetch(slots[i + kPrefetchDistance]);
      }
      if (Node *node = slots[i]) {
        visit(node);
      }
    }
  }

  /// The first node in order at or after array position `from`, or nullptr; with the position
  /// to resume from in `*next` (for walks that interleave several graphs).
  Node *NextFrom(size_t from, size_t *next) const;

 private:
  void Compact();

  // Far enough ahead to cover a memory access even when visiting a cached node is cheap (chosen
  // on the 1M-node matcher bench's candidate snapshots, docs/graph_core.md).
  static constexpr size_t kPrefetchDistance = 32;
  // Small arrays are never compacted: a replacement graph of a few nodes would pay more for
  // compacting than for skipping its holes.
  static constexpr size_t kMinHolesToCompact = 32;
  static constexpr size_t kInlineNodes = 8;

  // nullptr: a removed node. A fusion pass builds one small replacement graph per match: the
  // inline room keeps those from allocating for their order.
  InlineVector<Node *, kInlineNodes> slots_;
  size_t holes_ = 0;
};

}  // namespace ge

#endif  // GE_GRAPH_NODE_ORDER_H_
