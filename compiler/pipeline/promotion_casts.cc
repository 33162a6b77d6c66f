// Promotion Cast insertion (see promotion_casts.h). Each promoting node that needs Casts is one
// fusion::NodeRewrite, the path every compiler-made graph edit takes (rewrite/node_rewrite.h):
// the node is replaced by a copy of itself under the same name reading its inputs through the
// new Casts, and the rewrite happens completely or not at all.
#include "pipeline/promotion_casts.h"

#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "ops/dtype_promotion.h"
#include "ops/graph_shape_inference.h"
#include "ops/op_catalog.h"
#include "pipeline/fusion_guards.h"
#include "rewrite/node_rewrite.h"

namespace ge {
namespace {

// The inputs of `node` whose dtype differs from the promoted one (none for other ops).
Status PortsToCast(Node *node, DataType *promoted, std::vector<size_t> *ports) {
  if (!IsPromotingOpType(node->GetType())) {
    return SUCCESS;
  }
  InferShapeContext context(node);
  if (PromoteInputDtypes(context, 0, node->GetInputsSize(), promoted) != SUCCESS) {
    return FAILED;
  }
  for (size_t port = 0; port < node->GetInputsSize(); ++port) {
    if (node->GetInDataPeer(port).IsConnected() &&
        node->GetOpDesc().GetInputDesc(port)->GetDataType() != *promoted) {
      ports->push_back(port);
    }
  }
  return SUCCESS;
}

// The Cast feeding `port` of `node`: named after both, typed by the catalog's Cast inference.
Status CastDesc(const ComputeGraph &graph, const Node &node, size_t port, DataType promoted,
                OpDesc *desc) {
  const InDataPeer producer = node.GetInDataPeer(port);
  const std::string name =
      UniqueNodeName(graph, node.GetName() + "/cast_" + node.GetOpDesc().GetInputName(port));
  if (CreateOpDesc(name, "Cast", {}, {}, desc) != SUCCESS) {
    return FAILED;
  }
  desc->SetAttr("dst_type", GeAttrValue(static_cast<int64_t>(promoted)));
  CopyTensorMeta(*producer.node->GetOpDesc().GetOutputDesc(static_cast<size_t>(producer.out_index)),
                 desc->MutableInputDesc(0));
  InferShapeContext context(desc, {true}, {});
  return InferOpDescShape(context);
}

Status CastInputs(ComputeGraph &graph, Node *node, DataType promoted,
                  const std::vector<size_t> &ports) {
  fusion::NodeRewrite rewrite(graph);
  rewrite.Remove(node);
  OpDesc copy_desc = node->GetOpDesc();
  std::vector<OpDesc> casts(ports.size());
  for (size_t k = 0; k < ports.size(); ++k) {
    if (CastDesc(graph, *node, ports[k], promoted, &casts[k]) != SUCCESS) {
      return FAILED;
    }
    CopyTensorMeta(*casts[k].GetOutputDesc(0), copy_desc.MutableInputDesc(ports[k]));
  }
  Node *copy = rewrite.Add(std::move(copy_desc));
  if (copy == nullptr) {
    return FAILED;
  }
  size_t next_cast = 0;
  for (size_t i = 0; i < node->GetInputsSize(); ++i) {
    const InDataPeer peer = node->GetInDataPeer(i);
    if (!peer.IsConnected()) {
      continue;
    }
    const int32_t in_index = static_cast<int32_t>(i);
    if (next_cast < ports.size() && ports[next_cast] == i) {
      Node *cast = rewrite.Add(std::move(casts[next_cast++]));
      if (cast == nullptr) {
        return FAILED;
      }
      rewrite.Connect(peer.node, peer.out_index, cast, 0);
      rewrite.Connect(cast, 0, copy, in_index);
    } else {
      rewrite.Connect(peer.node, peer.out_index, copy, in_index);
    }
  }
  for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
    rewrite.TakeOver(node, static_cast<int32_t>(out), copy, static_cast<int32_t>(out));
  }
  return rewrite.Apply();
}

Status InsertInGraph(ComputeGraph &graph, size_t *inserted) {
  for (const NodePtr &node : SnapshotDirectNodes(graph)) {
    DataType promoted = DT_UNDEFINED;
    std::vector<size_t> ports;
    if (PortsToCast(node.get(), &promoted, &ports) != SUCCESS) {
      return FAILED;
    }
    if (ports.empty()) {
      continue;
    }
    if (CastInputs(graph, node.get(), promoted, ports) != SUCCESS) {
      return Fail("inserting the promotion Casts of node '" + node->GetName() + "' (" +
                  node->GetType() + ") in graph '" + graph.GetName() +
                  "' failed: " + GetLastError());
    }
    *inserted += ports.size();
  }
  return SUCCESS;
}

}  // namespace

Status InsertPromotionCasts(ComputeGraph &graph, size_t *inserted) {
  size_t count = 0;
  if (InsertInGraph(graph, &count) != SUCCESS) {
    return FAILED;
  }
  for (const ComputeGraphPtr &subgraph : graph.GetAllSubgraphs()) {
    if (InsertInGraph(*subgraph, &count) != SUCCESS) {
      return FAILED;
    }
  }
  GELOGI("dtype promotion: inserted %zu Cast nodes into graph[%s]", count, graph.GetName().c_str());
  if (inserted != nullptr) {
    *inserted = count;
  }
  return SUCCESS;
}

}  // namespace ge
