// ConvActivationFusionPass (see conv_activation_fusion.h): each Relu behind a conv that passes
// the guards is fused by one NodeRewrite, the conv replaced by a copy carrying the activation.
#include "pipeline/conv_activation_fusion.h"

#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "ops/fused_activation.h"
#include "pipeline/fusion_guards.h"
#include "rewrite/node_rewrite.h"

namespace ge {
namespace {

bool IsFusableConvType(const std::string &type) {
  return type == "Conv2D" || type == "Conv2DV2" || type == "DepthwiseConv2D";
}

// The conv `relu` may be fused into, or nullptr (the guards of conv_activation_fusion.h).
Node *FusableConv(const ComputeGraph &graph, const Node &relu) {
  const InDataPeer src = relu.GetInDataPeer(0);
  if (!src.IsConnected() || src.out_index != 0) {
    return nullptr;
  }
  const Node &conv = *src.node;
  if (!IsFusableConvType(conv.GetType()) || !HasSoleConsumer(graph, conv, 0, relu) ||
      conv.GetOpDesc().HasAttr(kAttrFusedActivation) || HasControlEdges(relu) ||
      HasControlEdges(conv)) {
    return nullptr;
  }
  const GeTensorDesc *out = conv.GetOpDesc().GetOutputDesc(0);
  const bool floating =
      out != nullptr && (out->GetDataType() == DT_FLOAT || out->GetDataType() == DT_DOUBLE);
  return floating ? src.node : nullptr;
}

// Replaces conv + relu by a copy of the conv (same name and inputs) with the activation
// attribute. `done` stays false when the pair's fusion-scoped attrs disagree.
Status Fuse(ComputeGraph &graph, Node *conv, Node *relu, bool *done) {
  fusion::NodeRewrite rewrite(graph);
  rewrite.Remove(conv);
  rewrite.Remove(relu);
  if (!rewrite.ScopedAttrsAgree()) {
    return SUCCESS;
  }
  OpDesc desc = conv->GetOpDesc();
  desc.SetAttr(kAttrFusedActivation, GeAttrValue(std::string("Relu")));
  Node *fused = rewrite.Add(std::move(desc));
  if (fused == nullptr) {
    return FAILED;
  }
  for (size_t i = 0; i < conv->GetInputsSize(); ++i) {
    const InDataPeer peer = conv->GetInDataPeer(i);
    if (peer.IsConnected()) {
      rewrite.Connect(peer.node, peer.out_index, fused, static_cast<int32_t>(i));
    }
  }
  rewrite.TakeOver(relu, 0, fused, 0);
  if (rewrite.Apply() != SUCCESS) {
    return FAILED;
  }
  *done = true;
  return SUCCESS;
}

}  // namespace

Status FuseConvActivation(ComputeGraph &graph, size_t *fused) {
  size_t count = 0;
  const std::vector<NodePtr> nodes = SnapshotDirectNodes(graph);
  for (const NodePtr &relu : nodes) {
    if (!graph.HasNode(relu.get()) || relu->GetType() != "Relu") {
      continue;
    }
    Node *conv = FusableConv(graph, *relu);
    if (conv == nullptr) {
      continue;
    }
    const std::string conv_name = conv->GetName();
    bool done = false;
    if (Fuse(graph, conv, relu.get(), &done) != SUCCESS) {
      return Fail(std::string(kConvActivationFusionPassName) + ": fusing '" + relu->GetName() +
                  "' into '" + conv_name + "' failed: " + GetLastError());
    }
    if (done) {
      GELOGI("%s: fused Relu[%s] into conv[%s]", kConvActivationFusionPassName,
             relu->GetName().c_str(), conv_name.c_str());
      ++count;
    }
  }
  if (fused != nullptr) {
    *fused = count;
  }
  return SUCCESS;
}

}  // namespace ge
