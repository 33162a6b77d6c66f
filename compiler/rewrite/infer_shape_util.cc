// InferShapeUtil: boundary descs onto the replacement's Data nodes, then
// catalog inference of every node in topological order.
#include "ge/fusion/infer_shape_util.h"

#include <map>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "ops/infer_shape_context.h"
#include "ops/op_catalog.h"
#include "pattern/fusion_utils.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {
namespace {

struct BoundaryTensor {
  GeTensorDesc desc;
  const GeTensor *value = nullptr;  // when the producer is a real const
  NodePtr producer;                 // keeps `value` alive
};

Status InferReplacement(ComputeGraph &graph, const std::vector<BoundaryTensor> &inputs) {
  std::vector<Node *> order;
  if (graph.GetTopologicalOrder(&order) != SUCCESS) {
    return Fail("InferShapeUtil: replacement graph[" + graph.GetName() +
                "] is not a DAG: " + GetLastError());
  }
  std::map<const Node *, const GeTensor *> data_values;
  for (Node *node : order) {
    if (node->GetType() != kData) {
      continue;
    }
    const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>(kAttrIndex);
    if (index == nullptr) {
      return Fail(FormatString("Data node[%s][%s] missing index attr", node->GetName().c_str(),
                               node->GetType().c_str()));
    }
    if (*index < 0 || static_cast<size_t>(*index) >= inputs.size()) {
      return Fail(FormatString("Data node[%s] index[%ld] not found in boundary inputs",
                               node->GetName().c_str(), static_cast<long>(*index)));
    }
    const BoundaryTensor &input = inputs[static_cast<size_t>(*index)];
    OpDesc &desc = node->MutableOpDesc();
    if (desc.GetInputsSize() > 0U) {
      (void)desc.UpdateInputDesc(0U, input.desc);
    }
    if (desc.GetOutputsSize() == 0U) {
      desc.AddOutputDesc("y", input.desc);
    } else {
      (void)desc.UpdateOutputDesc(0U, input.desc);
    }
    if (input.value != nullptr) {
      data_values[node] = input.value;
      for (const OutDataPeer &peer : node->GetOutDataPeers(0U)) {
        GeTensorDesc *consumer =
            peer.node->MutableOpDesc().MutableInputDesc(static_cast<size_t>(peer.in_index));
        if (consumer != nullptr) {
          consumer->MutableAttrs()[kAttrConstValue] = GeAttrValue(*input.value);
        }
      }
    }
  }
  for (Node *node : order) {
    if (node->GetType() == kData) {
      continue;
    }
    OpDesc &desc = node->MutableOpDesc();
    std::vector<bool> connected(desc.GetInputsSize(), false);
    std::vector<std::pair<size_t, GeTensor>> const_inputs;
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected()) {
        continue;
      }
      connected[i] = true;
      const GeTensorDesc *produced =
          peer.node->GetOpDesc().GetOutputDesc(static_cast<size_t>(peer.out_index));
      if (produced != nullptr) {
        GeTensorDesc input = *produced;
        // Keep the port's own attrs (such as `_value`) while taking the producer's metadata.
        if (const GeTensorDesc *old = desc.GetInputDesc(i)) {
          input.MutableAttrs() = old->GetAttrs();
          input.SetName(old->GetName());
        }
        (void)desc.UpdateInputDesc(i, input);
      }
      auto data = data_values.find(peer.node);
      if (data != data_values.end()) {
        const_inputs.emplace_back(i, *data->second);
      } else if (IsRealConstType(peer.node->GetType())) {
        if (const GeTensor *value = peer.node->GetOpDesc().GetAttrAs<GeTensor>(kAttrValue)) {
          const_inputs.emplace_back(i, *value);
        }
      }
    }
    if (node->GetType() == kNetOutput) {
      continue;
    }
    InferShapeContext context(&desc, connected, const_inputs);
    if (InferOpDescShape(context) != SUCCESS) {
      return Fail("InferShapeUtil: infer shape failed in replacement[" + graph.GetName() +
                  "]: " + GetLastError());
    }
  }
  return SUCCESS;
}

Status InferWithBoundary(const GraphUniqPtr &replacement, const ResolvedBoundary &boundary) {
  std::vector<BoundaryTensor> inputs;
  for (size_t i = 0; i < boundary.input_consumers.size(); ++i) {
    const auto &consumer = boundary.input_consumers[i].front();
    const OutAnchor &producer = boundary.input_producers[i];
    BoundaryTensor tensor;
    if (const GeTensorDesc *desc =
            producer.first->GetOpDesc().GetOutputDesc(static_cast<size_t>(producer.second))) {
      tensor.desc = *desc;
    } else if (const GeTensorDesc *in =
                   consumer.first->GetOpDesc().GetInputDesc(static_cast<size_t>(consumer.second))) {
      tensor.desc = *in;
    }
    if (IsRealConstType(producer.first->GetType())) {
      tensor.producer = producer.first->GetOwnerGraph()->GetNodePtr(producer.first);
      tensor.value = producer.first->GetOpDesc().GetAttrAs<GeTensor>(kAttrValue);
    }
    inputs.push_back(std::move(tensor));
  }
  ComputeGraphPtr graph = replacement ? GraphUtilsEx::GetComputeGraph(*replacement) : nullptr;
  if (graph == nullptr) {
    return Fail("InferShapeUtil: the replacement graph is invalid");
  }
  return InferReplacement(*graph, inputs);
}

}  // namespace

Status InferShapeUtil::InferShape(const GraphUniqPtr &replacement,
                                  const SubgraphBoundary &boundary) {
  // Only the inputs matter here, so resolve them without requiring a self-contained boundary.
  ResolvedBoundary resolved;
  const std::vector<SubgraphInput> inputs = boundary.GetAllInputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::vector<NodeIo> consumers = inputs[i].GetAllInputs();
    NodePtr node = consumers.empty() ? nullptr : NodeAdapter::GNode2Node(consumers.front().node);
    if (node == nullptr || consumers.front().index < 0 ||
        static_cast<size_t>(consumers.front().index) >= node->GetInputsSize()) {
      return Fail("InferShapeUtil: boundary input " + std::to_string(i) + " has no valid consumer");
    }
    const InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(consumers.front().index));
    if (!peer.IsConnected()) {
      return Fail("InferShapeUtil: boundary input " + std::to_string(i) + " has no producer");
    }
    resolved.input_producers.emplace_back(peer.node, peer.out_index);
    resolved.input_consumers.push_back(
        {{node.get(), static_cast<int32_t>(consumers.front().index)}});
  }
  return InferWithBoundary(replacement, resolved);
}

Status InferShapeUtil::InferShape(const GraphUniqPtr &replacement,
                                  const std::unique_ptr<MatchResult> &match_result) {
  if (match_result == nullptr) {
    return Fail("InferShapeUtil: match result is null");
  }
  std::unique_ptr<SubgraphBoundary> boundary = match_result->ToSubgraphBoundary();
  if (boundary == nullptr) {
    return FAILED;
  }
  return InferShape(replacement, *boundary);
}

Status InferShapeUtil::InferShape(const GraphUniqPtr &replacement, const GNode &node) {
  NodePtr target = NodeAdapter::GNode2Node(node);
  if (target == nullptr) {
    return Fail("InferShapeUtil: invalid node handle");
  }
  return InferShape(replacement, MakeSingleNodeBoundary(node));
}

}  // namespace fusion
}  // namespace ge
