// MatchResult: bindings of one match and the boundary derived from them.
#include "ge/fusion/match_result.h"

#include <algorithm>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pattern/fusion_utils.h"
#include "pattern/match_result_impl.h"

namespace ge {
namespace fusion {

uint32_t MatchResultImpl::Hold(const NodePtr &node) {
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].raw == node.get()) {
      return i;
    }
  }
  nodes.push_back(Held{node.get(), node});
  return static_cast<uint32_t>(nodes.size() - 1U);
}

uint32_t MatchResultImpl::Hold(const ComputeGraph &graph, Node *node) {
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].raw == node) {
      return i;
    }
  }
  nodes.push_back(Held{node, graph.GetNodePtr(node)});
  return static_cast<uint32_t>(nodes.size() - 1U);
}

void MatchResultImpl::LockAll(std::vector<NodePtr> *out) const {
  out->clear();
  out->reserve(nodes.size());
  for (const Held &held : nodes) {
    out->push_back(held.node.lock());
  }
}

const MatchResultImpl::Pair *MatchResultImpl::FindPair(const Node *pattern_node) const {
  for (const Pair &pair : pairs) {
    if (pair.pattern_node == pattern_node) {
      return &pair;
    }
  }
  return nullptr;
}

MatchResult::MatchResult(const Pattern *pattern) : impl_(std::make_unique<MatchResultImpl>()) {
  impl_->pattern = pattern;
}
MatchResult::MatchResult(const MatchResult &other)
    : impl_(std::make_unique<MatchResultImpl>(*other.impl_)) {}
MatchResult &MatchResult::operator=(const MatchResult &other) {
  *impl_ = *other.impl_;
  return *this;
}
MatchResult::~MatchResult() = default;

Status MatchResult::AppendNodeMatchPair(const GNode &pattern_node, const GNode &target_node) {
  NodePtr pattern = NodeAdapter::GNode2Node(pattern_node);
  NodePtr target = NodeAdapter::GNode2Node(target_node);
  if (pattern == nullptr || target == nullptr) {
    return Fail("MatchResult::AppendNodeMatchPair: invalid pattern or target node handle");
  }
  if (impl_->FindPair(pattern.get()) != nullptr) {
    return Fail("MatchResult::AppendNodeMatchPair: pattern node [" + pattern->GetName() +
                "] is already bound");
  }
  impl_->pairs.push_back(MatchResultImpl::Pair{pattern.get(), impl_->Hold(target),
                                               IsDataLikeType(pattern->GetType())});
  impl_->pinned.push_back(std::move(pattern));  // a user's pattern node may come from anywhere
  impl_->checked_graph = nullptr;               // no longer what the matcher proved
  return SUCCESS;
}

Status MatchResult::GetMatchedNode(const GNode &pattern_node, GNode &matched_node) const {
  NodePtr pattern = NodeAdapter::GNode2Node(pattern_node);
  const auto *pair = pattern == nullptr ? nullptr : impl_->FindPair(pattern.get());
  if (pair == nullptr) {
    GELOGD("MatchResult: pattern node is not bound in this match");
    return FAILED;
  }
  matched_node = NodeAdapter::Node2GNode(impl_->Lock(pair->target));
  return SUCCESS;
}

std::vector<GNode> MatchResult::GetMatchedNodes() const {
  std::vector<NodePtr> nodes;
  for (const MatchResultImpl::Pair &pair : impl_->pairs) {
    NodePtr target = impl_->Lock(pair.target);
    if (target != nullptr && !pair.data_like) {
      nodes.push_back(std::move(target));
    }
  }
  std::sort(nodes.begin(), nodes.end(), [](const NodePtr &a, const NodePtr &b) {
    if (a->GetOpDesc().GetId() != b->GetOpDesc().GetId()) {
      return a->GetOpDesc().GetId() < b->GetOpDesc().GetId();
    }
    return a->GetSeq() < b->GetSeq();
  });
  std::vector<GNode> result;
  result.reserve(nodes.size());
  for (const NodePtr &node : nodes) {
    result.push_back(NodeAdapter::Node2GNode(node));
  }
  return result;
}

Status MatchResult::GetCapturedTensor(size_t capture_idx, NodeIo &node_output) const {
  if (capture_idx >= impl_->captures.size()) {
    return Fail("MatchResult::GetCapturedTensor: capture index " + std::to_string(capture_idx) +
                " is out of range (" + std::to_string(impl_->captures.size()) + " captures)");
  }
  const PortRef &port = impl_->captures[capture_idx];
  NodePtr node = impl_->Lock(port.node);
  if (node == nullptr || port.index < 0) {
    return Fail("MatchResult::GetCapturedTensor: capture " + std::to_string(capture_idx) +
                " is not bound in this match (or its node was removed)");
  }
  node_output.node = NodeAdapter::Node2GNode(node);
  node_output.index = port.index;
  return SUCCESS;
}

const Graph &MatchResult::GetPatternGraph() const {
  static const Graph invalid_pattern_graph;
  return impl_->pattern == nullptr ? invalid_pattern_graph : impl_->pattern->GetGraph();
}

std::unique_ptr<SubgraphBoundary> MatchResult::ToSubgraphBoundary() const {
  auto boundary = std::make_unique<SubgraphBoundary>();
  for (const MatchResultImpl::Input &input : impl_->inputs) {
    std::vector<NodeIo> consumers;
    for (size_t c = 0; c < input.consumer_count; ++c) {
      const PortRef &port = impl_->consumers[input.first_consumer + c];
      NodePtr node = impl_->Lock(port.node);
      if (node != nullptr) {
        consumers.push_back(NodeIo{NodeAdapter::Node2GNode(node), port.index});
      }
    }
    if (consumers.empty()) {
      SetLastError("MatchResult::ToSubgraphBoundary: pattern input " + std::to_string(input.index) +
                   " has no matched consumer");
      GELOGE("%s", GetLastError().c_str());
      return nullptr;
    }
    if (boundary->AddInput(input.index, SubgraphInput(consumers)) != SUCCESS) {
      return nullptr;
    }
  }
  for (size_t k = 0; k < impl_->outputs.size(); ++k) {
    NodePtr node = impl_->Lock(impl_->outputs[k].node);
    if (node == nullptr) {
      SetLastError("MatchResult::ToSubgraphBoundary: pattern output " + std::to_string(k) +
                   " is not bound (or its node was removed)");
      GELOGE("%s", GetLastError().c_str());
      return nullptr;
    }
    if (boundary->AddOutput(static_cast<int64_t>(k),
                            SubgraphOutput(NodeIo{NodeAdapter::Node2GNode(node),
                                                  impl_->outputs[k].index})) != SUCCESS) {
      return nullptr;
    }
  }
  return boundary;
}

AscendString MatchResult::ToAscendString() const {
  AscendString name;
  (void)GetPatternGraph().GetName(name);
  std::string text = std::string("[PatternName:") + name.GetString() + "][MatchNodesPair]{";
  for (const MatchResultImpl::Pair &pair : impl_->pairs) {
    NodePtr target = impl_->Lock(pair.target);
    text +=
        "{" + pair.pattern_node->GetType() + ":" + (target ? target->GetName() : "<removed>") + "}";
  }
  text += "}";
  return AscendString(text.c_str());
}

}  // namespace fusion
}  // namespace ge
