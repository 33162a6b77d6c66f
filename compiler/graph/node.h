// Node: one operator instance in a ComputeGraph. Owns its OpDesc and the peers of its ports.
// Topology is changed only through ComputeGraph, which keeps both ends of every edge in sync.
#ifndef GE_GRAPH_NODE_H_
#define GE_GRAPH_NODE_H_

#include <cstdint>
#include <list>  // kept for includers that relied on it
#include <memory>
#include <string>
#include <vector>

#include "graph/op_desc.h"
#include "support/inline_vector.h"

namespace ge {

class ComputeGraph;
class Node;

/// Tag of the pool the nodes of every graph come from (PoolOf<NodeBlocks>, support/block_pool.h;
/// ComputeGraph::AddNode).
struct NodeBlocks {};

using NodePtr = std::shared_ptr<Node>;

/// The producer feeding one input port (node == nullptr when unconnected).
struct InDataPeer {
  Node *node = nullptr;
  int32_t out_index = -1;
  bool IsConnected() const { return node != nullptr; }
};

/// One consumer of an output port.
struct OutDataPeer {
  Node *node = nullptr;
  int32_t in_index = -1;
};

/// The consumers of one output port, in fan-out order. The first one is stored inline: most
/// outputs feed exactly one consumer, and a heap block per connected output was one allocation
/// per edge.
using OutDataPeers = InlineVector<OutDataPeer, 1>;

class Node : public std::enable_shared_from_this<Node> {
 public:
  // Takes the description by rvalue reference: one move of the OpDesc into the node block.
  Node(OpDesc &&op_desc, ComputeGraph *owner) : op_desc_(std::move(op_desc)), owner_(owner) {}
  Node(const Node &) = delete;
  Node &operator=(const Node &) = delete;

  const std::string &GetName() const { return op_desc_.GetName(); }
  const std::string &GetType() const { return op_desc_.GetType(); }
  const OpDesc &GetOpDesc() const { return op_desc_; }
  /// Mutable access for descs and attributes. Renaming goes through ComputeGraph::RenameNode.
  OpDesc &MutableOpDesc() { return op_desc_; }
  /// The graph that owns this node; nullptr once the node has been removed.
  ComputeGraph *GetOwnerGraph() const { return owner_; }
  /// Creation sequence number inside the owner graph (stable tie-breaker for orderings).
  uint64_t GetSeq() const { return seq_; }

  size_t GetInputsSize() const { return op_desc_.GetInputsSize(); }
  size_t GetOutputsSize() const { return op_desc_.GetOutputsSize(); }
  InDataPeer GetInDataPeer(size_t in_index) const;

  /// Hints the CPU to start loading `node`'s block (control block and every member) into the
  /// cache, for walks that know which node they will read next but not yet need it. Never faults
  /// and reads nothing: `node` may be null or no longer alive.
  static void Prefetch(const Node *node) {
    constexpr uintptr_t kLine = 64;
    constexpr uintptr_t kControlBlock = 16;  // make_shared's counts in front of the node
    const uintptr_t first = reinterpret_cast<uintptr_t>(node) - kControlBlock;
    for (uintptr_t line = first; line < first + kControlBlock + sizeof(Node); line += kLine) {
      __builtin_prefetch(reinterpret_cast<const void *>(line));
    }
  }
  /// Prefetch for the producers of this node's inputs (reads this node's input peers).
  void PrefetchProducers() const {
    for (const InDataPeer &peer : in_peers_) {
      Prefetch(peer.node);
    }
  }
  const OutDataPeers &GetOutDataPeers(size_t out_index) const;
  /// Producers of the connected inputs, in port order (a producer may repeat).
  std::vector<Node *> GetInDataNodes() const;
  /// Consumers of all outputs, in port then fan-out order (a consumer may repeat).
  std::vector<Node *> GetOutDataNodes() const;
  size_t GetOutDataNodesSize() const;
  const std::vector<Node *> &GetInControlNodes() const {
    return ctrl_ != nullptr ? ctrl_->in : NoNodes();
  }
  const std::vector<Node *> &GetOutControlNodes() const {
    return ctrl_ != nullptr ? ctrl_->out : NoNodes();
  }
  /// Data or control consumers/producers without duplicates, in first-seen order.
  std::vector<Node *> GetInAllNodes() const;
  std::vector<Node *> GetOutAllNodes() const;

 private:
  friend class ComputeGraph;
  friend class NodeOrder;

  // Control edges are rare in large graphs: both lists live in one block allocated with the
  // node's first control edge (8 bytes per node instead of two empty vectors, 48 bytes).
  struct ControlPeers {
    std::vector<Node *> in;
    std::vector<Node *> out;
  };
  static const std::vector<Node *> &NoNodes();
  ControlPeers &MutableControl() {
    if (ctrl_ == nullptr) {
      ctrl_ = std::make_unique<ControlPeers>();
    }
    return *ctrl_;
  }

  // Field order is chosen for the cache: a sweep's candidate snapshot compares the type and
  // takes a reference through self_. With the make_shared control block in front, those and the
  // reference counts share the node block's first 64 bytes (order_pos_ and OpDesc's leading
  // type_ form one 16-byte-aligned pair, so they never straddle a line), so a walk that
  // prefetches one line per node has all it reads. New members belong after seq_.
  //
  // `self_` is the owner graph's reference (reset on removal); order_pos_ the node's position
  // in the graph's NodeOrder.
  NodePtr self_;
  size_t order_pos_ = 0;
  OpDesc op_desc_;
  ComputeGraph *owner_;
  uint64_t seq_ = 0;
  // Sized lazily up to the op's port counts; the first port's entry is stored inline.
  InlineVector<InDataPeer, 1> in_peers_;
  InlineVector<OutDataPeers, 1> out_peers_;
  std::unique_ptr<ControlPeers> ctrl_;
  mutable int64_t scratch_ = 0;  // per-algorithm scratch (topological sort in-degrees)
};

}  // namespace ge

#endif  // GE_GRAPH_NODE_H_
