// Internal helpers of the elementwise kernels: broadcast binary/ternary loops and unary maps,
// templated on element types so that each dtype gets a tight loop.
#ifndef GE_RUNTIME_ELEMENTWISE_UTILS_H_
#define GE_RUNTIME_ELEMENTWISE_UTILS_H_

#include <array>
#include <string>
#include <vector>

#include "runtime/broadcast.h"
#include "runtime/dtype_utils.h"
#include "runtime/kernel_context.h"

namespace ge {
namespace runtime {

/// y[i] = op(a[i'], b[i'']) with numpy broadcasting; y has dtype `out_type` (C++ type R).
template <typename A, typename B, typename R, typename Op>
Status RunBinary(KernelContext &ctx, const GeTensor &a, const GeTensor &b, DataType out_type, Op op,
                 size_t output_index = 0) {
  std::vector<int64_t> out_dims;
  std::string error;
  if (!BroadcastShapes({DimsOf(a), DimsOf(b)}, &out_dims, &error)) {
    return ctx.Error(error);
  }
  OutputTensor out(out_type, out_dims);
  const A *pa = DataOf<A>(a);
  const B *pb = DataOf<B>(b);
  R *py = out.Data<R>();
  const std::array<std::vector<int64_t>, 2> strides = {BroadcastStrides(DimsOf(a), out_dims),
                                                       BroadcastStrides(DimsOf(b), out_dims)};
  ForEachBroadcastRun<2>(out_dims, strides,
                         [&](int64_t o, int64_t n, const std::array<int64_t, 2> &off,
                             const std::array<int64_t, 2> &inner) {
                           const A *x = pa + off[0];
                           const B *y = pb + off[1];
                           R *z = py + o;
                           if (inner[0] == 1 && inner[1] == 1) {
                             for (int64_t j = 0; j < n; ++j) z[j] = op(x[j], y[j]);
                           } else if (inner[0] == 1 && inner[1] == 0) {
                             const B yv = *y;
                             for (int64_t j = 0; j < n; ++j) z[j] = op(x[j], yv);
                           } else if (inner[0] == 0 && inner[1] == 1) {
                             const A xv = *x;
                             for (int64_t j = 0; j < n; ++j) z[j] = op(xv, y[j]);
                           } else {
                             for (int64_t j = 0; j < n; ++j) {
                               z[j] = op(x[j * inner[0]], y[j * inner[1]]);
                             }
                           }
                         });
  return ctx.SetOutput(output_index, out.Finish());
}

/// y = op(a, b, c) with three-way broadcasting (SelectV2, ClipByValue).
template <typename A, typename B, typename C, typename R, typename Op>
Status RunTernary(KernelContext &ctx, const GeTensor &a, const GeTensor &b, const GeTensor &c,
                  DataType out_type, Op op) {
  std::vector<int64_t> out_dims;
  std::string error;
  if (!BroadcastShapes({DimsOf(a), DimsOf(b), DimsOf(c)}, &out_dims, &error)) {
    return ctx.Error(error);
  }
  OutputTensor out(out_type, out_dims);
  const A *pa = DataOf<A>(a);
  const B *pb = DataOf<B>(b);
  const C *pc = DataOf<C>(c);
  R *py = out.Data<R>();
  const std::array<std::vector<int64_t>, 3> strides = {BroadcastStrides(DimsOf(a), out_dims),
                                                       BroadcastStrides(DimsOf(b), out_dims),
                                                       BroadcastStrides(DimsOf(c), out_dims)};
  ForEachBroadcastRun<3>(out_dims, strides,
                         [&](int64_t o, int64_t n, const std::array<int64_t, 3> &off,
                             const std::array<int64_t, 3> &inner) {
                           for (int64_t j = 0; j < n; ++j) {
                             py[o + j] = op(pa[off[0] + j * inner[0]], pb[off[1] + j * inner[1]],
                                            pc[off[2] + j * inner[2]]);
                           }
                         });
  return ctx.SetOutput(0, out.Finish());
}

/// y[i] = op(x[i]) with y of dtype `out_type` (C++ type R).
template <typename T, typename R, typename Op>
GeTensor MapUnary(const GeTensor &x, DataType out_type, Op op) {
  OutputTensor out(out_type, DimsOf(x));
  const T *px = DataOf<T>(x);
  R *py = out.Data<R>();
  const int64_t n = out.ElementCount();
  for (int64_t i = 0; i < n; ++i) py[i] = op(px[i]);
  return out.Finish();
}

/// Fails naming the node unless inputs `a` and `b` (by index) have the same dtype.
inline Status RequireSameDtype(KernelContext &ctx, size_t a, size_t b) {
  const DataType ta = DtypeOf(ctx.Input(a));
  const DataType tb = DtypeOf(ctx.Input(b));
  if (ta != tb) {
    return ctx.Error("inputs " + std::to_string(a) + " and " + std::to_string(b) +
                     " must have the same dtype, got " + DataTypeToString(ta) + " and " +
                     DataTypeToString(tb));
  }
  return SUCCESS;
}

inline Status UnsupportedDtype(KernelContext &ctx, DataType dtype, const std::string &what = "x") {
  return ctx.Error("unsupported dtype " + DataTypeToString(dtype) + " for input '" + what + "'");
}

/// Fails like UnsupportedDtype unless `dtype` is float or double. For the kernels that compute in
/// x's own floating type and have no integer loops (convolution, pooling, norms, softmax): they
/// are registered half_via_float, so half inputs reach them already converted to float.
inline Status RequireFloatOrDouble(KernelContext &ctx, DataType dtype) {
  return dtype == DT_FLOAT || dtype == DT_DOUBLE ? SUCCESS : UnsupportedDtype(ctx, dtype);
}

/// Normalises a possibly negative axis against `rank`; fails naming the attribute/input.
inline Status NormalizeAxis(KernelContext &ctx, int64_t axis, int64_t rank, const std::string &what,
                            int64_t *out) {
  const int64_t fixed = axis < 0 ? axis + rank : axis;
  if (fixed < 0 || fixed >= rank) {
    return ctx.Error(what + " " + std::to_string(axis) + " is out of range for rank " +
                     std::to_string(rank));
  }
  *out = fixed;
  return SUCCESS;
}

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_ELEMENTWISE_UTILS_H_
