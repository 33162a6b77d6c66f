// Gather and slice kernels (byte-generic): Gather / GatherV2 / GatherV2D (batch_dims, negative
// indices when enabled), Slice / SliceD, StridedSlice / StridedSliceD (TF masks) and
// StridedSliceV2 (ONNX Slice semantics).
#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

Status GatherImpl(KernelContext &ctx, int64_t axis, int64_t batch_dims, bool allow_negative) {
  const GeTensor &x = ctx.Input(0);
  const GeTensor &indices_t = ctx.Input(1);
  const auto &xd = DimsOf(x);
  const auto &id = DimsOf(indices_t);
  std::vector<int64_t> indices;
  if (ReadIndexValues(indices_t, "input 'indices'", &indices) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  const int64_t rank = static_cast<int64_t>(xd.size());
  if (rank == 0) {
    return ctx.Error("x must have rank >= 1");
  }
  if (NormalizeAxis(ctx, axis, rank, "axis", &axis) != SUCCESS) {
    return FAILED;
  }
  if (batch_dims < 0) batch_dims += static_cast<int64_t>(id.size());
  if (batch_dims < 0 || batch_dims > axis || batch_dims > static_cast<int64_t>(id.size())) {
    return ctx.Error("batch_dims " + std::to_string(batch_dims) + " must be in [0, min(axis " +
                     std::to_string(axis) + ", rank(indices) " + std::to_string(id.size()) + ")]");
  }
  for (int64_t d = 0; d < batch_dims; ++d) {
    if (xd[d] != id[d]) {
      return ctx.Error("batch dim " + std::to_string(d) + " differs: x " + DimsToString(xd) +
                       ", indices " + DimsToString(id));
    }
  }
  const int64_t limit = xd[axis];
  for (auto &index : indices) {
    if (index < 0 && allow_negative) index += limit;
    if (index < 0 || index >= limit) {
      return ctx.Error("index " + std::to_string(index) + " is out of range [0, " +
                       std::to_string(limit) + ") for dim " + std::to_string(axis) + " of x " +
                       DimsToString(xd));
    }
  }
  std::vector<int64_t> out_dims(xd.begin(), xd.begin() + axis);
  out_dims.insert(out_dims.end(), id.begin() + batch_dims, id.end());
  out_dims.insert(out_dims.end(), xd.begin() + axis + 1, xd.end());
  int64_t batch = 1, mid = 1, inner = GetSizeByDataType(DtypeOf(x)), per_batch = 1;
  for (int64_t d = 0; d < batch_dims; ++d) batch *= xd[d];
  for (int64_t d = batch_dims; d < axis; ++d) mid *= xd[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= xd[d];
  for (size_t d = static_cast<size_t>(batch_dims); d < id.size(); ++d) per_batch *= id[d];
  OutputTensor out(DtypeOf(x), out_dims);
  uint8_t *dst = out.Bytes();
  const uint8_t *src = x.GetData();
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t m = 0; m < mid; ++m) {
      const uint8_t *base = src + ((b * mid + m) * limit) * inner;
      for (int64_t j = 0; j < per_batch; ++j) {
        std::memcpy(dst, base + indices[b * per_batch + j] * inner, static_cast<size_t>(inner));
        dst += inner;
      }
    }
  }
  return ctx.SetOutput(0, out.Finish());
}

Status Gather(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  return GatherImpl(ctx, 0, ctx.GetInt("batch_dims", 0),
                    ctx.GetBool("negative_index_support", false));
}

Status GatherV2(KernelContext &ctx) {
  std::vector<int64_t> axis;
  if (ctx.RequireInputs(3) != SUCCESS || ctx.ReadIndexInput(2, "axis", &axis) != SUCCESS) {
    return FAILED;
  }
  if (axis.size() != 1) {
    return ctx.Error("input 'axis' must hold one value, got " + std::to_string(axis.size()));
  }
  return GatherImpl(ctx, axis[0], ctx.GetInt("batch_dims", 0),
                    ctx.GetBool("negative_index_support", false));
}

Status GatherV2D(KernelContext &ctx) {
  int64_t axis = 0;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.GetRequiredInt("axis", &axis) != SUCCESS) {
    return FAILED;
  }
  return GatherImpl(ctx, axis, 0, false);
}

/// y[i...] = x[start[d] + i[d]·step[d] ...] over `out_dims` (same rank as x).
GeTensor StridedCopy(const GeTensor &x, const std::vector<int64_t> &start,
                     const std::vector<int64_t> &step, const std::vector<int64_t> &out_dims) {
  const auto &xd = DimsOf(x);
  const size_t rank = xd.size();
  const int64_t width = GetSizeByDataType(DtypeOf(x));
  OutputTensor out(DtypeOf(x), out_dims);
  if (out.ElementCount() == 0) {
    return out.Finish();
  }
  std::vector<int64_t> strides(rank, 1);
  for (size_t d = rank; d-- > 1;) strides[d - 1] = strides[d] * xd[d];
  int64_t offset = 0;
  for (size_t d = 0; d < rank; ++d) offset += start[d] * strides[d];
  uint8_t *dst = out.Bytes();
  const uint8_t *src = x.GetData();
  if (rank == 0) {
    std::memcpy(dst, src, static_cast<size_t>(width));
    return out.Finish();
  }
  const int64_t inner = out_dims[rank - 1];
  const int64_t inner_step = step[rank - 1] * strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  const int64_t total = out.ElementCount();
  for (int64_t written = 0; written < total; written += inner) {
    if (inner_step == 1) {
      std::memcpy(dst, src + offset * width, static_cast<size_t>(inner * width));
      dst += inner * width;
    } else {
      for (int64_t j = 0; j < inner; ++j) {
        std::memcpy(dst, src + (offset + j * inner_step) * width, static_cast<size_t>(width));
        dst += width;
      }
    }
    for (size_t d = rank - 1; d-- > 0;) {
      offset += step[d] * strides[d];
      if (++index[d] < out_dims[d]) break;
      offset -= step[d] * strides[d] * out_dims[d];
      index[d] = 0;
    }
  }
  return out.Finish();
}

Status SliceImpl(KernelContext &ctx, std::vector<int64_t> offsets, std::vector<int64_t> sizes) {
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  if (offsets.size() != xd.size() || sizes.size() != xd.size()) {
    return ctx.Error("offsets " + DimsToString(offsets) + " and size " + DimsToString(sizes) +
                     " must have one entry per dim of x " + DimsToString(xd));
  }
  for (size_t d = 0; d < xd.size(); ++d) {
    if (sizes[d] == -1) sizes[d] = xd[d] - offsets[d];  // -1: to the end (TF)
    if (offsets[d] < 0 || sizes[d] < 0 || offsets[d] + sizes[d] > xd[d]) {
      return ctx.Error("slice [" + std::to_string(offsets[d]) + ", +" + std::to_string(sizes[d]) +
                       ") is out of range for dim " + std::to_string(d) + " of x " +
                       DimsToString(xd));
    }
  }
  return ctx.SetOutput(0, StridedCopy(x, offsets, std::vector<int64_t>(xd.size(), 1), sizes));
}

Status Slice(KernelContext &ctx) {
  std::vector<int64_t> offsets, sizes;
  if (ctx.RequireInputs(3) != SUCCESS || ctx.ReadIndexInput(1, "offsets", &offsets) != SUCCESS ||
      ctx.ReadIndexInput(2, "size", &sizes) != SUCCESS) {
    return FAILED;
  }
  return SliceImpl(ctx, offsets, sizes);
}

Status SliceD(KernelContext &ctx) {
  std::vector<int64_t> offsets, sizes;
  if (ctx.RequireInputs(1) != SUCCESS || ctx.GetRequiredListInt("offsets", &offsets) != SUCCESS ||
      ctx.GetRequiredListInt("size", &sizes) != SUCCESS) {
    return FAILED;
  }
  return SliceImpl(ctx, offsets, sizes);
}

/// Resolves one dim of a python-style slice (clamped like numpy/ONNX) into start and count.
void ResolveRange(int64_t dim, int64_t begin, int64_t end, int64_t step, bool begin_full,
                  bool end_full, int64_t *start, int64_t *count) {
  if (step > 0) {
    begin = begin_full ? 0 : (begin < 0 ? begin + dim : begin);
    end = end_full ? dim : (end < 0 ? end + dim : end);
    begin = std::clamp<int64_t>(begin, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    *count = end > begin ? (end - begin + step - 1) / step : 0;
  } else {
    begin = begin_full ? dim - 1 : (begin < 0 ? begin + dim : begin);
    end = end_full ? -1 : (end < 0 ? end + dim : end);
    // ONNX clamps a negative-step start to [0, dim-1] and the end to [-1, dim-1].
    if (dim == 0) {
      *start = 0;
      *count = 0;
      return;
    }
    begin = std::clamp<int64_t>(begin, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    *count = begin > end ? (begin - end + (-step) - 1) / (-step) : 0;
  }
  *start = *count > 0 ? begin : 0;
}

/// TF StridedSlice with begin/end/ellipsis/new_axis/shrink_axis masks.
Status StridedSliceImpl(KernelContext &ctx, const std::vector<int64_t> &begin,
                        const std::vector<int64_t> &end, std::vector<int64_t> strides) {
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  const int64_t rank = static_cast<int64_t>(xd.size());
  if (strides.empty()) strides.assign(begin.size(), 1);
  if (begin.size() != end.size() || begin.size() != strides.size()) {
    return ctx.Error("begin, end and strides must have equal lengths, got " +
                     std::to_string(begin.size()) + ", " + std::to_string(end.size()) + ", " +
                     std::to_string(strides.size()));
  }
  const int64_t begin_mask = ctx.GetInt("begin_mask", 0);
  const int64_t end_mask = ctx.GetInt("end_mask", 0);
  const int64_t ellipsis_mask = ctx.GetInt("ellipsis_mask", 0);
  const int64_t new_axis_mask = ctx.GetInt("new_axis_mask", 0);
  const int64_t shrink_mask = ctx.GetInt("shrink_axis_mask", 0);
  const int64_t sparse = static_cast<int64_t>(begin.size());
  auto bit = [](int64_t mask, int64_t i) { return ((mask >> i) & 1) != 0; };
  int64_t new_after_ellipsis = 0;
  bool seen_ellipsis = false;
  for (int64_t i = 0; i < sparse; ++i) {
    if (bit(ellipsis_mask, i)) {
      if (seen_ellipsis) return ctx.Error("ellipsis_mask has more than one bit set");
      seen_ellipsis = true;
    } else if (seen_ellipsis && bit(new_axis_mask, i)) {
      ++new_after_ellipsis;
    }
  }
  // Dense per-dim spec; `final_dims` interleaves new axes and shrunk dims.
  std::vector<int64_t> start(rank, 0), step(rank, 1), count(xd);
  std::vector<int64_t> final_dims;
  int64_t dim = 0;
  auto take_full = [&](int64_t d) { final_dims.push_back(xd[d]); };
  for (int64_t i = 0; i < sparse; ++i) {
    if (bit(ellipsis_mask, i)) {
      const int64_t next = std::min(rank, rank - (sparse - i) + 1 + new_after_ellipsis);
      for (; dim < next; ++dim) take_full(dim);
      continue;
    }
    if (bit(new_axis_mask, i)) {
      final_dims.push_back(1);
      continue;
    }
    if (dim >= rank) {
      return ctx.Error("slice spec has more dims than x " + DimsToString(xd));
    }
    if (strides[i] == 0) {
      return ctx.Error("stride " + std::to_string(i) + " is 0");
    }
    if (bit(shrink_mask, i)) {
      const int64_t b = begin[i] < 0 ? begin[i] + xd[dim] : begin[i];
      if (b < 0 || b >= xd[dim]) {
        return ctx.Error("shrink index " + std::to_string(begin[i]) + " is out of range for dim " +
                         std::to_string(dim) + " of x " + DimsToString(xd));
      }
      start[dim] = b;
      count[dim] = 1;
    } else {
      ResolveRange(xd[dim], begin[i], end[i], strides[i], bit(begin_mask, i), bit(end_mask, i),
                   &start[dim], &count[dim]);
      step[dim] = strides[i];
      final_dims.push_back(count[dim]);
    }
    ++dim;
  }
  for (; dim < rank; ++dim) take_full(dim);
  GeTensor y = StridedCopy(x, start, step, count);
  return ctx.SetOutput(0, WithDims(y, final_dims));
}

Status StridedSlice(KernelContext &ctx) {
  std::vector<int64_t> begin, end, strides;
  if (ctx.RequireInputs(4) != SUCCESS || ctx.ReadIndexInput(1, "begin", &begin) != SUCCESS ||
      ctx.ReadIndexInput(2, "end", &end) != SUCCESS ||
      ctx.ReadIndexInput(3, "strides", &strides) != SUCCESS) {
    return FAILED;
  }
  return StridedSliceImpl(ctx, begin, end, strides);
}

Status StridedSliceD(KernelContext &ctx) {
  std::vector<int64_t> begin, end, strides;
  if (ctx.RequireInputs(1) != SUCCESS || ctx.GetRequiredListInt("begin", &begin) != SUCCESS ||
      ctx.GetRequiredListInt("end", &end) != SUCCESS ||
      ctx.GetRequiredListInt("strides", &strides) != SUCCESS) {
    return FAILED;
  }
  return StridedSliceImpl(ctx, begin, end, strides);
}

/// ONNX Slice: per listed axis (all when absent), negative begin/end count from the end, values
/// clamp to the dim, steps default to 1 and may be negative but not 0.
Status StridedSliceV2(KernelContext &ctx) {
  std::vector<int64_t> begin, end, axes, steps;
  if (ctx.RequireInputs(3) != SUCCESS || ctx.ReadIndexInput(1, "begin", &begin) != SUCCESS ||
      ctx.ReadIndexInput(2, "end", &end) != SUCCESS) {
    return FAILED;
  }
  for (const char *mask :
       {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"}) {
    if (ctx.GetInt(mask, 0) != 0) {
      return ctx.Error(std::string("attribute '") + mask +
                       "' != 0 is not supported by the host runtime");
    }
  }
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  const int64_t rank = static_cast<int64_t>(xd.size());
  if (ctx.GetInput(3) != nullptr && ctx.ReadIndexInput(3, "axes", &axes) != SUCCESS) {
    return FAILED;
  }
  if (ctx.GetInput(4) != nullptr && ctx.ReadIndexInput(4, "strides", &steps) != SUCCESS) {
    return FAILED;
  }
  if (axes.empty()) {
    for (int64_t d = 0; d < static_cast<int64_t>(begin.size()); ++d) axes.push_back(d);
  }
  if (steps.empty()) steps.assign(begin.size(), 1);
  if (begin.size() != end.size() || begin.size() != axes.size() || begin.size() != steps.size()) {
    return ctx.Error("begin, end, axes and strides must have equal lengths, got " +
                     std::to_string(begin.size()) + ", " + std::to_string(end.size()) + ", " +
                     std::to_string(axes.size()) + ", " + std::to_string(steps.size()));
  }
  std::vector<int64_t> start(rank, 0), step(rank, 1), count(xd);
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t axis = 0;
    if (NormalizeAxis(ctx, axes[i], rank, "axis", &axis) != SUCCESS) {
      return FAILED;
    }
    if (seen[axis]) {
      return ctx.Error("axes " + DimsToString(axes) + " repeat dim " + std::to_string(axis));
    }
    seen[axis] = true;
    if (steps[i] == 0) {
      return ctx.Error("step for axis " + std::to_string(axes[i]) + " is 0");
    }
    ResolveRange(xd[axis], begin[i], end[i], steps[i], false, false, &start[axis], &count[axis]);
    step[axis] = steps[i];
  }
  return ctx.SetOutput(0, StridedCopy(x, start, step, count));
}

}  // namespace

void RegisterGatherSliceKernels(KernelRegistry &registry) {
  registry.Register("Gather", KernelDef{Gather, false});
  registry.Register("GatherV2", KernelDef{GatherV2, false});
  registry.Register("GatherV2D", KernelDef{GatherV2D, false});
  registry.Register("Slice", KernelDef{Slice, false});
  registry.Register("SliceD", KernelDef{SliceD, false});
  registry.Register("StridedSlice", KernelDef{StridedSlice, false});
  registry.Register("StridedSliceD", KernelDef{StridedSliceD, false});
  registry.Register("StridedSliceV2", KernelDef{StridedSliceV2, false});
}

}  // namespace runtime
}  // namespace ge
