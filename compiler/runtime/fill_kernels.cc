// Broadcast, fill and selection kernels: Tile / TileD, Expand / ExpandD, BroadcastTo,
// SelectV2 / Select, Where, Fill, ZerosLike, OnesLike, Range, Trilu and AccumulateNV2.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

/// Copies x broadcast to `out_dims` (which must be a broadcast of x's dims), byte-generic.
GeTensor BroadcastCopy(const GeTensor &x, const std::vector<int64_t> &out_dims) {
  OutputTensor out(DtypeOf(x), out_dims);
  const int64_t width = GetSizeByDataType(DtypeOf(x));
  const std::array<std::vector<int64_t>, 1> strides = {BroadcastStrides(DimsOf(x), out_dims)};
  const uint8_t *src = x.GetData();
  uint8_t *dst = out.Bytes();
  ForEachBroadcastRun<1>(
      out_dims, strides,
      [&](int64_t o, int64_t n, const std::array<int64_t, 1> &off,
          const std::array<int64_t, 1> &inner) {
        if (inner[0] == 1) {
          std::memcpy(dst + o * width, src + off[0] * width, static_cast<size_t>(n * width));
          return;
        }
        for (int64_t j = 0; j < n; ++j) {
          std::memcpy(dst + (o + j) * width, src + (off[0] + j * inner[0]) * width,
                      static_cast<size_t>(width));
        }
      });
  return out.Finish();
}

Status TileImpl(KernelContext &ctx, const std::vector<int64_t> &multiples) {
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  if (multiples.size() != xd.size()) {
    return ctx.Error("multiples " + DimsToString(multiples) + " must have one entry per dim of x " +
                     DimsToString(xd));
  }
  // Tile == broadcast of x viewed as [1, d0, 1, d1, ...] to [m0, d0, m1, d1, ...].
  std::vector<int64_t> view, target, out_dims;
  for (size_t d = 0; d < xd.size(); ++d) {
    if (multiples[d] < 0) {
      return ctx.Error("multiples " + DimsToString(multiples) + " has a negative entry");
    }
    view.push_back(1);
    view.push_back(xd[d]);
    target.push_back(multiples[d]);
    target.push_back(xd[d]);
    out_dims.push_back(xd[d] * multiples[d]);
  }
  return ctx.SetOutput(0, WithDims(BroadcastCopy(WithDims(x, view), target), out_dims));
}

Status Tile(KernelContext &ctx) {
  std::vector<int64_t> multiples;
  if (ctx.RequireInputs(2) != SUCCESS ||
      ctx.ReadIndexInput(1, "multiples", &multiples) != SUCCESS) {
    return FAILED;
  }
  return TileImpl(ctx, multiples);
}

Status TileD(KernelContext &ctx) {
  std::vector<int64_t> multiples;
  if (ctx.RequireInputs(1) != SUCCESS ||
      ctx.GetRequiredListInt("multiples", &multiples) != SUCCESS) {
    return FAILED;
  }
  return TileImpl(ctx, multiples);
}

/// exact=false: ONNX Expand (bidirectional); exact=true: BroadcastTo (result must equal shape).
Status ExpandImpl(KernelContext &ctx, const std::vector<int64_t> &shape, bool exact) {
  const GeTensor &x = ctx.Input(0);
  std::vector<int64_t> out_dims;
  std::string error;
  if (!BroadcastShapes({DimsOf(x), shape}, &out_dims, &error)) {
    return ctx.Error(error);
  }
  if (exact && out_dims != shape) {
    return ctx.Error("x " + DimsToString(DimsOf(x)) + " cannot be broadcast to exactly " +
                     DimsToString(shape));
  }
  return ctx.SetOutput(0, BroadcastCopy(x, out_dims));
}

Status Expand(KernelContext &ctx) {
  std::vector<int64_t> shape;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.ReadIndexInput(1, "shape", &shape) != SUCCESS) {
    return FAILED;
  }
  return ExpandImpl(ctx, shape, false);
}

Status ExpandD(KernelContext &ctx) {
  std::vector<int64_t> shape;
  if (ctx.RequireInputs(1) != SUCCESS || ctx.GetRequiredListInt("shape", &shape) != SUCCESS) {
    return FAILED;
  }
  return ExpandImpl(ctx, shape, false);
}

Status BroadcastTo(KernelContext &ctx) {
  std::vector<int64_t> shape;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.ReadIndexInput(1, "shape", &shape) != SUCCESS) {
    return FAILED;
  }
  return ExpandImpl(ctx, shape, true);
}

struct Bytes16 {
  uint8_t b[16];
};

template <typename F>
bool DispatchWidth(DataType dtype, F &&fn) {
  switch (GetSizeByDataType(dtype)) {
    case 1: fn(uint8_t{}); return true;
    case 2: fn(uint16_t{}); return true;
    case 4: fn(uint32_t{}); return true;
    case 8: fn(uint64_t{}); return true;
    case 16: fn(Bytes16{}); return true;
    default: return false;
  }
}

Status SelectImpl(KernelContext &ctx, const GeTensor &cond) {
  if (RequireSameDtype(ctx, 1, 2) != SUCCESS) {
    return FAILED;
  }
  if (DtypeOf(cond) != DT_BOOL) {
    return ctx.Error("condition must be DT_BOOL, got " + DataTypeToString(DtypeOf(cond)));
  }
  const DataType dtype = DtypeOf(ctx.Input(1));
  Status status = FAILED;
  const bool ok = DispatchWidth(dtype, [&](auto tag) {
    using E = decltype(tag);
    status = RunTernary<bool, E, E, E>(ctx, cond, ctx.Input(1), ctx.Input(2), dtype,
                                       [](bool c, E a, E b) { return c ? a : b; });
  });
  return ok ? status : UnsupportedDtype(ctx, dtype, "then");
}

Status SelectV2(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  return SelectImpl(ctx, ctx.Input(0));
}

/// TF Select: condition of x's shape, or rank-1 choosing whole rows along dim 0.
Status Select(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &cond = ctx.Input(0);
  const auto &xd = DimsOf(ctx.Input(1));
  if (DimsOf(ctx.Input(2)) != xd) {
    return ctx.Error("x1 " + DimsToString(xd) + " and x2 " + DimsToString(DimsOf(ctx.Input(2))) +
                     " must have the same shape");
  }
  if (DimsOf(cond) == xd) {
    return SelectImpl(ctx, cond);
  }
  if (DimsOf(cond).size() == 1 && !xd.empty() && DimsOf(cond)[0] == xd[0]) {
    std::vector<int64_t> view(xd.size(), 1);
    view[0] = xd[0];
    return SelectImpl(ctx, WithDims(cond, view));
  }
  return ctx.Error("condition " + DimsToString(DimsOf(cond)) + " must match x1 " +
                   DimsToString(xd) + " or be 1-D of size dim 0");
}

Status Fill(KernelContext &ctx) {
  std::vector<int64_t> dims;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.ReadIndexInput(0, "dims", &dims) != SUCCESS) {
    return FAILED;
  }
  for (int64_t d : dims) {
    if (d < 0) return ctx.Error("dims " + DimsToString(dims) + " has a negative entry");
  }
  const GeTensor &value = ctx.Input(1);
  if (ElementCount(DimsOf(value)) != 1) {
    return ctx.Error("value must hold exactly one element, got shape " +
                     DimsToString(DimsOf(value)));
  }
  return ctx.SetOutput(0, BroadcastCopy(WithDims(value, {}), dims));
}

Status FillLike(KernelContext &ctx, double value) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  OutputTensor one(DT_DOUBLE, {});
  one.Data<double>()[0] = value;
  GeTensor typed;
  if (ConvertTensor(one.Finish(), DtypeOf(x), &typed) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  return ctx.SetOutput(0, BroadcastCopy(typed, DimsOf(x)));
}

/// TF Where (one input): the coordinates of x's true elements, one row each in row-major order.
Status Where(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  if (DtypeOf(x) != DT_BOOL) {
    return UnsupportedDtype(ctx, DtypeOf(x));
  }
  const std::vector<int64_t> &dims = DimsOf(x);
  const int64_t count = ElementCount(dims);
  const bool *px = DataOf<bool>(x);
  const int64_t rank = static_cast<int64_t>(dims.size());
  const int64_t found = std::count(px, px + count, true);
  OutputTensor out(DT_INT64, {found, rank});
  int64_t *row = out.Data<int64_t>();
  for (int64_t i = 0; i < count; ++i) {
    if (!px[i]) continue;
    for (int64_t d = rank, rest = i; d-- > 0;) {
      row[d] = rest % dims[static_cast<size_t>(d)];
      rest /= dims[static_cast<size_t>(d)];
    }
    row += rank;
  }
  return ctx.SetOutput(0, out.Finish());
}

Status ZerosLike(KernelContext &ctx) { return FillLike(ctx, 0.0); }
Status OnesLike(KernelContext &ctx) { return FillLike(ctx, 1.0); }

Status Range(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  const DataType dtype = DtypeOf(ctx.Input(0));
  for (size_t i = 1; i < 3; ++i) {
    if (DtypeOf(ctx.Input(i)) != dtype) {
      return ctx.Error("start, limit and delta must share one dtype");
    }
  }
  for (size_t i = 0; i < 3; ++i) {
    if (ElementCount(DimsOf(ctx.Input(i))) != 1) {
      return ctx.Error("start, limit and delta must be scalars");
    }
  }
  const bool closed = ctx.GetBool("is_closed", false);
  Status status = SUCCESS;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same<T, bool>::value) {
      status = UnsupportedDtype(ctx, dtype, "start");
    } else {
      const T start = DataOf<T>(ctx.Input(0))[0];
      const T limit = DataOf<T>(ctx.Input(1))[0];
      const T delta = DataOf<T>(ctx.Input(2))[0];
      if (delta == T{0}) {
        status = ctx.Error("delta must not be 0");
        return;
      }
      double span =
          (static_cast<double>(limit) - static_cast<double>(start)) / static_cast<double>(delta);
      int64_t count = span > 0 ? static_cast<int64_t>(std::ceil(span)) : 0;
      if (closed && span >= 0 && std::floor(span) == span) count = static_cast<int64_t>(span) + 1;
      OutputTensor out(dtype, {count});
      for (int64_t i = 0; i < count; ++i) {
        out.Data<T>()[i] = static_cast<T>(start + static_cast<T>(i) * delta);
      }
      status = ctx.SetOutput(0, out.Finish());
    }
  });
  return ok ? status : UnsupportedDtype(ctx, dtype, "start");
}

Status Trilu(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  if (xd.size() < 2) {
    return ctx.Error("x must have rank >= 2, got " + DimsToString(xd));
  }
  int64_t k = 0;
  if (ctx.GetInput(1) != nullptr) {
    std::vector<int64_t> kv;
    if (ctx.ReadIndexInput(1, "k", &kv) != SUCCESS) {
      return FAILED;
    }
    if (kv.size() != 1) {
      return ctx.Error("input 'k' must hold one value");
    }
    k = kv[0];
  }
  const bool upper = ctx.GetInt("upper", 0) != 0;
  const int64_t rows = xd[xd.size() - 2];
  const int64_t cols = xd[xd.size() - 1];
  const int64_t width = GetSizeByDataType(DtypeOf(x));
  OutputTensor out(DtypeOf(x), xd);
  const int64_t mats = rows * cols == 0 ? 0 : ElementCount(xd) / (rows * cols);
  for (int64_t m = 0; m < mats; ++m) {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        const bool keep = upper ? (j - i >= k) : (j - i <= k);
        const int64_t at = ((m * rows + i) * cols + j) * width;
        if (keep) std::memcpy(out.Bytes() + at, x.GetData() + at, static_cast<size_t>(width));
      }
    }
  }
  return ctx.SetOutput(0, out.Finish());
}

/// The sum of every input, broadcasting like the catalog's inference (integers wrap).
Status AccumulateNV2(KernelContext &ctx) {
  const size_t n = ctx.GetInputsSize();
  if (n == 0 || ctx.RequireInputs(n) != SUCCESS) {
    return n == 0 ? ctx.Error("needs at least one input") : FAILED;
  }
  const DataType dtype = DtypeOf(ctx.Input(0));
  for (size_t i = 1; i < n; ++i) {
    if (RequireSameDtype(ctx, 0, i) != SUCCESS) {
      return FAILED;
    }
  }
  GeTensor sum = ctx.Input(0);
  Status status = SUCCESS;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    const auto add = [](T a, T b) {
      if constexpr (std::is_same<T, bool>::value) {
        return static_cast<bool>(a || b);
      } else if constexpr (std::is_integral<T>::value) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
      } else {
        return static_cast<T>(a + b);
      }
    };
    for (size_t i = 1; i < n && status == SUCCESS; ++i) {
      status = RunBinary<T, T, T>(ctx, sum, ctx.Input(i), dtype, add);
      if (status == SUCCESS) sum = ctx.MutableOutputs()[0];
    }
  });
  if (!ok) {
    return UnsupportedDtype(ctx, dtype);
  }
  return status == SUCCESS ? ctx.SetOutput(0, sum) : status;
}

}  // namespace

void RegisterFillKernels(KernelRegistry &registry) {
  registry.Register("Tile", KernelDef{Tile, false});
  registry.Register("TileD", KernelDef{TileD, false});
  registry.Register("Expand", KernelDef{Expand, false});
  registry.Register("ExpandD", KernelDef{ExpandD, false});
  registry.Register("BroadcastTo", KernelDef{BroadcastTo, false});
  registry.Register("SelectV2", KernelDef{SelectV2, false});
  registry.Register("Select", KernelDef{Select, false});
  registry.Register("Fill", KernelDef{Fill, false});
  registry.Register("ZerosLike", KernelDef{ZerosLike, false});
  registry.Register("OnesLike", KernelDef{OnesLike, false});
  registry.Register("Where", KernelDef{Where, false});
  registry.Register("Range", KernelDef{Range, true});
  registry.Register("Trilu", KernelDef{Trilu, false});
  registry.Register("AccumulateNV2", KernelDef{AccumulateNV2, true});
}

}  // namespace runtime
}  // namespace ge
