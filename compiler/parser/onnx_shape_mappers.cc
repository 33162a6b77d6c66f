// ONNX shape, layout, concat/split, gather/slice, pad and fill ops.
#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "parser/onnx_input_query.h"
#include "parser/onnx_op_mapper.h"
#include "parser/onnx_tensor.h"

namespace ge {
namespace {

using onnx_map::BindOutput;
using onnx_map::CheckInputCount;
using onnx_map::Connect;
using onnx_map::ConnectConst;
using onnx_map::ConnectInput;
using onnx_map::HelperOp;
using onnx_map::MainOp;
using onnx_map::NodeError;

Status MapReshape(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Reshape");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "shape") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("allowzero", node.GetInt("allowzero", 0));
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapFlatten(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Flatten");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("axis", node.GetInt("axis", 1));
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapSqueeze(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const bool is_squeeze = node.OpType() == "Squeeze";
  if (node.Opset() <= 12) {
    if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
      return FAILED;
    }
    const std::vector<int64_t> axes = node.GetInts("axes", {});
    if (!is_squeeze && axes.empty()) {
      return NodeError(node, ctx, "attribute 'axes' is missing or empty");
    }
    Node *op = MainOp(node, ctx, is_squeeze ? "Squeeze" : "Unsqueeze");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    op->MutableOpDesc().SetAttr(is_squeeze ? "axis" : "axes", axes);
    return BindOutput(node, ctx, 0, {op, 0});
  }
  if (CheckInputCount(node, ctx, is_squeeze ? 1 : 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, is_squeeze ? "SqueezeV3" : "UnsqueezeV3");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  if (node.HasInput(1) && ConnectInput(node, ctx, 1, op, "axes") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapTranspose(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  OutAnchor x;
  if (ctx.Input(node, 0, &x) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> perm = node.GetInts("perm", {});
  if (!node.HasAttr("perm")) {
    // ONNX default (GE requires perm): reverse the dims; needs the rank now.
    const GeTensorDesc *desc = x.node->GetOpDesc().GetOutputDesc(x.index);
    const bool known = desc != nullptr &&
                       (x.node->GetType() == "Data" || x.node->GetType() == "Const") &&
                       !desc->GetShape().IsUnknownRank();
    if (!known) {
      return NodeError(node, ctx,
                       "attribute 'perm' is missing and the input rank is not known at import");
    }
    for (int64_t i = static_cast<int64_t>(desc->GetShape().GetDimNum()) - 1; i >= 0; --i) {
      perm.push_back(i);
    }
  }
  Node *op = MainOp(node, ctx, "Transpose");
  if (op == nullptr || ctx.Connect(x, op, "x") != SUCCESS ||
      ConnectConst(node, ctx, "perm", MakeInt32Tensor(perm), op, "perm") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapConcat(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const int64_t n = static_cast<int64_t>(node.InputCount());
  if (n < 1) {
    return NodeError(node, ctx, "needs at least one input");
  }
  if (!node.HasAttr("axis")) {
    return NodeError(node, ctx, "required attribute 'axis' is missing");
  }
  if (n == 1) {
    Node *op = MainOp(node, ctx, "Identity");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, {op, 0});
  }
  Node *op = MainOp(node, ctx, "ConcatD", {{"x", n}});
  if (op == nullptr) {
    return FAILED;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (ConnectInput(node, ctx, static_cast<size_t>(i), op, "x" + std::to_string(i)) != SUCCESS) {
      return FAILED;
    }
  }
  op->MutableOpDesc().SetAttr("concat_dim", node.GetInt("axis", 0));
  op->MutableOpDesc().SetAttr("N", n);
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Split-18 `num_outputs` over a dim it does not divide: parts of ceil(dim / n), the last one
/// smaller. Leaves `sizes` empty when the parts are equal or the dim is unknown at import.
Status UnevenSplitSizes(const OnnxNodeView &node, OnnxImportContext &ctx, int64_t axis,
                        int64_t outputs, std::vector<int64_t> *sizes) {
  GeShape shape;
  if (InferredInputShape(node, ctx, 0, "Split's num_outputs", &shape) != SUCCESS) {
    return FAILED;
  }
  const int64_t rank = static_cast<int64_t>(shape.GetDimNum());
  const int64_t dim_index = axis < 0 ? axis + rank : axis;
  if (dim_index < 0 || dim_index >= rank) {
    return NodeError(
        node, ctx,
        "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank));
  }
  const int64_t dim = shape.GetDim(static_cast<size_t>(dim_index));
  if (dim < 0 || dim % outputs == 0) {
    return SUCCESS;
  }
  const int64_t part = (dim + outputs - 1) / outputs;
  if (part * (outputs - 1) >= dim) {
    return NodeError(node, ctx,
                     "num_outputs " + std::to_string(outputs) + " leaves an empty part of dim " +
                         std::to_string(dim));
  }
  sizes->assign(static_cast<size_t>(outputs - 1), part);
  sizes->push_back(dim - part * (outputs - 1));
  return SUCCESS;
}

/// Size: the element count of x as an int64 scalar, the product of its shape.
Status MapSize(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  Node *shape = HelperOp(node, ctx, "Shape", "Shape");
  Node *prod = MainOp(node, ctx, "ReduceProd");
  if (shape == nullptr || prod == nullptr || ConnectInput(node, ctx, 0, shape, "x") != SUCCESS ||
      ctx.Connect({shape, 0}, prod, "x") != SUCCESS ||
      ConnectConst(node, ctx, "axes", MakeInt32Tensor({0}), prod, "axes") != SUCCESS) {
    return FAILED;
  }
  shape->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT64));
  prod->MutableOpDesc().SetAttr("keep_dims", false);
  return BindOutput(node, ctx, 0, {prod, 0});
}

Status MapSplit(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const int64_t outputs = static_cast<int64_t>(node.OutputCount());
  if (outputs < 1) {
    return NodeError(node, ctx, "has no outputs");
  }
  const int64_t axis = node.GetInt("axis", 0);
  if (node.HasAttr("num_outputs") && node.GetInt("num_outputs", 0) != outputs) {
    return NodeError(node, ctx,
                     "attribute 'num_outputs' = " + std::to_string(node.GetInt("num_outputs", 0)) +
                         " differs from the node's " + std::to_string(outputs) + " outputs");
  }
  const bool sizes_attr = node.Opset() <= 12 && node.HasAttr("split");
  const bool sizes_input = node.Opset() >= 13 && node.HasInput(1);
  std::vector<int64_t> uneven;
  if (!sizes_input && node.HasAttr("num_outputs") &&
      UnevenSplitSizes(node, ctx, axis, outputs, &uneven) != SUCCESS) {
    return FAILED;
  }
  Node *op = nullptr;
  if (sizes_attr || sizes_input || !uneven.empty()) {
    op = MainOp(node, ctx, "SplitV", {}, {{"y", outputs}});
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    const std::vector<int64_t> sizes_value = uneven.empty() ? node.GetInts("split", {}) : uneven;
    const Status sizes = sizes_input
                             ? ConnectInput(node, ctx, 1, op, "size_splits")
                             : ConnectConst(node, ctx, "size_splits", MakeInt64Tensor(sizes_value),
                                            op, "size_splits");
    if (sizes != SUCCESS || ConnectConst(node, ctx, "split_dim", MakeInt32Tensor({axis}, true), op,
                                         "split_dim") != SUCCESS) {
      return FAILED;
    }
  } else {
    op = MainOp(node, ctx, "Split", {}, {{"y", outputs}});
    if (op == nullptr ||
        ConnectConst(node, ctx, "split_dim", MakeInt32Tensor({axis}, true), op, "split_dim") !=
            SUCCESS ||
        ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
  }
  op->MutableOpDesc().SetAttr("num_split", outputs);
  for (int64_t i = 0; i < outputs; ++i) {
    if (BindOutput(node, ctx, static_cast<size_t>(i), {op, static_cast<int32_t>(i)}) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status MapGather(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "GatherV2");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "indices") != SUCCESS ||
      ConnectConst(node, ctx, "axis", MakeInt32Tensor({node.GetInt("axis", 0)}, true), op,
                   "axis") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("negative_index_support", true);
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapSlice(const OnnxNodeView &node, OnnxImportContext &ctx) {
  Node *op = MainOp(node, ctx, "StridedSliceV2");
  if (op == nullptr) {
    return FAILED;
  }
  if (node.Opset() <= 9) {
    if (CheckInputCount(node, ctx, 1, 1) != SUCCESS ||
        ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    if (!node.HasAttr("starts") || !node.HasAttr("ends")) {
      return NodeError(node, ctx, "required attributes 'starts' and 'ends' are missing");
    }
    if (ConnectConst(node, ctx, "begin", MakeInt64Tensor(node.GetInts("starts", {})), op,
                     "begin") != SUCCESS ||
        ConnectConst(node, ctx, "end", MakeInt64Tensor(node.GetInts("ends", {})), op, "end") !=
            SUCCESS) {
      return FAILED;
    }
    if (node.HasAttr("axes") &&
        ConnectConst(node, ctx, "axes", MakeInt64Tensor(node.GetInts("axes", {})), op, "axes") !=
            SUCCESS) {
      return FAILED;
    }
    return BindOutput(node, ctx, 0, {op, 0});
  }
  if (CheckInputCount(node, ctx, 3, 5) != SUCCESS) {
    return FAILED;
  }
  static const char *const kPorts[] = {"x", "begin", "end", "axes", "strides"};
  for (size_t i = 0; i < 5; ++i) {
    if (node.HasInput(i) && ConnectInput(node, ctx, i, op, kPorts[i]) != SUCCESS) {
      return FAILED;
    }
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

/// Opset-18 Pad with an 'axes' input: `pads` holds 2 * len(axes) values (begins, then ends) for
/// those axes only. Finds where each of the 2 * rank pads over every axis of the data
/// ([begins..., ends...]) comes from: `source[p]` indexes `pads`, or is 2 * len(axes) for a
/// zero. axes must be constant and the data's rank known.
Status PadSources(const OnnxNodeView &node, OnnxImportContext &ctx, std::vector<int64_t> *source,
                  size_t *pad_count) {
  std::vector<int64_t> axes;
  GeShape shape;
  if (ConstantInputInts(node, ctx, 3, "axes", &axes) != SUCCESS ||
      InferredInputShape(node, ctx, 0, "the 'axes' input", &shape) != SUCCESS) {
    return FAILED;
  }
  const int64_t rank = static_cast<int64_t>(shape.GetDimNum());
  *pad_count = 2 * axes.size();
  const int64_t zero = static_cast<int64_t>(*pad_count);
  source->assign(static_cast<size_t>(2 * rank), zero);
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (size_t j = 0; j < axes.size(); ++j) {
    const int64_t axis = axes[j] < 0 ? axes[j] + rank : axes[j];
    if (axis < 0 || axis >= rank) {
      return NodeError(node, ctx,
                       "'axes' value " + std::to_string(axes[j]) +
                           " is out of range for data of rank " + std::to_string(rank));
    }
    if (seen[static_cast<size_t>(axis)]) {
      return NodeError(node, ctx, "'axes' names axis " + std::to_string(axis) + " twice");
    }
    seen[static_cast<size_t>(axis)] = true;
    (*source)[static_cast<size_t>(axis)] = static_cast<int64_t>(j);
    (*source)[static_cast<size_t>(axis + rank)] = static_cast<int64_t>(j + axes.size());
  }
  return SUCCESS;
}

/// The paddings over every axis for Pad with 'axes' (`source` and `pad_count` from PadSources):
/// a Const when `pads` is constant, else Gather(Concat(pads, [0]), source) at run time.
Status ConnectAxesPads(const OnnxNodeView &node, OnnxImportContext &ctx,
                       const std::vector<int64_t> &source, size_t pad_count, Node *pad) {
  if (ctx.HasConstantValue(node.InputName(1))) {
    std::vector<int64_t> pads;
    if (ConstantInputInts(node, ctx, 1, "pads", &pads) != SUCCESS) {
      return FAILED;
    }
    if (pads.size() != pad_count) {
      return NodeError(node, ctx,
                       "'pads' has " + std::to_string(pads.size()) + " values, expected 2 * " +
                           std::to_string(pad_count / 2) + " (two per entry of 'axes')");
    }
    std::vector<int64_t> full(source.size(), 0);
    for (size_t p = 0; p < source.size(); ++p) {
      if (static_cast<size_t>(source[p]) < pads.size()) {
        full[p] = pads[static_cast<size_t>(source[p])];
      }
    }
    return ConnectConst(node, ctx, "paddings", MakeInt64Tensor(full), pad, "paddings");
  }
  Node *concat = HelperOp(node, ctx, "PadsWithZero", "ConcatD", {{"x", 2}});
  Node *gather = HelperOp(node, ctx, "paddings", "GatherV2");
  if (concat == nullptr || gather == nullptr ||
      ConnectInput(node, ctx, 1, concat, "x0") != SUCCESS ||
      ConnectConst(node, ctx, "zero", MakeInt64Tensor({0}), concat, "x1") != SUCCESS ||
      Connect(ctx, {concat, 0}, gather, "x") != SUCCESS ||
      ConnectConst(node, ctx, "sources", MakeInt64Tensor(source), gather, "indices") != SUCCESS ||
      ConnectConst(node, ctx, "axis", MakeInt32Tensor({0}, true), gather, "axis") != SUCCESS) {
    return FAILED;
  }
  concat->MutableOpDesc().SetAttr("concat_dim", int64_t{0});
  concat->MutableOpDesc().SetAttr("N", int64_t{2});
  return Connect(ctx, {gather, 0}, pad, "paddings");
}

/// Pad with an 'axes' input fed at run time over data of rank r known at import: the paddings
/// over every axis are pads viewed as [2, k] (begins, ends) times the [k, r] one-hot matrix of
/// the axes (FloorMod(axes, r) == [0..r)), flattened to [begins..., ends...].
Status ConnectRuntimeAxesPads(const OnnxNodeView &node, OnnxImportContext &ctx, Node *pad) {
  GeShape shape;
  if (InferredInputShape(node, ctx, 0, "an 'axes' input fed at run time", &shape) != SUCCESS) {
    return FAILED;
  }
  const int64_t rank = static_cast<int64_t>(shape.GetDimNum());
  std::vector<int64_t> positions(static_cast<size_t>(rank));
  for (int64_t i = 0; i < rank; ++i) positions[static_cast<size_t>(i)] = i;
  Node *wrap = HelperOp(node, ctx, "AxesInRange", "FloorMod");
  Node *column = HelperOp(node, ctx, "AxesColumn", "Unsqueeze");
  Node *equal = HelperOp(node, ctx, "AxesOneHot", "Equal");
  Node *one_hot = HelperOp(node, ctx, "AxesOneHotInt", "Cast");
  Node *pairs = HelperOp(node, ctx, "PadsByEnd", "Reshape");
  Node *placed = HelperOp(node, ctx, "PadsPlaced", "BatchMatMulV2");
  Node *flat = HelperOp(node, ctx, "paddings", "Reshape");
  if (wrap == nullptr || column == nullptr || equal == nullptr || one_hot == nullptr ||
      pairs == nullptr || placed == nullptr || flat == nullptr ||
      ConnectInput(node, ctx, 3, wrap, "x1") != SUCCESS ||
      ConnectConst(node, ctx, "rank", MakeInt64Tensor({rank}, true), wrap, "x2") != SUCCESS ||
      Connect(ctx, {wrap, 0}, column, "x") != SUCCESS ||
      Connect(ctx, {column, 0}, equal, "x1") != SUCCESS ||
      ConnectConst(node, ctx, "positions", MakeInt64Tensor(positions), equal, "x2") != SUCCESS ||
      Connect(ctx, {equal, 0}, one_hot, "x") != SUCCESS ||
      ConnectInput(node, ctx, 1, pairs, "x") != SUCCESS ||
      ConnectConst(node, ctx, "by_end", MakeInt64Tensor({2, -1}), pairs, "shape") != SUCCESS ||
      Connect(ctx, {pairs, 0}, placed, "x1") != SUCCESS ||
      Connect(ctx, {one_hot, 0}, placed, "x2") != SUCCESS ||
      Connect(ctx, {placed, 0}, flat, "x") != SUCCESS ||
      ConnectConst(node, ctx, "flat", MakeInt64Tensor({-1}), flat, "shape") != SUCCESS) {
    return FAILED;
  }
  column->MutableOpDesc().SetAttr("axes", std::vector<int64_t>{1});
  one_hot->MutableOpDesc().SetAttr("dst_type", static_cast<int64_t>(DT_INT64));
  placed->MutableOpDesc().SetAttr("adj_x1", false);
  placed->MutableOpDesc().SetAttr("adj_x2", false);
  return Connect(ctx, {flat, 0}, pad, "paddings");
}

Status MapPad(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const std::string mode = node.GetString("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge" && mode != "wrap") {
    return NodeError(node, ctx, "attribute 'mode' = '" + mode + "' is not valid");
  }
  if (node.Opset() >= 11) {
    if (CheckInputCount(node, ctx, 2, node.Opset() >= 18 ? 4 : 3) != SUCCESS) {
      return FAILED;
    }
    // The axes' placement needs the data's rank, inferred before this node exists.
    std::vector<int64_t> source;
    size_t pad_count = 0;
    const bool axes = node.HasInput(3);
    const bool constant_axes = axes && ctx.HasConstantValue(node.InputName(3));
    if (constant_axes && PadSources(node, ctx, &source, &pad_count) != SUCCESS) {
      return FAILED;
    }
    Node *op = MainOp(node, ctx, "PadV3");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
      return FAILED;
    }
    Status paddings = SUCCESS;
    if (constant_axes) {
      paddings = ConnectAxesPads(node, ctx, source, pad_count, op);
    } else if (axes) {
      paddings = ConnectRuntimeAxesPads(node, ctx, op);
    } else {
      paddings = ConnectInput(node, ctx, 1, op, "paddings");
    }
    if (paddings != SUCCESS) {
      return FAILED;
    }
    if (node.HasInput(2) && ConnectInput(node, ctx, 2, op, "constant_values") != SUCCESS) {
      return FAILED;
    }
    // ONNX's wrap (Pad-19) takes the values from the other end: PadV3's circular.
    op->MutableOpDesc().SetAttr("mode", mode == "wrap" ? std::string("circular") : mode);
    op->MutableOpDesc().SetAttr("paddings_contiguous", false);
    return BindOutput(node, ctx, 0, {op, 0});
  }
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> pads = node.GetInts("pads", {});
  if (pads.size() % 2 != 0) {
    return NodeError(node, ctx, "attribute 'pads' has an odd number of values");
  }
  std::vector<int64_t> interleaved;
  const size_t n = pads.size() / 2;
  for (size_t i = 0; i < n; ++i) {
    interleaved.push_back(pads[i]);
    interleaved.push_back(pads[i + n]);
  }
  if (mode == "reflect") {
    Node *op = MainOp(node, ctx, "MirrorPad");
    if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
        ConnectConst(node, ctx, "paddings", MakeInt32Tensor(interleaved), op, "paddings") !=
            SUCCESS) {
      return FAILED;
    }
    op->MutableOpDesc().SetAttr("mode", std::string("REFLECT"));
    return BindOutput(node, ctx, 0, {op, 0});
  }
  Node *op = MainOp(node, ctx, "PadV3");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectConst(node, ctx, "paddings", MakeInt32Tensor(interleaved), op, "paddings") !=
          SUCCESS ||
      ConnectConst(node, ctx, "constant_values",
                   MakeFloatTensor({node.GetFloat("value", 0.0F)}, true), op,
                   "constant_values") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("mode", mode);
  op->MutableOpDesc().SetAttr("paddings_contiguous", true);
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapConstantOfShape(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  GeTensor value = MakeFloatTensor({0.0F}, true);
  const onnx::AttributeProto *attr = node.Proto().FindAttr("value");
  if (attr != nullptr) {
    if (!attr->has_t) {
      return NodeError(node, ctx, "attribute 'value' is not a tensor");
    }
    GeTensor parsed;
    if (ctx.ConvertTensor(attr->t[0], &parsed) != SUCCESS) {
      return FAILED;
    }
    if (parsed.GetTensorDesc().GetShape().GetShapeSize() != 1) {
      return NodeError(node, ctx, "attribute 'value' must hold exactly one element");
    }
    GeTensorDesc desc = parsed.GetTensorDesc();
    desc.SetShape(GeShape());  // a scalar fill value, dtype kept
    desc.SetOriginShape(GeShape());
    value = GeTensor(desc, parsed.GetBytes());
  }
  Node *op = MainOp(node, ctx, "Fill");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "dims") != SUCCESS ||
      ConnectConst(node, ctx, "value", std::move(value), op, "value") != SUCCESS) {
    return FAILED;
  }
  return BindOutput(node, ctx, 0, {op, 0});
}

Status MapTrilu(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Trilu");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS) {
    return FAILED;
  }
  if (node.HasInput(1) && ConnectInput(node, ctx, 1, op, "k") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("upper", node.GetInt("upper", 1));
  return BindOutput(node, ctx, 0, {op, 0});
}

}  // namespace

void AppendShapeMappings(std::vector<OnnxOpMapping> *mappings) {
  mappings->push_back({"Reshape", kMinOnnxOpset, kMaxOnnxOpset, MapReshape});
  mappings->push_back({"Flatten", kMinOnnxOpset, kMaxOnnxOpset, MapFlatten});
  mappings->push_back({"Squeeze", kMinOnnxOpset, kMaxOnnxOpset, MapSqueeze});
  mappings->push_back({"Unsqueeze", kMinOnnxOpset, kMaxOnnxOpset, MapSqueeze});
  mappings->push_back({"Transpose", kMinOnnxOpset, kMaxOnnxOpset, MapTranspose});
  mappings->push_back({"Concat", kMinOnnxOpset, kMaxOnnxOpset, MapConcat});
  mappings->push_back({"Split", kMinOnnxOpset, kMaxOnnxOpset, MapSplit});
  mappings->push_back({"Size", kMinOnnxOpset, kMaxOnnxOpset, MapSize});
  mappings->push_back({"Gather", kMinOnnxOpset, kMaxOnnxOpset, MapGather});
  mappings->push_back({"Slice", kMinOnnxOpset, kMaxOnnxOpset, MapSlice});
  mappings->push_back({"Pad", kMinOnnxOpset, kMaxOnnxOpset, MapPad});
  mappings->push_back({"ConstantOfShape", 9, kMaxOnnxOpset, MapConstantOfShape});
  mappings->push_back({"Trilu", 14, kMaxOnnxOpset, MapTrilu});
}

}  // namespace ge
