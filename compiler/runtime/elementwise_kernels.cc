// Broadcasting binary kernels: arithmetic, comparisons and logical ops.
#include <cmath>
#include <functional>
#include <limits>
#include <type_traits>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

struct AddOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a || b;
    } else if constexpr (std::is_integral<T>::value) {
      // Wrap like two's complement instead of signed-overflow UB.
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    } else {
      return a + b;
    }
  }
};

struct SubOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a != b;
    } else if constexpr (std::is_integral<T>::value) {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
    } else {
      return a - b;
    }
  }
};

struct MulOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a && b;
    } else if constexpr (std::is_integral<T>::value) {
      using U = std::make_unsigned_t<T>;
      // Promote narrow unsigned types to unsigned int so the product cannot overflow a signed int.
      using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
      return static_cast<T>(static_cast<W>(static_cast<U>(a)) * static_cast<W>(static_cast<U>(b)));
    } else {
      return a * b;
    }
  }
};

/// Integer division truncates toward zero; x/0 gives 0 and MIN/-1 wraps (docs/runtime.md).
struct DivOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return b ? a : false;
    } else if constexpr (std::is_integral<T>::value) {
      if (b == 0) return 0;
      if constexpr (std::is_signed<T>::value) {
        if (b == -1) return static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(a));
      }
      return static_cast<T>(a / b);
    } else {
      return a / b;
    }
  }
};

/// Integer floor division rounds toward negative infinity; x/0 gives 0 like Div.
struct FloorDivOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral<T>::value) {
      const T q = DivOp()(a, b);
      if constexpr (std::is_signed<T>::value) {
        if (b != 0 && b != -1 && q * b != a && ((a < 0) != (b < 0))) return static_cast<T>(q - 1);
      }
      return q;
    } else {
      return std::floor(a / b);
    }
  }
};

/// Remainder with the sign of the dividend (C's %, fmod); x mod 0 gives 0 for integers.
struct ModOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral<T>::value) {
      if constexpr (std::is_signed<T>::value) {
        if (b == -1) return 0;  // MIN % -1 is undefined in C++; the remainder is 0
      }
      return b == 0 ? T(0) : static_cast<T>(a % b);
    } else {
      return std::fmod(a, b);
    }
  }
};

/// Remainder with the sign of the divisor (Python's %, numpy.mod).
struct FloorModOp {
  template <typename T>
  T operator()(T a, T b) const {
    const T r = ModOp()(a, b);
    if constexpr (std::is_signed<T>::value || std::is_floating_point<T>::value) {
      if (r != 0 && ((r < 0) != (b < 0))) return static_cast<T>(r + b);
    }
    return r;
  }
};

struct MaxOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point<T>::value) {
      if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    }
    return a < b ? b : a;
  }
};

struct MinOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_floating_point<T>::value) {
      if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
    }
    return b < a ? b : a;
  }
};

struct PowOp {
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_same<T, bool>::value) {
      return a || !b;
    } else if constexpr (std::is_integral<T>::value) {
      if constexpr (std::is_signed<T>::value) {
        if (b < 0) {  // only |a| == 1 gives a non-zero integer result
          if (a == 1) return 1;
          if (a == -1) return (b % 2 == 0) ? 1 : -1;
          return 0;
        }
      }
      using U = std::make_unsigned_t<T>;
      using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
      W result = 1;
      W base = static_cast<W>(static_cast<U>(a));
      auto exp = static_cast<uint64_t>(b);
      while (exp != 0) {
        if (exp & 1U) result *= base;
        base *= base;
        exp >>= 1U;
      }
      return static_cast<T>(static_cast<U>(result));
    } else {
      return std::pow(a, b);
    }
  }
};

/// Same-dtype arithmetic over every native type: the compile pipeline casts the inputs of
/// promoting ops to one dtype (docs/op_catalog.md, "Dtype promotion").
template <typename Op>
Status ArithBinary(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS || RequireSameDtype(ctx, 0, 1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &a = ctx.Input(0);
  const GeTensor &b = ctx.Input(1);
  const DataType dtype = DtypeOf(a);
  Status status = FAILED;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    status = RunBinary<T, T, T>(ctx, a, b, dtype, Op());
  });
  return ok ? status : UnsupportedDtype(ctx, dtype, "x1");
}

/// ArithBinary for the ops without a bool form (FloorDiv, FloorMod, Mod).
template <typename Op>
Status RealArithBinary(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS || RequireSameDtype(ctx, 0, 1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &a = ctx.Input(0);
  const GeTensor &b = ctx.Input(1);
  const DataType dtype = DtypeOf(a);
  Status status = FAILED;
  const bool ok = dtype != DT_BOOL && DispatchNative(dtype, [&](auto tag) {
                    using T = decltype(tag);
                    if constexpr (!std::is_same<T, bool>::value) {
                      status = RunBinary<T, T, T>(ctx, a, b, dtype, Op());
                    }
                  });
  return ok ? status : UnsupportedDtype(ctx, dtype, "x1");
}

template <typename Cmp>
Status CompareBinary(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS || RequireSameDtype(ctx, 0, 1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &a = ctx.Input(0);
  const GeTensor &b = ctx.Input(1);
  const DataType dtype = DtypeOf(a);
  Status status = FAILED;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    status = RunBinary<T, T, bool>(ctx, a, b, DT_BOOL, [](T x, T y) { return Cmp()(x, y); });
  });
  return ok ? status : UnsupportedDtype(ctx, dtype, "x1");
}

template <typename Op>
Status LogicalBinary(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  for (size_t i = 0; i < 2; ++i) {
    if (DtypeOf(ctx.Input(i)) != DT_BOOL) {
      return ctx.Error("input " + std::to_string(i) + " must be DT_BOOL, got " +
                       DataTypeToString(DtypeOf(ctx.Input(i))));
    }
  }
  return RunBinary<bool, bool, bool>(ctx, ctx.Input(0), ctx.Input(1), DT_BOOL, Op());
}

Status Add(KernelContext &ctx) { return ArithBinary<AddOp>(ctx); }
Status Sub(KernelContext &ctx) { return ArithBinary<SubOp>(ctx); }
Status Mul(KernelContext &ctx) { return ArithBinary<MulOp>(ctx); }
Status Div(KernelContext &ctx) { return ArithBinary<DivOp>(ctx); }
Status Maximum(KernelContext &ctx) { return ArithBinary<MaxOp>(ctx); }
Status Minimum(KernelContext &ctx) { return ArithBinary<MinOp>(ctx); }
Status Pow(KernelContext &ctx) { return ArithBinary<PowOp>(ctx); }
Status FloorDiv(KernelContext &ctx) { return RealArithBinary<FloorDivOp>(ctx); }
Status FloorMod(KernelContext &ctx) { return RealArithBinary<FloorModOp>(ctx); }
Status Mod(KernelContext &ctx) { return RealArithBinary<ModOp>(ctx); }
Status Equal(KernelContext &ctx) { return CompareBinary<std::equal_to<>>(ctx); }
Status NotEqual(KernelContext &ctx) { return CompareBinary<std::not_equal_to<>>(ctx); }
Status Less(KernelContext &ctx) { return CompareBinary<std::less<>>(ctx); }
Status Greater(KernelContext &ctx) { return CompareBinary<std::greater<>>(ctx); }
Status LessEqual(KernelContext &ctx) { return CompareBinary<std::less_equal<>>(ctx); }
Status GreaterEqual(KernelContext &ctx) { return CompareBinary<std::greater_equal<>>(ctx); }
Status LogicalAnd(KernelContext &ctx) { return LogicalBinary<std::logical_and<>>(ctx); }
Status LogicalOr(KernelContext &ctx) { return LogicalBinary<std::logical_or<>>(ctx); }

}  // namespace

void RegisterElementwiseKernels(KernelRegistry &registry) {
  const struct {
    const char *type;
    KernelFn fn;
  } kKernels[] = {
      {"Add", Add},
      {"AddV2", Add},
      {"AddCustom", Add},  // fusion example 5's custom op: z = x + y
      {"Sub", Sub},
      {"Mul", Mul},
      {"Div", Div},
      {"RealDiv", Div},
      {"Maximum", Maximum},
      {"Minimum", Minimum},
      {"Pow", Pow},
      {"FloorDiv", FloorDiv},
      {"FloorMod", FloorMod},
      {"Mod", Mod},
      {"Equal", Equal},
      {"NotEqual", NotEqual},
      {"Less", Less},
      {"Greater", Greater},
      {"LessEqual", LessEqual},
      {"GreaterEqual", GreaterEqual},
      {"LogicalAnd", LogicalAnd},
      {"LogicalOr", LogicalOr},
  };
  for (const auto &kernel : kKernels) {
    registry.Register(kernel.type, KernelDef{kernel.fn, true});
  }
}

}  // namespace runtime
}  // namespace ge
