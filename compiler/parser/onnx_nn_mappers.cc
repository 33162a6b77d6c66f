// ONNX convolution, normalization, pooling, matrix multiply and softmax ops.
#include <algorithm>

#include "common/error.h"
#include "parser/onnx_auto_pad.h"
#include "parser/onnx_input_query.h"
#include "parser/onnx_op_mapper.h"

namespace ge {
namespace {

using onnx_map::BindOutput;
using onnx_map::CheckInputCount;
using onnx_map::ConnectConst;
using onnx_map::ConnectInput;
using onnx_map::HelperOp;
using onnx_map::MainOp;
using onnx_map::NodeError;

/// Rank of the tensor behind `anchor` when its producer already carries a shape (Data, Const),
/// else -1.
int64_t KnownRank(OutAnchor anchor) {
  const GeTensorDesc *desc = anchor.node->GetOpDesc().GetOutputDesc(anchor.index);
  if (desc == nullptr || desc->GetShape().IsUnknownRank()) {
    return -1;
  }
  const std::string &type = anchor.node->GetType();
  if (type != "Const" && type != "Data") {
    return -1;  // descs of mapped ops are filled only by shape inference, later
  }
  return static_cast<int64_t>(desc->GetShape().GetDimNum());
}

void SetPortFormat(Node *node, Format format, std::initializer_list<int32_t> inputs) {
  OpDesc &desc = node->MutableOpDesc();
  for (int32_t index : inputs) {
    if (GeTensorDesc *in = desc.MutableInputDesc(index)) {
      in->SetFormat(format);
      in->SetOriginFormat(format);
    }
  }
  if (GeTensorDesc *out = desc.MutableOutputDesc(0)) {
    out->SetFormat(format);
    out->SetOriginFormat(format);
  }
}

/// ONNX pads [b0, b1, ..., e0, e1, ...] -> Ascend [b0, e0, b1, e1, ...].
std::vector<int64_t> InterleavePads(const std::vector<int64_t> &pads) {
  const size_t n = pads.size() / 2;
  std::vector<int64_t> out;
  for (size_t i = 0; i < n; ++i) {
    out.push_back(pads[i]);
    out.push_back(pads[i + n]);
  }
  return out;
}

/// Spatial rank of a conv/pool: kernel_shape length, else the weight's rank - 2.
Status SpatialRank(const OnnxNodeView &node, OnnxImportContext &ctx, int64_t *rank) {
  if (node.HasAttr("kernel_shape")) {
    *rank = static_cast<int64_t>(node.GetInts("kernel_shape", {}).size());
  } else if (node.OpType() == "Conv" && node.HasInput(1)) {
    OutAnchor weight;
    if (ctx.Input(node, 1, &weight) != SUCCESS) {
      return FAILED;
    }
    const int64_t weight_rank = KnownRank(weight);
    *rank = weight_rank < 0 ? -1 : weight_rank - 2;
  } else {
    *rank = -1;
  }
  if (*rank < 1 || *rank > 3) {
    return NodeError(node, ctx,
                     "cannot tell whether this is a 1-D, 2-D or 3-D operation (give "
                     "'kernel_shape' or a constant weight); found spatial rank " +
                         std::to_string(*rank));
  }
  return SUCCESS;
}

/// Checks a spatial list attribute has `rank` entries (or is absent -> `fill` repeated).
Status SpatialList(const OnnxNodeView &node, OnnxImportContext &ctx, const char *name, size_t count,
                   int64_t fill, std::vector<int64_t> *values) {
  *values = node.GetInts(name, std::vector<int64_t>(count, fill));
  if (values->size() != count) {
    return NodeError(node, ctx,
                     std::string("attribute '") + name + "' has " + std::to_string(values->size()) +
                         " values, expected " + std::to_string(count));
  }
  return SUCCESS;
}

/// Wraps a 1-D conv/pool: Unsqueeze(x, axis) -> op -> Squeeze(axis). Returns the Unsqueeze
/// output through `x` and connects the Squeeze after `op` on return via `finish`.
Status Unsqueeze1D(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_input,
                   int64_t axis, const std::string &suffix, OutAnchor *out) {
  Node *unsqueeze = HelperOp(node, ctx, suffix, "Unsqueeze");
  if (unsqueeze == nullptr || ConnectInput(node, ctx, onnx_input, unsqueeze, "x") != SUCCESS) {
    return FAILED;
  }
  unsqueeze->MutableOpDesc().SetAttr("axes", std::vector<int64_t>{axis});
  *out = {unsqueeze, 0};
  return SUCCESS;
}

Status Squeeze1D(const OnnxNodeView &node, OnnxImportContext &ctx, OutAnchor src, int64_t axis) {
  Node *squeeze = MainOp(node, ctx, "Squeeze");
  if (squeeze == nullptr || ctx.Connect(src, squeeze, "x") != SUCCESS) {
    return FAILED;
  }
  squeeze->MutableOpDesc().SetAttr("axis", std::vector<int64_t>{axis});
  return BindOutput(node, ctx, 0, {squeeze, 0});
}

/// Spatial kernel size of a conv: 'kernel_shape', else the weight's dims after [M, C/group].
Status ConvKernel(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &auto_pad,
                  size_t n, std::vector<int64_t> *kernel) {
  *kernel = node.GetInts("kernel_shape", {});
  if (kernel->empty()) {
    GeShape weight;
    if (InferredInputShape(node, ctx, 1, "auto_pad '" + auto_pad + "'", &weight) != SUCCESS) {
      return FAILED;
    }
    const std::vector<int64_t> &dims = weight.GetDims();
    if (dims.size() == n + 2) {
      kernel->assign(dims.begin() + 2, dims.end());
    }
  }
  if (kernel->size() != n ||
      std::any_of(kernel->begin(), kernel->end(), [](int64_t k) { return k < 1; })) {
    return NodeError(node, ctx,
                     "auto_pad '" + auto_pad + "' needs the " + std::to_string(n) +
                         " spatial kernel sizes ('kernel_shape' or a weight of static shape)");
  }
  return SUCCESS;
}

/// Connects X and W (unsqueezed at dim 2 for a 1-D op) and the optional bias to `conv`, and
/// writes what Conv and ConvTranspose share: strides and dilations after [1, 1], pads
/// interleaved per spatial dim, groups, data_format.
Status WireConv(const OnnxNodeView &node, OnnxImportContext &ctx, Node *conv, bool one_d,
                const std::vector<int64_t> &strides, const std::vector<int64_t> &dilations,
                const std::vector<int64_t> &pads, int64_t groups, const std::string &format) {
  if (one_d) {
    OutAnchor x;
    OutAnchor w;
    if (Unsqueeze1D(node, ctx, 0, 2, "UnsqueezeX", &x) != SUCCESS ||
        Unsqueeze1D(node, ctx, 1, 2, "UnsqueezeW", &w) != SUCCESS ||
        ctx.Connect(x, conv, "x") != SUCCESS || ctx.Connect(w, conv, "filter") != SUCCESS) {
      return FAILED;
    }
  } else if (ConnectInput(node, ctx, 0, conv, "x") != SUCCESS ||
             ConnectInput(node, ctx, 1, conv, "filter") != SUCCESS) {
    return FAILED;
  }
  if (node.HasInput(2) && ConnectInput(node, ctx, 2, conv, "bias") != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> ge_strides = {1, 1};
  ge_strides.insert(ge_strides.end(), strides.begin(), strides.end());
  std::vector<int64_t> ge_dilations = {1, 1};
  ge_dilations.insert(ge_dilations.end(), dilations.begin(), dilations.end());
  OpDesc &desc = conv->MutableOpDesc();
  desc.SetAttr("strides", ge_strides);
  desc.SetAttr("dilations", ge_dilations);
  desc.SetAttr("pads", InterleavePads(pads));
  desc.SetAttr("groups", groups);
  desc.SetAttr("data_format", format);
  return SUCCESS;
}

Status MapConv(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 3) != SUCCESS) {
    return FAILED;
  }
  int64_t rank = 0;
  if (SpatialRank(node, ctx, &rank) != SUCCESS) {
    return FAILED;
  }
  const size_t n = static_cast<size_t>(rank);
  std::vector<int64_t> strides;
  std::vector<int64_t> dilations;
  std::vector<int64_t> pads;
  if (SpatialList(node, ctx, "strides", n, 1, &strides) != SUCCESS ||
      SpatialList(node, ctx, "dilations", n, 1, &dilations) != SUCCESS ||
      SpatialList(node, ctx, "pads", 2 * n, 0, &pads) != SUCCESS) {
    return FAILED;
  }
  const std::string auto_pad = node.GetString("auto_pad", "NOTSET");
  if (CheckAutoPad(node, ctx, auto_pad) != SUCCESS) {
    return FAILED;
  }
  if (auto_pad != "NOTSET") {
    std::vector<int64_t> kernel;
    if (ConvKernel(node, ctx, auto_pad, n, &kernel) != SUCCESS ||
        ResolveAutoPads(node, ctx, auto_pad, kernel, strides, dilations, &pads) != SUCCESS) {
      return FAILED;
    }
  }
  const bool one_d = rank == 1;
  const std::string type = rank == 3 ? "Conv3D" : "Conv2D";
  if (one_d) {
    // [N, C, L] -> [N, C, 1, L]: the extra H dim has stride/dilation 1 and no padding.
    strides.insert(strides.begin(), 1);
    dilations.insert(dilations.begin(), 1);
    pads = {0, pads[0], 0, pads[1]};
  }
  Node *conv = one_d ? HelperOp(node, ctx, "Conv2D", type) : MainOp(node, ctx, type);
  if (conv == nullptr ||
      WireConv(node, ctx, conv, one_d, strides, dilations, pads, node.GetInt("group", 1),
               rank == 3 ? "NCDHW" : "NCHW") != SUCCESS) {
    return FAILED;
  }
  SetPortFormat(conv, rank == 3 ? FORMAT_NCDHW : FORMAT_NCHW, {0, 1});
  if (one_d) {
    return Squeeze1D(node, ctx, {conv, 0}, 2);
  }
  return BindOutput(node, ctx, 0, {conv, 0});
}

Status MapPool(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const bool is_max = node.OpType() == "MaxPool";
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  if (!node.HasAttr("kernel_shape")) {
    return NodeError(node, ctx, "required attribute 'kernel_shape' is missing");
  }
  if (is_max && node.HasOutput(1)) {
    return NodeError(node, ctx, "the 'Indices' output is not supported");
  }
  if (is_max && node.GetInt("storage_order", 0) == 1) {
    return NodeError(node, ctx, "storage_order=1 (column major indices) is not supported");
  }
  int64_t rank = 0;
  if (SpatialRank(node, ctx, &rank) != SUCCESS) {
    return FAILED;
  }
  const size_t n = static_cast<size_t>(rank);
  std::vector<int64_t> kernel = node.GetInts("kernel_shape", {});
  std::vector<int64_t> strides;
  std::vector<int64_t> pads;
  std::vector<int64_t> dilations;
  if (SpatialList(node, ctx, "strides", n, 1, &strides) != SUCCESS ||
      SpatialList(node, ctx, "pads", 2 * n, 0, &pads) != SUCCESS ||
      SpatialList(node, ctx, "dilations", n, 1, &dilations) != SUCCESS) {
    return FAILED;
  }
  const std::string auto_pad = node.GetString("auto_pad", "NOTSET");
  if (CheckAutoPad(node, ctx, auto_pad) != SUCCESS) {
    return FAILED;
  }
  // auto_pad becomes explicit pads: the output size ONNX specifies for SAME_* / VALID is then
  // what the CALCULATED (floor) formula gives, whatever ceil_mode says.
  const bool explicit_pads = auto_pad != "NOTSET";
  if (explicit_pads &&
      ResolveAutoPads(node, ctx, auto_pad, kernel, strides, dilations, &pads) != SUCCESS) {
    return FAILED;
  }
  const bool one_d = rank == 1;
  if (one_d) {
    // [N, C, L] -> [N, C, L, 1] (GE unsqueezes pools at axis 3).
    kernel.push_back(1);
    strides.push_back(1);
    dilations.push_back(1);
    pads = {pads[0], 0, pads[1], 0};
  }
  std::string type;
  if (rank == 3) {
    type = is_max ? "MaxPool3D" : "AvgPool3D";
  } else {
    type = is_max ? "MaxPoolV3" : "AvgPoolV2";
  }
  Node *pool = one_d ? HelperOp(node, ctx, type, type) : MainOp(node, ctx, type);
  if (pool == nullptr) {
    return FAILED;
  }
  if (one_d) {
    OutAnchor x;
    if (Unsqueeze1D(node, ctx, 0, 3, "UnsqueezeX", &x) != SUCCESS ||
        ctx.Connect(x, pool, "x") != SUCCESS) {
      return FAILED;
    }
  } else if (ConnectInput(node, ctx, 0, pool, "x") != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> ksize = {1, 1};
  ksize.insert(ksize.end(), kernel.begin(), kernel.end());
  std::vector<int64_t> ge_strides = {1, 1};
  ge_strides.insert(ge_strides.end(), strides.begin(), strides.end());
  std::vector<int64_t> ge_dilations = {1, 1};
  ge_dilations.insert(ge_dilations.end(), dilations.begin(), dilations.end());
  const bool ceil_mode = !explicit_pads && node.GetInt("ceil_mode", 0) != 0;
  const bool include_pad = node.GetInt("count_include_pad", 0) == 1;
  OpDesc &desc = pool->MutableOpDesc();
  desc.SetAttr("ksize", ksize);
  desc.SetAttr("strides", ge_strides);
  desc.SetAttr("pads", InterleavePads(pads));
  desc.SetAttr("data_format", std::string(rank == 3 ? "NCDHW" : "NCHW"));
  if (rank == 3 && is_max) {
    // MaxPool3D: TF's padding attribute, GE's `dilation` and an int ceil_mode.
    desc.SetAttr("padding", std::string("CALCULATED"));
    desc.SetAttr("dilation", ge_dilations);
    desc.SetAttr("ceil_mode", int64_t{ceil_mode ? 1 : 0});
  } else if (rank == 3) {
    desc.SetAttr("dilations", ge_dilations);
    desc.SetAttr("ceil_mode", ceil_mode);
    desc.SetAttr("count_include_pad", include_pad);
  } else {
    desc.SetAttr("padding_mode", std::string("CALCULATED"));
    desc.SetAttr("dilations", ge_dilations);
    desc.SetAttr("ceil_mode", ceil_mode);
    if (!is_max) {
      desc.SetAttr("exclusive", !include_pad);
    }
  }
  SetPortFormat(pool, rank == 3 ? FORMAT_NCDHW : FORMAT_NCHW, {0});
  if (one_d) {
    return Squeeze1D(node, ctx, {pool, 0}, 3);
  }
  return BindOutput(node, ctx, 0, {pool, 0});
}

Status MapGlobalAveragePool(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "GlobalAveragePool");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapGlobalMaxPool(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "ReduceMax");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectConst(node, ctx, "axes", MakeInt32Tensor({2, 3}), op, "axes") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("keep_dims", true);
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapMatMul(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "BatchMatMulV2");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x1") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "x2") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("adj_x1", false);
  op->MutableOpDesc().SetAttr("adj_x2", false);
  return BindOutput(node, ctx, 0, {op, 0});
}

/// x * value as a Muls node named "<node>/<suffix>" (or the main node when `main`).
Status AddMuls(const OnnxNodeView &node, OnnxImportContext &ctx, OutAnchor x, float value,
               const std::string &suffix, bool main, OutAnchor *out) {
  Node *muls = main ? MainOp(node, ctx, "Muls") : HelperOp(node, ctx, suffix, "Muls");
  if (muls == nullptr || ctx.Connect(x, muls, "x") != SUCCESS) {
    return FAILED;
  }
  muls->MutableOpDesc().SetAttr("value", value);
  *out = {muls, 0};
  return SUCCESS;
}

/// ONNX's running statistics of a training-mode BatchNormalization:
/// input * momentum + batch statistic * (1 - momentum).
Status RunningStat(const OnnxNodeView &node, OnnxImportContext &ctx, size_t onnx_input,
                   OutAnchor batch_stat, float momentum, const std::string &role) {
  OutAnchor stored;
  OutAnchor kept;
  OutAnchor fresh;
  if (ctx.Input(node, onnx_input, &stored) != SUCCESS ||
      AddMuls(node, ctx, stored, momentum, role + "/Kept", false, &kept) != SUCCESS ||
      AddMuls(node, ctx, batch_stat, 1.0F - momentum, role + "/Fresh", false, &fresh) != SUCCESS) {
    return FAILED;
  }
  Node *add = HelperOp(node, ctx, role, "Add");
  if (add == nullptr || ctx.Connect(kept, add, "x1") != SUCCESS ||
      ctx.Connect(fresh, add, "x2") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, onnx_input - 2, {add, 0});
}

/// Training mode (the `training_mode` attribute from opset 14, the running mean/var outputs
/// before): BatchNorm normalizes with the batch statistics it outputs as batch_mean /
/// batch_variance (population variance, as ONNX), which update the running mean and variance.
Status MapBatchNorm(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 5, 5) != SUCCESS) {
    return FAILED;
  }
  const bool stats_out = node.HasOutput(1) || node.HasOutput(2);
  const bool training = node.Opset() >= 14 ? node.GetInt("training_mode", 0) == 1 : stats_out;
  if (stats_out && !training) {
    return NodeError(node, ctx, "running mean/var outputs need training_mode=1");
  }
  if (node.HasOutput(3) || node.HasOutput(4)) {
    return NodeError(node, ctx, "the saved mean/var outputs (opsets before 14) are not supported");
  }
  Node *bn = MainOp(node, ctx, "BatchNorm");
  if (bn == nullptr) {
    return FAILED;
  }
  static const char *const kPorts[] = {"x", "scale", "offset", "mean", "variance"};
  for (size_t i = 0; i < 5; ++i) {
    if (ConnectInput(node, ctx, i, bn, kPorts[i]) != SUCCESS) {
      return FAILED;
    }
  }
  OpDesc &desc = bn->MutableOpDesc();
  desc.SetAttr("epsilon", node.GetFloat("epsilon", 1e-5F));
  desc.SetAttr("data_format", std::string("NCHW"));
  desc.SetAttr("is_training", training);
  desc.SetAttr("onnx", std::string("onnx"));
  SetPortFormat(bn, FORMAT_NCHW, {0});
  const float momentum = node.GetFloat("momentum", 0.9F);
  if ((node.HasOutput(1) &&
       RunningStat(node, ctx, 3, {bn, 1}, momentum, "RunningMean") != SUCCESS) ||
      (node.HasOutput(2) &&
       RunningStat(node, ctx, 4, {bn, 2}, momentum, "RunningVar") != SUCCESS)) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {bn, 0});
}

/// Einsum -> Einsum(x0..x{N-1}; equation, N), the equation as ONNX writes it.
Status MapEinsum(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const int64_t n = static_cast<int64_t>(node.InputCount());
  if (n < 1) {
    return NodeError(node, ctx, "needs at least one input");
  }
  if (!node.HasAttr("equation")) {
    return NodeError(node, ctx, "required attribute 'equation' is missing");
  }
  Node *op = MainOp(node, ctx, "Einsum", {{"x", n}});
  if (op == nullptr) {
    return FAILED;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (ConnectInput(node, ctx, static_cast<size_t>(i), op, "x" + std::to_string(i)) != SUCCESS) {
      return FAILED;
    }
  }
  op->MutableOpDesc().SetAttr("equation", node.GetString("equation", ""));
  op->MutableOpDesc().SetAttr("N", n);
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapGemm(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 3) != SUCCESS) {
    return FAILED;
  }
  const float alpha = node.GetFloat("alpha", 1.0F);
  const float beta = node.GetFloat("beta", 1.0F);
  const bool has_c = node.HasInput(2);
  const bool main_is_matmul = !has_c && alpha == 1.0F;
  Node *mm =
      main_is_matmul ? MainOp(node, ctx, "MatMulV2") : HelperOp(node, ctx, "MatMulV2", "MatMulV2");
  if (mm == nullptr || ConnectInput(node, ctx, 0, mm, "x1") != SUCCESS ||
      ConnectInput(node, ctx, 1, mm, "x2") != SUCCESS) {
    return FAILED;
  }
  mm->MutableOpDesc().SetAttr("transpose_x1", node.GetInt("transA", 0) != 0);
  mm->MutableOpDesc().SetAttr("transpose_x2", node.GetInt("transB", 0) != 0);
  OutAnchor product{mm, 0};
  if (!has_c) {
    if (alpha == 1.0F) {
      return BindOutput(node, ctx, 0, product);
    }
    // GE drops alpha here; ONNX semantics need it.
    OutAnchor scaled;
    if (AddMuls(node, ctx, product, alpha, "", true, &scaled) != SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, scaled);
  }
  OutAnchor c;
  if (ctx.Input(node, 2, &c) != SUCCESS) {
    return FAILED;
  }
  if (alpha != 1.0F || beta != 1.0F) {
    if (AddMuls(node, ctx, product, alpha, "MulsAlpha", false, &product) != SUCCESS ||
        AddMuls(node, ctx, c, beta, "MulsBeta", false, &c) != SUCCESS) {
      return FAILED;
    }
  }
  Node *add = MainOp(node, ctx, "Add");
  if (add == nullptr || ctx.Connect(product, add, "x1") != SUCCESS ||
      ctx.Connect(c, add, "x2") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {add, 0});
}

/// Softmax / LogSoftmax. Opset >= 13 normalizes over one axis. Opset <= 12 flattens to 2-D at
/// `axis` first (the old ONNX definition); when the axis is the last one both agree, so the
/// simple form is used.
Status MapSoftmax(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  const bool is_log = node.OpType() == "LogSoftmax";
  const std::string type = is_log ? "LogSoftmaxV2" : "SoftmaxV2";
  const std::string in_port = is_log ? "logits" : "x";
  const bool old_semantics = node.Opset() <= 12;
  const int64_t axis = node.GetInt("axis", old_semantics ? 1 : -1);
  OutAnchor x;
  if (ctx.Input(node, 0, &x) != SUCCESS) {
    return FAILED;
  }
  const int64_t rank = KnownRank(x);
  const bool last_axis = axis == -1 || (rank > 0 && axis == rank - 1);
  if (!old_semantics || last_axis) {
    Node *op = MainOp(node, ctx, type);
    if (op == nullptr || ctx.Connect(x, op, in_port) != SUCCESS) {
      return FAILED;
    }
    op->MutableOpDesc().SetAttr("axes", std::vector<int64_t>{axis});
    return BindOutput(node, ctx, 0, {op, 0});
  }
  Node *flatten = HelperOp(node, ctx, "Flatten", "Flatten");
  Node *op = HelperOp(node, ctx, type, type);
  Node *shape = HelperOp(node, ctx, "Shape", "Shape");
  Node *reshape = MainOp(node, ctx, "Reshape");
  if (flatten == nullptr || op == nullptr || shape == nullptr || reshape == nullptr ||
      ctx.Connect(x, flatten, "x") != SUCCESS ||
      ctx.Connect({flatten, 0}, op, in_port) != SUCCESS || ctx.Connect(x, shape, "x") != SUCCESS ||
      ctx.Connect({op, 0}, reshape, "x") != SUCCESS ||
      ctx.Connect({shape, 0}, reshape, "shape") != SUCCESS) {
    return FAILED;
  }
  flatten->MutableOpDesc().SetAttr("axis", axis);
  op->MutableOpDesc().SetAttr("axes", std::vector<int64_t>{-1});
  shape->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT64));
  return BindOutput(node, ctx, 0, {reshape, 0});
}

Status MapLayerNorm(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 3) != SUCCESS) {
    return FAILED;
  }
  const int64_t axis = node.GetInt("axis", -1);
  const float epsilon = node.GetFloat("epsilon", 1e-5F);
  const int64_t stash_type = node.GetInt("stash_type", 1);
  OutAnchor x;
  if (ctx.Input(node, 0, &x) != SUCCESS) {
    return FAILED;
  }
  Node *shape = HelperOp(node, ctx, "Shape", "Shape");
  Node *gamma = HelperOp(node, ctx, "BroadcastGamma", "BroadcastTo");
  Node *beta = HelperOp(node, ctx, "BroadcastBeta", "BroadcastTo");
  Node *ln = MainOp(node, ctx, "LayerNorm");
  if (shape == nullptr || gamma == nullptr || beta == nullptr || ln == nullptr ||
      ctx.Connect(x, shape, "x") != SUCCESS || ConnectInput(node, ctx, 1, gamma, "x") != SUCCESS ||
      ctx.Connect({shape, 0}, gamma, "shape") != SUCCESS ||
      ctx.Connect({shape, 0}, beta, "shape") != SUCCESS) {
    return FAILED;
  }
  shape->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT32));
  if (node.HasInput(2)) {
    if (ConnectInput(node, ctx, 2, beta, "x") != SUCCESS) {
      return FAILED;
    }
  } else if (ConnectConst(node, ctx, "ZeroBeta", MakeFloatTensor({0.0F}, true), beta, "x") !=
             SUCCESS) {
    return FAILED;
  }
  if (ctx.Connect(x, ln, "x") != SUCCESS || ctx.Connect({gamma, 0}, ln, "gamma") != SUCCESS ||
      ctx.Connect({beta, 0}, ln, "beta") != SUCCESS) {
    return FAILED;
  }
  OpDesc &desc = ln->MutableOpDesc();
  desc.SetAttr("begin_norm_axis", axis);
  desc.SetAttr("begin_params_axis", static_cast<int64_t>(0));
  desc.SetAttr("epsilon", epsilon);
  if (BindOutput(node, ctx, 0, {ln, 0}) != SUCCESS) {
    return FAILED;
  }
  // Mean / InvStdDev are built only when used.
  auto stash = [&](OutAnchor src, const std::string &suffix, size_t out) -> Status {
    Node *wrap = HelperOp(node, ctx, suffix, stash_type == 1 ? "Cast" : "Identity");
    if (wrap == nullptr || ctx.Connect(src, wrap, "x") != SUCCESS) {
      return FAILED;
    }
    if (stash_type == 1) {
      wrap->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(DT_FLOAT));
    }
    return BindOutput(node, ctx, out, {wrap, 0});
  };
  if (node.HasOutput(1) && stash({ln, 1}, "Mean", 1) != SUCCESS) {
    return FAILED;
  }
  if (node.HasOutput(2)) {
    Node *adds = HelperOp(node, ctx, "AddsEpsilon", "Adds");
    Node *rsqrt = HelperOp(node, ctx, "Rsqrt", "Rsqrt");
    if (adds == nullptr || rsqrt == nullptr || ctx.Connect({ln, 2}, adds, "x") != SUCCESS ||
        ctx.Connect({adds, 0}, rsqrt, "x") != SUCCESS) {
      return FAILED;
    }
    adds->MutableOpDesc().SetAttr("value", epsilon);
    if (stash({rsqrt, 0}, "InvStdDev", 2) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

/// ConvTranspose -> Conv2DTranspose (1-D through Unsqueeze/Squeeze of dim 2) or
/// Conv3DTranspose (NCDHW). The output size
/// is fixed at import from the shapes of X and W, which must be static there: ONNX's formula
/// stride * (in - 1) + output_padding + (k - 1) * dilation + 1 - pads, with the pads derived
/// from `output_shape` or `auto_pad` as ONNX defines it.
Status MapConvTranspose(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 3) != SUCCESS) {
    return FAILED;
  }
  GeShape x_shape;
  GeShape w_shape;
  if (InferredInputShape(node, ctx, 0, "ConvTranspose's output size", &x_shape) != SUCCESS ||
      InferredInputShape(node, ctx, 1, "ConvTranspose's output size", &w_shape) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> &xd = x_shape.GetDims();
  const std::vector<int64_t> &wd = w_shape.GetDims();
  if (xd.size() != wd.size() || xd.size() < 3 || xd.size() > 5) {
    return NodeError(node, ctx,
                     "only 1-D, 2-D and 3-D ConvTranspose are supported (X " + x_shape.ToString() +
                         ", W " + w_shape.ToString() + ")");
  }
  if (std::any_of(xd.begin(), xd.end(), [](int64_t d) { return d < 0; }) ||
      std::any_of(wd.begin(), wd.end(), [](int64_t d) { return d < 0; })) {
    return NodeError(node, ctx,
                     "the output size needs static shapes of X " + x_shape.ToString() + " and W " +
                         w_shape.ToString() + " at import (give --input_shape)");
  }
  const size_t n = xd.size() - 2;
  std::vector<int64_t> strides, dilations, pads, output_padding;
  if (SpatialList(node, ctx, "strides", n, 1, &strides) != SUCCESS ||
      SpatialList(node, ctx, "dilations", n, 1, &dilations) != SUCCESS ||
      SpatialList(node, ctx, "pads", 2 * n, 0, &pads) != SUCCESS ||
      SpatialList(node, ctx, "output_padding", n, 0, &output_padding) != SUCCESS) {
    return FAILED;
  }
  const std::string auto_pad = node.GetString("auto_pad", "NOTSET");
  if (CheckAutoPad(node, ctx, auto_pad) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> output_shape = node.GetInts("output_shape", {});
  if (!output_shape.empty() && output_shape.size() != n) {
    return NodeError(node, ctx,
                     "attribute 'output_shape' needs " + std::to_string(n) + " spatial sizes");
  }
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t full =
        strides[i] * (xd[2 + i] - 1) + output_padding[i] + (wd[2 + i] - 1) * dilations[i] + 1;
    if (!output_shape.empty() || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      out[i] = output_shape.empty() ? xd[2 + i] * strides[i] : output_shape[i];
      const int64_t total = std::max<int64_t>(0, full - out[i]);
      const bool upper = auto_pad == "SAME_UPPER";
      pads[i] = upper ? total / 2 : total - total / 2;
      pads[i + n] = upper ? total - total / 2 : total / 2;
    } else {
      if (auto_pad == "VALID") {
        pads[i] = pads[i + n] = 0;
      }
      out[i] = full - pads[i] - pads[i + n];
    }
    if (out[i] < 1) {
      return NodeError(node, ctx, "the output size " + std::to_string(out[i]) + " is empty");
    }
  }
  const bool one_d = n == 1;
  if (one_d) {
    // [N, C, L] -> [N, C, 1, L]: the extra H dim has stride/dilation 1 and no padding.
    strides.insert(strides.begin(), 1);
    dilations.insert(dilations.begin(), 1);
    pads = {0, pads[0], 0, pads[1]};
    out.insert(out.begin(), 1);
  }
  const int64_t group = node.GetInt("group", 1);
  const bool three_d = n == 3;
  const std::string type = three_d ? "Conv3DTranspose" : "Conv2DTranspose";
  Node *conv = one_d ? HelperOp(node, ctx, type, type) : MainOp(node, ctx, type);
  std::vector<int64_t> input_size = {xd[0], wd[1] * group};
  input_size.insert(input_size.end(), out.begin(), out.end());
  if (conv == nullptr || ConnectConst(node, ctx, "input_size", MakeInt64Tensor(input_size), conv,
                                      "input_size") != SUCCESS) {
    return FAILED;
  }
  if (WireConv(node, ctx, conv, one_d, strides, dilations, pads, group,
               three_d ? "NCDHW" : "NCHW") != SUCCESS) {
    return FAILED;
  }
  SetPortFormat(conv, three_d ? FORMAT_NCDHW : FORMAT_NCHW, {1, 2});
  if (one_d) {
    return Squeeze1D(node, ctx, {conv, 0}, 2);
  }
  return BindOutput(node, ctx, 0, {conv, 0});
}

/// Resize (>= 11) -> Resize(x, roi, scales, sizes) with ONNX's attributes; antialias, axes and
/// keep_aspect_ratio_policy (opset 18) are kept as attributes (ge_py: GE's Resize has none).
Status MapResize(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 4) != SUCCESS) {
    return FAILED;
  }
  const std::string mode = node.GetString("mode", "nearest");
  if (mode != "nearest" && mode != "linear" && mode != "cubic") {
    return NodeError(node, ctx, "attribute 'mode' = '" + mode + "' is not valid");
  }
  Node *op = MainOp(node, ctx, "Resize");
  if (op == nullptr) {
    return FAILED;
  }
  static const char *const kPorts[] = {"x", "roi", "scales", "sizes"};
  for (size_t i = 0; i < 4; ++i) {
    if (node.HasInput(i) && ConnectInput(node, ctx, i, op, kPorts[i]) != SUCCESS) {
      return FAILED;
    }
  }
  OpDesc &desc = op->MutableOpDesc();
  desc.SetAttr("mode", mode);
  desc.SetAttr("coordinate_transformation_mode",
               node.GetString("coordinate_transformation_mode", "half_pixel"));
  desc.SetAttr("nearest_mode", node.GetString("nearest_mode", "round_prefer_floor"));
  desc.SetAttr("cubic_coeff_a", node.GetFloat("cubic_coeff_a", -0.75F));
  desc.SetAttr("exclude_outside", node.GetInt("exclude_outside", 0));
  desc.SetAttr("extrapolation_value", node.GetFloat("extrapolation_value", 0.0F));
  desc.SetAttr("antialias", node.GetInt("antialias", 0) != 0);
  desc.SetAttr("axes", node.GetInts("axes", {}));
  desc.SetAttr("keep_aspect_ratio_policy", node.GetString("keep_aspect_ratio_policy", "stretch"));
  return BindOutput(node, ctx, 0, {op, 0});
}

/// LRN: ONNX sums x^2 over `size` channels and scales alpha by 1/size; GE's LRN takes the
/// window's radius and the scaled alpha. An even size has an off-centre window: refused.
Status MapLrn(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  const int64_t size = node.GetInt("size", 0);
  if (size < 1 || size % 2 == 0) {
    return NodeError(node, ctx,
                     "attribute 'size' = " + std::to_string(size) +
                         " is not supported (an odd size >= 1: the window centred on the channel)");
  }
  Node *op = MainOp(node, ctx, "LRN");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("depth_radius", (size - 1) / 2);
  op->MutableOpDesc().SetAttr("bias", node.GetFloat("bias", 1.0F));
  op->MutableOpDesc().SetAttr("alpha", node.GetFloat("alpha", 1e-4F) / static_cast<float>(size));
  op->MutableOpDesc().SetAttr("beta", node.GetFloat("beta", 0.75F));
  op->MutableOpDesc().SetAttr("norm_region", std::string("ACROSS_CHANNELS"));
  return BindOutput(node, ctx, 0, {op, 0});
}

}  // namespace

void AppendNnMappings(std::vector<OnnxOpMapping> *mappings) {
  mappings->push_back({"Conv", kMinOnnxOpset, kMaxOnnxOpset, MapConv});
  mappings->push_back({"BatchNormalization", kMinOnnxOpset, kMaxOnnxOpset, MapBatchNorm});
  mappings->push_back({"Einsum", 12, kMaxOnnxOpset, MapEinsum});
  mappings->push_back({"MaxPool", kMinOnnxOpset, kMaxOnnxOpset, MapPool});
  mappings->push_back({"AveragePool", kMinOnnxOpset, kMaxOnnxOpset, MapPool});
  mappings->push_back({"GlobalAveragePool", kMinOnnxOpset, kMaxOnnxOpset, MapGlobalAveragePool});
  mappings->push_back({"GlobalMaxPool", kMinOnnxOpset, kMaxOnnxOpset, MapGlobalMaxPool});
  mappings->push_back({"MatMul", kMinOnnxOpset, kMaxOnnxOpset, MapMatMul});
  mappings->push_back({"Gemm", kMinOnnxOpset, kMaxOnnxOpset, MapGemm});
  mappings->push_back({"Softmax", kMinOnnxOpset, kMaxOnnxOpset, MapSoftmax});
  mappings->push_back({"LogSoftmax", kMinOnnxOpset, kMaxOnnxOpset, MapSoftmax});
  mappings->push_back({"ConvTranspose", kMinOnnxOpset, kMaxOnnxOpset, MapConvTranspose});
  mappings->push_back({"Resize", 11, kMaxOnnxOpset, MapResize});
  mappings->push_back({"LRN", kMinOnnxOpset, kMaxOnnxOpset, MapLrn});
  mappings->push_back({"LayerNormalization", 17, kMaxOnnxOpset, MapLayerNorm});
}

}  // namespace ge
