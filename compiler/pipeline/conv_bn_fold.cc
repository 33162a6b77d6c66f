// ConvBatchNormFoldPass (see conv_bn_fold.h): each batch norm behind a conv that passes the
// guards is folded by one NodeRewrite, which replaces the conv by a copy reading the folded
// weights.
#include "pipeline/conv_bn_fold.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "ops/op_catalog.h"
#include "pipeline/fusion_guards.h"
#include "rewrite/node_rewrite.h"

namespace ge {
namespace {

bool IsFoldableConvType(const std::string &type) {
  return type == "Conv2D" || type == "Conv2DV2" || type == "DepthwiseConv2D";
}

std::string StringAttr(const Node &node, const char *name, const std::string &fallback) {
  const std::string *value = node.GetOpDesc().GetAttrAs<std::string>(name);
  return value == nullptr ? fallback : *value;
}

/// Where the output channel of each filter element sits: element i belongs to channel
/// (i / inner) % channels.
struct FilterChannels {
  int64_t channels = 0;
  int64_t inner = 1;
};

/// The conv's data format ("NCHW"/"NHWC") and filter channel layout, mirroring the runtime
/// kernels (compiler/runtime/conv_kernels.cc): an HWCN filter [kH, kW, Cin/g, Cout] (depthwise
/// [kH, kW, C, K], channel c·K + k) or an NCHW one [Cout, Cin/g, kH, kW]. False when the conv
/// is in a layout this pass does not fold.
bool ReadConvLayout(const Node &conv, const GeTensor &filter, std::string *format,
                    FilterChannels *layout) {
  const bool depthwise = conv.GetType() == "DepthwiseConv2D";
  *format = StringAttr(conv, "data_format", conv.GetType() == "Conv2DV2" ? "NCHW" : "NHWC");
  if (*format != "NCHW" && *format != "NHWC") {
    return false;
  }
  const std::vector<int64_t> &dims = filter.GetTensorDesc().GetShape().GetDims();
  if (dims.size() != 4U) {
    return false;
  }
  const GeTensorDesc *port = conv.GetOpDesc().GetInputDesc(1);
  const Format filter_format = port != nullptr ? port->GetFormat() : FORMAT_ND;
  bool hwcn = false;
  if (filter_format == FORMAT_HWCN) {
    hwcn = true;
  } else if (filter_format == FORMAT_NCHW) {
    hwcn = false;
  } else if (filter_format == FORMAT_ND || filter_format == FORMAT_RESERVED) {
    hwcn = !depthwise && *format == "NHWC";
  } else {
    return false;
  }
  if (hwcn) {
    layout->channels = depthwise ? dims[2] * dims[3] : dims[3];
    layout->inner = 1;
  } else {
    layout->channels = dims[0];
    layout->inner = dims[1] * dims[2] * dims[3];
  }
  return layout->channels > 0 && layout->inner > 0;
}

/// `count` float32 values of a constant; false for another dtype or element count.
bool ReadFloats(const GeTensor *tensor, int64_t count, std::vector<double> *values) {
  if (tensor == nullptr || tensor->GetTensorDesc().GetDataType() != DT_FLOAT ||
      tensor->GetSize() != static_cast<size_t>(count) * sizeof(float)) {
    return false;
  }
  values->resize(static_cast<size_t>(count));
  const auto *data = reinterpret_cast<const float *>(tensor->GetData());
  for (int64_t i = 0; i < count; ++i) (*values)[static_cast<size_t>(i)] = data[i];
  return true;
}

float FloatAttr(const Node &node, const char *name, float fallback) {
  const float *value = node.GetOpDesc().GetAttrAs<float>(name);
  return value == nullptr ? fallback : *value;
}

/// The batch norm as y = a[c]·x + b[c] (the runtime kernels' formulas, in double); false when it
/// is not an inference batch norm over `conv_format`'s channel axis with constant parameters.
bool ReadAffine(const Node &bn, const std::string &conv_format, int64_t channels,
                std::vector<double> *a, std::vector<double> *b) {
  std::vector<double> scale(static_cast<size_t>(channels), 1.0);
  std::vector<double> offset(static_cast<size_t>(channels), 0.0);
  std::vector<double> mean;
  std::vector<double> var;
  double factor = 1.0;
  double eps = 0.0;
  if (bn.GetType() == "BatchNorm") {
    const bool *training = bn.GetOpDesc().GetAttrAs<bool>("is_training");
    if (training == nullptr || *training) {
      return false;  // the catalog default is training, which uses batch statistics
    }
    const std::string format = StringAttr(bn, "data_format", "NHWC");
    const bool channels_first = format == "NCHW" || format == "ND";
    if (channels_first != (conv_format == "NCHW")) {
      return false;
    }
    if (!ReadFloats(ConstInputValue(bn, 1), channels, &scale) ||
        !ReadFloats(ConstInputValue(bn, 2), channels, &offset) ||
        !ReadFloats(ConstInputValue(bn, 3), channels, &mean) ||
        !ReadFloats(ConstInputValue(bn, 4), channels, &var)) {
      return false;
    }
    eps = FloatAttr(bn, "epsilon", 1e-4F);
  } else {  // BNInference: Caffe form over dim 1, statistics divided by the momentum factor
    std::vector<double> momentum;
    if (conv_format != "NCHW" || !ReadFloats(ConstInputValue(bn, 1), channels, &mean) ||
        !ReadFloats(ConstInputValue(bn, 2), channels, &var) ||
        !ReadFloats(ConstInputValue(bn, 3), 1, &momentum)) {
      return false;
    }
    for (size_t port = 4; port < 6; ++port) {
      const bool connected = port < bn.GetInputsSize() && bn.GetInDataPeer(port).IsConnected();
      if (connected &&
          !ReadFloats(ConstInputValue(bn, port), channels, port == 4 ? &scale : &offset)) {
        return false;
      }
    }
    factor = momentum[0] == 0.0 ? 0.0 : 1.0 / momentum[0];
    eps = FloatAttr(bn, "epsilon", 1e-5F);
  }
  a->resize(static_cast<size_t>(channels));
  b->resize(static_cast<size_t>(channels));
  for (size_t c = 0; c < static_cast<size_t>(channels); ++c) {
    const double v = var[c] * factor + eps;
    if (!(v > 0.0)) {
      return false;  // a zero or negative variance has no finite fold
    }
    (*a)[c] = scale[c] / std::sqrt(v);
    (*b)[c] = offset[c] - mean[c] * factor * (*a)[c];
  }
  return true;
}

GeTensor FloatTensor(const GeTensorDesc &like, const std::vector<float> &values) {
  GeTensorDesc desc = like;
  desc.SetDataType(DT_FLOAT);
  return GeTensor(desc, values.data(), values.size() * sizeof(float));
}

/// The conv feeding `bn` when the pair passes the graph guards of FoldConvBatchNorm (the values
/// are read by ComputeFold), else nullptr.
Node *FoldableConv(const ComputeGraph &graph, const Node &bn) {
  const InDataPeer src = bn.GetInDataPeer(0);
  if (!src.IsConnected() || src.out_index != 0 || !IsFoldableConvType(src.node->GetType())) {
    return nullptr;
  }
  const Node &conv = *src.node;
  if (!HasSoleConsumer(graph, conv, 0, bn) || !OutputsUnusedFrom(graph, bn, 1) ||
      HasControlEdges(bn) || HasControlEdges(conv)) {
    return nullptr;
  }
  const GeTensorDesc *out_desc = conv.GetOpDesc().GetOutputDesc(0);
  const GeTensor *filter = ConstInputValue(conv, 1);
  if (out_desc == nullptr || out_desc->GetDataType() != DT_FLOAT || filter == nullptr ||
      filter->GetTensorDesc().GetDataType() != DT_FLOAT || conv.GetInputsSize() < 3U ||
      (conv.GetInputsSize() > 3U && conv.GetInDataPeer(3).IsConnected())) {
    return nullptr;  // quantised convs (offset_w) and convs without a bias port stay as they are
  }
  return src.node;
}

/// The conv's new constant inputs.
struct FoldedWeights {
  GeTensor filter;
  GeTensor bias;
  GeTensorDesc bias_desc;  // also the conv's new bias input desc
};

/// The folded filter and bias of `conv` (which FoldableConv accepted) and `bn`; false when the
/// values do not allow the fold (layout, constants, variance).
bool ComputeFold(const Node &conv, const Node &bn, FoldedWeights *folded) {
  const GeTensor *filter = ConstInputValue(conv, 1);
  std::string format;
  FilterChannels layout;
  if (!ReadConvLayout(conv, *filter, &format, &layout)) {
    return false;
  }
  const int64_t channels = layout.channels;
  const int64_t elements = filter->GetTensorDesc().GetShape().GetShapeSize();
  std::vector<double> weights;
  std::vector<double> bias(static_cast<size_t>(channels), 0.0);
  std::vector<double> a;
  std::vector<double> b;
  const bool has_bias = conv.GetInDataPeer(2).IsConnected();
  if (elements <= 0 || !ReadFloats(filter, elements, &weights) ||
      (has_bias && !ReadFloats(ConstInputValue(conv, 2), channels, &bias)) ||
      !ReadAffine(bn, format, channels, &a, &b)) {
    return false;
  }
  std::vector<float> new_filter(weights.size());
  for (size_t i = 0; i < weights.size(); ++i) {
    const size_t c = static_cast<size_t>((static_cast<int64_t>(i) / layout.inner) % channels);
    new_filter[i] = static_cast<float>(weights[i] * a[c]);
  }
  std::vector<float> new_bias(static_cast<size_t>(channels));
  for (size_t c = 0; c < new_bias.size(); ++c) {
    new_bias[c] = static_cast<float>(bias[c] * a[c] + b[c]);
  }
  folded->bias_desc = GeTensorDesc(GeShape({channels}), FORMAT_ND, DT_FLOAT);
  folded->bias_desc.SetOriginShape(GeShape({channels}));
  folded->bias_desc.SetOriginDataType(DT_FLOAT);
  folded->filter = FloatTensor(filter->GetTensorDesc(), new_filter);
  folded->bias = FloatTensor(folded->bias_desc, new_bias);
  return true;
}

/// A Const node desc named (uniquely in `graph`) after `base`, holding `value`.
Status ConstDesc(const ComputeGraph &graph, const std::string &base, GeTensor value, OpDesc *desc) {
  if (CreateOpDesc(UniqueNodeName(graph, base), "Const", {}, {}, desc) != SUCCESS) {
    return FAILED;
  }
  (void)desc->UpdateOutputDesc(0, value.GetTensorDesc());
  desc->SetAttr("value", GeAttrValue(std::move(value)));
  return SUCCESS;
}

/// True when every reader of `node` is an input other than 0 of `conv` or `bn`, and nothing else
/// keeps it: a Const only the fold reads, which goes with it.
bool OnlyFoldReads(const ComputeGraph &graph, const Node &node, const Node &conv, const Node &bn) {
  if (!IsConstType(node.GetType()) || HasControlEdges(node) || node.GetOutputsSize() != 1U) {
    return false;
  }
  for (const OutDataPeer &peer : node.GetOutDataPeers(0)) {
    if ((peer.node != &conv && peer.node != &bn) || peer.in_index == 0) {
      return false;
    }
  }
  for (const auto &output : graph.GetOutputs()) {
    if (output.first == &node) {
      return false;
    }
  }
  return true;
}

/// The nodes the fold removes: the conv, the batch norm and the constants only they read.
void RemoveFolded(const ComputeGraph &graph, Node *conv, Node *bn, fusion::NodeRewrite *rewrite) {
  rewrite->Remove(conv);
  rewrite->Remove(bn);
  std::vector<Node *> constants;
  for (Node *node : {conv, bn}) {
    for (size_t i = 1; i < node->GetInputsSize(); ++i) {
      Node *producer = node->GetInDataPeer(i).node;
      if (producer != nullptr &&
          std::find(constants.begin(), constants.end(), producer) == constants.end() &&
          OnlyFoldReads(graph, *producer, *conv, *bn)) {
        constants.push_back(producer);
        rewrite->Remove(producer);
      }
    }
  }
}

/// Replaces conv + bn (and the constants only they read) by a copy of the conv (same name) that
/// reads the folded weights. `done` stays false when their fusion-scoped attrs disagree.
Status ApplyFold(ComputeGraph &graph, Node *conv, Node *bn, FoldedWeights folded, bool *done) {
  fusion::NodeRewrite rewrite(graph);
  RemoveFolded(graph, conv, bn, &rewrite);
  if (!rewrite.ScopedAttrsAgree()) {
    return SUCCESS;
  }
  OpDesc filter_desc;
  OpDesc bias_desc;
  if (ConstDesc(graph, conv->GetName() + "/folded_filter", std::move(folded.filter),
                &filter_desc) != SUCCESS ||
      ConstDesc(graph, conv->GetName() + "/folded_bias", std::move(folded.bias), &bias_desc) !=
          SUCCESS) {
    return FAILED;
  }
  Node *filter_node = rewrite.Add(std::move(filter_desc));
  Node *bias_node = rewrite.Add(std::move(bias_desc));
  OpDesc conv_desc = conv->GetOpDesc();
  if (GeTensorDesc *bias_port = conv_desc.MutableInputDesc(2)) {
    *bias_port = folded.bias_desc;
  }
  Node *new_conv = rewrite.Add(std::move(conv_desc));
  if (filter_node == nullptr || bias_node == nullptr || new_conv == nullptr) {
    return FAILED;
  }
  for (size_t i = 0; i < conv->GetInputsSize(); ++i) {
    const InDataPeer peer = conv->GetInDataPeer(i);
    if (i != 1U && i != 2U && peer.IsConnected()) {
      rewrite.Connect(peer.node, peer.out_index, new_conv, static_cast<int32_t>(i));
    }
  }
  rewrite.Connect(filter_node, 0, new_conv, 1);
  rewrite.Connect(bias_node, 0, new_conv, 2);
  rewrite.TakeOver(bn, 0, new_conv, 0);
  if (rewrite.Apply() != SUCCESS) {
    return FAILED;
  }
  *done = true;
  return SUCCESS;
}

/// Folds `bn` into its producer when every condition of FoldConvBatchNorm holds; `done` tells
/// whether it did.
Status TryFold(ComputeGraph &graph, Node *bn, bool *done) {
  *done = false;
  Node *conv = FoldableConv(graph, *bn);
  FoldedWeights folded;
  if (conv == nullptr || !ComputeFold(*conv, *bn, &folded)) {
    return SUCCESS;
  }
  const std::string conv_name = conv->GetName();
  if (ApplyFold(graph, conv, bn, std::move(folded), done) != SUCCESS) {
    return Fail(std::string(kConvBatchNormFoldPassName) + ": folding into '" + conv_name +
                "' failed: " + GetLastError());
  }
  if (*done) {
    GELOGI("%s: folded batch norm into conv[%s]", kConvBatchNormFoldPassName, conv_name.c_str());
  }
  return SUCCESS;
}

}  // namespace

Status FoldConvBatchNorm(ComputeGraph &graph, size_t *folded) {
  size_t count = 0;
  const std::vector<NodePtr> nodes = SnapshotDirectNodes(graph);
  for (const NodePtr &node : nodes) {
    if (!graph.HasNode(node.get()) ||
        (node->GetType() != "BatchNorm" && node->GetType() != "BNInference")) {
      continue;
    }
    bool done = false;
    if (TryFold(graph, node.get(), &done) != SUCCESS) {
      return FAILED;
    }
    count += done ? 1U : 0U;
  }
  if (folded != nullptr) {
    *folded = count;
  }
  return SUCCESS;
}

}  // namespace ge
