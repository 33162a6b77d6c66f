// SoftmaxV2 / LogSoftmaxV2 over `axes`, numerically stable (max subtracted first).
#include <algorithm>
#include <cmath>

#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

template <typename T>
void SoftmaxRows(const T *x, T *y, int64_t outer, int64_t axis_len, int64_t inner, bool log) {
  std::vector<double> buf(static_cast<size_t>(axis_len));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const int64_t base = o * axis_len * inner + i;
      double max_v = -INFINITY;
      for (int64_t a = 0; a < axis_len; ++a) max_v = std::max(max_v, double(x[base + a * inner]));
      if (std::isinf(max_v)) max_v = 0.0;  // all -inf (or +inf) rows: keep exp finite
      double sum = 0;
      for (int64_t a = 0; a < axis_len; ++a) {
        buf[a] = static_cast<double>(x[base + a * inner]) - max_v;
        sum += std::exp(buf[a]);
      }
      const double log_sum = std::log(sum);
      for (int64_t a = 0; a < axis_len; ++a) {
        y[base + a * inner] = static_cast<T>(log ? buf[a] - log_sum : std::exp(buf[a]) / sum);
      }
    }
  }
}

Status SoftmaxImpl(KernelContext &ctx, bool log) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &dims = DimsOf(x);
  const DataType dtype = DtypeOf(x);
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
  }
  const int64_t rank = static_cast<int64_t>(dims.size());
  std::vector<int64_t> axes = ctx.GetListInt("axes", {-1});
  if (rank == 0) {
    // softmax of a scalar is 1 (log: 0).
    OutputTensor out(dtype, dims);
    if (dtype == DT_FLOAT)
      out.Data<float>()[0] = log ? 0.0f : 1.0f;
    else
      out.Data<double>()[0] = log ? 0.0 : 1.0;
    return ctx.SetOutput(0, out.Finish());
  }
  if (axes.empty()) {
    return ctx.Error("attribute 'axes' must not be empty");
  }
  for (auto &axis : axes) {
    if (NormalizeAxis(ctx, axis, rank, "axis", &axis) != SUCCESS) {
      return FAILED;
    }
  }
  std::sort(axes.begin(), axes.end());
  axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
  if (axes.back() - axes.front() + 1 != static_cast<int64_t>(axes.size())) {
    return ctx.Error("axes must be contiguous dims, got " + DimsToString(axes));
  }
  int64_t outer = 1, axis_len = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (d < axes.front())
      outer *= dims[d];
    else if (d <= axes.back())
      axis_len *= dims[d];
    else
      inner *= dims[d];
  }
  OutputTensor out(dtype, dims);
  if (dtype == DT_FLOAT) {
    SoftmaxRows(DataOf<float>(x), out.Data<float>(), outer, axis_len, inner, log);
  } else {
    SoftmaxRows(DataOf<double>(x), out.Data<double>(), outer, axis_len, inner, log);
  }
  if (!log && ctx.GetBool("half_to_float", false)) {
    ctx.KeepFloatOutput(0);  // fp16 in, fp32 out
  }
  return ctx.SetOutput(0, out.Finish());
}

Status SoftmaxV2(KernelContext &ctx) { return SoftmaxImpl(ctx, false); }
Status LogSoftmaxV2(KernelContext &ctx) { return SoftmaxImpl(ctx, true); }

}  // namespace

void RegisterSoftmaxKernels(KernelRegistry &registry) {
  registry.Register("SoftmaxV2", KernelDef{SoftmaxV2, true});
  registry.Register("LogSoftmaxV2", KernelDef{LogSoftmaxV2, true});
}

}  // namespace runtime
}  // namespace ge
