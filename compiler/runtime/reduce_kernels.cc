// Reductions over axes: ReduceSum / ReduceMean / ReduceMax / ReduceMin / ReduceProd with the axes
// input and their deprecated D forms with an `axes` attribute. Float sums
// accumulate in double.
#include <algorithm>
#include <limits>
#include <type_traits>

#include "common/error.h"
#include "runtime/broadcast.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

enum class ReduceOp { kSum, kMean, kMax, kMin, kProd };

template <typename T>
GeTensor ReduceTyped(const GeTensor &x, const std::vector<bool> &reduced, ReduceOp op,
                     const std::vector<int64_t> &kept_dims) {
  const auto &xd = DimsOf(x);
  // bool accumulates in a byte (std::vector<bool> has no element references).
  using Acc = std::conditional_t<std::is_floating_point<T>::value, double,
                                 std::conditional_t<std::is_same<T, bool>::value, uint8_t, T>>;
  const int64_t out_count = ElementCount(kept_dims);
  Acc init{};
  // Max/min start from the type's least/greatest value (-inf/+inf for floats), which is also
  // the result over an empty set, as ONNX defines it.
  if constexpr (std::numeric_limits<T>::has_infinity) {
    if (op == ReduceOp::kMax) init = -std::numeric_limits<Acc>::infinity();
    if (op == ReduceOp::kMin) init = std::numeric_limits<Acc>::infinity();
  } else {
    if (op == ReduceOp::kMax) init = static_cast<Acc>(std::numeric_limits<T>::lowest());
    if (op == ReduceOp::kMin) init = static_cast<Acc>(std::numeric_limits<T>::max());
  }
  if (op == ReduceOp::kProd) init = Acc{1};
  std::vector<Acc> acc(static_cast<size_t>(out_count), init);
  // Walk x; each element lands on its output cell through strides that are 0 on reduced dims.
  const std::vector<int64_t> out_strides_kept = BroadcastStrides(kept_dims, xd);
  const std::array<std::vector<int64_t>, 1> strides = {out_strides_kept};
  const T *px = DataOf<T>(x);
  ForEachBroadcastRun<1>(xd, strides,
                         [&](int64_t in_off, int64_t n, const std::array<int64_t, 1> &off,
                             const std::array<int64_t, 1> &inner) {
                           for (int64_t j = 0; j < n; ++j) {
                             Acc &a = acc[off[0] + j * inner[0]];
                             const Acc v = static_cast<Acc>(px[in_off + j]);
                             switch (op) {
                               case ReduceOp::kSum:
                               case ReduceOp::kMean: a += v; break;
                               case ReduceOp::kMax: a = (v > a || v != v) ? v : a; break;
                               case ReduceOp::kMin: a = (v < a || v != v) ? v : a; break;
                               case ReduceOp::kProd: a *= v; break;
                             }
                           }
                         });
  int64_t group = 1;
  for (size_t d = 0; d < xd.size(); ++d) {
    if (reduced[d]) group *= xd[d];
  }
  OutputTensor out(DtypeOf(x), kept_dims);
  T *py = out.Data<T>();
  for (int64_t i = 0; i < out_count; ++i) {
    if (op == ReduceOp::kMean) {
      if constexpr (std::is_floating_point<T>::value) {
        py[i] = static_cast<T>(group > 0 ? acc[i] / static_cast<double>(group)
                                         : std::numeric_limits<double>::quiet_NaN());
      } else {
        py[i] = group > 0 ? static_cast<T>(acc[i] / static_cast<Acc>(group)) : T{0};
      }
    } else {
      py[i] = static_cast<T>(acc[i]);
    }
  }
  return out.Finish();
}

Status ReduceImpl(KernelContext &ctx, ReduceOp op, std::vector<int64_t> axes, bool keep_dims,
                  bool noop_with_empty_axes) {
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  const int64_t rank = static_cast<int64_t>(xd.size());
  if (axes.empty() && noop_with_empty_axes) {
    return ctx.SetOutput(0, x);
  }
  std::vector<bool> reduced(static_cast<size_t>(rank), axes.empty());
  for (int64_t axis : axes) {
    int64_t fixed = 0;
    if (NormalizeAxis(ctx, axis, rank, "axis", &fixed) != SUCCESS) {
      return FAILED;
    }
    reduced[fixed] = true;
  }
  std::vector<int64_t> kept_dims(xd);
  std::vector<int64_t> out_dims;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      kept_dims[d] = 1;
      if (keep_dims) out_dims.push_back(1);
    } else {
      out_dims.push_back(xd[d]);
    }
  }
  const DataType dtype = DtypeOf(x);
  // Over bools max is "any" and min is "all"; the arithmetic reductions take no bool.
  if (dtype == DT_BOOL && op != ReduceOp::kMax && op != ReduceOp::kMin) {
    return UnsupportedDtype(ctx, dtype);
  }
  GeTensor y;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    y = ReduceTyped<T>(x, reduced, op, kept_dims);
  });
  if (!ok) {
    return UnsupportedDtype(ctx, dtype);
  }
  return ctx.SetOutput(0, WithDims(y, out_dims));
}

template <ReduceOp kOp>
Status ReduceWithInput(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  if (ctx.ReadIndexInput(1, "axes", &axes) != SUCCESS) {
    return FAILED;
  }
  return ReduceImpl(ctx, kOp, axes, ctx.GetBool("keep_dims", false),
                    ctx.GetBool("noop_with_empty_axes", true));
}

template <ReduceOp kOp>
Status ReduceWithAttr(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  if (ctx.GetRequiredListInt("axes", &axes) != SUCCESS) {
    return FAILED;
  }
  return ReduceImpl(ctx, kOp, axes, ctx.GetBool("keep_dims", false),
                    ctx.GetBool("noop_with_empty_axes", false));
}

/// Index along `axis` of the greatest (max) or least element of each lane; ties keep the first
/// index, or the last with `last`.
template <typename T, typename I>
GeTensor ArgReduceTyped(const GeTensor &x, int64_t axis, bool max, bool last, DataType out_type,
                        const std::vector<int64_t> &out_dims) {
  const auto &xd = DimsOf(x);
  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= xd[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < xd.size(); ++d) inner *= xd[d];
  const int64_t n = xd[static_cast<size_t>(axis)];
  const T *px = DataOf<T>(x);
  OutputTensor out(out_type, out_dims);
  I *py = out.Data<I>();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const T *lane = px + o * n * inner + i;
      int64_t best = 0;
      for (int64_t k = 1; k < n; ++k) {
        const T v = lane[k * inner];
        const T b = lane[best * inner];
        const bool better = max ? (v > b || (last && v == b)) : (v < b || (last && v == b));
        if (better) best = k;
      }
      py[o * inner + i] = static_cast<I>(best);
    }
  }
  return out.Finish();
}

Status ArgReduce(KernelContext &ctx, bool max) {
  std::vector<int64_t> dimension;
  if (ctx.RequireInputs(2) != SUCCESS ||
      ctx.ReadIndexInput(1, "dimension", &dimension) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  const int64_t rank = static_cast<int64_t>(xd.size());
  if (dimension.size() != 1) {
    return ctx.Error("dimension must hold one axis, got " + DimsToString(dimension));
  }
  int64_t axis = 0;
  if (NormalizeAxis(ctx, dimension[0], rank, "dimension", &axis) != SUCCESS) {
    return FAILED;
  }
  if (xd[static_cast<size_t>(axis)] == 0) {
    return ctx.Error("cannot take the arg max/min over empty dim " + std::to_string(axis) +
                     " of x " + DimsToString(xd));
  }
  const int64_t dtype_attr = ctx.GetInt("dtype", DT_INT32);
  if (dtype_attr != DT_INT32 && dtype_attr != DT_INT64) {
    return ctx.Error("attribute 'dtype' must be DT_INT32 or DT_INT64");
  }
  const DataType out_type = static_cast<DataType>(dtype_attr);
  std::vector<int64_t> out_dims;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != axis) out_dims.push_back(xd[static_cast<size_t>(d)]);
  }
  const bool last = ctx.GetBool("select_last_index", false);
  const DataType dtype = DtypeOf(x);
  if (dtype == DT_BOOL) {
    return UnsupportedDtype(ctx, dtype);
  }
  GeTensor y;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    y = out_type == DT_INT64 ? ArgReduceTyped<T, int64_t>(x, axis, max, last, out_type, out_dims)
                             : ArgReduceTyped<T, int32_t>(x, axis, max, last, out_type, out_dims);
  });
  return ok ? ctx.SetOutput(0, y) : UnsupportedDtype(ctx, dtype);
}

/// Running sums along `axis` (exclusive: without the element itself; reverse: from the end).
template <typename T>
GeTensor CumsumTyped(const GeTensor &x, int64_t axis, bool exclusive, bool reverse) {
  const auto &xd = DimsOf(x);
  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= xd[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < xd.size(); ++d) inner *= xd[d];
  const int64_t n = xd[static_cast<size_t>(axis)];
  using Acc = std::conditional_t<std::is_floating_point<T>::value, double, T>;
  const T *px = DataOf<T>(x);
  OutputTensor out(DtypeOf(x), xd);
  T *py = out.Data<T>();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      Acc sum{};
      for (int64_t step = 0; step < n; ++step) {
        const int64_t k = reverse ? n - 1 - step : step;
        const int64_t at = (o * n + k) * inner + i;
        if (exclusive) {
          py[at] = static_cast<T>(sum);
          sum += static_cast<Acc>(px[at]);
        } else {
          sum += static_cast<Acc>(px[at]);
          py[at] = static_cast<T>(sum);
        }
      }
    }
  }
  return out.Finish();
}

Status Cumsum(KernelContext &ctx) {
  std::vector<int64_t> axis;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.ReadIndexInput(1, "axis", &axis) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  if (axis.size() != 1) {
    return ctx.Error("axis must hold one axis, got " + DimsToString(axis));
  }
  int64_t fixed = 0;
  if (NormalizeAxis(ctx, axis[0], static_cast<int64_t>(DimsOf(x).size()), "axis", &fixed) !=
      SUCCESS) {
    return FAILED;
  }
  const DataType dtype = DtypeOf(x);
  if (dtype == DT_BOOL) {
    return UnsupportedDtype(ctx, dtype);
  }
  const bool exclusive = ctx.GetBool("exclusive", false);
  const bool reverse = ctx.GetBool("reverse", false);
  GeTensor y;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    y = CumsumTyped<T>(x, fixed, exclusive, reverse);
  });
  return ok ? ctx.SetOutput(0, y) : UnsupportedDtype(ctx, dtype);
}

Status ArgMaxV2(KernelContext &ctx) { return ArgReduce(ctx, true); }
Status ArgMin(KernelContext &ctx) { return ArgReduce(ctx, false); }

}  // namespace

void RegisterReduceKernels(KernelRegistry &registry) {
  registry.Register("ReduceSum", KernelDef{ReduceWithInput<ReduceOp::kSum>, true});
  registry.Register("ReduceMean", KernelDef{ReduceWithInput<ReduceOp::kMean>, true});
  registry.Register("ReduceMax", KernelDef{ReduceWithInput<ReduceOp::kMax>, true});
  registry.Register("ReduceMin", KernelDef{ReduceWithInput<ReduceOp::kMin>, true});
  registry.Register("ReduceProd", KernelDef{ReduceWithInput<ReduceOp::kProd>, true});
  registry.Register("ReduceSumD", KernelDef{ReduceWithAttr<ReduceOp::kSum>, true});
  registry.Register("ReduceMeanD", KernelDef{ReduceWithAttr<ReduceOp::kMean>, true});
  registry.Register("ReduceMaxD", KernelDef{ReduceWithAttr<ReduceOp::kMax>, true});
  registry.Register("ReduceMinD", KernelDef{ReduceWithAttr<ReduceOp::kMin>, true});
  registry.Register("ReduceProdD", KernelDef{ReduceWithAttr<ReduceOp::kProd>, true});
  // Indices: halves are compared as float, the int output is never converted back.
  registry.Register("ArgMaxV2", KernelDef{ArgMaxV2, true});
  registry.Register("ArgMin", KernelDef{ArgMin, true});
  registry.Register("Cumsum", KernelDef{Cumsum, true});
}

}  // namespace runtime
}  // namespace ge
