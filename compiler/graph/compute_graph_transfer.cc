// ComputeGraph::TransferNodeFrom: moves a node object between graphs instead of copying its
// OpDesc into a new node and destroying the old one (rewriters move the body of a replacement
// graph they own into the target graph this way).
#include <algorithm>

#include "common/error.h"
#include "graph/compute_graph.h"

namespace ge {
namespace {
// True when `node` is the parent node of a subgraph registered at the root of its graph.
bool OwnsSubgraphs(ComputeGraph &graph, const Node *node) {
  ComputeGraph *root = graph.GetRootGraph();
  for (const std::string &name : node->GetOpDesc().GetSubgraphInstanceNames()) {
    ComputeGraphPtr sub = root->GetSubgraph(name);
    if (sub != nullptr && sub->GetParentNode() == node) {
      return true;
    }
  }
  return false;
}
}  // namespace

Node *ComputeGraph::TransferNodeFrom(ComputeGraph &source, Node *node) {
  // ---- checks: nothing changes in either graph until all of them pass ----
  if (&source == this) {
    SetLastError("cannot transfer a node from graph '" + name_ + "' into itself");
    return nullptr;
  }
  if (node == nullptr || !source.HasNode(node)) {
    SetLastError("cannot transfer node '" +
                 (node == nullptr ? std::string("<null>") : node->GetName()) + "' into graph '" +
                 name_ + "': it is not a node of graph '" + source.name_ + "'");
    return nullptr;
  }
  if (nodes_by_name_.count(node->GetName()) != 0) {
    SetLastError("cannot transfer node '" + node->GetName() + "' into graph '" + name_ +
                 "': a node with that name already exists there");
    return nullptr;
  }
  if (OwnsSubgraphs(source, node)) {
    SetLastError("cannot transfer node '" + node->GetName() + "' into graph '" + name_ +
                 "': it owns subgraphs");
    return nullptr;
  }
  // ---- detach from `source` (as RemoveNode does, but keeping the object alive) ----
  source.RemoveNodeEdges(node);
  source.input_nodes_.erase(
      std::remove(source.input_nodes_.begin(), source.input_nodes_.end(), node),
      source.input_nodes_.end());
  source.outputs_.erase(std::remove_if(source.outputs_.begin(), source.outputs_.end(),
                                       [node](const std::pair<Node *, int32_t> &output) {
                                         return output.first == node;
                                       }),
                        source.outputs_.end());
  source.nodes_by_name_.erase(node->GetName());
  // Splice the list element over: the shared_ptr (and any weak handle to it) stays valid.
  nodes_.splice(nodes_.end(), source.nodes_, node->position_);
  // ---- attach here ----
  node->owner_ = this;
  node->seq_ = next_seq_++;
  node->position_ = std::prev(nodes_.end());
  nodes_by_name_.emplace(node->GetName(), node);
  return node;
}

}  // namespace ge
