// Node read accessors.
#include "graph/node.h"

#include <algorithm>
#include <unordered_set>

namespace ge {
namespace {
// At namespace scope, not function-local: a function-local static costs an initialisation-guard
// check on every call, and the control-node accessors run for every node a matcher visits.
const std::vector<Node *> kNoNodes;
const OutDataPeers kNoConsumers{};
}  // namespace

const std::vector<Node *> &Node::NoNodes() { return kNoNodes; }

InDataPeer Node::GetInDataPeer(size_t in_index) const {
  return in_index < in_peers_.size() ? in_peers_[in_index] : InDataPeer{};
}

const OutDataPeers &Node::GetOutDataPeers(size_t out_index) const {
  return out_index < out_peers_.size() ? out_peers_[out_index] : kNoConsumers;
}

std::vector<Node *> Node::GetInDataNodes() const {
  std::vector<Node *> nodes;
  nodes.reserve(in_peers_.size());
  for (const InDataPeer &peer : in_peers_) {
    if (peer.node != nullptr) {
      nodes.push_back(peer.node);
    }
  }
  return nodes;
}

std::vector<Node *> Node::GetOutDataNodes() const {
  std::vector<Node *> nodes;
  nodes.reserve(GetOutDataNodesSize());
  for (const auto &peers : out_peers_) {
    for (const OutDataPeer &peer : peers) {
      nodes.push_back(peer.node);
    }
  }
  return nodes;
}

size_t Node::GetOutDataNodesSize() const {
  size_t count = 0;
  for (const auto &peers : out_peers_) {
    count += peers.size();
  }
  return count;
}

std::vector<Node *> Node::GetInAllNodes() const {
  std::vector<Node *> nodes;
  std::unordered_set<Node *> seen;
  for (Node *node : GetInDataNodes()) {
    if (seen.insert(node).second) nodes.push_back(node);
  }
  for (Node *node : GetInControlNodes()) {
    if (seen.insert(node).second) nodes.push_back(node);
  }
  return nodes;
}

std::vector<Node *> Node::GetOutAllNodes() const {
  std::vector<Node *> nodes;
  std::unordered_set<Node *> seen;
  for (Node *node : GetOutDataNodes()) {
    if (seen.insert(node).second) nodes.push_back(node);
  }
  for (Node *node : GetOutControlNodes()) {
    if (seen.insert(node).second) nodes.push_back(node);
  }
  return nodes;
}

}  // namespace ge
