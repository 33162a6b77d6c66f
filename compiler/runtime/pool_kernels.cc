// Pooling kernels: MaxPoolV3 / AvgPoolV2 (CALCULATED/SAME/VALID padding, ceil_mode, exclusive
// counts, divisor_override, global pooling), TF-style MaxPool / AvgPool and GlobalAveragePool
// NHWC data runs through the NCHW loops via transposes.
#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"
#include "runtime/transpose_utils.h"

namespace ge {
namespace runtime {
namespace {

struct PoolParams {
  int64_t kh = 1, kw = 1, sh = 1, sw = 1;
  int64_t pt = 0, pb = 0, pl = 0, pr = 0;
  int64_t oh = 1, ow = 1;
  bool exclusive = true;
  int64_t divisor_override = 0;
};

/// Output size of one spatial dim and the effective pads.
Status PoolDim(KernelContext &ctx, const std::string &mode, bool ceil_mode, int64_t in, int64_t k,
               int64_t s, int64_t *pad_begin, int64_t *pad_end, int64_t *out) {
  if (k <= 0 || s <= 0) {
    return ctx.Error("ksize and strides must be positive, got ksize " + std::to_string(k) +
                     ", stride " + std::to_string(s));
  }
  if (mode == "SAME") {
    *out = (in + s - 1) / s;
    const int64_t total = std::max<int64_t>((*out - 1) * s + k - in, 0);
    *pad_begin = total / 2;
    *pad_end = total - *pad_begin;
  } else if (mode == "VALID") {
    *pad_begin = 0;
    *pad_end = 0;
    *out = in >= k ? (in - k) / s + 1 : 0;
  } else if (mode == "CALCULATED") {
    const int64_t span = in + *pad_begin + *pad_end - k;
    if (span < 0) {
      *out = 0;
    } else {
      *out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
      // A ceil-mode window must start inside the input or the leading pad (ONNX/PyTorch rule).
      if (ceil_mode && (*out - 1) * s >= in + *pad_begin) --*out;
    }
  } else {
    return ctx.Error("padding mode \"" + mode + "\" is not one of CALCULATED, SAME, VALID");
  }
  if (*out <= 0) {
    return ctx.Error("pooling window " + std::to_string(k) + " does not fit input size " +
                     std::to_string(in) + " with the given pads");
  }
  return SUCCESS;
}

template <typename T>
void PoolNchw(const T *x, T *y, int64_t planes, int64_t h, int64_t w, const PoolParams &p,
              bool is_max) {
  for (int64_t c = 0; c < planes; ++c) {
    const T *plane = x + c * h * w;
    T *out = y + c * p.oh * p.ow;
    for (int64_t oy = 0; oy < p.oh; ++oy) {
      const int64_t hs = oy * p.sh - p.pt;
      const int64_t he_pad = std::min(hs + p.kh, h + p.pb);
      const int64_t h0 = std::max<int64_t>(hs, 0);
      const int64_t h1 = std::min(hs + p.kh, h);
      for (int64_t ox = 0; ox < p.ow; ++ox) {
        const int64_t ws = ox * p.sw - p.pl;
        const int64_t we_pad = std::min(ws + p.kw, w + p.pr);
        const int64_t w0 = std::max<int64_t>(ws, 0);
        const int64_t w1 = std::min(ws + p.kw, w);
        if (is_max) {
          // Branch-free (std::max compiles to maxss and skips NaN; NaN is tracked apart and
          // propagated at the end): a data-dependent branch mispredicts on real activations.
          T best = -std::numeric_limits<T>::infinity();
          bool saw_nan = false;
          for (int64_t iy = h0; iy < h1; ++iy) {
            for (int64_t ix = w0; ix < w1; ++ix) {
              const T v = plane[iy * w + ix];
              saw_nan |= v != v;
              best = std::max(best, v);
            }
          }
          out[oy * p.ow + ox] = saw_nan ? std::numeric_limits<T>::quiet_NaN() : best;
        } else {
          T sum = 0;
          for (int64_t iy = h0; iy < h1; ++iy) {
            for (int64_t ix = w0; ix < w1; ++ix) sum += plane[iy * w + ix];
          }
          int64_t count;
          if (p.divisor_override != 0) {
            count = p.divisor_override;
          } else if (p.exclusive) {
            count = (h1 - h0) * (w1 - w0);
          } else {
            count = (he_pad - hs) * (we_pad - ws);
          }
          out[oy * p.ow + ox] = count > 0 ? sum / static_cast<T>(count) : T{0};
        }
      }
    }
  }
}

/// Shared body: x NCHW or NHWC, ksize/strides in data_format order.
Status RunPool(KernelContext &ctx, bool is_max, const std::string &format,
               const std::vector<int64_t> &ksize, const std::vector<int64_t> &strides,
               const std::string &mode, std::vector<int64_t> pads, bool ceil_mode, bool global,
               bool exclusive, int64_t divisor_override) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  if (format != "NCHW" && format != "NHWC") {
    return ctx.Error("data_format must be NCHW or NHWC, got \"" + format + "\"");
  }
  const bool nhwc = format == "NHWC";
  const GeTensor &x_in = ctx.Input(0);
  const DataType dtype = DtypeOf(x_in);
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
  }
  if (DimsOf(x_in).size() != 4) {
    return ctx.Error("x must be 4-D, got " + DimsToString(DimsOf(x_in)));
  }
  if (!global && (ksize.size() != 4 || strides.size() != 4)) {
    return ctx.Error("ksize and strides must have 4 elements, got " + std::to_string(ksize.size()) +
                     " and " + std::to_string(strides.size()));
  }
  if (pads.size() != 4) {
    return ctx.Error("pads must have 4 elements [top, bottom, left, right], got " +
                     std::to_string(pads.size()));
  }
  const GeTensor x = nhwc ? TransposeTensor(x_in, {0, 3, 1, 2}) : x_in;
  const auto &xd = DimsOf(x);
  const int64_t h = xd[2], w = xd[3];
  PoolParams p;
  p.exclusive = exclusive;
  p.divisor_override = divisor_override;
  std::string dim_mode = mode;
  if (global) {
    p.kh = h;
    p.kw = w;
    pads = {0, 0, 0, 0};
    dim_mode = "VALID";
  } else {
    const size_t hi = nhwc ? 1 : 2;
    const size_t wi = nhwc ? 2 : 3;
    p.kh = ksize[hi];
    p.kw = ksize[wi];
    p.sh = strides[hi];
    p.sw = strides[wi];
  }
  p.pt = pads[0];
  p.pb = pads[1];
  p.pl = pads[2];
  p.pr = pads[3];
  if (p.pt < 0 || p.pb < 0 || p.pl < 0 || p.pr < 0) {
    return ctx.Error("pads must be non-negative, got " + DimsToString(pads));
  }
  if (PoolDim(ctx, dim_mode, ceil_mode, h, p.kh, p.sh, &p.pt, &p.pb, &p.oh) != SUCCESS ||
      PoolDim(ctx, dim_mode, ceil_mode, w, p.kw, p.sw, &p.pl, &p.pr, &p.ow) != SUCCESS) {
    return FAILED;
  }
  OutputTensor out(dtype, {xd[0], xd[1], p.oh, p.ow});
  if (dtype == DT_FLOAT) {
    PoolNchw(DataOf<float>(x), out.Data<float>(), xd[0] * xd[1], h, w, p, is_max);
  } else {
    PoolNchw(DataOf<double>(x), out.Data<double>(), xd[0] * xd[1], h, w, p, is_max);
  }
  GeTensor y = out.Finish();
  return ctx.SetOutput(0, nhwc ? TransposeTensor(y, {0, 2, 3, 1}) : y);
}

Status PoolV3(KernelContext &ctx, bool is_max) {
  std::vector<int64_t> ksize;
  std::vector<int64_t> strides;
  const bool global = ctx.GetBool("global_pooling", false);
  if (!global && (ctx.GetRequiredListInt("ksize", &ksize) != SUCCESS ||
                  ctx.GetRequiredListInt("strides", &strides) != SUCCESS)) {
    return FAILED;
  }
  const int64_t divisor = is_max ? 0 : ctx.GetInt("divisor_override", 0);
  if (divisor < 0) {
    return ctx.Error("divisor_override must be >= 0, got " + std::to_string(divisor));
  }
  return RunPool(ctx, is_max, ctx.GetString("data_format", "NCHW"), ksize, strides,
                 ctx.GetString("padding_mode", "CALCULATED"), ctx.GetListInt("pads", {0, 0, 0, 0}),
                 ctx.GetBool("ceil_mode", false), global, ctx.GetBool("exclusive", true), divisor);
}

Status MaxPoolV3(KernelContext &ctx) { return PoolV3(ctx, true); }
Status AvgPoolV2(KernelContext &ctx) { return PoolV3(ctx, false); }

/// TF MaxPool/AvgPool: padding "SAME"/"VALID", NHWC default; SAME averages count only real cells.
Status TfPool(KernelContext &ctx, bool is_max) {
  std::vector<int64_t> ksize;
  std::vector<int64_t> strides;
  if (ctx.GetRequiredListInt("ksize", &ksize) != SUCCESS ||
      ctx.GetRequiredListInt("strides", &strides) != SUCCESS) {
    return FAILED;
  }
  if (!ctx.HasAttr("padding")) {
    return ctx.Error("required attribute 'padding' (string) is missing");
  }
  const std::string padding = ctx.GetString("padding", "");
  if (padding != "SAME" && padding != "VALID") {
    return ctx.Error("padding must be SAME or VALID, got \"" + padding + "\"");
  }
  return RunPool(ctx, is_max, ctx.GetString("data_format", "NHWC"), ksize, strides, padding,
                 {0, 0, 0, 0}, false, false, true, 0);
}

Status MaxPool(KernelContext &ctx) { return TfPool(ctx, true); }
Status AvgPool(KernelContext &ctx) { return TfPool(ctx, false); }

/// [N, C, D1..Dn] -> [N, C, 1..1]: mean over every dim after C.
Status GlobalPool(KernelContext &ctx, bool is_max) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const auto &xd = DimsOf(x);
  const DataType dtype = DtypeOf(x);
  if (xd.size() < 3) {
    return ctx.Error("x must have rank >= 3 ([N, C, spatial...]), got " + DimsToString(xd));
  }
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> out_dims(xd.size(), 1);
  out_dims[0] = xd[0];
  out_dims[1] = xd[1];
  const int64_t planes = xd[0] * xd[1];
  const int64_t size = ElementCount(xd) / std::max<int64_t>(planes, 1);
  if (planes > 0 && size == 0) {
    return ctx.Error("x " + DimsToString(xd) + " has empty spatial dims");
  }
  OutputTensor out(dtype, out_dims);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T *px = DataOf<T>(x);
    T *py = out.Data<T>();
    for (int64_t c = 0; c < planes; ++c) {
      const T *plane = px + c * size;
      if (is_max) {
        T best = -std::numeric_limits<T>::infinity();
        for (int64_t i = 0; i < size; ++i) best = std::max(best, plane[i]);
        py[c] = best;
      } else {
        double sum = 0;
        for (int64_t i = 0; i < size; ++i) sum += plane[i];
        py[c] = static_cast<T>(sum / static_cast<double>(size));
      }
    }
  };
  if (dtype == DT_FLOAT) {
    run(float{});
  } else {
    run(double{});
  }
  return ctx.SetOutput(0, out.Finish());
}

Status GlobalAveragePool(KernelContext &ctx) { return GlobalPool(ctx, false); }
Status GlobalMaxPool(KernelContext &ctx) { return GlobalPool(ctx, true); }

}  // namespace

void RegisterPoolKernels(KernelRegistry &registry) {
  registry.Register("MaxPoolV3", KernelDef{MaxPoolV3, true});
  registry.Register("AvgPoolV2", KernelDef{AvgPoolV2, true});
  registry.Register("MaxPool", KernelDef{MaxPool, true});
  registry.Register("AvgPool", KernelDef{AvgPool, true});
  registry.Register("GlobalAveragePool", KernelDef{GlobalAveragePool, true});
  registry.Register("GlobalMaxPool", KernelDef{GlobalMaxPool, true});
}

}  // namespace runtime
}  // namespace ge
