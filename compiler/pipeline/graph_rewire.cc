// Graph edits shared by the built-in fusion passes.
#include "pipeline/graph_rewire.h"

#include <utility>
#include <vector>

#include "common/error.h"
#include "ops/op_catalog.h"

namespace ge {
namespace {

bool IsConstType(const std::string &type) { return type == "Const" || type == "Constant"; }

bool IsGraphOutput(const ComputeGraph &graph, const Node *node, int32_t out_index) {
  for (const auto &output : graph.GetOutputs()) {
    if (output.first == node && output.second == out_index) {
      return true;
    }
  }
  return false;
}

}  // namespace

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

Status MoveConsumers(ComputeGraph &graph, Node *from, int32_t from_out, Node *to, int32_t to_out) {
  // Copy: the peer list changes while edges are removed.
  const OutDataPeers &live = from->GetOutDataPeers(static_cast<size_t>(from_out));
  const std::vector<OutDataPeer> peers(live.begin(), live.end());
  for (const OutDataPeer &peer : peers) {
    if (graph.RemoveDataEdge(from, from_out, peer.node, peer.in_index) != SUCCESS ||
        graph.AddDataEdge(to, to_out, peer.node, peer.in_index) != SUCCESS) {
      return Fail("cannot move consumer '" + peer.node->GetName() + "' from '" + from->GetName() +
                  "' to '" + to->GetName() + "': " + GetLastError());
    }
  }
  std::vector<std::pair<Node *, int32_t>> outputs = graph.GetOutputs();
  bool changed = false;
  for (auto &output : outputs) {
    if (output.first == from && output.second == from_out) {
      output = {to, to_out};
      changed = true;
    }
  }
  return changed ? graph.SetOutputs(std::move(outputs)) : SUCCESS;
}

std::vector<NodePtr> SnapshotDirectNodes(const ComputeGraph &graph) {
  std::vector<NodePtr> nodes;
  nodes.reserve(graph.GetDirectNodesSize());
  for (Node *node : graph.GetDirectNodes()) nodes.push_back(graph.GetNodePtr(node));
  return nodes;
}

Status RemoveIfDeadConst(ComputeGraph &graph, Node *node) {
  if (node == nullptr || !IsConstType(node->GetType()) || node->GetOutDataNodesSize() != 0U ||
      !node->GetOutControlNodes().empty() || !OutputsUnusedFrom(graph, *node, 0)) {
    return SUCCESS;
  }
  return graph.RemoveNode(node);
}

std::string UniqueNodeName(const ComputeGraph &graph, const std::string &base) {
  std::string name = base;
  for (int suffix = 1; graph.FindNode(name) != nullptr; ++suffix) {
    name = base + "_" + std::to_string(suffix);
  }
  return name;
}

Node *AddConstNode(ComputeGraph &graph, const std::string &base, GeTensor value) {
  OpDesc desc;
  if (CreateOpDesc(UniqueNodeName(graph, base), "Const", {}, {}, &desc) != SUCCESS) {
    return nullptr;
  }
  (void)desc.UpdateOutputDesc(0, value.GetTensorDesc());
  desc.SetAttr("value", GeAttrValue(std::move(value)));
  return graph.AddNode(std::move(desc));
}

}  // namespace ge
