// Convolution kernels: Conv2D/Conv2DV2 (groups, dilations, strides, asymmetric pads, NCHW or
// NHWC) and DepthwiseConv2D, computed as im2col + blocked GEMM per image and group (ops.md §2.6).
#include <algorithm>
#include <cstring>

#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/gemm.h"
#include "runtime/kernel_registry.h"
#include "runtime/transpose_utils.h"

namespace ge {
namespace runtime {
namespace {

struct Conv2DParams {
  int64_t stride_h = 1, stride_w = 1;
  int64_t dilation_h = 1, dilation_w = 1;
  int64_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  int64_t groups = 1;
};

/// Fills one image's im2col matrix [cin_g*kh*kw, oh*ow] for channels [c0, c0+cin_g).
template <typename T>
void Im2Col(const T *image, int64_t c0, int64_t cin_g, int64_t h, int64_t w, int64_t kh, int64_t kw,
            int64_t oh, int64_t ow, const Conv2DParams &p, T *col) {
  for (int64_t c = 0; c < cin_g; ++c) {
    const T *plane = image + (c0 + c) * h * w;
    for (int64_t i = 0; i < kh; ++i) {
      for (int64_t j = 0; j < kw; ++j) {
        T *row = col + ((c * kh + i) * kw + j) * oh * ow;
        for (int64_t y = 0; y < oh; ++y) {
          const int64_t iy = y * p.stride_h - p.pad_top + i * p.dilation_h;
          T *dst = row + y * ow;
          if (iy < 0 || iy >= h) {
            std::fill(dst, dst + ow, T{0});
            continue;
          }
          const T *src = plane + iy * w;
          for (int64_t x = 0; x < ow; ++x) {
            const int64_t ix = x * p.stride_w - p.pad_left + j * p.dilation_w;
            dst[x] = (ix >= 0 && ix < w) ? src[ix] : T{0};
          }
        }
      }
    }
  }
}

/// NCHW x [n,cin,h,w], filter [cout, cin/groups, kh, kw], optional bias [cout].
template <typename T>
Status Conv2DNchw(KernelContext &ctx, const GeTensor &x, const GeTensor &filter,
                  const GeTensor *bias, const Conv2DParams &p, GeTensor *y) {
  const auto &xd = DimsOf(x);
  const auto &fd = DimsOf(filter);
  const int64_t n = xd[0], cin = xd[1], h = xd[2], w = xd[3];
  const int64_t cout = fd[0], cin_g = fd[1], kh = fd[2], kw = fd[3];
  if (p.groups <= 0 || cin % p.groups != 0 || cout % p.groups != 0) {
    return ctx.Error("groups " + std::to_string(p.groups) + " must divide input channels " +
                     std::to_string(cin) + " and output channels " + std::to_string(cout));
  }
  if (cin_g != cin / p.groups) {
    return ctx.Error("filter " + DimsToString(fd) + " expects " + std::to_string(cin_g) +
                     " input channels per group, but x " + DimsToString(xd) + " with groups " +
                     std::to_string(p.groups) + " has " + std::to_string(cin / p.groups));
  }
  if (p.stride_h <= 0 || p.stride_w <= 0 || p.dilation_h <= 0 || p.dilation_w <= 0) {
    return ctx.Error("strides and dilations must be positive");
  }
  const int64_t oh = (h + p.pad_top + p.pad_bottom - p.dilation_h * (kh - 1) - 1) / p.stride_h + 1;
  const int64_t ow = (w + p.pad_left + p.pad_right - p.dilation_w * (kw - 1) - 1) / p.stride_w + 1;
  if (oh <= 0 || ow <= 0) {
    return ctx.Error("output spatial size [" + std::to_string(oh) + ", " + std::to_string(ow) +
                     "] is not positive (x " + DimsToString(xd) + ", filter " + DimsToString(fd) +
                     ")");
  }
  if (bias != nullptr && ElementCount(DimsOf(*bias)) != cout) {
    return ctx.Error("bias " + DimsToString(DimsOf(*bias)) + " must have " + std::to_string(cout) +
                     " elements");
  }
  OutputTensor out(DtypeOf(x), {n, cout, oh, ow});
  const T *px = DataOf<T>(x);
  const T *pf = DataOf<T>(filter);
  T *py = out.Data<T>();
  const int64_t cout_g = cout / p.groups;
  const int64_t k = cin_g * kh * kw;
  const int64_t spatial = oh * ow;
  // A 1x1 stride-1 unpadded conv reads the image directly as its im2col matrix.
  const bool direct = kh == 1 && kw == 1 && p.stride_h == 1 && p.stride_w == 1 && p.pad_top == 0 &&
                      p.pad_bottom == 0 && p.pad_left == 0 && p.pad_right == 0;
  std::vector<T> col(direct ? 0 : static_cast<size_t>(k * spatial));
  for (int64_t b = 0; b < n; ++b) {
    const T *image = px + b * cin * h * w;
    for (int64_t g = 0; g < p.groups; ++g) {
      const T *cols = image + g * cin_g * h * w;
      if (!direct) {
        Im2Col(image, g * cin_g, cin_g, h, w, kh, kw, oh, ow, p, col.data());
        cols = col.data();
      }
      Gemm<T>(false, false, cout_g, spatial, k, pf + g * cout_g * k, k, cols, spatial,
              py + (b * cout + g * cout_g) * spatial, spatial, false);
    }
  }
  if (bias != nullptr) {
    const T *pb = DataOf<T>(*bias);
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t c = 0; c < cout; ++c) {
        T *plane = py + (b * cout + c) * spatial;
        for (int64_t s = 0; s < spatial; ++s) plane[s] += pb[c];
      }
    }
  }
  *y = out.Finish();
  return SUCCESS;
}

/// Reads the 4-element NCHW/NHWC attribute lists and pads into Conv2DParams.
Status ReadConvParams(KernelContext &ctx, bool nhwc, bool pads_required, Conv2DParams *p) {
  std::vector<int64_t> strides;
  if (ctx.GetRequiredListInt("strides", &strides) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> pads = ctx.GetListInt("pads", {0, 0, 0, 0});
  if (pads_required && !ctx.HasAttr("pads")) {
    return ctx.Error("required attribute 'pads' (list of int) is missing");
  }
  const std::vector<int64_t> dilations = ctx.GetListInt("dilations", {1, 1, 1, 1});
  if (strides.size() != 4 || dilations.size() != 4 || pads.size() != 4) {
    return ctx.Error("strides, dilations and pads must have 4 elements, got " +
                     std::to_string(strides.size()) + ", " + std::to_string(dilations.size()) +
                     " and " + std::to_string(pads.size()));
  }
  const size_t hi = nhwc ? 1 : 2;
  const size_t wi = nhwc ? 2 : 3;
  p->stride_h = strides[hi];
  p->stride_w = strides[wi];
  p->dilation_h = dilations[hi];
  p->dilation_w = dilations[wi];
  p->pad_top = pads[0];
  p->pad_bottom = pads[1];
  p->pad_left = pads[2];
  p->pad_right = pads[3];
  if (std::any_of(pads.begin(), pads.end(), [](int64_t v) { return v < 0; })) {
    return ctx.Error("pads must be non-negative, got " + DimsToString(pads));
  }
  p->groups = ctx.GetInt("groups", 1);
  return SUCCESS;
}

Status RunConv(KernelContext &ctx, const GeTensor &x_in, const GeTensor &filter_in,
               const GeTensor *bias, bool nhwc, bool filter_hwcn, const Conv2DParams &p) {
  const DataType dtype = DtypeOf(x_in);
  if (dtype != DT_FLOAT && dtype != DT_DOUBLE) {
    return UnsupportedDtype(ctx, dtype);
  }
  if (DtypeOf(filter_in) != dtype || (bias != nullptr && DtypeOf(*bias) != dtype)) {
    return ctx.Error("x, filter and bias must share one dtype");
  }
  if (DimsOf(x_in).size() != 4 || DimsOf(filter_in).size() != 4) {
    return ctx.Error("x and filter must be 4-D, got " + DimsToString(DimsOf(x_in)) + " and " +
                     DimsToString(DimsOf(filter_in)));
  }
  const GeTensor x = nhwc ? TransposeTensor(x_in, {0, 3, 1, 2}) : x_in;
  const GeTensor filter = filter_hwcn ? TransposeTensor(filter_in, {3, 2, 0, 1}) : filter_in;
  GeTensor y;
  const Status status = dtype == DT_FLOAT ? Conv2DNchw<float>(ctx, x, filter, bias, p, &y)
                                          : Conv2DNchw<double>(ctx, x, filter, bias, p, &y);
  if (status != SUCCESS) {
    return status;
  }
  return ctx.SetOutput(0, nhwc ? TransposeTensor(y, {0, 2, 3, 1}) : y);
}

Status Conv2D(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const std::string format =
      ctx.GetString("data_format", ctx.GetNodeType() == "Conv2DV2" ? "NCHW" : "NHWC");
  if (format != "NCHW" && format != "NHWC") {
    return ctx.Error("data_format must be NCHW or NHWC, got \"" + format + "\"");
  }
  const bool nhwc = format == "NHWC";
  const std::string pad_mode = ctx.GetString("pad_mode", "SPECIFIC");
  if (pad_mode != "SPECIFIC") {
    return ctx.Error("pad_mode \"" + pad_mode + "\" is not supported (only SPECIFIC)");
  }
  Conv2DParams p;
  if (ReadConvParams(ctx, nhwc, ctx.GetNodeType() == "Conv2D", &p) != SUCCESS) {
    return FAILED;
  }
  // The filter layout follows its port format; HWCN is the NHWC default (ops.md §2.6).
  const GeTensorDesc *fdesc = ctx.GetOpDesc().GetInputDesc(1);
  const Format ffmt = fdesc != nullptr ? fdesc->GetFormat() : FORMAT_ND;
  const bool hwcn = ffmt == FORMAT_HWCN || (nhwc && ffmt != FORMAT_NCHW);
  return RunConv(ctx, ctx.Input(0), ctx.Input(1), ctx.GetInput(2), nhwc, hwcn, p);
}

/// Depthwise conv == Conv2D with groups = C. NCHW filter [C·K, 1, kH, kW]; an HWCN-formatted
/// filter [kH, kW, C, K] is reordered to it (ops.md §2.6 PROPOSED).
Status DepthwiseConv2D(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const std::string format = ctx.GetString("data_format", "NHWC");
  if (format != "NCHW" && format != "NHWC") {
    return ctx.Error("data_format must be NCHW or NHWC, got \"" + format + "\"");
  }
  const bool nhwc = format == "NHWC";
  Conv2DParams p;
  if (ReadConvParams(ctx, nhwc, true, &p) != SUCCESS) {
    return FAILED;
  }
  const auto &xd = DimsOf(ctx.Input(0));
  if (xd.size() != 4) {
    return ctx.Error("x must be 4-D, got " + DimsToString(xd));
  }
  p.groups = nhwc ? xd[3] : xd[1];
  GeTensor filter = ctx.Input(1);
  const GeTensorDesc *fdesc = ctx.GetOpDesc().GetInputDesc(1);
  if (fdesc != nullptr && fdesc->GetFormat() == FORMAT_HWCN) {
    const auto &fd = DimsOf(filter);
    if (fd.size() != 4) {
      return ctx.Error("filter must be 4-D, got " + DimsToString(fd));
    }
    // [kH,kW,C,K] -> [C,K,kH,kW] -> [C·K,1,kH,kW].
    filter = WithDims(TransposeTensor(filter, {2, 3, 0, 1}), {fd[2] * fd[3], 1, fd[0], fd[1]});
  }
  return RunConv(ctx, ctx.Input(0), filter, ctx.GetInput(2), nhwc, false, p);
}

}  // namespace

void RegisterConvKernels(KernelRegistry &registry) {
  registry.Register("Conv2D", KernelDef{Conv2D, true});
  registry.Register("Conv2DV2", KernelDef{Conv2D, true});
  registry.Register("DepthwiseConv2D", KernelDef{DepthwiseConv2D, true});
}

}  // namespace runtime
}  // namespace ge
