// ComputeGraph: nodes with O(1) name lookup and O(1) removal, data and control edges edited in
// O(degree), graph inputs/outputs, attributes and (on the root graph) the flat registry of all
// subgraphs. Every topology change goes through this class so both ends of an edge stay in sync.
// Failing calls leave the graph unchanged and record the reason with ge::SetLastError.
#ifndef GE_GRAPH_COMPUTE_GRAPH_H_
#define GE_GRAPH_COMPUTE_GRAPH_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/attr_value.h"
#include "graph/node.h"
#include "graph/node_name_index.h"
#include "graph/node_order.h"
#include "graph/op_desc.h"

namespace ge {

class ComputeGraph : public std::enable_shared_from_this<ComputeGraph> {
 public:
  explicit ComputeGraph(std::string name) : name_(std::move(name)) {}
  ~ComputeGraph();
  ComputeGraph(const ComputeGraph &) = delete;
  ComputeGraph &operator=(const ComputeGraph &) = delete;

  const std::string &GetName() const { return name_; }
  /// Renames the graph. On a subgraph, also updates the root registry and the parent node's
  /// subgraph instance name. Fails if another subgraph of the root already has that name.
  Status SetName(const std::string &name);
  uint32_t GetGraphId() const { return graph_id_; }
  void SetGraphId(uint32_t id) { graph_id_ = id; }

  // ---- nodes ----
  /// Adds a node; fails (nullptr) when the name is empty or already used in this graph.
  Node *AddNode(OpDesc op_desc);
  /// Removes a node with all its edges (and the subgraphs it owns). Handles to it expire.
  Status RemoveNode(Node *node);
  Status RenameNode(Node *node, const std::string &new_name);
  /// Moves `node` from `source` into this graph without copying it: its data and control edges
  /// in `source` are removed first (and it leaves `source`'s inputs/outputs), then it is appended
  /// here with its OpDesc storage, and the subgraphs it owns move from `source`'s root registry to
  /// this graph's root. The Node object (and every NodePtr to it) stays the same; the return
  /// value is that node, now owned by this graph. Fails (nullptr, `source` unchanged) when `node`
  /// is not a node of `source`, `source` is this graph, or its name (or the name of a subgraph
  /// it owns) is already used here.
  Node *TransferNodeFrom(ComputeGraph &source, Node *node);
  /// TransferNodeFrom that also renames the node to `*new_name` on the way: the old name is
  /// never probed in this graph and the new one never in `source` (a rename then a move probed
  /// the name tables six times). In/out: on success the string is moved into the node (and
  /// `*new_name` is left empty); on failure nothing changes, `*new_name` included, so a caller
  /// can test it with FindNode and try another. Fails like TransferNodeFrom, also for a null or
  /// empty `new_name` or one already used here.
  Node *TransferNodeFrom(ComputeGraph &source, Node *node, std::string *new_name);
  Node *FindNode(const std::string &name) const;
  /// Starts loading the name index's slot for `name` into the cache, for an edit (adding,
  /// renaming or removing a node of that name) coming soon: on a large graph each such edit
  /// otherwise waits for a miss at a random place. A hint: changes nothing.
  void PrefetchNameSlot(std::string_view name) const { (void)nodes_by_name_.PrefetchSlot(name); }
  /// True when `node` is a live node of this graph (not of a subgraph).
  bool HasNode(const Node *node) const;
  size_t GetDirectNodesSize() const { return node_count_; }
  /// A number that changes with every edit of this graph's topology: a node added, removed,
  /// renamed or moved in or out, a data or control edge added or removed, the graph inputs or
  /// outputs set. Equal numbers read at two times prove no such edit happened in between (node
  /// attributes and tensor descs are not covered). Lets a caller skip re-checking facts about
  /// nodes and edges it derived itself at the earlier time.
  uint64_t GetModificationCount() const { return modification_count_; }
  /// Makes room for `count` nodes in the name index (a hint; large builders call it first).
  void ReserveNodes(size_t count) {
    nodes_by_name_.Reserve(count);
    order_.Reserve(count);
  }
  /// Top-level nodes in list order.
  std::vector<Node *> GetDirectNodes() const;
  /// Calls `visit(Node *)` for each top-level node in list order, without building the vector
  /// GetDirectNodes returns (on a large graph that list is one more cache miss per node). `visit`
  /// must not add, remove or move nodes of this graph.
  template <typename Visit>
  void ForEachDirectNode(Visit &&visit) const {
    order_.ForEach(visit);
  }
  /// The sequence number the next added node gets: every node now in the graph has a smaller one.
  uint64_t GetNextSeq() const { return next_seq_; }
  /// Nodes of this graph and, depth-first at their owner nodes, of every subgraph they own.
  std::vector<Node *> GetAllNodes() const;
  /// Shared ownership of a node of this graph (for weak handles).
  NodePtr GetNodePtr(const Node *node) const;

  // ---- edges ----
  /// src:out → dst:in. Fails if an index is out of range, dst:in is already connected, or the
  /// nodes are not both in this graph.
  Status AddDataEdge(Node *src, int32_t out_index, Node *dst, int32_t in_index);
  Status RemoveDataEdge(Node *src, int32_t out_index, Node *dst, int32_t in_index);
  /// Disconnects whatever feeds dst:in (no-op success when unconnected).
  Status RemoveInDataEdge(Node *dst, int32_t in_index);
  /// Fails on a duplicate edge or a self loop.
  Status AddControlEdge(Node *src, Node *dst);
  Status RemoveControlEdge(Node *src, Node *dst);
  bool HasControlEdge(const Node *src, const Node *dst) const;

  // ---- graph inputs and outputs ----
  /// Data-family nodes that are graph inputs, in registration order.
  const std::vector<Node *> &GetInputNodes() const { return input_nodes_; }
  Status AddInputNode(Node *node);
  /// The user-designated outputs ("<node>:<index>" in AIR).
  const std::vector<std::pair<Node *, int32_t>> &GetOutputs() const { return outputs_; }
  Status SetOutputs(std::vector<std::pair<Node *, int32_t>> outputs);

  // ---- attributes ----
  const AttrMap &GetAllAttrs() const { return attrs_; }
  AttrMap &MutableAllAttrs() { return attrs_; }
  const GeAttrValue *GetAttr(const std::string &name) const;
  void SetAttr(const std::string &name, GeAttrValue value) { attrs_[name] = std::move(value); }

  // ---- subgraphs ----
  ComputeGraphPtr GetParentGraph() const { return parent_graph_.lock(); }
  Node *GetParentNode() const { return parent_node_; }
  void SetParentGraph(const ComputeGraphPtr &parent) { parent_graph_ = parent; }
  void SetParentNode(Node *node) { parent_node_ = node; }
  /// The graph at the top of the parent chain (this graph when it has no parent).
  ComputeGraph *GetRootGraph();
  /// Registers a subgraph on this root graph. Fails on an empty or duplicate name or when called
  /// on a graph that has a parent.
  Status AddSubgraph(const ComputeGraphPtr &subgraph);
  Status RemoveSubgraph(const std::string &name);
  ComputeGraphPtr GetSubgraph(const std::string &name) const;
  /// All registered subgraphs, flat, in registration order.
  const std::vector<ComputeGraphPtr> &GetAllSubgraphs() const { return subgraphs_; }

  // ---- algorithms ----
  /// Topological order over data and control edges, stable with respect to node order.
  /// Fails on a cycle, naming a node on it.
  Status GetTopologicalOrder(std::vector<Node *> *order) const;
  /// GetTopologicalOrder that also gives each node's position in `order` indexed by its sequence
  /// number: `(*position_by_seq)[order[i]->GetSeq()] == i`, sized GetNextSeq(), NaN where no
  /// node of this graph has that number. Recorded while sorting: reading the numbers from
  /// `order` afterwards is one more cache miss per node on a large graph.
  Status GetTopologicalOrder(std::vector<Node *> *order,
                             std::vector<double> *position_by_seq) const;
  /// Reorders the node list topologically (subgraphs too when `recursive`).
  Status TopologicalSort(bool recursive = true);
  /// Keeps `positions` (indexed by sequence number, increasing along every edge, NaN for unknown
  /// numbers; see GetTopologicalOrder) and `bound` (above every position) for the next user, as
  /// long as the topology stays as it is now. Lets the passes of a fusion stage share one
  /// topological sort (fusion::CycleChecker): on a large graph a sort is a few cache misses per
  /// node. Costs 8 bytes per sequence number while kept; replaces anything kept before.
  void KeepTopologicalPositions(std::vector<double> positions, double bound);
  /// Moves out what KeepTopologicalPositions kept, if no topology edit happened since (same
  /// GetModificationCount()); false otherwise. What was kept is dropped either way.
  bool TakeTopologicalPositions(std::vector<double> *positions, double *bound);
  /// A deep copy (nodes, edges, descs, attributes, inputs/outputs and, for a root, every
  /// registered subgraph with parent links). Weights are shared, not duplicated.
  ComputeGraphPtr Clone() const;

 private:
  void RemoveNodeEdges(Node *node);
  void DetachOwnedSubgraphs(Node *node);
  void CollectOwnedSubgraphs(const Node *node, std::vector<ComputeGraphPtr> *out);
  ComputeGraphPtr CloneBody(const std::string &name) const;
  Status CheckOwned(const Node *node, const char *role) const;
  // Both TransferNodeFrom overloads; `new_name` null keeps the node's name.
  Node *MoveNodeIn(ComputeGraph &source, Node *node, std::string *new_name);
  // Kahn's algorithm behind both GetTopologicalOrder overloads; `on_ready(node, position)` runs
  // as each node is appended to `order`.
  template <typename OnReady>
  Status SortTopologically(std::vector<Node *> *order, OnReady &&on_ready) const;

  std::string name_;
  uint32_t graph_id_ = 0;
  uint64_t next_seq_ = 0;
  NodeOrder order_;  // the nodes in node order (each node's self_ owns it)
  size_t node_count_ = 0;
  uint64_t modification_count_ = 0;  // see GetModificationCount
  NodeNameIndex nodes_by_name_;
  std::vector<Node *> input_nodes_;
  std::vector<std::pair<Node *, int32_t>> outputs_;
  AttrMap attrs_;
  std::weak_ptr<ComputeGraph> parent_graph_;
  Node *parent_node_ = nullptr;
  std::vector<ComputeGraphPtr> subgraphs_;
  std::unordered_map<std::string, ComputeGraphPtr> subgraphs_by_name_;
  // See KeepTopologicalPositions; valid only while modification_count_ == kept_positions_version_.
  std::vector<double> kept_positions_;
  double kept_positions_bound_ = 0.0;
  uint64_t kept_positions_version_ = 0;
};

}  // namespace ge

#endif  // GE_GRAPH_COMPUTE_GRAPH_H_
