// Normalization kernels: BatchNorm (inference form, and batch statistics when is_training),
// BNInference (Caffe form), LayerNorm, LayerNormV3 and LRN.
#include <algorithm>
#include <cmath>
#include <vector>

#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

/// Reads a per-channel parameter (any float dtype, converted by the executor) as doubles.
Status ReadChannelParam(KernelContext &ctx, const GeTensor &t, const std::string &name,
                        int64_t channels, std::vector<double> *values) {
  if (ElementCount(DimsOf(t)) != channels) {
    return ctx.Error("input '" + name + "' " + DimsToString(DimsOf(t)) + " must have " +
                     std::to_string(channels) + " elements (one per channel)");
  }
  values->resize(static_cast<size_t>(channels));
  if (DtypeOf(t) == DT_FLOAT) {
    const float *p = DataOf<float>(t);
    std::copy(p, p + channels, values->begin());
  } else if (DtypeOf(t) == DT_DOUBLE) {
    const double *p = DataOf<double>(t);
    std::copy(p, p + channels, values->begin());
  } else {
    return UnsupportedDtype(ctx, DtypeOf(t), name);
  }
  return SUCCESS;
}

/// The checks BatchNorm and BNInference run before reading any parameter: inputs
/// 0..required_inputs-1 connected, x float or double (ChannelAffine and ChannelMoments loop in x's
/// type), and a channel dim to normalise along (rank >= 2).
Status CheckBatchNormInputs(KernelContext &ctx, size_t required_inputs) {
  if (ctx.RequireInputs(required_inputs) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  if (RequireFloatOrDouble(ctx, DtypeOf(x)) != SUCCESS) {
    return FAILED;
  }
  if (DimsOf(x).size() < 2) {
    return ctx.Error("x must have rank >= 2, got " + DimsToString(DimsOf(x)));
  }
  return SUCCESS;
}

/// y = x·a[c] + b[c] along channel axis `axis` of x.
GeTensor ChannelAffine(const GeTensor &x, size_t axis, const std::vector<double> &a,
                       const std::vector<double> &b) {
  const auto &dims = DimsOf(x);
  int64_t outer = 1;
  int64_t inner = 1;
  for (size_t d = 0; d < axis; ++d) outer *= dims[d];
  for (size_t d = axis + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t channels = dims[axis];
  OutputTensor out(DtypeOf(x), dims);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T *px = DataOf<T>(x);
    T *py = out.Data<T>();
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t c = 0; c < channels; ++c) {
        const T sa = static_cast<T>(a[c]);
        const T sb = static_cast<T>(b[c]);
        const int64_t base = (o * channels + c) * inner;
        for (int64_t i = 0; i < inner; ++i) py[base + i] = px[base + i] * sa + sb;
      }
    }
  };
  if (DtypeOf(x) == DT_FLOAT) {
    run(float{});
  } else {
    run(double{});
  }
  return out.Finish();
}

/// Per-channel mean and biased variance of x over every axis but `axis`.
void ChannelMoments(const GeTensor &x, size_t axis, std::vector<double> *mean,
                    std::vector<double> *var) {
  const auto &dims = DimsOf(x);
  int64_t outer = 1;
  int64_t inner = 1;
  for (size_t d = 0; d < axis; ++d) outer *= dims[d];
  for (size_t d = axis + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t channels = dims[axis];
  mean->assign(static_cast<size_t>(channels), 0.0);
  var->assign(static_cast<size_t>(channels), 0.0);
  const double count = static_cast<double>(outer * inner);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T *px = DataOf<T>(x);
    for (int pass = 0; pass < 2; ++pass) {
      for (int64_t o = 0; o < outer; ++o) {
        for (int64_t c = 0; c < channels; ++c) {
          const T *row = px + (o * channels + c) * inner;
          double acc = 0;
          for (int64_t i = 0; i < inner; ++i) {
            const double v = static_cast<double>(row[i]);
            acc += pass == 0 ? v : (v - (*mean)[c]) * (v - (*mean)[c]);
          }
          (pass == 0 ? *mean : *var)[c] += acc;
        }
      }
      for (int64_t c = 0; c < channels && count > 0; ++c) (pass == 0 ? *mean : *var)[c] /= count;
    }
  };
  if (DtypeOf(x) == DT_FLOAT) {
    run(float{});
  } else {
    run(double{});
  }
}

GeTensor VectorTensor(const std::vector<double> &values, DataType dtype) {
  OutputTensor out(dtype, {static_cast<int64_t>(values.size())});
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype == DT_DOUBLE) {
      out.Data<double>()[i] = values[i];
    } else {
      out.Data<float>()[i] = static_cast<float>(values[i]);
    }
  }
  return out.Finish();
}

Status BatchNorm(KernelContext &ctx) {
  if (CheckBatchNormInputs(ctx, 3) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &dims = DimsOf(x);
  const std::string format = ctx.GetString("data_format", "NHWC");
  const bool channels_last = format == "NHWC" || format == "NDHWC";
  if (!channels_last && format != "NCHW" && format != "NCDHW" && format != "ND") {
    return ctx.Error("unsupported data_format \"" + format + "\"");
  }
  const size_t axis = channels_last ? dims.size() - 1 : 1;
  const int64_t channels = dims[axis];
  const double eps = ctx.GetFloat("epsilon", 1e-4f);
  const bool training = ctx.GetBool("is_training", true);
  std::vector<double> scale, offset, mean, var;
  if (ReadChannelParam(ctx, ctx.Input(1), "scale", channels, &scale) != SUCCESS ||
      ReadChannelParam(ctx, ctx.Input(2), "offset", channels, &offset) != SUCCESS) {
    return FAILED;
  }
  if (training) {
    ChannelMoments(x, axis, &mean, &var);
  } else {
    if (ctx.GetInput(3) == nullptr || ctx.GetInput(4) == nullptr) {
      return ctx.Error("inference (is_training=false) needs inputs 'mean' and 'variance'");
    }
    if (ReadChannelParam(ctx, ctx.Input(3), "mean", channels, &mean) != SUCCESS ||
        ReadChannelParam(ctx, ctx.Input(4), "variance", channels, &var) != SUCCESS) {
      return FAILED;
    }
  }
  std::vector<double> a(static_cast<size_t>(channels));
  std::vector<double> b(static_cast<size_t>(channels));
  for (int64_t c = 0; c < channels; ++c) {
    a[c] = scale[c] / std::sqrt(var[c] + eps);
    b[c] = offset[c] - mean[c] * a[c];
  }
  if (ctx.SetOutput(0, ChannelAffine(x, axis, a, b)) != SUCCESS) {
    return FAILED;
  }
  // batch_mean, batch_variance, reserve_space_1/2 echo the statistics; reserve_3 is a dummy.
  // All five are float32 whatever x is, as the op defines them.
  const GeTensor tmean = VectorTensor(mean, DT_FLOAT);
  const GeTensor tvar = VectorTensor(var, DT_FLOAT);
  const GeTensor extra[] = {tmean, tvar, tmean, tvar, VectorTensor({0.0}, DT_FLOAT)};
  for (size_t i = 1; i < ctx.GetOutputsSize() && i <= 5; ++i) {
    ctx.SetOutput(i, extra[i - 1]);
    ctx.KeepFloatOutput(i);
  }
  return SUCCESS;
}

/// Caffe BN: m = mean/momentum, v = variance/momentum (momentum 0 => factor 0), then
/// y = (x − m)/√(v + eps)·scale + offset along dim 1 (ge_py's reading: GE does not document it).
Status BNInference(KernelContext &ctx) {
  if (CheckBatchNormInputs(ctx, 4) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &dims = DimsOf(x);
  const int64_t channels = dims[1];
  std::vector<double> mean, var, momentum;
  if (ReadChannelParam(ctx, ctx.Input(1), "mean", channels, &mean) != SUCCESS ||
      ReadChannelParam(ctx, ctx.Input(2), "variance", channels, &var) != SUCCESS ||
      ReadChannelParam(ctx, ctx.Input(3), "momentum", 1, &momentum) != SUCCESS) {
    return FAILED;
  }
  std::vector<double> scale(static_cast<size_t>(channels), 1.0);
  std::vector<double> offset(static_cast<size_t>(channels), 0.0);
  if (ctx.GetInput(4) != nullptr &&
      ReadChannelParam(ctx, ctx.Input(4), "scale", channels, &scale) != SUCCESS) {
    return FAILED;
  }
  if (ctx.GetInput(5) != nullptr &&
      ReadChannelParam(ctx, ctx.Input(5), "offset", channels, &offset) != SUCCESS) {
    return FAILED;
  }
  const double eps = ctx.GetFloat("epsilon", 1e-5f);
  const double factor = momentum[0] == 0.0 ? 0.0 : 1.0 / momentum[0];
  std::vector<double> a(static_cast<size_t>(channels));
  std::vector<double> b(static_cast<size_t>(channels));
  for (int64_t c = 0; c < channels; ++c) {
    const double m = mean[c] * factor;
    const double v = var[c] * factor;
    a[c] = scale[c] / std::sqrt(v + eps);
    b[c] = offset[c] - m * a[c];
  }
  return ctx.SetOutput(0, ChannelAffine(x, 1, a, b));
}

/// LayerNorm / LayerNormV3: normalise over [begin_norm_axis, rank); gamma/beta broadcast
/// right-aligned (covers both x.shape[begin_params_axis:] and full-shape parameters).
Status LayerNormImpl(KernelContext &ctx, bool v3) {
  if (ctx.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &dims = DimsOf(x);
  const DataType dtype = DtypeOf(x);
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
  }
  if (DtypeOf(ctx.Input(1)) != dtype || DtypeOf(ctx.Input(2)) != dtype) {
    return ctx.Error("x, gamma and beta must share one dtype");
  }
  const int64_t rank = static_cast<int64_t>(dims.size());
  int64_t axis = 0;
  if (rank == 0) {
    return ctx.Error("x must have rank >= 1");
  }
  if (NormalizeAxis(ctx, ctx.GetInt("begin_norm_axis", 0), rank, "begin_norm_axis", &axis) !=
      SUCCESS) {
    return FAILED;
  }
  const double eps = ctx.GetFloat("epsilon", v3 ? 1e-5f : 1e-7f);
  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= dims[d];
  for (int64_t d = axis; d < rank; ++d) inner *= dims[d];
  std::vector<int64_t> stat_dims = dims;
  for (int64_t d = axis; d < rank; ++d) stat_dims[d] = 1;
  OutputTensor normalized(dtype, dims);
  OutputTensor mean_out(dtype, stat_dims);
  OutputTensor var_out(dtype, stat_dims);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T *px = DataOf<T>(x);
    T *pn = normalized.Data<T>();
    for (int64_t o = 0; o < outer; ++o) {
      const T *row = px + o * inner;
      double sum = 0;
      for (int64_t i = 0; i < inner; ++i) sum += row[i];
      const double mean = inner > 0 ? sum / static_cast<double>(inner) : 0.0;
      double sq = 0;
      for (int64_t i = 0; i < inner; ++i) sq += (row[i] - mean) * (row[i] - mean);
      const double var = inner > 0 ? sq / static_cast<double>(inner) : 0.0;
      const double rstd = 1.0 / std::sqrt(var + eps);
      for (int64_t i = 0; i < inner; ++i)
        pn[o * inner + i] = static_cast<T>((row[i] - mean) * rstd);
      mean_out.Data<T>()[o] = static_cast<T>(mean);
      var_out.Data<T>()[o] = static_cast<T>(v3 ? rstd : var);
    }
  };
  if (dtype == DT_FLOAT) {
    run(float{});
  } else {
    run(double{});
  }
  const GeTensor norm = normalized.Finish();
  Status status;
  if (dtype == DT_FLOAT) {
    status =
        RunTernary<float, float, float, float>(ctx, norm, ctx.Input(1), ctx.Input(2), dtype,
                                               [](float n, float g, float b) { return n * g + b; });
  } else {
    status = RunTernary<double, double, double, double>(
        ctx, norm, ctx.Input(1), ctx.Input(2), dtype,
        [](double n, double g, double b) { return n * g + b; });
  }
  if (status != SUCCESS) {
    return status;
  }
  const std::vector<int64_t> out_dims = DimsOf(ctx.MutableOutputs()[0]);
  if (!out_dims.empty() && out_dims != dims) {
    return ctx.Error("gamma " + DimsToString(DimsOf(ctx.Input(1))) + " / beta " +
                     DimsToString(DimsOf(ctx.Input(2))) + " do not broadcast to x " +
                     DimsToString(dims));
  }
  if (ctx.GetOutputsSize() > 1) ctx.SetOutput(1, mean_out.Finish());
  if (ctx.GetOutputsSize() > 2) ctx.SetOutput(2, var_out.Finish());
  if (v3) {  // LayerNormV3's mean and rstd stay float32 for half inputs
    ctx.KeepFloatOutput(1);
    ctx.KeepFloatOutput(2);
  }
  return SUCCESS;
}

Status LayerNorm(KernelContext &ctx) { return LayerNormImpl(ctx, false); }
Status LayerNormV3(KernelContext &ctx) { return LayerNormImpl(ctx, true); }

/// LRN across channels (dim 1): y = x / (bias + alpha * sum of x^2 over c +- depth_radius)^beta.
Status Lrn(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const DataType dtype = DtypeOf(x);
  if (dtype != DT_FLOAT && dtype != DT_DOUBLE) {
    return UnsupportedDtype(ctx, dtype);
  }
  const auto &xd = DimsOf(x);
  if (xd.size() < 3) {
    return ctx.Error("x must have rank >= 3 (N, C, spatial...), got " + DimsToString(xd));
  }
  const int64_t radius = ctx.GetInt("depth_radius", 5);
  if (radius < 0 || ctx.GetString("norm_region", "ACROSS_CHANNELS") != "ACROSS_CHANNELS") {
    return ctx.Error("depth_radius must be >= 0 and norm_region ACROSS_CHANNELS");
  }
  const double bias = ctx.GetFloat("bias", 1.0F);
  const double alpha = ctx.GetFloat("alpha", 1.0F);
  const double beta = ctx.GetFloat("beta", 0.5F);
  const int64_t n = xd[0];
  const int64_t c = xd[1];
  int64_t plane = 1;
  for (size_t d = 2; d < xd.size(); ++d) plane *= xd[d];
  std::vector<double> in(static_cast<size_t>(n * c * plane));
  std::vector<double> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    in[i] = dtype == DT_FLOAT ? DataOf<float>(x)[i] : DataOf<double>(x)[i];
  }
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t ch = 0; ch < c; ++ch) {
      const int64_t lo = std::max<int64_t>(0, ch - radius);
      const int64_t hi = std::min<int64_t>(c - 1, ch + radius);
      for (int64_t p = 0; p < plane; ++p) {
        double sum = 0.0;
        for (int64_t k = lo; k <= hi; ++k) {
          const double v = in[static_cast<size_t>((b * c + k) * plane + p)];
          sum += v * v;
        }
        const size_t at = static_cast<size_t>((b * c + ch) * plane + p);
        out[at] = in[at] / std::pow(bias + alpha * sum, beta);
      }
    }
  }
  OutputTensor y(dtype, xd);
  for (size_t i = 0; i < out.size(); ++i) {
    if (dtype == DT_FLOAT) {
      y.Data<float>()[i] = static_cast<float>(out[i]);
    } else {
      y.Data<double>()[i] = out[i];
    }
  }
  return ctx.SetOutput(0, y.Finish());
}

}  // namespace

void RegisterNormKernels(KernelRegistry &registry) {
  registry.Register("BatchNorm", KernelDef{BatchNorm, true});
  registry.Register("BNInference", KernelDef{BNInference, true});
  registry.Register("LayerNorm", KernelDef{LayerNorm, true});
  registry.Register("LayerNormV3", KernelDef{LayerNormV3, true});
  registry.Register("LRN", KernelDef{Lrn, true});
}

}  // namespace runtime
}  // namespace ge
