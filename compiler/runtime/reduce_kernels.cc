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
  using Acc = std::conditional_t<std::is_floating_point<T>::value, double, T>;
  const int64_t out_count = ElementCount(kept_dims);
  Acc init{};
  if (op == ReduceOp::kMax) init = static_cast<Acc>(std::numeric_limits<T>::lowest());
  if (op == ReduceOp::kMin) init = static_cast<Acc>(std::numeric_limits<T>::max());
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
      if ((op == ReduceOp::kMax || op == ReduceOp::kMin) && xd[d] == 0) {
        return ctx.Error("cannot take max/min over empty dim " + std::to_string(d) + " of x " +
                         DimsToString(xd));
      }
      kept_dims[d] = 1;
      if (keep_dims) out_dims.push_back(1);
    } else {
      out_dims.push_back(xd[d]);
    }
  }
  const DataType dtype = DtypeOf(x);
  if (dtype == DT_BOOL) {
    return UnsupportedDtype(ctx, dtype);
  }
  GeTensor y;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same<T, bool>::value) {
      y = ReduceTyped<T>(x, reduced, op, kept_dims);
    }
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
}

}  // namespace runtime
}  // namespace ge
