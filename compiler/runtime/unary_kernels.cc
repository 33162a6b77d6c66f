// Elementwise unary kernels: math functions, activations (Gelu in GE's tanh form, LeakyRelu,
// HardSigmoid, HardSwish, Elu, Selu, ThresholdedRelu, Softplus, Softsign, Mish), scalar-attr ops
// (Muls/Adds), ClipByValue and Cast.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"
#include "runtime/narrow_types.h"

namespace ge {
namespace runtime {
namespace {

constexpr double kSqrt2OverPi = 0.7978845608028654;  // sqrt(2/pi)

/// Runs a floating-point function over float/double inputs.
template <typename Fn>
Status FloatUnary(KernelContext &ctx, Fn fn) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const DataType dtype = DtypeOf(x);
  if (dtype == DT_FLOAT) {
    return ctx.SetOutput(0, MapUnary<float, float>(x, dtype, [&](float v) { return fn(v); }));
  }
  if (dtype == DT_DOUBLE) {
    return ctx.SetOutput(0, MapUnary<double, double>(x, dtype, [&](double v) { return fn(v); }));
  }
  return UnsupportedDtype(ctx, dtype);
}

/// Runs a function defined for every numeric type (bool excluded).
template <typename Fn>
Status NumericUnary(KernelContext &ctx, Fn fn) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const DataType dtype = DtypeOf(x);
  if (dtype == DT_BOOL) {
    return UnsupportedDtype(ctx, dtype);
  }
  Status status = FAILED;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same<T, bool>::value) {
      status =
          ctx.SetOutput(0, MapUnary<T, T>(x, dtype, [&](T v) { return static_cast<T>(fn(v)); }));
    }
  });
  return ok ? status : UnsupportedDtype(ctx, dtype);
}

Status Sqrt(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::sqrt(v); });
}
Status Rsqrt(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return static_cast<decltype(v)>(1) / std::sqrt(v); });
}
Status Reciprocal(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return static_cast<decltype(v)>(1) / v; });
}
Status Sigmoid(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) {
    using T = decltype(v);
    // Split by sign so exp never overflows.
    if (v >= 0) return static_cast<T>(1) / (static_cast<T>(1) + std::exp(-v));
    const T e = std::exp(v);
    return e / (static_cast<T>(1) + e);
  });
}
Status Tanh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::tanh(v); });
}
Status Erf(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::erf(v); });
}
Status Floor(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::floor(v); });
}
Status Ceil(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::ceil(v); });
}
Status Sin(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::sin(v); });
}
Status Cos(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::cos(v); });
}

Status Tan(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::tan(v); });
}
Status Asin(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::asin(v); });
}
Status Acos(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::acos(v); });
}
Status Atan(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::atan(v); });
}
Status Sinh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::sinh(v); });
}
Status Cosh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::cosh(v); });
}
Status Asinh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::asinh(v); });
}
Status Acosh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::acosh(v); });
}
Status Atanh(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return std::atanh(v); });
}
Status Round(KernelContext &ctx) {
  // nearbyint in the default rounding mode rounds halves to even.
  return FloatUnary(ctx, [](auto v) { return std::nearbyint(v); });
}
/// log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)).
template <typename T>
T SoftplusOf(T v) {
  return std::max(v, T{0}) + std::log1p(std::exp(-std::fabs(v)));
}
Status Softplus(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return SoftplusOf(v); });
}
Status Softsign(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return v / (decltype(v){1} + std::fabs(v)); });
}
Status Mish(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return v * std::tanh(SoftplusOf(v)); });
}
Status Elu(KernelContext &ctx) {
  const double alpha = ctx.GetFloat("alpha", 1.0F);
  return FloatUnary(ctx, [=](auto v) {
    using T = decltype(v);
    return v >= T{0} ? v : static_cast<T>(alpha * std::expm1(static_cast<double>(v)));
  });
}
Status Selu(KernelContext &ctx) {
  const double alpha = ctx.GetFloat("alpha", 1.67326319F);
  const double gamma = ctx.GetFloat("gamma", 1.05070102F);
  return FloatUnary(ctx, [=](auto v) {
    const double x = static_cast<double>(v);
    return static_cast<decltype(v)>(gamma * (x > 0.0 ? x : alpha * std::expm1(x)));
  });
}
Status ThresholdedRelu(KernelContext &ctx) {
  const double alpha = ctx.GetFloat("alpha", 1.0F);
  return FloatUnary(ctx,
                    [=](auto v) { return static_cast<double>(v) > alpha ? v : decltype(v){0}; });
}
Status HardSwish(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) {
    using T = decltype(v);
    const T r = v + T{3} < T{0} ? T{0} : (v + T{3} > T{6} ? T{6} : v + T{3});
    return v * r / T{6};
  });
}
Status LeakyRelu(KernelContext &ctx) {
  const double slope = ctx.GetFloat("negative_slope", 0.0F);
  return FloatUnary(ctx, [=](auto v) {
    using T = decltype(v);
    return v >= T{0} ? v : static_cast<T>(slope * static_cast<double>(v));
  });
}
Status HardSigmoid(KernelContext &ctx) {
  const double alpha = ctx.GetFloat("alpha", 0.16666666F);
  const double beta = ctx.GetFloat("beta", 0.5F);
  return FloatUnary(ctx, [=](auto v) {
    const double y = alpha * static_cast<double>(v) + beta;
    return static_cast<decltype(v)>(y < 0.0 ? 0.0 : (y > 1.0 ? 1.0 : y));
  });
}

/// GE's Gelu: the tanh approximation 0.5x(1+tanh(sqrt(2/pi)(x+0.044715x^3))).
template <typename T>
T GeluTanh(T v) {
  const double x = static_cast<double>(v);
  return static_cast<T>(0.5 * x * (1.0 + std::tanh(kSqrt2OverPi * (x + 0.044715 * x * x * x))));
}

template <typename T>
T GeluErf(T v) {
  const double x = static_cast<double>(v);
  return static_cast<T>(0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))));
}

Status Gelu(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) { return GeluTanh(v); });
}

Status GeluV2(KernelContext &ctx) {
  const std::string mode = ctx.GetString("approximate", "none");
  if (mode == "tanh") {
    return FloatUnary(ctx, [](auto v) { return GeluTanh(v); });
  }
  if (mode == "none") {
    return FloatUnary(ctx, [](auto v) { return GeluErf(v); });
  }
  return ctx.Error("attribute 'approximate' must be \"none\" or \"tanh\", got \"" + mode + "\"");
}

Status FastGelu(KernelContext &ctx) {
  return FloatUnary(ctx, [](auto v) {
    const double x = static_cast<double>(v);
    const double ax = std::fabs(x);
    return static_cast<decltype(v)>(x / (1.0 + std::exp(-1.702 * ax)) * std::exp(0.851 * (x - ax)));
  });
}

/// Exp/Log with GE's base/scale/shift attributes (base -1 means e).
Status Exp(KernelContext &ctx) {
  const double base = ctx.GetFloat("base", -1.0f);
  const double scale = ctx.GetFloat("scale", 1.0f);
  const double shift = ctx.GetFloat("shift", 0.0f);
  if (base != -1.0 && base <= 0.0) {
    return ctx.Error("attribute 'base' must be -1 or > 0, got " + std::to_string(base));
  }
  const double log_base = base == -1.0 ? 1.0 : std::log(base);
  if (log_base == 1.0 && scale == 1.0 && shift == 0.0) {
    return FloatUnary(ctx, [](auto v) { return std::exp(v); });
  }
  return FloatUnary(ctx, [=](auto v) {
    return static_cast<decltype(v)>(std::exp(log_base * (scale * v + shift)));
  });
}

Status Log(KernelContext &ctx) {
  const double base = ctx.GetFloat("base", -1.0f);
  const double scale = ctx.GetFloat("scale", 1.0f);
  const double shift = ctx.GetFloat("shift", 0.0f);
  if (base != -1.0 && (base <= 0.0 || base == 1.0)) {
    return ctx.Error("attribute 'base' must be -1 or > 0 and != 1, got " + std::to_string(base));
  }
  const double inv_log_base = base == -1.0 ? 1.0 : 1.0 / std::log(base);
  if (inv_log_base == 1.0 && scale == 1.0 && shift == 0.0) {
    return FloatUnary(ctx, [](auto v) { return std::log(v); });
  }
  return FloatUnary(ctx, [=](auto v) {
    return static_cast<decltype(v)>(std::log(shift + scale * v) * inv_log_base);
  });
}

Status Abs(KernelContext &ctx) {
  return NumericUnary(ctx, [](auto v) {
    if constexpr (std::is_unsigned<decltype(v)>::value) {
      return v;
    } else {
      return v < 0 ? -v : v;
    }
  });
}
Status Neg(KernelContext &ctx) {
  return NumericUnary(ctx, [](auto v) { return -v; });
}
Status Square(KernelContext &ctx) {
  return NumericUnary(ctx, [](auto v) { return v * v; });
}
Status Sign(KernelContext &ctx) {
  return NumericUnary(ctx, [](auto v) { return (v > 0) - (v < 0); });
}
/// float Relu without a data-dependent branch: maxps(v, 0) is v > 0 ? v : 0 (NaN -> 0, like the
/// generic path). GCC -O2 leaves the generic loop a compare-and-branch per element, which
/// mispredicts on real activations (~10x slower than Add on [8,16,32,32]).
GeTensor ReluFloat(const GeTensor &x) {
  OutputTensor out(DT_FLOAT, DimsOf(x));
  const float *px = DataOf<float>(x);
  float *py = out.Data<float>();
  const int64_t n = out.ElementCount();
  int64_t i = 0;
#if defined(__SSE__)
  const __m128 zero = _mm_setzero_ps();
  for (; i + 4 <= n; i += 4) {
    _mm_storeu_ps(py + i, _mm_max_ps(_mm_loadu_ps(px + i), zero));
  }
#endif
  for (; i < n; ++i) py[i] = px[i] > 0 ? px[i] : 0.0f;
  return out.Finish();
}

Status Relu(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  if (DtypeOf(ctx.Input(0)) == DT_FLOAT) {
    return ctx.SetOutput(0, ReluFloat(ctx.Input(0)));
  }
  return NumericUnary(ctx, [](auto v) { return v > 0 ? v : decltype(v){0}; });
}
Status Relu6(KernelContext &ctx) {
  return NumericUnary(ctx, [](auto v) {
    using T = decltype(v);
    return v > 0 ? (v < 6 ? v : T{6}) : T{0};
  });
}

Status Muls(KernelContext &ctx) {
  if (!ctx.HasAttr("value")) {
    return ctx.Error("required attribute 'value' (float) is missing");
  }
  const double value = ctx.GetFloat("value", 0.0f);
  return NumericUnary(ctx, [=](auto v) { return static_cast<double>(v) * value; });
}

Status Adds(KernelContext &ctx) {
  if (!ctx.HasAttr("value")) {
    return ctx.Error("required attribute 'value' (float) is missing");
  }
  const double value = ctx.GetFloat("value", 0.0f);
  return NumericUnary(ctx, [=](auto v) { return static_cast<double>(v) + value; });
}

Status LogicalNot(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  if (DtypeOf(ctx.Input(0)) != DT_BOOL) {
    return UnsupportedDtype(ctx, DtypeOf(ctx.Input(0)));
  }
  return ctx.SetOutput(0, MapUnary<bool, bool>(ctx.Input(0), DT_BOOL, [](bool v) { return !v; }));
}

/// y = min(max(x, lo), hi) with three-way broadcasting; all inputs share x's dtype.
Status ClipByValue(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS || RequireSameDtype(ctx, 0, 1) != SUCCESS ||
      RequireSameDtype(ctx, 0, 2) != SUCCESS) {
    return FAILED;
  }
  const DataType dtype = DtypeOf(ctx.Input(0));
  Status status = FAILED;
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    status = RunTernary<T, T, T, T>(ctx, ctx.Input(0), ctx.Input(1), ctx.Input(2), dtype,
                                    [](T x, T lo, T hi) {
                                      const T y = x < lo ? lo : x;
                                      return hi < y ? hi : y;
                                    });
  });
  return ok ? status : UnsupportedDtype(ctx, dtype);
}

Status Cast(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  int64_t dst = 0;
  if (ctx.GetRequiredInt("dst_type", &dst) != SUCCESS) {
    return FAILED;
  }
  if (!IsValidDataType(static_cast<int32_t>(dst))) {
    return ctx.Error("attribute 'dst_type' " + std::to_string(dst) + " is not a ge::DataType");
  }
  // Narrowing to the float8/float4 types follows ONNX Cast's optional attributes, which the
  // ONNX importer copies onto the node (Ascend IR's Cast has neither).
  NarrowingOptions narrowing;
  narrowing.saturate = ctx.GetBool("saturate", true);
  const std::string round_mode = ctx.GetString("round_mode", "up");
  if (round_mode == "down") {
    narrowing.e8m0_rounding = NarrowingOptions::Rounding::kDown;
  } else if (round_mode == "nearest") {
    narrowing.e8m0_rounding = NarrowingOptions::Rounding::kNearest;
  } else if (round_mode != "up") {
    return ctx.Error("attribute 'round_mode' = '" + round_mode +
                     "' is not one of 'up', 'down', 'nearest'");
  }
  GeTensor out;
  if (CastTensor(ctx.Input(0), static_cast<DataType>(dst), narrowing, &out) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  return ctx.SetOutput(0, out);
}

}  // namespace

void RegisterUnaryKernels(KernelRegistry &registry) {
  const struct {
    const char *type;
    KernelFn fn;
  } kKernels[] = {
      {"Sqrt", Sqrt},
      {"Rsqrt", Rsqrt},
      {"Reciprocal", Reciprocal},
      {"Sigmoid", Sigmoid},
      {"Tanh", Tanh},
      {"Erf", Erf},
      {"Floor", Floor},
      {"Ceil", Ceil},
      {"Sin", Sin},
      {"Cos", Cos},
      {"HardSwish", HardSwish},
      {"Tan", Tan},
      {"Asin", Asin},
      {"Acos", Acos},
      {"Atan", Atan},
      {"Sinh", Sinh},
      {"Cosh", Cosh},
      {"Asinh", Asinh},
      {"Acosh", Acosh},
      {"Atanh", Atanh},
      {"Round", Round},
      {"Softplus", Softplus},
      {"Softsign", Softsign},
      {"Mish", Mish},
      {"Elu", Elu},
      {"Selu", Selu},
      {"ThresholdedRelu", ThresholdedRelu},
      {"LeakyRelu", LeakyRelu},
      {"HardSigmoid", HardSigmoid},
      {"Gelu", Gelu},
      {"GeluV2", GeluV2},
      {"FastGelu", FastGelu},
      {"Exp", Exp},
      {"Log", Log},
      {"Abs", Abs},
      {"Neg", Neg},
      {"Square", Square},
      {"Sign", Sign},
      {"Relu", Relu},
      {"Relu6", Relu6},
      {"Muls", Muls},
      {"Adds", Adds},
      {"LogicalNot", LogicalNot},
      {"ClipByValue", ClipByValue},
  };
  for (const auto &kernel : kKernels) {
    registry.Register(kernel.type, KernelDef{kernel.fn, true});
  }
  registry.Register("Cast", KernelDef{Cast, false});  // converts halves itself
}

}  // namespace runtime
}  // namespace ge
