// NodeRewrite (see node_rewrite.h).
#include "rewrite/node_rewrite.h"

#include <algorithm>
#include <string>
#include <utility>

#include "common/error.h"
#include "pattern/fusion_utils.h"
#include "rewrite/rewrite_steps.h"

namespace ge {
namespace fusion {
namespace {

// `base`, or `base_` repeated until no node of `graph` has the name.
std::string FreeName(const ComputeGraph &graph, std::string base) {
  while (graph.FindNode(base) != nullptr) {
    base += '_';
  }
  return base;
}

OpDesc DataDesc(const ComputeGraph &graph, size_t index) {
  OpDesc desc(FreeName(graph, "rewrite_input_" + std::to_string(index)), kData);
  desc.AddInputDesc("x", GeTensorDesc());
  desc.AddOutputDesc("y", GeTensorDesc());
  desc.SetAttr(kAttrIndex, GeAttrValue(static_cast<int64_t>(index)));
  return desc;
}

OpDesc NetOutputDesc(const ComputeGraph &graph, size_t inputs) {
  OpDesc desc(FreeName(graph, "rewrite_output"), kNetOutput);
  for (size_t i = 0; i < inputs; ++i) {
    desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
  }
  return desc;
}

std::string PortText(const Node &node, int32_t index) {
  return node.GetName() + ":" + std::to_string(index);
}

}  // namespace

NodeRewrite::NodeRewrite(ComputeGraph &graph)
    : graph_(graph), replacement_(std::make_shared<ComputeGraph>(graph.GetName() + "_rewrite")) {}

void NodeRewrite::Remove(Node *node) { removed_.push_back(node); }

Node *NodeRewrite::Add(OpDesc desc) { return replacement_->AddNode(std::move(desc)); }

void NodeRewrite::Connect(Node *src, int32_t out_index, Node *dst, int32_t in_index) {
  if (src->GetOwnerGraph() != replacement_.get()) {
    outside_edges_.push_back(OutsideEdge{src, out_index, dst, in_index});
  } else if (replacement_->AddDataEdge(src, out_index, dst, in_index) != SUCCESS &&
             error_.empty()) {
    error_ = GetLastError();
  }
}

void NodeRewrite::TakeOver(Node *removed, int32_t out_index, Node *src, int32_t src_out) {
  taken_over_.emplace_back(removed, out_index);
  new_sources_.emplace_back(src, src_out);
}

bool NodeRewrite::ScopedAttrsAgree() const {
  std::string reason;
  return !HasFusionScopedAttr(removed_) || IsSupportFuse(removed_, &reason);
}

// The boundary inputs are the ports of staying nodes that removed nodes read, one per port in
// the order they are first read; the replacement gets one Data per input, wired as Connect
// asked, and a NetOutput reading the new ports of TakeOver.
Status NodeRewrite::BuildReplacement(
    std::vector<std::vector<std::pair<Node *, int32_t>>> *input_consumers) {
  const NodeLookup removed(removed_);
  std::vector<OutAnchor> producers;
  for (Node *node : removed_) {
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected() || removed.Contains(peer.node)) {
        continue;
      }
      const OutAnchor producer{peer.node, peer.out_index};
      const size_t input = static_cast<size_t>(
          std::find(producers.begin(), producers.end(), producer) - producers.begin());
      if (input == producers.size()) {
        producers.push_back(producer);
        input_consumers->emplace_back();
      }
      (*input_consumers)[input].emplace_back(node, static_cast<int32_t>(i));
    }
  }
  std::vector<Node *> data;
  for (size_t i = 0; i < producers.size(); ++i) {
    data.push_back(replacement_->AddNode(DataDesc(*replacement_, i)));
  }
  for (const OutsideEdge &edge : outside_edges_) {
    const auto it =
        std::find(producers.begin(), producers.end(), OutAnchor{edge.src, edge.out_index});
    if (it == producers.end()) {
      return Fail("NodeRewrite: " + PortText(*edge.src, edge.out_index) +
                  " is read by no removed node");
    }
    Node *input = data[static_cast<size_t>(it - producers.begin())];
    if (replacement_->AddDataEdge(input, 0, edge.dst, edge.in_index) != SUCCESS) {
      return FAILED;
    }
  }
  Node *net_output = replacement_->AddNode(NetOutputDesc(*replacement_, new_sources_.size()));
  for (size_t k = 0; k < new_sources_.size(); ++k) {
    const auto &source = new_sources_[k];
    if (replacement_->AddDataEdge(source.first, source.second, net_output,
                                  static_cast<int32_t>(k)) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status NodeRewrite::Apply() {
  if (!error_.empty()) {
    return Fail("NodeRewrite: " + error_);
  }
  ResolvedBoundary resolved;
  resolved.outputs = taken_over_;
  if (BuildReplacement(&resolved.input_consumers) != SUCCESS ||
      CompleteBoundary(&resolved) != SUCCESS) {
    return FAILED;
  }
  const NodeLookup enclosed(resolved.nodes);
  const bool same = resolved.graph == &graph_ && resolved.nodes.size() == removed_.size() &&
                    std::all_of(removed_.begin(), removed_.end(),
                                [&enclosed](const Node *node) { return enclosed.Contains(node); });
  if (!same) {
    return Fail("NodeRewrite: the boundary of the rewrite encloses other nodes than those removed");
  }
  RewriteOptions options;
  options.movable = replacement_.get();
  options.keep_names = true;
  return Rewrite(resolved, *replacement_, options);
}

}  // namespace fusion
}  // namespace ge
