// Resize: nearest, linear and cubic interpolation over every axis, with ONNX's coordinate
// transformations, nearest rounding modes, exclude_outside, extrapolation, antialiased
// downsampling and keep_aspect_ratio_policy. Separable: each output axis gets its source taps
// and weights, and an output element is the weighted sum over the product of its axes' taps.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

struct Tap {
  int64_t index;  // source index along the axis, already clamped (edge padding)
  double weight;
};

// One output coordinate of one axis: its taps, or out of range (tf_crop_and_resize).
struct AxisPoint {
  std::vector<Tap> taps;
  bool extrapolate = false;
};

struct ResizeAttrs {
  std::string mode;
  std::string coordinate_mode;
  std::string nearest_mode;
  double cubic_a;
  bool exclude_outside;
  bool antialias;
};

/// The cubic convolution kernel with parameter a at distance x.
double CubicKernel(double x, double a) {
  x = std::fabs(x);
  if (x <= 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
  if (x < 2.0) return ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a;
  return 0.0;
}

/// Source coordinate of output coordinate `x` (ONNX's coordinate_transformation_mode).
/// Source coordinate of output coordinate `x` (ONNX's coordinate_transformation_mode). Like
/// ONNX's reference, align_corners, pytorch_half_pixel and tf_crop_and_resize use the
/// unrounded output length scale * in.
double SourceCoordinate(const std::string &mode, double x, double scale, int64_t in, int64_t out,
                        double roi_start, double roi_end) {
  const double length = scale * static_cast<double>(in);
  const double span = static_cast<double>(in - 1);
  if (mode == "asymmetric") return x / scale;
  if (mode == "align_corners") return length == 1.0 ? 0.0 : x * span / (length - 1.0);
  if (mode == "pytorch_half_pixel") return length == 1.0 ? -0.5 : (x + 0.5) / scale - 0.5;
  if (mode == "tf_crop_and_resize") {
    return length == 1.0 ? 0.5 * (roi_start + roi_end) * span
                         : roi_start * span + x * (roi_end - roi_start) * span / (length - 1.0);
  }
  if (mode == "half_pixel_symmetric") {
    const double offset = static_cast<double>(in) / 2.0 * (1.0 - static_cast<double>(out) / length);
    return offset + (x + 0.5) / scale - 0.5;
  }
  return (x + 0.5) / scale - 0.5;  // half_pixel
}

/// Taps of one output coordinate: the neighbours of the source coordinate as ONNX's reference
/// picks them (an integral coordinate counts as the right end of the interval before it).
AxisPoint AxisTaps(const ResizeAttrs &attrs, double src, double scale, int64_t in, bool crop) {
  AxisPoint point;
  if (crop && (src < 0.0 || src > static_cast<double>(in - 1))) {
    point.extrapolate = true;
    return point;
  }
  const double floor_src = std::floor(src);
  const bool integral = floor_src == src;
  const int64_t base = static_cast<int64_t>(floor_src) - (integral ? 1 : 0);
  const double ratio = integral ? 1.0 : src - floor_src;
  std::vector<std::pair<int64_t, double>> raw;
  if (attrs.mode == "nearest") {
    bool right = true;
    if (!integral) {
      if (attrs.nearest_mode == "round_prefer_ceil")
        right = ratio >= 0.5;
      else if (attrs.nearest_mode == "floor")
        right = false;
      else if (attrs.nearest_mode == "ceil")
        right = true;
      else
        right = ratio > 0.5;  // round_prefer_floor
    }
    raw.emplace_back(base + (right ? 1 : 0), 1.0);
  } else {
    // Antialiased downsampling widens the kernel by 1 / scale; upsampling keeps it.
    const double s = attrs.antialias && scale < 1.0 ? scale : 1.0;
    const bool linear = attrs.mode == "linear";
    const int64_t start = static_cast<int64_t>(std::floor((linear ? -1.0 : -2.0) / s)) + 1;
    const int64_t end = (linear ? 1 : 2) - start + 1;
    double sum = 0.0;
    for (int64_t i = start; i < end; ++i) {
      const double d = s * (static_cast<double>(i) - ratio);
      const double w = linear ? std::max(0.0, 1.0 - std::fabs(d)) : CubicKernel(d, attrs.cubic_a);
      raw.emplace_back(base + i, w);
      sum += w;
    }
    if (attrs.antialias && sum != 0.0) {
      for (auto &tap : raw) tap.second /= sum;
    }
  }
  if (attrs.exclude_outside) {
    double sum = 0.0;
    for (auto &tap : raw) {
      if (tap.first < 0 || tap.first >= in) tap.second = 0.0;
      sum += tap.second;
    }
    for (auto &tap : raw) tap.second = sum != 0.0 ? tap.second / sum : 0.0;
  }
  for (const auto &tap : raw) {
    if (tap.second != 0.0) {
      point.taps.push_back({std::min(std::max<int64_t>(tap.first, 0), in - 1), tap.second});
    }
  }
  return point;
}

/// The values of optional input `index` (roi and scales: float32/float64, halves staged as
/// float; sizes: int64); empty when absent or empty.
Status ReadDoubles(KernelContext &ctx, size_t index, std::vector<double> *values) {
  values->clear();
  const GeTensor *t = ctx.GetInput(index);
  if (t == nullptr) {
    return SUCCESS;
  }
  const DataType dtype = DtypeOf(*t);
  const bool ok = index == 3 ? dtype == DT_INT64 : (dtype == DT_FLOAT || dtype == DT_DOUBLE);
  if (!ok) {
    return UnsupportedDtype(ctx, dtype);
  }
  if (ElementCount(DimsOf(*t)) == 0) {
    return SUCCESS;
  }
  GeTensor as_double;
  if (ConvertTensor(*t, DT_DOUBLE, &as_double) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  const double *p = DataOf<double>(as_double);
  values->assign(p, p + ElementCount(DimsOf(as_double)));
  return SUCCESS;
}

/// Output dims and per-axis scales from sizes or scales over `axes` (all axes when empty).
Status OutputGeometry(KernelContext &ctx, const std::vector<int64_t> &in_dims,
                      std::vector<int64_t> *out_dims, std::vector<double> *scales) {
  const int64_t rank = static_cast<int64_t>(in_dims.size());
  std::vector<int64_t> axes = ctx.GetListInt("axes", {});
  if (axes.empty()) {
    for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
  }
  for (int64_t &axis : axes) {
    if (NormalizeAxis(ctx, axis, rank, "axes", &axis) != SUCCESS) {
      return FAILED;
    }
  }
  std::vector<double> scale_values;
  std::vector<double> size_values;
  if (ReadDoubles(ctx, 2, &scale_values) != SUCCESS ||
      ReadDoubles(ctx, 3, &size_values) != SUCCESS) {
    return FAILED;
  }
  *out_dims = in_dims;
  scales->assign(static_cast<size_t>(rank), 1.0);
  if (!size_values.empty()) {
    if (size_values.size() != axes.size()) {
      return ctx.Error("sizes has " + std::to_string(size_values.size()) + " values for " +
                       std::to_string(axes.size()) + " axes");
    }
    const std::string policy = ctx.GetString("keep_aspect_ratio_policy", "stretch");
    double common = policy == "not_smaller" ? 0.0 : 1e300;
    for (size_t i = 0; i < axes.size(); ++i) {
      const double s = size_values[i] / static_cast<double>(in_dims[static_cast<size_t>(axes[i])]);
      common = policy == "not_smaller" ? std::max(common, s) : std::min(common, s);
    }
    for (size_t i = 0; i < axes.size(); ++i) {
      const size_t axis = static_cast<size_t>(axes[i]);
      if (policy == "stretch") {
        (*out_dims)[axis] = static_cast<int64_t>(size_values[i]);
        (*scales)[axis] = size_values[i] / static_cast<double>(in_dims[axis]);
      } else {
        (*out_dims)[axis] =
            static_cast<int64_t>(std::floor(common * static_cast<double>(in_dims[axis]) + 0.5));
        (*scales)[axis] = common;
      }
    }
    return SUCCESS;
  }
  if (scale_values.size() != axes.size()) {
    return ctx.Error("scales has " + std::to_string(scale_values.size()) + " values for " +
                     std::to_string(axes.size()) + " axes (give scales or sizes)");
  }
  for (size_t i = 0; i < axes.size(); ++i) {
    const size_t axis = static_cast<size_t>(axes[i]);
    if (scale_values[i] <= 0.0) {
      return ctx.Error("scales must be > 0");
    }
    (*scales)[axis] = scale_values[i];
    (*out_dims)[axis] =
        static_cast<int64_t>(std::floor(static_cast<double>(in_dims[axis]) * scale_values[i]));
  }
  return SUCCESS;
}

Status Resize(KernelContext &ctx) {
  if (ctx.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const DataType dtype = DtypeOf(x);
  if (dtype != DT_FLOAT && dtype != DT_DOUBLE) {
    return UnsupportedDtype(ctx, dtype);
  }
  ResizeAttrs attrs{ctx.GetString("mode", "nearest"),
                    ctx.GetString("coordinate_transformation_mode", "half_pixel"),
                    ctx.GetString("nearest_mode", "round_prefer_floor"),
                    ctx.GetFloat("cubic_coeff_a", -0.75F),
                    ctx.GetInt("exclude_outside", 0) != 0,
                    ctx.GetBool("antialias", false)};
  if (attrs.mode != "nearest" && attrs.mode != "linear" && attrs.mode != "cubic") {
    return ctx.Error("mode must be nearest, linear or cubic, got \"" + attrs.mode + "\"");
  }
  const std::vector<int64_t> &in_dims = DimsOf(x);
  const size_t rank = in_dims.size();
  std::vector<int64_t> out_dims;
  std::vector<double> scales;
  std::vector<double> roi;
  if (OutputGeometry(ctx, in_dims, &out_dims, &scales) != SUCCESS ||
      ReadDoubles(ctx, 1, &roi) != SUCCESS) {
    return FAILED;
  }
  // roi holds the starts then the ends of the resized axes (`axes`, else all).
  const bool crop = attrs.coordinate_mode == "tf_crop_and_resize";
  std::vector<double> roi_start(rank, 0.0);
  std::vector<double> roi_end(rank, 1.0);
  if (crop) {
    std::vector<int64_t> axes = ctx.GetListInt("axes", {});
    if (axes.empty()) {
      for (size_t d = 0; d < rank; ++d) axes.push_back(static_cast<int64_t>(d));
    }
    if (roi.size() != 2 * axes.size()) {
      return ctx.Error("tf_crop_and_resize needs roi with " + std::to_string(2 * axes.size()) +
                       " values (start and end per resized axis), got " +
                       std::to_string(roi.size()));
    }
    for (size_t i = 0; i < axes.size(); ++i) {
      int64_t axis = 0;
      if (NormalizeAxis(ctx, axes[i], static_cast<int64_t>(rank), "axes", &axis) != SUCCESS) {
        return FAILED;
      }
      roi_start[static_cast<size_t>(axis)] = roi[i];
      roi_end[static_cast<size_t>(axis)] = roi[i + axes.size()];
    }
  }
  std::vector<std::vector<AxisPoint>> points(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (out_dims[d] < 0) {
      return ctx.Error("output dim " + std::to_string(d) + " is negative");
    }
    for (int64_t o = 0; o < out_dims[d]; ++o) {
      const double src = SourceCoordinate(attrs.coordinate_mode, static_cast<double>(o), scales[d],
                                          in_dims[d], out_dims[d], roi_start[d], roi_end[d]);
      points[d].push_back(AxisTaps(attrs, src, scales[d], in_dims[d], crop));
    }
  }
  std::vector<int64_t> in_strides(rank, 1);
  for (size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * in_dims[d];
  const double extrapolation = ctx.GetFloat("extrapolation_value", 0.0F);
  auto value = [&](int64_t i) {
    return dtype == DT_FLOAT ? static_cast<double>(DataOf<float>(x)[i]) : DataOf<double>(x)[i];
  };
  OutputTensor out(dtype, out_dims);
  const int64_t count = ElementCount(out_dims);
  std::vector<int64_t> coord(rank, 0);
  std::vector<size_t> tap(rank, 0);
  for (int64_t e = 0; e < count; ++e) {
    bool outside = false;
    bool empty = false;
    for (size_t d = 0; d < rank; ++d) {
      const AxisPoint &point = points[d][static_cast<size_t>(coord[d])];
      outside = outside || point.extrapolate;
      empty = empty || point.taps.empty();
    }
    double sum = 0.0;
    if (!outside && !empty) {
      // Odometer over the product of this element's taps per axis.
      std::fill(tap.begin(), tap.end(), 0);
      bool done = false;
      while (!done) {
        double w = 1.0;
        int64_t offset = 0;
        for (size_t d = 0; d < rank; ++d) {
          const Tap &t = points[d][static_cast<size_t>(coord[d])].taps[tap[d]];
          w *= t.weight;
          offset += t.index * in_strides[d];
        }
        sum += w * value(offset);
        done = true;
        for (size_t d = rank; d-- > 0;) {
          if (++tap[d] < points[d][static_cast<size_t>(coord[d])].taps.size()) {
            done = false;
            break;
          }
          tap[d] = 0;
        }
      }
    }
    const double y = outside ? extrapolation : sum;
    if (dtype == DT_FLOAT) {
      out.Data<float>()[e] = static_cast<float>(y);
    } else {
      out.Data<double>()[e] = y;
    }
    for (size_t d = rank; d-- > 0;) {
      if (++coord[d] < out_dims[d]) break;
      coord[d] = 0;
    }
  }
  return ctx.SetOutput(0, out.Finish());
}

}  // namespace

void RegisterResizeKernels(KernelRegistry &registry) {
  registry.Register("Resize", KernelDef{Resize, true});
}

}  // namespace runtime
}  // namespace ge
