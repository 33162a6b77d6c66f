// Promotion Cast insertion (see promotion_casts.h).
//
// A Cast goes onto an edge; nothing is replaced: the promoting node keeps its name, attributes
// and output, so this is an edge edit, not a rewrite through the fusion rewriter. Every edge to
// cast is found before the first edit.
#include "pipeline/promotion_casts.h"

#include <string>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "ops/dtype_promotion.h"
#include "ops/graph_shape_inference.h"
#include "ops/op_catalog.h"

namespace ge {
namespace {

struct CastSite {
  Node *node;
  size_t port;
  DataType promoted;
};

std::string FreeName(const ComputeGraph &graph, const std::string &base) {
  std::string name = base;
  for (int suffix = 1; graph.FindNode(name) != nullptr; ++suffix) {
    name = base + "_" + std::to_string(suffix);
  }
  return name;
}

Status CollectSites(const ComputeGraph &graph, std::vector<CastSite> *sites) {
  for (Node *node : graph.GetDirectNodes()) {
    if (!IsPromotingOpType(node->GetType())) {
      continue;
    }
    InferShapeContext context(node);
    DataType promoted = DT_UNDEFINED;
    if (PromoteInputDtypes(context, 0, node->GetInputsSize(), &promoted) != SUCCESS) {
      return FAILED;
    }
    for (size_t port = 0; port < node->GetInputsSize(); ++port) {
      if (node->GetInDataPeer(port).IsConnected() &&
          node->GetOpDesc().GetInputDesc(port)->GetDataType() != promoted) {
        sites->push_back({node, port, promoted});
      }
    }
  }
  return SUCCESS;
}

Status InsertCast(ComputeGraph &graph, const CastSite &site) {
  Node *node = site.node;
  const InDataPeer producer = node->GetInDataPeer(site.port);
  const std::string &port_name = node->GetOpDesc().GetInputName(site.port);
  OpDesc desc;
  if (CreateOpDesc(FreeName(graph, node->GetName() + "/cast_" + port_name), "Cast", {}, {},
                   &desc) != SUCCESS) {
    return FAILED;
  }
  desc.SetAttr("dst_type", GeAttrValue(static_cast<int64_t>(site.promoted)));
  CopyTensorMeta(*producer.node->GetOpDesc().GetOutputDesc(static_cast<size_t>(producer.out_index)),
                 desc.MutableInputDesc(0));
  Node *cast = graph.AddNode(std::move(desc));
  const int32_t in_index = static_cast<int32_t>(site.port);
  if (cast == nullptr ||
      graph.RemoveDataEdge(producer.node, producer.out_index, node, in_index) != SUCCESS ||
      graph.AddDataEdge(producer.node, producer.out_index, cast, 0) != SUCCESS ||
      graph.AddDataEdge(cast, 0, node, in_index) != SUCCESS || InferNodeShape(cast) != SUCCESS) {
    return FAILED;
  }
  CopyTensorMeta(*cast->GetOpDesc().GetOutputDesc(0),
                 node->MutableOpDesc().MutableInputDesc(site.port));
  return SUCCESS;
}

Status InsertInGraph(ComputeGraph &graph, size_t *inserted) {
  std::vector<CastSite> sites;
  if (CollectSites(graph, &sites) != SUCCESS) {
    return FAILED;
  }
  for (const CastSite &site : sites) {
    if (InsertCast(graph, site) != SUCCESS) {
      return Fail("inserting the promotion Cast for input " + std::to_string(site.port) +
                  " of node '" + site.node->GetName() + "' (" + site.node->GetType() +
                  ") in graph '" + graph.GetName() + "' failed: " + GetLastError());
    }
  }
  *inserted += sites.size();
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
