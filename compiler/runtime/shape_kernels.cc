// Shape and layout kernels that never look at element values: Reshape (0/-1, allowzero, Caffe
// axis/num_axes), Flatten(V2), Squeeze(V3), Unsqueeze(V3), ExpandDims, Shape, Transpose(D),
// TransData between plain formats, and the identities (Identity, IdentityN, TensorMove, Dropout)
// Reshapes share the input bytes instead of copying.
#include <algorithm>
#include <cstring>
#include <set>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"
#include "runtime/transpose_utils.h"

namespace ge {
namespace runtime {
namespace {

/// Sets output 0 to x's bytes under `dims`, checking that the element count is unchanged.
Status SetReshaped(KernelContext &ctx, const GeTensor &x, std::vector<int64_t> dims) {
  if (ElementCount(dims) != ElementCount(DimsOf(x))) {
    return ctx.Error("cannot reshape x " + DimsToString(DimsOf(x)) + " (" +
                     std::to_string(ElementCount(DimsOf(x))) + " elements) to " +
                     DimsToString(dims));
  }
  return ctx.SetOutput(0, WithDims(x, std::move(dims)));
}

Status Reshape(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &in = DimsOf(x);
  std::vector<int64_t> shape;
  if (ctx.ReadIndexInput(1, "shape", &shape) != SUCCESS) {
    return FAILED;
  }
  const bool allowzero = ctx.GetInt("allowzero", 0) != 0;
  // Caffe partial reshape: only dims [axis, axis + num_axes) of x are replaced.
  const int64_t rank = static_cast<int64_t>(in.size());
  int64_t axis = ctx.GetInt("axis", 0);
  if (axis < 0) axis += rank + 1;
  const int64_t num_axes = ctx.GetInt("num_axes", -1);
  const int64_t end = num_axes == -1 ? rank : axis + num_axes;
  if (axis < 0 || axis > rank || end < axis || end > rank) {
    return ctx.Error("axis " + std::to_string(ctx.GetInt("axis", 0)) + " / num_axes " +
                     std::to_string(num_axes) + " do not select dims of x " + DimsToString(in));
  }
  std::vector<int64_t> dims(in.begin(), in.begin() + axis);
  int64_t infer_at = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t dim = shape[i];
    if (dim == 0 && !allowzero) {
      const int64_t src = axis + static_cast<int64_t>(i);
      if (src >= rank) {
        return ctx.Error("shape " + DimsToString(shape) + " copies dim " + std::to_string(src) +
                         " (0) but x " + DimsToString(in) + " has rank " + std::to_string(rank));
      }
      dim = in[static_cast<size_t>(src)];
    } else if (dim == -1) {
      if (infer_at >= 0) {
        return ctx.Error("shape " + DimsToString(shape) + " has more than one -1");
      }
      infer_at = static_cast<int64_t>(dims.size());
      dim = 1;
    } else if (dim < 0) {
      return ctx.Error("shape " + DimsToString(shape) + " has invalid dim " + std::to_string(dim));
    }
    dims.push_back(dim);
  }
  dims.insert(dims.end(), in.begin() + end, in.end());
  if (infer_at >= 0) {
    const int64_t known = ElementCount(dims);
    const int64_t total = ElementCount(in);
    if (known == 0 || total % known != 0) {
      return ctx.Error("cannot infer the -1 dim of shape " + DimsToString(shape) + " for x " +
                       DimsToString(in));
    }
    dims[static_cast<size_t>(infer_at)] = total / known;
  }
  return SetReshaped(ctx, x, dims);
}

Status Flatten(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const auto &in = DimsOf(ctx.Input(0));
  const int64_t rank = static_cast<int64_t>(in.size());
  int64_t axis = ctx.GetInt("axis", 1);
  if (axis < -rank || axis > rank) {
    return ctx.Error("axis " + std::to_string(axis) + " is out of range [" + std::to_string(-rank) +
                     ", " + std::to_string(rank) + "]");
  }
  if (axis < 0) axis += rank;
  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < rank; ++d) (d < axis ? outer : inner) *= in[d];
  return SetReshaped(ctx, ctx.Input(0), {outer, inner});
}

/// Caffe FlattenV2: merge dims axis..end_axis into one.
Status FlattenV2(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const auto &in = DimsOf(ctx.Input(0));
  const int64_t rank = static_cast<int64_t>(in.size());
  int64_t axis = 0;
  int64_t end_axis = 0;
  if (NormalizeAxis(ctx, ctx.GetInt("axis", 1), rank, "axis", &axis) != SUCCESS ||
      NormalizeAxis(ctx, ctx.GetInt("end_axis", -1), rank, "end_axis", &end_axis) != SUCCESS) {
    return FAILED;
  }
  if (end_axis < axis) {
    return ctx.Error("end_axis " + std::to_string(end_axis) + " is before axis " +
                     std::to_string(axis));
  }
  std::vector<int64_t> dims(in.begin(), in.begin() + axis);
  int64_t merged = 1;
  for (int64_t d = axis; d <= end_axis; ++d) merged *= in[d];
  dims.push_back(merged);
  dims.insert(dims.end(), in.begin() + end_axis + 1, in.end());
  return SetReshaped(ctx, ctx.Input(0), dims);
}

Status SqueezeAxes(KernelContext &ctx, const std::vector<int64_t> &axes) {
  const auto &in = DimsOf(ctx.Input(0));
  const int64_t rank = static_cast<int64_t>(in.size());
  std::set<int64_t> drop;
  for (int64_t axis : axes) {
    int64_t fixed = 0;
    if (NormalizeAxis(ctx, axis, rank, "squeeze axis", &fixed) != SUCCESS) {
      return FAILED;
    }
    if (in[fixed] != 1) {
      return ctx.Error("cannot squeeze dim " + std::to_string(axis) + " of size " +
                       std::to_string(in[fixed]) + " (x " + DimsToString(in) + ")");
    }
    drop.insert(fixed);
  }
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d) {
    const bool remove = axes.empty() ? in[d] == 1 : drop.count(d) != 0;
    if (!remove) dims.push_back(in[d]);
  }
  return SetReshaped(ctx, ctx.Input(0), dims);
}

Status Squeeze(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return SqueezeAxes(ctx, ctx.GetListInt("axis", ctx.GetListInt("axes", {})));
}

Status SqueezeV3(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  if (ctx.GetInput(1) != nullptr && ctx.ReadIndexInput(1, "axes", &axes) != SUCCESS) {
    return FAILED;
  }
  return SqueezeAxes(ctx, axes);
}

Status UnsqueezeAxes(KernelContext &ctx, const std::vector<int64_t> &axes) {
  const auto &in = DimsOf(ctx.Input(0));
  const int64_t out_rank = static_cast<int64_t>(in.size() + axes.size());
  std::vector<bool> inserted(static_cast<size_t>(out_rank), false);
  for (int64_t axis : axes) {
    int64_t fixed = 0;
    if (NormalizeAxis(ctx, axis, out_rank, "unsqueeze axis", &fixed) != SUCCESS) {
      return FAILED;
    }
    if (inserted[fixed]) {
      return ctx.Error("unsqueeze axes " + DimsToString(axes) + " repeat dim " +
                       std::to_string(fixed));
    }
    inserted[fixed] = true;
  }
  std::vector<int64_t> dims;
  size_t next = 0;
  for (int64_t d = 0; d < out_rank; ++d) {
    dims.push_back(inserted[d] ? 1 : in[next++]);
  }
  return SetReshaped(ctx, ctx.Input(0), dims);
}

Status Unsqueeze(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> axes = ctx.GetListInt("axes", {});
  if (axes.empty()) {
    return ctx.Error("attribute 'axes' must not be empty");
  }
  return UnsqueezeAxes(ctx, axes);
}

Status UnsqueezeV3(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  if (ctx.ReadIndexInput(1, "axes", &axes) != SUCCESS) {
    return FAILED;
  }
  return UnsqueezeAxes(ctx, axes);
}

Status ExpandDims(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axis;
  if (ctx.ReadIndexInput(1, "axis", &axis) != SUCCESS) {
    return FAILED;
  }
  if (axis.size() != 1) {
    return ctx.Error("input 'axis' must hold one value, got " + std::to_string(axis.size()));
  }
  return UnsqueezeAxes(ctx, axis);
}

Status Shape(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const auto &in = DimsOf(ctx.Input(0));
  const int64_t dtype = ctx.GetInt("dtype", DT_INT32);
  const int64_t rank = static_cast<int64_t>(in.size());
  if (dtype == DT_INT32) {
    OutputTensor out(DT_INT32, {rank});
    for (int64_t i = 0; i < rank; ++i) out.Data<int32_t>()[i] = static_cast<int32_t>(in[i]);
    return ctx.SetOutput(0, out.Finish());
  }
  if (dtype == DT_INT64) {
    OutputTensor out(DT_INT64, {rank});
    std::copy(in.begin(), in.end(), out.Data<int64_t>());
    return ctx.SetOutput(0, out.Finish());
  }
  return ctx.Error("attribute 'dtype' must be 3 (DT_INT32) or 9 (DT_INT64), got " +
                   std::to_string(dtype));
}

Status ApplyPerm(KernelContext &ctx, std::vector<int64_t> perm) {
  const GeTensor &x = ctx.Input(0);
  const int64_t rank = static_cast<int64_t>(DimsOf(x).size());
  if (perm.empty() && rank > 0) {
    for (int64_t d = rank - 1; d >= 0; --d) perm.push_back(d);  // ONNX default: reverse
  }
  if (static_cast<int64_t>(perm.size()) != rank) {
    return ctx.Error("perm " + DimsToString(perm) + " must have " + std::to_string(rank) +
                     " entries for x " + DimsToString(DimsOf(x)));
  }
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (auto &p : perm) {
    if (NormalizeAxis(ctx, p, rank, "perm entry", &p) != SUCCESS) {
      return FAILED;
    }
    if (seen[p]) {
      return ctx.Error("perm repeats dim " + std::to_string(p));
    }
    seen[p] = true;
  }
  return ctx.SetOutput(0, TransposeTensor(x, perm));
}

Status Transpose(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> perm;
  if (ctx.ReadIndexInput(1, "perm", &perm) != SUCCESS) {
    return FAILED;
  }
  return ApplyPerm(ctx, perm);
}

Status TransposeD(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> perm;
  if (ctx.GetRequiredListInt("perm", &perm) != SUCCESS) {
    return FAILED;
  }
  return ApplyPerm(ctx, perm);
}

/// TransData between two plain formats is the equivalent transpose.
Status TransData(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const std::string src = ctx.GetString("src_format", "");
  const std::string dst = ctx.GetString("dst_format", "");
  if (src == dst) {
    return ctx.SetOutput(0, ctx.Input(0));
  }
  if (src == "NCHW" && dst == "NHWC") return ApplyPerm(ctx, {0, 2, 3, 1});
  if (src == "NHWC" && dst == "NCHW") return ApplyPerm(ctx, {0, 3, 1, 2});
  return ctx.Error("TransData from \"" + src + "\" to \"" + dst +
                   "\" is not supported on the host runtime (only NCHW <-> NHWC)");
}

Status Identity(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return ctx.SetOutput(0, ctx.Input(0));
}

Status IdentityN(KernelContext &ctx) {
  for (size_t i = 0; i < ctx.GetOutputsSize(); ++i) {
    if (ctx.RequireInput(i) != SUCCESS || ctx.SetOutput(i, ctx.Input(i)) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

/// A copy into a distinct buffer (the runtime never writes in place, but keep the contract).
Status TensorMove(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  return ctx.SetOutput(0, GeTensor(x.GetTensorDesc(), x.GetData(), x.GetSize()));
}

/// Inference dropout: y = x; an optional mask output is all true.
Status Dropout(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS || ctx.SetOutput(0, ctx.Input(0)) != SUCCESS) {
    return FAILED;
  }
  if (ctx.GetOutputsSize() > 1) {
    OutputTensor mask(DT_BOOL, DimsOf(ctx.Input(0)));
    std::fill(mask.Data<bool>(), mask.Data<bool>() + mask.ElementCount(), true);
    return ctx.SetOutput(1, mask.Finish());
  }
  return SUCCESS;
}

}  // namespace

void RegisterShapeKernels(KernelRegistry &registry) {
  const struct {
    const char *type;
    KernelFn fn;
  } kKernels[] = {
      {"Reshape", Reshape},         {"Flatten", Flatten},       {"FlattenV2", FlattenV2},
      {"Squeeze", Squeeze},         {"SqueezeV3", SqueezeV3},   {"Unsqueeze", Unsqueeze},
      {"UnsqueezeV3", UnsqueezeV3}, {"ExpandDims", ExpandDims}, {"Shape", Shape},
      {"Transpose", Transpose},     {"TransposeD", TransposeD}, {"TransData", TransData},
      {"Identity", Identity},       {"IdentityN", IdentityN},   {"TensorMove", TensorMove},
      {"Dropout", Dropout},
  };
  for (const auto &kernel : kKernels) {
    registry.Register(kernel.type, KernelDef{kernel.fn, false});
  }
}

}  // namespace runtime
}  // namespace ge
