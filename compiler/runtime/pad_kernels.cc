// Padding kernels (byte-generic): Pad / PadD / PadV2 (constant), PadV3 (constant, reflect, edge,
// symmetric, circular; contiguous or ONNX pads layout; negative pads crop) and MirrorPad.
#include <cstring>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

enum class PadMode { kConstant, kReflect, kEdge, kSymmetric, kCircular };

/// Source index of output coordinate `src` (already shifted by the leading pad), or -1 for the
/// constant value.
int64_t MapIndex(int64_t src, int64_t n, PadMode mode) {
  if (src >= 0 && src < n) return src;
  switch (mode) {
    case PadMode::kConstant: return -1;
    case PadMode::kEdge: return src < 0 ? 0 : n - 1;
    case PadMode::kReflect: {
      if (n == 1) return 0;
      const int64_t period = 2 * (n - 1);
      int64_t m = src % period;
      if (m < 0) m += period;
      return m >= n ? period - m : m;
    }
    case PadMode::kSymmetric: {
      const int64_t period = 2 * n;
      int64_t m = src % period;
      if (m < 0) m += period;
      return m >= n ? period - 1 - m : m;
    }
    case PadMode::kCircular: {
      int64_t m = src % n;
      return m < 0 ? m + n : m;
    }
  }
  return -1;
}

/// `before`/`after` per dim; `value` holds one element of x's dtype (bytes).
Status PadImpl(KernelContext &ctx, const GeTensor &x, const std::vector<int64_t> &before,
               const std::vector<int64_t> &after, PadMode mode, const std::vector<uint8_t> &value) {
  const auto &xd = DimsOf(x);
  const size_t rank = xd.size();
  std::vector<int64_t> out_dims(rank);
  for (size_t d = 0; d < rank; ++d) {
    out_dims[d] = xd[d] + before[d] + after[d];
    if (out_dims[d] < 0) {
      return ctx.Error("pads [" + std::to_string(before[d]) + ", " + std::to_string(after[d]) +
                       "] crop more than dim " + std::to_string(d) + " of x " + DimsToString(xd));
    }
    if (mode != PadMode::kConstant && xd[d] == 0 && out_dims[d] > 0) {
      return ctx.Error("cannot pad empty dim " + std::to_string(d) + " in a non-constant mode");
    }
    if (mode == PadMode::kReflect && (before[d] >= xd[d] || after[d] >= xd[d]) &&
        (before[d] > 0 || after[d] > 0) && xd[d] > 0) {
      return ctx.Error("reflect pads [" + std::to_string(before[d]) + ", " +
                       std::to_string(after[d]) + "] must be smaller than dim " +
                       std::to_string(d) + " (" + std::to_string(xd[d]) + ")");
    }
  }
  const int64_t width = GetSizeByDataType(DtypeOf(x));
  OutputTensor out(DtypeOf(x), out_dims);
  if (out.ElementCount() == 0) {
    return ctx.SetOutput(0, out.Finish());
  }
  if (rank == 0) {
    std::memcpy(out.Bytes(), x.GetData(), static_cast<size_t>(width));
    return ctx.SetOutput(0, out.Finish());
  }
  std::vector<int64_t> strides(rank, 1);
  for (size_t d = rank; d-- > 1;) strides[d - 1] = strides[d] * xd[d];
  std::vector<int64_t> index(rank, 0);
  const int64_t inner = out_dims[rank - 1];
  uint8_t *dst = out.Bytes();
  const uint8_t *src = x.GetData();
  const int64_t total = out.ElementCount();
  for (int64_t written = 0; written < total; written += inner) {
    int64_t base = 0;
    bool constant_row = false;
    for (size_t d = 0; d + 1 < rank; ++d) {
      const int64_t m = MapIndex(index[d] - before[d], xd[d], mode);
      if (m < 0) {
        constant_row = true;
        break;
      }
      base += m * strides[d];
    }
    for (int64_t j = 0; j < inner; ++j) {
      const int64_t m = constant_row ? -1 : MapIndex(j - before[rank - 1], xd[rank - 1], mode);
      std::memcpy(dst, m < 0 ? value.data() : src + (base + m) * width, static_cast<size_t>(width));
      dst += width;
    }
    for (size_t d = rank - 1; d-- > 0;) {
      if (++index[d] < out_dims[d]) break;
      index[d] = 0;
    }
  }
  return ctx.SetOutput(0, out.Finish());
}

/// One element of x's dtype holding the constant: from `t` (element 0, same dtype) or zero.
Status ConstantBytes(KernelContext &ctx, const GeTensor &x, const GeTensor *t,
                     std::vector<uint8_t> *value) {
  const int64_t width = GetSizeByDataType(DtypeOf(x));
  value->assign(static_cast<size_t>(width), 0);
  if (t == nullptr) {
    return SUCCESS;
  }
  GeTensor converted;
  if (ConvertTensor(*t, DtypeOf(x), &converted) != SUCCESS) {
    return ctx.Error("constant_values: " + GetLastError());
  }
  if (converted.GetSize() < static_cast<size_t>(width)) {
    return ctx.Error("constant_values is empty");
  }
  std::memcpy(value->data(), converted.GetData(), static_cast<size_t>(width));
  return SUCCESS;
}

/// Splits a [rank, 2] paddings list ([b0, e0, b1, e1, ...]) or the ONNX layout
/// ([b0, b1, ..., e0, e1, ...]) into before/after.
Status SplitPads(KernelContext &ctx, const std::vector<int64_t> &pads, size_t rank, bool contiguous,
                 std::vector<int64_t> *before, std::vector<int64_t> *after) {
  if (pads.size() != 2 * rank) {
    return ctx.Error("paddings has " + std::to_string(pads.size()) + " values, expected " +
                     std::to_string(2 * rank) + " (2 per dim of x)");
  }
  before->resize(rank);
  after->resize(rank);
  for (size_t d = 0; d < rank; ++d) {
    (*before)[d] = contiguous ? pads[2 * d] : pads[d];
    (*after)[d] = contiguous ? pads[2 * d + 1] : pads[rank + d];
  }
  return SUCCESS;
}

Status ReadPads(KernelContext &ctx, size_t index, std::vector<int64_t> *pads) {
  if (ReadIndexValues(ctx.Input(index), "input 'paddings'", pads) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  return SUCCESS;
}

Status ConstantPad(KernelContext &ctx, const std::vector<int64_t> &pads, const GeTensor *value_t,
                   bool contiguous, PadMode mode) {
  const GeTensor &x = ctx.Input(0);
  std::vector<int64_t> before, after;
  std::vector<uint8_t> value;
  if (SplitPads(ctx, pads, DimsOf(x).size(), contiguous, &before, &after) != SUCCESS ||
      ConstantBytes(ctx, x, value_t, &value) != SUCCESS) {
    return FAILED;
  }
  return PadImpl(ctx, x, before, after, mode, value);
}

Status Pad(KernelContext &ctx) {
  std::vector<int64_t> pads;
  if (ctx.RequireInputs(2) != SUCCESS || ReadPads(ctx, 1, &pads) != SUCCESS) {
    return FAILED;
  }
  return ConstantPad(ctx, pads, nullptr, true, PadMode::kConstant);
}

Status PadD(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const auto *lists = ctx.GetOpDesc().GetAttrAs<std::vector<std::vector<int64_t>>>("paddings");
  if (lists == nullptr) {
    return ctx.Error("required attribute 'paddings' (list of list of int) is missing");
  }
  std::vector<int64_t> pads;
  for (const auto &pair : *lists) {
    if (pair.size() != 2) {
      return ctx.Error("each paddings entry must be [before, after]");
    }
    pads.insert(pads.end(), pair.begin(), pair.end());
  }
  return ConstantPad(ctx, pads, nullptr, true, PadMode::kConstant);
}

Status PadV2(KernelContext &ctx) {
  std::vector<int64_t> pads;
  if (ctx.RequireInputs(3) != SUCCESS || ReadPads(ctx, 1, &pads) != SUCCESS) {
    return FAILED;
  }
  return ConstantPad(ctx, pads, &ctx.Input(2), true, PadMode::kConstant);
}

Status PadV3(KernelContext &ctx) {
  std::vector<int64_t> pads;
  if (ctx.RequireInputs(2) != SUCCESS || ReadPads(ctx, 1, &pads) != SUCCESS) {
    return FAILED;
  }
  const std::string mode_name = ctx.GetString("mode", "constant");
  PadMode mode;
  if (mode_name == "constant")
    mode = PadMode::kConstant;
  else if (mode_name == "reflect")
    mode = PadMode::kReflect;
  else if (mode_name == "edge")
    mode = PadMode::kEdge;
  else if (mode_name == "symmetric")
    mode = PadMode::kSymmetric;
  else if (mode_name == "circular")
    mode = PadMode::kCircular;
  else
    return ctx.Error("unknown pad mode \"" + mode_name + "\"");
  return ConstantPad(ctx, pads, ctx.GetInput(2), ctx.GetBool("paddings_contiguous", true), mode);
}

Status MirrorPad(KernelContext &ctx) {
  std::vector<int64_t> pads;
  if (ctx.RequireInputs(2) != SUCCESS || ReadPads(ctx, 1, &pads) != SUCCESS) {
    return FAILED;
  }
  const std::string mode = ctx.GetString("mode", "");
  if (mode != "REFLECT" && mode != "SYMMETRIC") {
    return ctx.Error("mode must be REFLECT or SYMMETRIC, got \"" + mode + "\"");
  }
  return ConstantPad(ctx, pads, nullptr, true,
                     mode == "REFLECT" ? PadMode::kReflect : PadMode::kSymmetric);
}

}  // namespace

void RegisterPadKernels(KernelRegistry &registry) {
  registry.Register("Pad", KernelDef{Pad, false});
  registry.Register("PadD", KernelDef{PadD, false});
  registry.Register("PadV2", KernelDef{PadV2, false});
  registry.Register("PadV3", KernelDef{PadV3, false});
  registry.Register("MirrorPad", KernelDef{MirrorPad, false});
}

}  // namespace runtime
}  // namespace ge
