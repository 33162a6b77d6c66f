// ConvActivationFusionPass (see conv_activation_fusion.h).
#include "pipeline/conv_activation_fusion.h"

#include <string>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "pipeline/graph_rewire.h"

namespace ge {
namespace {

bool IsFusableConvType(const std::string &type) {
  return type == "Conv2D" || type == "Conv2DV2" || type == "DepthwiseConv2D";
}

bool CanFuse(const ComputeGraph &graph, const Node &relu, const Node &conv) {
  if (!IsFusableConvType(conv.GetType()) || !HasSoleConsumer(graph, conv, 0, relu) ||
      conv.GetOpDesc().HasAttr(kAttrFusedActivation) || !relu.GetInControlNodes().empty() ||
      !relu.GetOutControlNodes().empty()) {
    return false;
  }
  const GeTensorDesc *out = conv.GetOpDesc().GetOutputDesc(0);
  return out != nullptr && (out->GetDataType() == DT_FLOAT || out->GetDataType() == DT_DOUBLE);
}

}  // namespace

Status FuseConvActivation(ComputeGraph &graph, size_t *fused) {
  size_t count = 0;
  const std::vector<NodePtr> nodes = SnapshotDirectNodes(graph);
  for (const NodePtr &relu : nodes) {
    if (!graph.HasNode(relu.get()) || relu->GetType() != "Relu") {
      continue;
    }
    const InDataPeer src = relu->GetInDataPeer(0);
    if (!src.IsConnected() || src.out_index != 0 || !CanFuse(graph, *relu, *src.node)) {
      continue;
    }
    Node *conv = src.node;
    conv->MutableOpDesc().SetAttr(kAttrFusedActivation, GeAttrValue(std::string("Relu")));
    if (MoveConsumers(graph, relu.get(), 0, conv, 0) != SUCCESS ||
        graph.RemoveNode(relu.get()) != SUCCESS) {
      return Fail(std::string(kConvActivationFusionPassName) + ": fusing '" + relu->GetName() +
                  "' into '" + conv->GetName() + "' failed: " + GetLastError());
    }
    GELOGI("%s: fused Relu[%s] into conv[%s]", kConvActivationFusionPassName,
           relu->GetName().c_str(), conv->GetName().c_str());
    ++count;
  }
  if (fused != nullptr) {
    *fused = count;
  }
  return SUCCESS;
}

}  // namespace ge
