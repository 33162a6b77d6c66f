// Matrix-multiply kernels: MatMul/MatMulV2/MatMulV3 (2-D), BatchMatMul/BatchMatMulV2 (batch
// broadcasting, numpy rank-1 rules), GEMM (alpha/beta inputs) and BiasAdd.
#include <type_traits>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/gemm.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

bool IsGemmType(DataType dtype) {
  return dtype == DT_FLOAT || dtype == DT_DOUBLE || dtype == DT_INT32 || dtype == DT_INT64;
}

template <typename F>
void DispatchGemm(DataType dtype, F &&fn) {
  switch (dtype) {
    case DT_FLOAT: fn(float{}); break;
    case DT_DOUBLE: fn(double{}); break;
    case DT_INT32: fn(int32_t{}); break;
    case DT_INT64: fn(int64_t{}); break;
    default: break;
  }
}

/// Adds `bias` (broadcast) to `y` and stores the result as output 0.
Status AddBiasAndSet(KernelContext &ctx, const GeTensor &y, const GeTensor *bias) {
  if (bias == nullptr) {
    return ctx.SetOutput(0, y);
  }
  if (DtypeOf(*bias) != DtypeOf(y)) {
    return ctx.Error("bias dtype " + DataTypeToString(DtypeOf(*bias)) +
                     " differs from the product dtype " + DataTypeToString(DtypeOf(y)));
  }
  Status status = FAILED;
  DispatchGemm(DtypeOf(y), [&](auto tag) {
    using T = decltype(tag);
    status = RunBinary<T, T, T>(ctx, y, *bias, DtypeOf(y), [](T a, T b) { return a + b; });
  });
  return status;
}

/// Batched product with numpy matmul semantics. `adj_a`/`adj_b` transpose the last two dims.
Status BatchedMatMul(KernelContext &ctx, const GeTensor &a, const GeTensor &b, bool adj_a,
                     bool adj_b, GeTensor *y) {
  const DataType dtype = DtypeOf(a);
  if (dtype != DtypeOf(b)) {
    return ctx.Error("x1 and x2 must have the same dtype, got " + DataTypeToString(dtype) +
                     " and " + DataTypeToString(DtypeOf(b)));
  }
  if (!IsGemmType(dtype)) {
    return UnsupportedDtype(ctx, dtype, "x1");
  }
  std::vector<int64_t> da = DimsOf(a);
  std::vector<int64_t> db = DimsOf(b);
  if (da.empty() || db.empty()) {
    return ctx.Error("matmul operands must have rank >= 1, got " + DimsToString(da) + " and " +
                     DimsToString(db));
  }
  // numpy: a rank-1 left operand is a row vector, a rank-1 right operand a column vector; the
  // added dim is dropped from the result.
  const bool a_vec = da.size() == 1;
  const bool b_vec = db.size() == 1;
  if (a_vec) da.insert(da.begin(), 1), adj_a = false;
  if (b_vec) db.push_back(1), adj_b = false;
  const int64_t m = adj_a ? da[da.size() - 1] : da[da.size() - 2];
  const int64_t ka = adj_a ? da[da.size() - 2] : da[da.size() - 1];
  const int64_t kb = adj_b ? db[db.size() - 1] : db[db.size() - 2];
  const int64_t n = adj_b ? db[db.size() - 2] : db[db.size() - 1];
  if (ka != kb) {
    return ctx.Error("inner dimensions differ: x1 " + DimsToString(DimsOf(a)) + " (adj " +
                     (adj_a ? "true" : "false") + ") and x2 " + DimsToString(DimsOf(b)) + " (adj " +
                     (adj_b ? "true" : "false") + ")");
  }
  const std::vector<int64_t> batch_a(da.begin(), da.end() - 2);
  const std::vector<int64_t> batch_b(db.begin(), db.end() - 2);
  std::vector<int64_t> batch;
  std::string error;
  if (!BroadcastShapes({batch_a, batch_b}, &batch, &error)) {
    return ctx.Error("batch dims: " + error);
  }
  std::vector<int64_t> out_dims = batch;
  if (!a_vec) out_dims.push_back(m);
  if (!b_vec) out_dims.push_back(n);
  OutputTensor out(dtype, out_dims);
  const int64_t batch_count = ElementCount(batch);
  const std::vector<int64_t> sa = BroadcastStrides(batch_a, batch);
  const std::vector<int64_t> sb = BroadcastStrides(batch_b, batch);
  DispatchGemm(dtype, [&](auto tag) {
    using T = decltype(tag);
    const T *pa = DataOf<T>(a);
    const T *pb = DataOf<T>(b);
    T *pc = out.Data<T>();
    std::vector<int64_t> index(batch.size(), 0);
    for (int64_t bi = 0; bi < batch_count; ++bi) {
      int64_t oa = 0;
      int64_t ob = 0;
      for (size_t d = 0; d < batch.size(); ++d) {
        oa += index[d] * sa[d];
        ob += index[d] * sb[d];
      }
      Gemm<T>(adj_a, adj_b, m, n, ka, pa + oa * m * ka, adj_a ? m : ka, pb + ob * ka * n,
              adj_b ? ka : n, pc + bi * m * n, n, false);
      for (size_t d = batch.size(); d-- > 0;) {
        if (++index[d] < batch[d]) break;
        index[d] = 0;
      }
    }
  });
  *y = out.Finish();
  return SUCCESS;
}

/// MatMul / MatMulV2 / MatMulV3: 2-D operands, transpose_x1/x2 attrs, optional bias (input 2).
Status MatMul(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &a = ctx.Input(0);
  const GeTensor &b = ctx.Input(1);
  if (DimsOf(a).size() != 2 || DimsOf(b).size() != 2) {
    return ctx.Error("x1 and x2 must be 2-D, got " + DimsToString(DimsOf(a)) + " and " +
                     DimsToString(DimsOf(b)));
  }
  // Older prototypes named the flags transpose_a/transpose_b.
  const bool ta = ctx.GetBool("transpose_x1", ctx.GetBool("transpose_a", false));
  const bool tb = ctx.GetBool("transpose_x2", ctx.GetBool("transpose_b", false));
  GeTensor y;
  if (BatchedMatMul(ctx, a, b, ta, tb, &y) != SUCCESS) {
    return FAILED;
  }
  return AddBiasAndSet(ctx, y, ctx.GetInput(2));
}

Status BatchMatMul(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  GeTensor y;
  if (BatchedMatMul(ctx, ctx.Input(0), ctx.Input(1), ctx.GetBool("adj_x1", false),
                    ctx.GetBool("adj_x2", false), &y) != SUCCESS) {
    return FAILED;
  }
  return AddBiasAndSet(ctx, y, ctx.GetInput(2));
}

/// y = alpha[0]·op(a)@op(b) + beta[0]·c.
Status GemmKernel(KernelContext &ctx) {
  if (ctx.RequireInputs(5) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &a = ctx.Input(0);
  const GeTensor &b = ctx.Input(1);
  if (DimsOf(a).size() != 2 || DimsOf(b).size() != 2) {
    return ctx.Error("a and b must be 2-D, got " + DimsToString(DimsOf(a)) + " and " +
                     DimsToString(DimsOf(b)));
  }
  double alpha = 1.0;
  double beta = 1.0;
  if (ReadScalarAsDouble(ctx.Input(3), "input 'alpha'", &alpha) != SUCCESS ||
      ReadScalarAsDouble(ctx.Input(4), "input 'beta'", &beta) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  GeTensor product;
  if (BatchedMatMul(ctx, a, b, ctx.GetBool("transpose_a", false), ctx.GetBool("transpose_b", false),
                    &product) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &c = ctx.Input(2);
  if (DtypeOf(c) != DtypeOf(product)) {
    return ctx.Error("c dtype " + DataTypeToString(DtypeOf(c)) + " differs from a's " +
                     DataTypeToString(DtypeOf(product)));
  }
  Status status = FAILED;
  DispatchGemm(DtypeOf(product), [&](auto tag) {
    using T = decltype(tag);
    status = RunBinary<T, T, T>(ctx, product, c, DtypeOf(product), [=](T p, T cv) {
      return static_cast<T>(alpha * static_cast<double>(p) + beta * static_cast<double>(cv));
    });
  });
  return status;
}

/// Adds a 1-D bias along C: dim 1 for NCHW/NCDHW, the last dim otherwise.
Status BiasAdd(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS || RequireSameDtype(ctx, 0, 1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const GeTensor &bias = ctx.Input(1);
  const auto &dims = DimsOf(x);
  const std::string format = ctx.GetString("data_format", "NHWC");
  if (dims.empty()) {
    return ctx.Error("x must have rank >= 1");
  }
  const size_t axis =
      (format == "NCHW" || format == "NCDHW") && dims.size() >= 2 ? 1 : dims.size() - 1;
  if (DimsOf(bias).size() != 1 || DimsOf(bias)[0] != dims[axis]) {
    return ctx.Error("bias shape " + DimsToString(DimsOf(bias)) + " must be [" +
                     std::to_string(dims[axis]) + "] (dim " + std::to_string(axis) + " of x " +
                     DimsToString(dims) + ", data_format " + format + ")");
  }
  std::vector<int64_t> bias_dims(dims.size() - axis, 1);
  bias_dims[0] = dims[axis];
  const GeTensor shaped = WithDims(bias, bias_dims);
  Status status = FAILED;
  const bool ok = DispatchNative(DtypeOf(x), [&](auto tag) {
    using T = decltype(tag);
    status = RunBinary<T, T, T>(ctx, x, shaped, DtypeOf(x),
                                [](T a, T b) { return static_cast<T>(a + b); });
  });
  return ok ? status : UnsupportedDtype(ctx, DtypeOf(x));
}

}  // namespace

void RegisterMatMulKernels(KernelRegistry &registry) {
  registry.Register("MatMul", KernelDef{MatMul, true});
  registry.Register("MatMulV2", KernelDef{MatMul, true});
  registry.Register("MatMulV3", KernelDef{MatMul, true});
  registry.Register("BatchMatMul", KernelDef{BatchMatMul, true});
  registry.Register("BatchMatMulV2", KernelDef{BatchMatMul, true});
  registry.Register("GEMM", KernelDef{GemmKernel, true});
  registry.Register("BiasAdd", KernelDef{BiasAdd, true});
}

}  // namespace runtime
}  // namespace ge
