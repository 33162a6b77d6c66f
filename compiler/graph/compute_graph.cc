// ComputeGraph: node list, edges, subgraph registry, topological order and deep copy.
#include "graph/compute_graph.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "common/error.h"
#include "support/block_pool.h"

namespace ge {
namespace {
template <typename T>
bool EraseFirst(std::vector<T> &items, const T &value) {
  auto it = std::find(items.begin(), items.end(), value);
  if (it == items.end()) {
    return false;
  }
  items.erase(it);
  return true;
}

std::string Endpoint(const Node *node, int32_t index) {
  return (node == nullptr ? std::string("<null>") : node->GetName()) + ":" + std::to_string(index);
}

// HasNode without the call: HasNode and CheckOwned are exported from a shared library, so GCC
// never inlines them into this file's callers (they could be interposed), and the call cost ~20
// instructions, twice per edge edit. Callers test this first and call CheckOwned only to build
// the error.
inline bool OwnedBy(const Node *node, const ComputeGraph *graph) {
  return node != nullptr && node->GetOwnerGraph() == graph;
}

/// Drops the entry of dst:in_index from a producer port's consumer list.
void EraseConsumer(OutDataPeers &consumers, const Node *dst, int32_t in_index) {
  for (auto it = consumers.begin(); it != consumers.end(); ++it) {
    if (it->node == dst && it->in_index == in_index) {
      consumers.erase(it);
      return;
    }
  }
}
}  // namespace

ComputeGraph::~ComputeGraph() {
  // Nodes may outlive the graph through shared handles held elsewhere; make them orphans so
  // that weak handles and owner checks never see a dangling graph pointer. Dropping the graph's
  // reference may destroy a node; the walk reads only the order array, never a visited node.
  order_.ForEach([](Node *node) {
    node->owner_ = nullptr;
    node->self_.reset();
  });
}

Status ComputeGraph::SetName(const std::string &name) {
  if (name == name_) {
    return SUCCESS;
  }
  ComputeGraphPtr parent = parent_graph_.lock();
  ComputeGraph *root = GetRootGraph();
  if (root != this) {
    auto it = root->subgraphs_by_name_.find(name_);
    if (root->subgraphs_by_name_.count(name) != 0) {
      return Fail("cannot rename subgraph '" + name_ + "' to '" + name +
                  "': the root graph already has a subgraph with that name");
    }
    if (it != root->subgraphs_by_name_.end()) {
      ComputeGraphPtr self = it->second;
      root->subgraphs_by_name_.erase(it);
      root->subgraphs_by_name_.emplace(name, self);
    }
    if (parent_node_ != nullptr) {
      OpDesc &op = parent_node_->MutableOpDesc();
      const auto &names = op.GetSubgraphInstanceNames();
      for (size_t i = 0; i < names.size(); ++i) {
        if (names[i] == name_) {
          op.SetSubgraphInstanceName(i, name);
        }
      }
    }
  }
  name_ = name;
  return SUCCESS;
}

Node *ComputeGraph::AddNode(OpDesc op_desc) {
  const std::string &name = op_desc.GetName();
  if (name.empty()) {
    SetLastError("cannot add a node with an empty name to graph '" + name_ + "'");
    return nullptr;
  }
  // The name index slot is a random access into a large table on big graphs: start loading it
  // now, so that allocating and filling the node block hides most of the miss.
  const uint32_t hash = nodes_by_name_.PrefetchSlot(name);
  // From the node pool (support/block_pool.h): nodes sit on huge pages, and a freed node's block
  // is reused by the next node without glibc merging it with its cold neighbours.
  auto node =
      std::allocate_shared<Node>(PooledAllocator<Node, NodeBlocks>(), std::move(op_desc), this);
  Node *raw = node.get();
  // One probe of the name index both checks for a duplicate and inserts (a separate Find first
  // cost a second random access into the table per node).
  if (!nodes_by_name_.Insert(raw, hash)) {
    SetLastError("graph '" + name_ + "' already has a node named '" + raw->GetName() + "'");
    raw->owner_ = nullptr;
    return nullptr;
  }
  raw->seq_ = next_seq_++;
  raw->self_ = std::move(node);
  order_.PushBack(raw);
  ++node_count_;
  ++modification_count_;
  return raw;
}

Status ComputeGraph::CheckOwned(const Node *node, const char *role) const {
  if (node == nullptr) {
    return Fail(std::string(role) + " node is null");
  }
  if (!HasNode(node)) {
    return Fail(std::string(role) + " node '" + node->GetName() + "' is not in graph '" + name_ +
                "'");
  }
  return SUCCESS;
}

bool ComputeGraph::HasNode(const Node *node) const {
  // RemoveNode and ~ComputeGraph reset owner_, so the owner pointer alone is authoritative.
  return node != nullptr && node->owner_ == this;
}

void ComputeGraph::RemoveNodeEdges(Node *node) {
  for (size_t i = 0; i < node->in_peers_.size(); ++i) {
    // Here rather than through RemoveInDataEdge: that exported call re-checked ownership for
    // every input port of a node already known to be ours.
    InDataPeer &slot = node->in_peers_[i];
    if (slot.node != nullptr) {
      EraseConsumer(slot.node->out_peers_[static_cast<size_t>(slot.out_index)], node,
                    static_cast<int32_t>(i));
      slot = InDataPeer{};
    }
  }
  for (size_t out = 0; out < node->out_peers_.size(); ++out) {
    for (const OutDataPeer &peer : node->out_peers_[out]) {
      peer.node->in_peers_[static_cast<size_t>(peer.in_index)] = InDataPeer{};
    }
    node->out_peers_[out].clear();
  }
  if (node->ctrl_ != nullptr) {
    for (Node *src : node->ctrl_->in) {
      EraseFirst(src->MutableControl().out, node);
    }
    for (Node *dst : node->ctrl_->out) {
      EraseFirst(dst->MutableControl().in, node);
    }
    node->ctrl_.reset();
  }
}

void ComputeGraph::DetachOwnedSubgraphs(Node *node) {
  const std::vector<std::string> &names = node->GetOpDesc().GetSubgraphInstanceNames();
  if (names.empty()) {
    return;  // the usual case: no root to look up
  }
  ComputeGraph *root = GetRootGraph();
  for (const std::string &sub_name : names) {
    ComputeGraphPtr sub = root->GetSubgraph(sub_name);
    if (sub == nullptr || sub->parent_node_ != node) {
      continue;
    }
    // Nested subgraphs go with their owner.
    for (Node *inner : sub->GetDirectNodes()) {
      sub->DetachOwnedSubgraphs(inner);
    }
    root->RemoveSubgraph(sub_name);
  }
}

Status ComputeGraph::RemoveNode(Node *node) {
  if (!OwnedBy(node, this) && CheckOwned(node, "removed") != SUCCESS) {
    return FAILED;
  }
  RemoveNodeEdges(node);
  DetachOwnedSubgraphs(node);
  EraseFirst(input_nodes_, node);
  outputs_.erase(std::remove_if(outputs_.begin(), outputs_.end(),
                                [node](const std::pair<Node *, int32_t> &output) {
                                  return output.first == node;
                                }),
                 outputs_.end());
  nodes_by_name_.Erase(node);
  node->owner_ = nullptr;
  order_.Erase(node);
  --node_count_;
  ++modification_count_;
  NodePtr keep = std::move(node->self_);
  keep.reset();  // may destroy the node: nothing touches it afterwards
  return SUCCESS;
}

void ComputeGraph::CollectOwnedSubgraphs(const Node *node, std::vector<ComputeGraphPtr> *out) {
  const std::vector<std::string> &names = node->GetOpDesc().GetSubgraphInstanceNames();
  if (names.empty()) {
    return;  // the usual case: no root to look up
  }
  ComputeGraph *root = GetRootGraph();
  for (const std::string &sub_name : names) {
    ComputeGraphPtr sub = root->GetSubgraph(sub_name);
    if (sub == nullptr || sub->parent_node_ != node) {
      continue;
    }
    out->push_back(sub);
    // Nested subgraphs are registered flat on the same root and go with their owner.
    sub->ForEachDirectNode(
        [&sub, out](const Node *inner) { sub->CollectOwnedSubgraphs(inner, out); });
  }
}

Node *ComputeGraph::TransferNodeFrom(ComputeGraph &source, Node *node) {
  return MoveNodeIn(source, node, nullptr);
}

Node *ComputeGraph::TransferNodeFrom(ComputeGraph &source, Node *node, std::string *new_name) {
  if (new_name == nullptr) {
    SetLastError("cannot transfer a node into graph '" + name_ + "' under a null name");
    return nullptr;
  }
  return MoveNodeIn(source, node, new_name);
}

Node *ComputeGraph::MoveNodeIn(ComputeGraph &source, Node *node, std::string *new_name) {
  if (node == nullptr) {
    SetLastError("cannot transfer a null node into graph '" + name_ + "'");
    return nullptr;
  }
  if (&source == this) {
    SetLastError("cannot transfer node '" + node->GetName() + "' from graph '" + name_ +
                 "' into itself");
    return nullptr;
  }
  if (!OwnedBy(node, &source)) {
    SetLastError("cannot transfer node '" + node->GetName() + "': it is not in graph '" +
                 source.name_ + "'");
    return nullptr;
  }
  if (new_name != nullptr && new_name->empty()) {
    SetLastError("cannot transfer node '" + node->GetName() + "' into graph '" + name_ +
                 "' under an empty name");
    return nullptr;
  }
  const std::string &name = new_name != nullptr ? *new_name : node->GetName();
  // The slot is usually a cache miss on a large graph: start loading it before the lookup.
  const uint32_t hash = nodes_by_name_.PrefetchSlot(name);
  if (nodes_by_name_.Find(name, hash) != nullptr) {
    SetLastError("cannot transfer node '" + node->GetName() + "' from graph '" + source.name_ +
                 "': graph '" + name_ + "' already has a node named '" + name + "'");
    return nullptr;
  }
  // Check every owned subgraph name against this root before changing anything. Most nodes own
  // none: then there are no roots to find and no ancestry to walk (each step locks a weak_ptr).
  std::vector<ComputeGraphPtr> subs;
  source.CollectOwnedSubgraphs(node, &subs);
  ComputeGraph *source_root = nullptr;
  ComputeGraph *root = nullptr;
  bool same_root = true;
  if (!subs.empty()) {
    source_root = source.GetRootGraph();
    root = GetRootGraph();
    same_root = root == source_root;
    // Moving a node into a graph nested under one of its own subgraphs would make the node its
    // own ancestor.
    ComputeGraphPtr holder;  // keeps the graph being inspected alive while walking up
    const ComputeGraph *graph = this;
    for (int depth = 0; graph != nullptr && depth < 4096; ++depth) {
      for (const ComputeGraphPtr &sub : subs) {
        if (sub.get() == graph) {
          SetLastError("cannot transfer node '" + node->GetName() + "' into graph '" + name_ +
                       "': that graph is inside subgraph '" + sub->name_ + "' of the node");
          return nullptr;
        }
      }
      holder = graph->parent_graph_.lock();
      graph = holder.get();
    }
    for (const ComputeGraphPtr &sub : subs) {
      if (!same_root && (sub.get() == root || sub->name_ == root->name_ ||
                         root->subgraphs_by_name_.count(sub->name_) != 0)) {
        SetLastError("cannot transfer node '" + node->GetName() + "' into graph '" + name_ +
                     "': its root already has a subgraph named '" + sub->name_ + "'");
        return nullptr;
      }
    }
  }
  // Leave `source`: edges, graph inputs/outputs, name index and node list.
  source.RemoveNodeEdges(node);
  EraseFirst(source.input_nodes_, node);
  source.outputs_.erase(std::remove_if(source.outputs_.begin(), source.outputs_.end(),
                                       [node](const std::pair<Node *, int32_t> &output) {
                                         return output.first == node;
                                       }),
                        source.outputs_.end());
  source.nodes_by_name_.Erase(node);  // under the old name
  source.order_.Erase(node);
  --source.node_count_;
  ++source.modification_count_;
  if (new_name != nullptr) {
    node->op_desc_.SetName(std::move(*new_name));
    new_name->clear();  // the documented state, whatever a moved-from string holds
  }
  // Join this graph; self_ (the owning reference) moves with the node.
  node->owner_ = this;
  node->seq_ = next_seq_++;
  nodes_by_name_.Insert(node, hash);
  order_.PushBack(node);
  ++node_count_;
  ++modification_count_;
  // Re-register the owned subgraphs; direct ones get this graph as parent.
  if (subs.empty()) {
    return node;
  }
  std::weak_ptr<ComputeGraph> self = weak_from_this();
  for (const ComputeGraphPtr &sub : subs) {
    if (!same_root) {
      source_root->RemoveSubgraph(sub->name_);
      root->subgraphs_.push_back(sub);
      root->subgraphs_by_name_.emplace(sub->name_, sub);
    }
    if (sub->parent_node_ == node) {
      sub->parent_graph_ = self;
    }
  }
  return node;
}

Status ComputeGraph::RenameNode(Node *node, const std::string &new_name) {
  if (!OwnedBy(node, this) && CheckOwned(node, "renamed") != SUCCESS) {
    return FAILED;
  }
  if (new_name.empty()) {
    return Fail("cannot rename node '" + node->GetName() + "' to an empty name");
  }
  if (new_name == node->GetName()) {
    return SUCCESS;
  }
  if (nodes_by_name_.Find(new_name) != nullptr) {
    return Fail("graph '" + name_ + "' already has a node named '" + new_name + "'");
  }
  nodes_by_name_.Erase(node);
  node->op_desc_.SetName(new_name);
  nodes_by_name_.Insert(node);
  ++modification_count_;
  return SUCCESS;
}

Node *ComputeGraph::FindNode(const std::string &name) const { return nodes_by_name_.Find(name); }

std::vector<Node *> ComputeGraph::GetDirectNodes() const {
  std::vector<Node *> nodes;
  nodes.reserve(node_count_);
  order_.ForEach([&nodes](Node *node) { nodes.push_back(node); });
  return nodes;
}

std::vector<Node *> ComputeGraph::GetAllNodes() const {
  std::vector<Node *> nodes;
  const ComputeGraph *root = const_cast<ComputeGraph *>(this)->GetRootGraph();
  nodes.reserve(node_count_);
  // Explicit stack of (graph, next position) to stay iterative on deep nesting.
  std::vector<std::pair<const ComputeGraph *, size_t>> stack;
  stack.emplace_back(this, 0);
  while (!stack.empty()) {
    Node *node = stack.back().first->order_.NextFrom(stack.back().second, &stack.back().second);
    if (node == nullptr) {
      stack.pop_back();
      continue;
    }
    nodes.push_back(node);
    const auto &sub_names = node->GetOpDesc().GetSubgraphInstanceNames();
    // Push in reverse so the first subgraph is visited first.
    for (auto it = sub_names.rbegin(); it != sub_names.rend(); ++it) {
      ComputeGraphPtr sub = root->GetSubgraph(*it);
      if (sub != nullptr && sub.get() != this) {
        stack.emplace_back(sub.get(), 0);
      }
    }
  }
  return nodes;
}

NodePtr ComputeGraph::GetNodePtr(const Node *node) const {
  return OwnedBy(node, this) ? node->self_ : nullptr;
}

Status ComputeGraph::AddDataEdge(Node *src, int32_t out_index, Node *dst, int32_t in_index) {
  if (!(OwnedBy(src, this) && OwnedBy(dst, this)) &&
      (CheckOwned(src, "source") != SUCCESS || CheckOwned(dst, "destination") != SUCCESS)) {
    return FAILED;
  }
  // Built only on failure: this runs once per edge of every graph.
  auto edge = [&]() { return Endpoint(src, out_index) + " -> " + Endpoint(dst, in_index); };
  if (out_index < 0 || static_cast<size_t>(out_index) >= src->GetOutputsSize()) {
    return Fail("cannot add data edge " + edge() + ": node '" + src->GetName() + "' has " +
                std::to_string(src->GetOutputsSize()) + " outputs");
  }
  if (in_index < 0 || static_cast<size_t>(in_index) >= dst->GetInputsSize()) {
    return Fail("cannot add data edge " + edge() + ": node '" + dst->GetName() + "' has " +
                std::to_string(dst->GetInputsSize()) + " inputs");
  }
  if (dst->in_peers_.size() < dst->GetInputsSize()) {
    dst->in_peers_.resize(dst->GetInputsSize());
  }
  InDataPeer &slot = dst->in_peers_[static_cast<size_t>(in_index)];
  if (slot.node != nullptr) {
    return Fail("cannot add data edge " + edge() + ": input already fed by " +
                Endpoint(slot.node, slot.out_index));
  }
  if (src->out_peers_.size() < src->GetOutputsSize()) {
    src->out_peers_.resize(src->GetOutputsSize());
  }
  slot = InDataPeer{src, out_index};
  src->out_peers_[static_cast<size_t>(out_index)].push_back(OutDataPeer{dst, in_index});
  ++modification_count_;
  return SUCCESS;
}

Status ComputeGraph::RemoveDataEdge(Node *src, int32_t out_index, Node *dst, int32_t in_index) {
  if (!(OwnedBy(src, this) && OwnedBy(dst, this)) &&
      (CheckOwned(src, "source") != SUCCESS || CheckOwned(dst, "destination") != SUCCESS)) {
    return FAILED;
  }
  InDataPeer peer = dst->GetInDataPeer(in_index < 0 ? SIZE_MAX : static_cast<size_t>(in_index));
  if (peer.node != src || peer.out_index != out_index) {
    return Fail("no data edge " + Endpoint(src, out_index) + " -> " + Endpoint(dst, in_index));
  }
  return RemoveInDataEdge(dst, in_index);
}

Status ComputeGraph::RemoveInDataEdge(Node *dst, int32_t in_index) {
  if (!OwnedBy(dst, this) && CheckOwned(dst, "destination") != SUCCESS) {
    return FAILED;
  }
  if (in_index < 0 || static_cast<size_t>(in_index) >= dst->in_peers_.size()) {
    return SUCCESS;
  }
  InDataPeer &slot = dst->in_peers_[static_cast<size_t>(in_index)];
  if (slot.node == nullptr) {
    return SUCCESS;
  }
  EraseConsumer(slot.node->out_peers_[static_cast<size_t>(slot.out_index)], dst, in_index);
  slot = InDataPeer{};
  ++modification_count_;
  return SUCCESS;
}

Status ComputeGraph::AddControlEdge(Node *src, Node *dst) {
  if (!(OwnedBy(src, this) && OwnedBy(dst, this)) &&
      (CheckOwned(src, "source") != SUCCESS || CheckOwned(dst, "destination") != SUCCESS)) {
    return FAILED;
  }
  if (src == dst) {
    return Fail("cannot add a control edge from node '" + src->GetName() + "' to itself");
  }
  if (HasControlEdge(src, dst)) {
    return Fail("control edge " + src->GetName() + " -> " + dst->GetName() + " already exists");
  }
  src->MutableControl().out.push_back(dst);
  dst->MutableControl().in.push_back(src);
  ++modification_count_;
  return SUCCESS;
}

Status ComputeGraph::RemoveControlEdge(Node *src, Node *dst) {
  if (!(OwnedBy(src, this) && OwnedBy(dst, this)) &&
      (CheckOwned(src, "source") != SUCCESS || CheckOwned(dst, "destination") != SUCCESS)) {
    return FAILED;
  }
  if (src->ctrl_ == nullptr || !EraseFirst(src->ctrl_->out, dst)) {
    return Fail("no control edge " + src->GetName() + " -> " + dst->GetName());
  }
  EraseFirst(dst->MutableControl().in, src);
  ++modification_count_;
  return SUCCESS;
}

bool ComputeGraph::HasControlEdge(const Node *src, const Node *dst) const {
  if (src == nullptr || dst == nullptr) {
    return false;
  }
  // Scan the shorter side: O(min degree).
  const std::vector<Node *> &outs = src->GetOutControlNodes();
  const std::vector<Node *> &ins = dst->GetInControlNodes();
  if (outs.size() <= ins.size()) {
    return std::find(outs.begin(), outs.end(), dst) != outs.end();
  }
  return std::find(ins.begin(), ins.end(), src) != ins.end();
}

Status ComputeGraph::AddInputNode(Node *node) {
  if (!OwnedBy(node, this) && CheckOwned(node, "input") != SUCCESS) {
    return FAILED;
  }
  if (std::find(input_nodes_.begin(), input_nodes_.end(), node) == input_nodes_.end()) {
    input_nodes_.push_back(node);
    ++modification_count_;
  }
  return SUCCESS;
}

Status ComputeGraph::SetOutputs(std::vector<std::pair<Node *, int32_t>> outputs) {
  for (const auto &output : outputs) {
    if (!OwnedBy(output.first, this) && CheckOwned(output.first, "output") != SUCCESS) {
      return FAILED;
    }
    if (output.second < 0 || static_cast<size_t>(output.second) >= output.first->GetOutputsSize()) {
      return Fail("graph output " + Endpoint(output.first, output.second) +
                  " is not an output port of the node");
    }
  }
  outputs_ = std::move(outputs);
  ++modification_count_;
  return SUCCESS;
}

const GeAttrValue *ComputeGraph::GetAttr(const std::string &name) const {
  auto it = attrs_.find(name);
  return it == attrs_.end() ? nullptr : &it->second;
}

ComputeGraph *ComputeGraph::GetRootGraph() {
  ComputeGraph *graph = this;
  // Bounded walk: a parent cycle is a bug elsewhere, never a hang here.
  for (int depth = 0; depth < 4096; ++depth) {
    ComputeGraphPtr parent = graph->parent_graph_.lock();
    if (parent == nullptr) {
      return graph;
    }
    graph = parent.get();
  }
  return graph;
}

Status ComputeGraph::AddSubgraph(const ComputeGraphPtr &subgraph) {
  if (subgraph == nullptr) {
    return Fail("cannot add a null subgraph to graph '" + name_ + "'");
  }
  if (parent_graph_.lock() != nullptr) {
    return Fail("subgraphs are registered on the root graph, not on subgraph '" + name_ + "'");
  }
  if (subgraph.get() == this) {
    return Fail("graph '" + name_ + "' cannot be its own subgraph");
  }
  const std::string &name = subgraph->GetName();
  if (name.empty() || name == name_ || subgraphs_by_name_.count(name) != 0) {
    return Fail("graph '" + name_ + "' already has a subgraph named '" + name + "'");
  }
  subgraphs_.push_back(subgraph);
  subgraphs_by_name_.emplace(name, subgraph);
  return SUCCESS;
}

Status ComputeGraph::RemoveSubgraph(const std::string &name) {
  auto it = subgraphs_by_name_.find(name);
  if (it == subgraphs_by_name_.end()) {
    return Fail("graph '" + name_ + "' has no subgraph named '" + name + "'");
  }
  ComputeGraphPtr sub = it->second;
  subgraphs_by_name_.erase(it);
  subgraphs_.erase(std::find(subgraphs_.begin(), subgraphs_.end(), sub));
  return SUCCESS;
}

ComputeGraphPtr ComputeGraph::GetSubgraph(const std::string &name) const {
  auto it = subgraphs_by_name_.find(name);
  return it == subgraphs_by_name_.end() ? nullptr : it->second;
}

template <typename OnReady>
Status ComputeGraph::SortTopologically(std::vector<Node *> *order, OnReady &&on_ready) const {
  order->clear();
  order->reserve(node_count_);
  auto ready = [order, &on_ready](Node *node) {
    on_ready(node, order->size());
    order->push_back(node);
  };
  // Kahn's algorithm with `order` itself as the FIFO queue of ready nodes.
  order_.ForEach([&ready](Node *node) {
    int64_t in_degree = static_cast<int64_t>(node->GetInControlNodes().size());
    for (const InDataPeer &peer : node->in_peers_) {
      in_degree += peer.node != nullptr ? 1 : 0;
    }
    node->scratch_ = in_degree;
    if (in_degree == 0) {
      ready(node);
    }
  });
  auto release = [&ready](Node *next) {
    if (--next->scratch_ == 0) {
      ready(next);
    }
  };
  for (size_t i = 0; i < order->size(); ++i) {
    const Node *node = (*order)[i];
    for (const auto &peers : node->out_peers_) {
      for (const OutDataPeer &peer : peers) {
        release(peer.node);
      }
    }
    for (Node *next : node->GetOutControlNodes()) {
      release(next);
    }
  }
  if (order->size() != node_count_) {
    for (const Node *node : GetDirectNodes()) {
      if (node->scratch_ > 0) {
        return Fail("graph '" + name_ + "' has a cycle through node '" + node->GetName() + "'");
      }
    }
  }
  return SUCCESS;
}

Status ComputeGraph::GetTopologicalOrder(std::vector<Node *> *order) const {
  return SortTopologically(order, [](const Node *, size_t) {});
}

Status ComputeGraph::GetTopologicalOrder(std::vector<Node *> *order,
                                         std::vector<double> *position_by_seq) const {
  position_by_seq->assign(static_cast<size_t>(next_seq_), std::numeric_limits<double>::quiet_NaN());
  // Recorded as each node becomes ready, while the sort has it at hand.
  return SortTopologically(order, [position_by_seq](const Node *node, size_t position) {
    (*position_by_seq)[static_cast<size_t>(node->seq_)] = static_cast<double>(position);
  });
}

void ComputeGraph::KeepTopologicalPositions(std::vector<double> positions, double bound) {
  kept_positions_ = std::move(positions);
  kept_positions_bound_ = bound;
  kept_positions_version_ = modification_count_;
}

bool ComputeGraph::TakeTopologicalPositions(std::vector<double> *positions, double *bound) {
  const bool current = !kept_positions_.empty() && kept_positions_version_ == modification_count_;
  if (current) {
    *positions = std::move(kept_positions_);
    *bound = kept_positions_bound_;
  }
  kept_positions_.clear();
  kept_positions_.shrink_to_fit();
  return current;
}

Status ComputeGraph::TopologicalSort(bool recursive) {
  std::vector<Node *> order;
  if (GetTopologicalOrder(&order) != SUCCESS) {
    return FAILED;
  }
  // Refill the order array: O(n), no node moves in memory.
  order_.Clear();
  for (Node *node : order) {
    order_.PushBack(node);
  }
  if (recursive) {
    for (const ComputeGraphPtr &sub : subgraphs_) {
      if (sub->TopologicalSort(false) != SUCCESS) {
        return FAILED;
      }
    }
  }
  return SUCCESS;
}

ComputeGraphPtr ComputeGraph::CloneBody(const std::string &name) const {
  auto copy = std::make_shared<ComputeGraph>(name);
  copy->graph_id_ = graph_id_;
  copy->attrs_ = attrs_;
  // Source node -> clone through the scratch slot (the source's position in node order): no
  // hash map entry per node. Peers and inputs/outputs always belong to this graph.
  std::vector<Node *> clones;
  clones.reserve(node_count_);
  copy->ReserveNodes(node_count_);
  const std::vector<Node *> nodes = GetDirectNodes();
  for (const Node *node : nodes) {
    node->scratch_ = static_cast<int64_t>(clones.size());
    clones.push_back(copy->AddNode(node->op_desc_));
  }
  auto mapping = [&clones](const Node *node) {
    return clones[static_cast<size_t>(node->scratch_)];
  };
  // Copy the adjacency vectors directly so every ordering (fan-out, control) is preserved.
  for (const Node *node : nodes) {
    Node *clone = mapping(node);
    clone->in_peers_.reserve(node->in_peers_.size());
    for (const InDataPeer &peer : node->in_peers_) {
      clone->in_peers_.push_back(
          InDataPeer{peer.node == nullptr ? nullptr : mapping(peer.node), peer.out_index});
    }
    clone->out_peers_.resize(node->out_peers_.size());
    for (size_t out = 0; out < node->out_peers_.size(); ++out) {
      for (const OutDataPeer &peer : node->out_peers_[out]) {
        clone->out_peers_[out].push_back(OutDataPeer{mapping(peer.node), peer.in_index});
      }
    }
    for (Node *src : node->GetInControlNodes()) clone->MutableControl().in.push_back(mapping(src));
    for (Node *dst : node->GetOutControlNodes())
      clone->MutableControl().out.push_back(mapping(dst));
  }
  for (Node *input : input_nodes_) copy->input_nodes_.push_back(mapping(input));
  for (const auto &output : outputs_) {
    copy->outputs_.emplace_back(mapping(output.first), output.second);
  }
  return copy;
}

ComputeGraphPtr ComputeGraph::Clone() const {
  ComputeGraphPtr copy = CloneBody(name_);
  for (const ComputeGraphPtr &sub : subgraphs_) {
    ComputeGraphPtr sub_copy = sub->CloneBody(sub->name_);
    copy->subgraphs_.push_back(sub_copy);
    copy->subgraphs_by_name_.emplace(sub_copy->name_, sub_copy);
  }
  // Re-link parents by name once every copy exists.
  for (const ComputeGraphPtr &sub : subgraphs_) {
    ComputeGraphPtr sub_copy = copy->subgraphs_by_name_[sub->name_];
    ComputeGraphPtr parent = sub->parent_graph_.lock();
    if (parent == nullptr) {
      continue;
    }
    ComputeGraphPtr parent_copy =
        parent.get() == this ? copy : copy->GetSubgraph(parent->GetName());
    if (parent_copy == nullptr) {
      continue;
    }
    sub_copy->parent_graph_ = parent_copy;
    if (sub->parent_node_ != nullptr) {
      sub_copy->parent_node_ = parent_copy->FindNode(sub->parent_node_->GetName());
    }
  }
  return copy;
}

}  // namespace ge
