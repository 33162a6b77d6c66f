// The boundary of one node, as DecomposePass and InferShapeUtil(GNode) use it.
#include "graph_api/node_adapter.h"
#include "rewrite/subgraph_rewriter.h"

namespace ge {
namespace fusion {

SubgraphBoundary MakeSingleNodeBoundary(const GNode &node) {
  SubgraphBoundary boundary;
  NodePtr target = NodeAdapter::GNode2Node(node);
  if (target == nullptr) {
    return boundary;
  }
  std::vector<OutAnchor> producers;
  std::vector<SubgraphInput> inputs;
  for (size_t i = 0; i < target->GetInputsSize(); ++i) {
    const InDataPeer peer = target->GetInDataPeer(i);
    if (!peer.IsConnected()) {
      continue;
    }
    const OutAnchor anchor{peer.node, peer.out_index};
    size_t position = 0;
    while (position < producers.size() && producers[position] != anchor) {
      ++position;
    }
    if (position == producers.size()) {
      producers.push_back(anchor);
      inputs.emplace_back();
    }
    (void)inputs[position].AddInput(NodeIo{node, static_cast<int64_t>(i)});
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    (void)boundary.AddInput(static_cast<int64_t>(i), inputs[i]);
  }
  for (size_t k = 0; k < target->GetOutputsSize(); ++k) {
    (void)boundary.AddOutput(static_cast<int64_t>(k),
                             SubgraphOutput(NodeIo{node, static_cast<int64_t>(k)}));
  }
  return boundary;
}

}  // namespace fusion
}  // namespace ge
