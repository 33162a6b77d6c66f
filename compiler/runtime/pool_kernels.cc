// Pooling kernels: MaxPoolV3 / AvgPoolV2 and MaxPool3D / AvgPool3D (CALCULATED/SAME/VALID
// padding, dilations, ceil_mode, exclusive counts, divisor_override, global pooling), TF-style
// MaxPool / AvgPool and GlobalAveragePool / GlobalMaxPool. Channels-last data runs through the
// channels-first loops via transposes.
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

/// One spatial dim of a pooling window: input size, kernel, stride, dilation, pads, output size.
struct PoolAxis {
  int64_t in = 1, k = 1, s = 1, d = 1, pad_begin = 0, pad_end = 0, out = 1;
};

/// Output size of one spatial dim and the effective pads; `axis.k` is the kernel before dilation.
Status PoolDim(KernelContext &ctx, const std::string &mode, bool ceil_mode, PoolAxis *axis) {
  if (axis->k <= 0 || axis->s <= 0 || axis->d <= 0) {
    return ctx.Error("ksize, strides and dilations must be positive, got ksize " +
                     std::to_string(axis->k) + ", stride " + std::to_string(axis->s) +
                     ", dilation " + std::to_string(axis->d));
  }
  const int64_t in = axis->in;
  const int64_t s = axis->s;
  const int64_t k = (axis->k - 1) * axis->d + 1;  // the window's extent
  if (mode == "SAME") {
    axis->out = (in + s - 1) / s;
    const int64_t total = std::max<int64_t>((axis->out - 1) * s + k - in, 0);
    axis->pad_begin = total / 2;
    axis->pad_end = total - axis->pad_begin;
  } else if (mode == "VALID") {
    axis->pad_begin = 0;
    axis->pad_end = 0;
    axis->out = in >= k ? (in - k) / s + 1 : 0;
  } else if (mode == "CALCULATED") {
    const int64_t span = in + axis->pad_begin + axis->pad_end - k;
    if (span < 0) {
      axis->out = 0;
    } else {
      axis->out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
      // A ceil-mode window must start inside the input or the leading pad (ONNX/PyTorch rule).
      if (ceil_mode && (axis->out - 1) * s >= in + axis->pad_begin) --axis->out;
    }
  } else {
    return ctx.Error("padding mode \"" + mode + "\" is not one of CALCULATED, SAME, VALID");
  }
  if (axis->out <= 0) {
    return ctx.Error("pooling window " + std::to_string(k) + " does not fit input size " +
                     std::to_string(in) + " with the given pads");
  }
  return SUCCESS;
}

/// The cells of one window along one axis: the taps inside the input, and how many taps fall
/// inside the input plus its pads (the divisor of an average that counts padding).
struct WindowAxis {
  int64_t first = 0;  // first input coordinate
  int64_t step = 1;   // the dilation
  int64_t taps = 0;   // taps inside the input
  int64_t padded_taps = 0;
};

WindowAxis Window(const PoolAxis &a, int64_t o) {
  WindowAxis w;
  w.step = a.d;
  const int64_t start = o * a.s - a.pad_begin;
  int64_t t0 = 0;  // first tap at or after coordinate 0
  if (start < 0) t0 = (-start + a.d - 1) / a.d;
  int64_t t1 = a.k;  // one past the last tap before coordinate `in`
  if (start + (a.k - 1) * a.d >= a.in) t1 = std::max<int64_t>((a.in - 1 - start) / a.d + 1, 0);
  int64_t p1 = a.k;  // one past the last tap before the end of the trailing pad
  if (start + (a.k - 1) * a.d >= a.in + a.pad_end) {
    p1 = std::max<int64_t>((a.in + a.pad_end - 1 - start) / a.d + 1, 0);
  }
  w.first = start + t0 * a.d;
  w.taps = std::max<int64_t>(t1 - t0, 0);
  w.padded_taps = p1;
  return w;
}

struct PoolSpec {
  PoolAxis axes[3];  // D, H, W; a 2-D pool has D = 1
  bool is_max = true;
  bool exclusive = true;
  int64_t divisor_override = 0;
};

/// Pools [planes, D, H, W] into [planes, oD, oH, oW]; NaN propagates through max.
template <typename T>
void PoolPlanes(const T *x, T *y, int64_t planes, const PoolSpec &p) {
  const PoolAxis &ad = p.axes[0];
  const PoolAxis &ah = p.axes[1];
  const PoolAxis &aw = p.axes[2];
  const int64_t plane_in = ad.in * ah.in * aw.in;
  for (int64_t c = 0; c < planes; ++c) {
    const T *plane = x + c * plane_in;
    for (int64_t od = 0; od < ad.out; ++od) {
      const WindowAxis wd = Window(ad, od);
      for (int64_t oh = 0; oh < ah.out; ++oh) {
        const WindowAxis wh = Window(ah, oh);
        for (int64_t ow = 0; ow < aw.out; ++ow, ++y) {
          const WindowAxis ww = Window(aw, ow);
          if (p.is_max) {
            // Branch-free (std::max skips NaN; NaN is tracked apart and propagated at the end):
            // a data-dependent branch mispredicts on real activations.
            T best = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                          : std::numeric_limits<T>::lowest();
            bool saw_nan = false;
            for (int64_t i = 0; i < wd.taps; ++i) {
              const T *slab = plane + (wd.first + i * wd.step) * ah.in * aw.in;
              for (int64_t j = 0; j < wh.taps; ++j) {
                const T *row = slab + (wh.first + j * wh.step) * aw.in;
                for (int64_t k = 0; k < ww.taps; ++k) {
                  const T v = row[ww.first + k * ww.step];
                  saw_nan |= v != v;
                  best = std::max(best, v);
                }
              }
            }
            *y = saw_nan ? std::numeric_limits<T>::quiet_NaN() : best;
            continue;
          }
          T sum = 0;
          for (int64_t i = 0; i < wd.taps; ++i) {
            const T *slab = plane + (wd.first + i * wd.step) * ah.in * aw.in;
            for (int64_t j = 0; j < wh.taps; ++j) {
              const T *row = slab + (wh.first + j * wh.step) * aw.in;
              for (int64_t k = 0; k < ww.taps; ++k) sum += row[ww.first + k * ww.step];
            }
          }
          int64_t count;
          if (p.divisor_override != 0) {
            count = p.divisor_override;
          } else if (p.exclusive) {
            count = wd.taps * wh.taps * ww.taps;
          } else {
            count = wd.padded_taps * wh.padded_taps * ww.padded_taps;
          }
          *y = count > 0 ? sum / static_cast<T>(count) : T{0};
        }
      }
    }
  }
}

/// The window attributes of one pool, every list in data_format order over all dims (a list of
/// one value per spatial dim is accepted too); pads are [begin, end] per spatial dim.
struct PoolAttrs {
  std::string format;
  std::vector<int64_t> ksize, strides, dilations, pads;
  std::string mode;
  bool ceil_mode = false;
  bool global = false;
  bool exclusive = true;
  int64_t divisor_override = 0;
  bool takes_uint8 = false;  // MaxPoolV3 / MaxPool3D (ONNX MaxPool takes uint8)
};

/// Value of spatial dim `i` from `values` (rank entries in data_format order, or one per spatial
/// dim, or empty -> `fill`).
bool SpatialValue(const std::vector<int64_t> &values, size_t rank, size_t axis, size_t i,
                  int64_t fill, int64_t *out) {
  if (values.empty()) {
    *out = fill;
  } else if (values.size() == rank) {
    *out = values[axis];
  } else if (values.size() == rank - 2) {
    *out = values[i];
  } else {
    return false;
  }
  return true;
}

/// Shared body of every windowed pool: x is NCHW / NHWC (2-D) or NCDHW / NDHWC (3-D).
Status RunPool(KernelContext &ctx, bool is_max, const PoolAttrs &a) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x_in = ctx.Input(0);
  const size_t rank = DimsOf(x_in).size();
  const bool channels_last = a.format == "NHWC" || a.format == "NDHWC";
  const bool known = (rank == 4 && (a.format == "NCHW" || a.format == "NHWC")) ||
                     (rank == 5 && (a.format == "NCDHW" || a.format == "NDHWC"));
  if (!known) {
    return ctx.Error("x must be 4-D NCHW/NHWC or 5-D NCDHW/NDHWC, got " +
                     DimsToString(DimsOf(x_in)) + " with data_format \"" + a.format + "\"");
  }
  const DataType dtype = DtypeOf(x_in);
  if (dtype != DT_FLOAT && dtype != DT_DOUBLE && !(a.takes_uint8 && dtype == DT_UINT8)) {
    return UnsupportedDtype(ctx, dtype);
  }
  const size_t spatial = rank - 2;
  if (a.pads.size() != 2 * spatial) {
    return ctx.Error("pads must have " + std::to_string(2 * spatial) +
                     " elements [begin, end] per spatial dim, got " + DimsToString(a.pads));
  }
  std::vector<int64_t> to_first(rank);
  std::vector<int64_t> to_last(rank);
  for (size_t i = 0; i < rank; ++i) {
    to_first[i] = i == 0 ? 0 : (i == 1 ? static_cast<int64_t>(rank) - 1 : i - 1);
    to_last[i] = i == 0 ? 0 : (i == rank - 1 ? 1 : i + 1);
  }
  const GeTensor x = channels_last ? TransposeTensor(x_in, to_first) : x_in;
  const auto &xd = DimsOf(x);
  PoolSpec p;
  p.is_max = is_max;
  p.exclusive = a.exclusive;
  p.divisor_override = a.divisor_override;
  const std::string mode = a.global ? "VALID" : a.mode;
  for (size_t i = 0; i < spatial; ++i) {
    PoolAxis &axis = p.axes[3 - spatial + i];
    const size_t attr_axis = channels_last ? i + 1 : i + 2;
    axis.in = xd[2 + i];
    if (a.global) {
      axis.k = axis.in;
    } else if (!SpatialValue(a.ksize, rank, attr_axis, i, 1, &axis.k) ||
               !SpatialValue(a.strides, rank, attr_axis, i, 1, &axis.s) ||
               !SpatialValue(a.dilations, rank, attr_axis, i, 1, &axis.d)) {
      return ctx.Error("ksize " + DimsToString(a.ksize) + ", strides " + DimsToString(a.strides) +
                       " and dilations " + DimsToString(a.dilations) + " must have " +
                       std::to_string(rank) + " elements (or one per spatial dim)");
    }
    axis.pad_begin = a.global ? 0 : a.pads[2 * i];
    axis.pad_end = a.global ? 0 : a.pads[2 * i + 1];
    if (axis.pad_begin < 0 || axis.pad_end < 0) {
      return ctx.Error("pads must be non-negative, got " + DimsToString(a.pads));
    }
    if (PoolDim(ctx, mode, a.ceil_mode, &axis) != SUCCESS) {
      return FAILED;
    }
  }
  std::vector<int64_t> out_dims = {xd[0], xd[1]};
  for (size_t i = 0; i < spatial; ++i) out_dims.push_back(p.axes[3 - spatial + i].out);
  OutputTensor out(dtype, out_dims);
  const int64_t planes = xd[0] * xd[1];
  if (dtype == DT_FLOAT) {
    PoolPlanes(DataOf<float>(x), out.Data<float>(), planes, p);
  } else if (dtype == DT_DOUBLE) {
    PoolPlanes(DataOf<double>(x), out.Data<double>(), planes, p);
  } else {
    PoolPlanes(DataOf<uint8_t>(x), out.Data<uint8_t>(), planes, p);
  }
  GeTensor y = out.Finish();
  return ctx.SetOutput(0, channels_last ? TransposeTensor(y, to_last) : y);
}

Status PoolV3(KernelContext &ctx, bool is_max) {
  PoolAttrs a;
  a.global = ctx.GetBool("global_pooling", false);
  if (!a.global && (ctx.GetRequiredListInt("ksize", &a.ksize) != SUCCESS ||
                    ctx.GetRequiredListInt("strides", &a.strides) != SUCCESS)) {
    return FAILED;
  }
  a.divisor_override = is_max ? 0 : ctx.GetInt("divisor_override", 0);
  if (a.divisor_override < 0) {
    return ctx.Error("divisor_override must be >= 0, got " + std::to_string(a.divisor_override));
  }
  a.format = ctx.GetString("data_format", "NCHW");
  a.mode = ctx.GetString("padding_mode", "CALCULATED");
  a.pads = ctx.GetListInt("pads", {0, 0, 0, 0});
  a.dilations = ctx.GetListInt("dilations", {});
  a.ceil_mode = ctx.GetBool("ceil_mode", false);
  a.exclusive = ctx.GetBool("exclusive", true);
  a.takes_uint8 = is_max;
  return RunPool(ctx, is_max, a);
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
  PoolAttrs a;
  a.format = ctx.GetString("data_format", "NHWC");
  a.ksize = ksize;
  a.strides = strides;
  a.mode = padding;
  a.pads = {0, 0, 0, 0};
  return RunPool(ctx, is_max, a);
}

Status MaxPool(KernelContext &ctx) { return TfPool(ctx, true); }
Status AvgPool(KernelContext &ctx) { return TfPool(ctx, false); }

/// MaxPool3D / AvgPool3D: pads [front, back, top, bottom, left, right]; MaxPool3D takes TF's
/// SAME/VALID or CALCULATED, AvgPool3D always uses its pads.
Status MaxPool3D(KernelContext &ctx) {
  PoolAttrs a;
  if (ctx.GetRequiredListInt("ksize", &a.ksize) != SUCCESS ||
      ctx.GetRequiredListInt("strides", &a.strides) != SUCCESS) {
    return FAILED;
  }
  a.format = ctx.GetString("data_format", "NDHWC");
  a.mode = ctx.GetString("padding", "SAME");
  a.pads = ctx.GetListInt("pads", {0, 0, 0, 0, 0, 0});
  a.dilations = ctx.GetListInt("dilation", {});
  a.ceil_mode = ctx.GetInt("ceil_mode", 0) != 0;
  a.takes_uint8 = true;
  return RunPool(ctx, true, a);
}

Status AvgPool3D(KernelContext &ctx) {
  PoolAttrs a;
  if (ctx.GetRequiredListInt("ksize", &a.ksize) != SUCCESS ||
      ctx.GetRequiredListInt("strides", &a.strides) != SUCCESS ||
      ctx.GetRequiredListInt("pads", &a.pads) != SUCCESS) {
    return FAILED;
  }
  a.format = ctx.GetString("data_format", "NDHWC");
  a.mode = "CALCULATED";
  a.dilations = ctx.GetListInt("dilations", {});
  a.ceil_mode = ctx.GetBool("ceil_mode", false);
  a.exclusive = !ctx.GetBool("count_include_pad", true);
  a.divisor_override = ctx.GetInt("divisor_override", 0);
  if (a.divisor_override < 0) {
    return ctx.Error("divisor_override must be >= 0, got " + std::to_string(a.divisor_override));
  }
  return RunPool(ctx, false, a);
}

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
  registry.Register("MaxPool3D", KernelDef{MaxPool3D, true});
  registry.Register("AvgPool3D", KernelDef{AvgPool3D, true});
  registry.Register("GlobalAveragePool", KernelDef{GlobalAveragePool, true});
  registry.Register("GlobalMaxPool", KernelDef{GlobalMaxPool, true});
}

}  // namespace runtime
}  // namespace ge
