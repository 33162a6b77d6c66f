// Read-only questions of the built-in fusion passes (see fusion_guards.h).
#include "pipeline/fusion_guards.h"

namespace ge {
namespace {

bool IsGraphOutput(const ComputeGraph &graph, const Node *node, int32_t out_index) {
  for (const auto &output : graph.GetOutputs()) {
    if (output.first == node && output.second == out_index) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool IsConstType(const std::string &type) { return type == "Const" || type == "Constant"; }

const GeTensor *ConstInputValue(const Node &node, size_t in_index) {
  if (in_index >= node.GetInputsSize()) {
    return nullptr;
  }
  const InDataPeer peer = node.GetInDataPeer(in_index);
  if (!peer.IsConnected() || !IsConstType(peer.node->GetType()) || peer.out_index != 0) {
    return nullptr;
  }
  return peer.node->GetOpDesc().GetAttrAs<GeTensor>("value");
}

bool HasSoleConsumer(const ComputeGraph &graph, const Node &node, int32_t out_index,
                     const Node &consumer) {
  const OutDataPeers &peers = node.GetOutDataPeers(static_cast<size_t>(out_index));
  return peers.size() == 1U && peers[0].node == &consumer &&
         !IsGraphOutput(graph, &node, out_index);
}

bool OutputsUnusedFrom(const ComputeGraph &graph, const Node &node, size_t first_out) {
  for (size_t i = first_out; i < node.GetOutputsSize(); ++i) {
    if (!node.GetOutDataPeers(i).empty() || IsGraphOutput(graph, &node, static_cast<int32_t>(i))) {
      return false;
    }
  }
  return true;
}

bool HasControlEdges(const Node &node) {
  return !node.GetInControlNodes().empty() || !node.GetOutControlNodes().empty();
}

std::vector<NodePtr> SnapshotDirectNodes(const ComputeGraph &graph) {
  std::vector<NodePtr> nodes;
  nodes.reserve(graph.GetDirectNodesSize());
  for (Node *node : graph.GetDirectNodes()) nodes.push_back(graph.GetNodePtr(node));
  return nodes;
}

std::string UniqueNodeName(const ComputeGraph &graph, const std::string &base) {
  std::string name = base;
  for (int suffix = 1; graph.FindNode(name) != nullptr; ++suffix) {
    name = base + "_" + std::to_string(suffix);
  }
  return name;
}

}  // namespace ge
