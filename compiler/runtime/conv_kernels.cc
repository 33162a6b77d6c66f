// Convolution kernels: Conv2D/Conv2DV2 (groups, dilations, strides, asymmetric pads, NCHW or
// NHWC) and DepthwiseConv2D, computed as im2col + blocked GEMM per image and group; and
// Conv2DTranspose / Conv3DTranspose (NCHW / NCDHW, a direct scatter).
// Bias and the build-time fused activation (`_fused_activation`, see
// pipeline/conv_activation_fusion.h) are applied to each image/group block right after its GEMM,
// while it is still in cache.
#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "common/error.h"
#include "ops/fused_activation.h"
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
  bool relu = false;  // `_fused_activation` = "Relu"
};

/// Per-thread im2col buffer (fully overwritten by Im2Col): no allocation or zero-fill per call.
template <typename T>
T *ColBuffer(size_t count) {
  thread_local std::vector<T> buffer;
  if (buffer.size() < count) {
    buffer.resize(count);
  }
  return buffer.data();
}

/// Per-thread buffer for a multi-image GEMM result before it is scattered to the NCHW planes.
template <typename T>
T *StageBuffer(size_t count) {
  thread_local std::vector<T> buffer;
  if (buffer.size() < count) {
    buffer.resize(count);
  }
  return buffer.data();
}

/// Columns one conv GEMM aims for when images are batched (see Conv2DNchw); keeps the packed
/// B of a 3x3x32 conv (288 x 512 floats) within L2.
constexpr int64_t kTargetColumns = 512;

/// `channels` planes of `spatial` values: dst[c] = src[c] + bias[c] (when given), then max(v, 0)
/// when `relu` (v > 0 ? v : 0, so NaN gives 0 as the Relu kernel does). src rows are `ld` apart;
/// dst planes are dense. dst may equal src (in place).
template <typename T>
void BiasActivate(T *dst, const T *src, int64_t channels, int64_t spatial, int64_t ld,
                  const T *bias, bool relu) {
  for (int64_t c = 0; c < channels; ++c) {
    T *out = dst + c * spatial;
    const T *in = src + c * ld;
    const T add = bias != nullptr ? bias[c] : T{0};
    int64_t s = 0;
#if defined(__SSE__)
    if constexpr (std::is_same<T, float>::value) {
      const __m128 zero = _mm_setzero_ps();
      const __m128 vb = _mm_set1_ps(add);
      for (; s + 4 <= spatial; s += 4) {
        const __m128 v = _mm_add_ps(_mm_loadu_ps(in + s), vb);
        _mm_storeu_ps(out + s, relu ? _mm_max_ps(v, zero) : v);
      }
    }
#endif
    for (; s < spatial; ++s) {
      const T v = in[s] + add;
      out[s] = relu ? (v > T{0} ? v : T{0}) : v;
    }
  }
}

/// First output column x whose input column x·stride − pad + offset is >= 0, and the end of the
/// columns whose input stays < `w` (the valid range of one kernel tap along a row).
void ValidRange(int64_t out, int64_t in, int64_t stride, int64_t pad, int64_t offset, int64_t *lo,
                int64_t *hi) {
  const int64_t shift = pad - offset;  // input index = x·stride − shift
  *lo = shift <= 0 ? 0 : (shift + stride - 1) / stride;
  *hi = in + shift <= 0 ? 0 : std::min(out, (in + shift - 1) / stride + 1);
  *lo = std::min(*lo, out);
  *hi = std::max(*hi, *lo);
}

/// dst[x] = src[x·stride] for x < count; `avail` elements of src may be read (the rest of the
/// input row). Stride 2 (strided convs, e.g. a ResNet stem) takes the even lanes of two SSE loads
/// while the 8 floats they read stay inside the row.
template <typename T>
void CopyStrided(const T *src, int64_t stride, int64_t avail, T *dst, int64_t count) {
  int64_t x = 0;
#if defined(__SSE__)
  if constexpr (std::is_same<T, float>::value) {
    if (stride == 2) {
      for (; x + 4 <= count && 2 * x + 8 <= avail; x += 4) {
        const __m128 lo = _mm_loadu_ps(src + 2 * x);
        const __m128 hi = _mm_loadu_ps(src + 2 * x + 4);
        _mm_storeu_ps(dst + x, _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)));
      }
    }
  }
#endif
  for (; x < count; ++x) dst[x] = src[x * stride];
}

/// Writes the im2col row of kernel tap (i, j) of one input `plane` [h, w]: oh·ow values, padding
/// taps as 0, the valid run of each output row copied without per-element bounds checks.
/// The valid output columns [x0, x1) of one horizontal kernel tap and the input column of x0.
struct TapRange {
  int64_t x0 = 0, x1 = 0, src0 = 0;
};

TapRange HorizontalTap(int64_t j, int64_t w, int64_t ow, const Conv2DParams &p) {
  TapRange t;
  ValidRange(ow, w, p.stride_w, p.pad_left, j * p.dilation_w, &t.x0, &t.x1);
  t.src0 = t.x0 * p.stride_w - p.pad_left + j * p.dilation_w;
  return t;
}

template <typename T>
void Im2ColRow(const T *plane, int64_t i, const TapRange &tap, int64_t h, int64_t w, int64_t oh,
               int64_t ow, const Conv2DParams &p, T *dst) {
  const int64_t x0 = tap.x0, x1 = tap.x1, src0 = tap.src0;
  for (int64_t y = 0; y < oh; ++y, dst += ow) {
    const int64_t iy = y * p.stride_h - p.pad_top + i * p.dilation_h;
    if (iy < 0 || iy >= h || x1 == x0) {
      std::fill(dst, dst + ow, T{0});
      continue;
    }
    std::fill(dst, dst + x0, T{0});
    const T *src = plane + iy * w + src0;
    if (p.stride_w == 1) {
      std::memcpy(dst + x0, src, static_cast<size_t>(x1 - x0) * sizeof(T));
    } else {
      CopyStrided(src, p.stride_w, w - src0, dst + x0, x1 - x0);
    }
    std::fill(dst + x1, dst + ow, T{0});
  }
}

/// The shape of one conv GEMM: `images` images side by side, group `g`.
struct ConvBlock {
  const int64_t *xd;  // x dims [n, cin, h, w]
  int64_t kh, kw, oh, ow, cin_g;
};

/// B of one conv GEMM, [cin_g·kh·kw, images·oh·ow], images b0.. of x, channels of group g. float
/// writes each row straight into the packed GEMM layout (GemmPackedB); other types build the
/// row-major matrix for Gemm.
template <typename T>
void BuildColumns(const T *px, const ConvBlock &cb, const Conv2DParams &p, int64_t b0,
                  int64_t images, int64_t g, T *col, T *row) {
  const int64_t cin = cb.xd[1], h = cb.xd[2], w = cb.xd[3];
  const int64_t spatial = cb.oh * cb.ow;
  const int64_t k = cb.cin_g * cb.kh * cb.kw;
  const int64_t cols = images * spatial;
  std::vector<TapRange> taps(static_cast<size_t>(cb.kw));
  for (int64_t j = 0; j < cb.kw; ++j) taps[static_cast<size_t>(j)] = HorizontalTap(j, w, cb.ow, p);
  for (int64_t c = 0; c < cb.cin_g; ++c) {
    for (int64_t i = 0; i < cb.kh; ++i) {
      for (int64_t j = 0; j < cb.kw; ++j) {
        const int64_t r = (c * cb.kh + i) * cb.kw + j;
        T *dst = std::is_same<T, float>::value ? row : col + r * cols;
        for (int64_t b = 0; b < images; ++b) {
          const T *plane = px + (((b0 + b) * cin) + g * cb.cin_g + c) * h * w;
          Im2ColRow(plane, i, taps[static_cast<size_t>(j)], h, w, cb.oh, cb.ow, p,
                    dst + b * spatial);
        }
        if constexpr (std::is_same<T, float>::value) {
          PackBRow(row, r, k, cols, col);
        }
      }
    }
  }
}

/// C[M, cols] = filter_g · B for the B that BuildColumns wrote.
template <typename T>
void ConvGemm(int64_t m, int64_t cols, int64_t k, const T *filter_g, const T *col, T *c,
              int64_t ldc) {
  if constexpr (std::is_same<T, float>::value) {
    GemmPackedB(m, cols, k, filter_g, k, col, c, ldc, false);
  } else {
    Gemm<T>(false, false, m, cols, k, filter_g, k, col, cols, c, ldc, false);
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
  const bool direct = kh == 1 && kw == 1 && p.stride_h == 1 && p.stride_w == 1 && p.pad_top == 0 &&
                      p.pad_bottom == 0 && p.pad_left == 0 && p.pad_right == 0;
  const T *pb = bias != nullptr ? DataOf<T>(*bias) : nullptr;
  if (direct) {
    // A 1x1 stride-1 unpadded conv reads each image directly as its im2col matrix.
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t g = 0; g < p.groups; ++g) {
        T *block = py + (b * cout + g * cout_g) * spatial;
        Gemm<T>(false, false, cout_g, spatial, k, pf + g * cout_g * k, k,
                px + (b * cin + g * cin_g) * h * w, spatial, block, spatial, false);
        if (pb != nullptr || p.relu) {
          BiasActivate(block, block, cout_g, spatial, spatial,
                       pb == nullptr ? nullptr : pb + g * cout_g, p.relu);
        }
      }
    }
  } else {
    // Small feature maps make per-image GEMMs too narrow to run well, so `chunk` images share
    // one GEMM of about kTargetColumns columns; its [cout_g, chunk·spatial] result is then
    // scattered to the NCHW planes together with bias and activation.
    const int64_t chunk = std::max<int64_t>(1, std::min<int64_t>(n, kTargetColumns / spatial));
    const int64_t ld = chunk * spatial;
    const size_t col_size =
        std::is_same<T, float>::value ? PackedBSize(k, ld) : static_cast<size_t>(k * ld);
    T *col = ColBuffer<T>(col_size);
    T *row = StageBuffer<T>(static_cast<size_t>(ld) + (chunk > 1 ? cout_g * ld : 0));
    T *staged = chunk > 1 ? row + ld : nullptr;
    const ConvBlock cb{xd.data(), kh, kw, oh, ow, cin_g};
    for (int64_t b0 = 0; b0 < n; b0 += chunk) {
      const int64_t images = std::min(chunk, n - b0);
      const int64_t cols = images * spatial;
      for (int64_t g = 0; g < p.groups; ++g) {
        BuildColumns(px, cb, p, b0, images, g, col, row);
        const T *bias_g = pb == nullptr ? nullptr : pb + g * cout_g;
        if (staged == nullptr) {
          T *block = py + (b0 * cout + g * cout_g) * spatial;
          ConvGemm(cout_g, spatial, k, pf + g * cout_g * k, col, block, spatial);
          if (pb != nullptr || p.relu) {
            BiasActivate(block, block, cout_g, spatial, spatial, bias_g, p.relu);
          }
          continue;
        }
        ConvGemm(cout_g, cols, k, pf + g * cout_g * k, col, staged, cols);
        for (int64_t b = 0; b < images; ++b) {
          BiasActivate(py + ((b0 + b) * cout + g * cout_g) * spatial, staged + b * spatial, cout_g,
                       spatial, cols, bias_g, p.relu);
        }
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
  const std::string activation = ctx.GetString(kAttrFusedActivation, "");
  if (!activation.empty() && activation != "Relu") {
    return ctx.Error(std::string("attribute '") + kAttrFusedActivation + "' is \"" + activation +
                     "\"; the host runtime supports \"Relu\" or none");
  }
  p->relu = activation == "Relu";
  return SUCCESS;
}

Status RunConv(KernelContext &ctx, const GeTensor &x_in, const GeTensor &filter_in,
               const GeTensor *bias, bool nhwc, bool filter_hwcn, const Conv2DParams &p) {
  const DataType dtype = DtypeOf(x_in);
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
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
  // The filter layout follows its port format; HWCN is the NHWC default.
  const GeTensorDesc *fdesc = ctx.GetOpDesc().GetInputDesc(1);
  const Format ffmt = fdesc != nullptr ? fdesc->GetFormat() : FORMAT_ND;
  const bool hwcn = ffmt == FORMAT_HWCN || (nhwc && ffmt != FORMAT_NCHW);
  return RunConv(ctx, ctx.Input(0), ctx.Input(1), ctx.GetInput(2), nhwc, hwcn, p);
}

/// Depthwise conv == Conv2D with groups = C. NCHW filter [C·K, 1, kH, kW]; an HWCN-formatted
/// filter [kH, kW, C, K] is reordered to it (docs/op_catalog.md).
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

/// Conv2DTranspose (NCHW): each x element scatters x * filter into y, whose shape input_size
/// gives (so output_padding needs no separate handling: the extra rows only get the bias).
/// Conv2DTranspose (NCHW) and Conv3DTranspose (NCDHW): every x element scatters x * filter to
/// y[input_size]; a 2-D op runs as a 3-D one with a depth of 1.
Status ConvTransposeNd(KernelContext &ctx, size_t spatial) {
  const size_t rank = spatial + 2;
  std::vector<int64_t> size;
  std::vector<int64_t> strides;
  std::vector<int64_t> pads;
  if (ctx.RequireInputs(3) != SUCCESS || ctx.ReadIndexInput(0, "input_size", &size) != SUCCESS ||
      ctx.GetRequiredListInt("strides", &strides) != SUCCESS ||
      ctx.GetRequiredListInt("pads", &pads) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> dilations = ctx.GetListInt("dilations", std::vector<int64_t>(rank, 1));
  const int64_t groups = ctx.GetInt("groups", 1);
  // x, filter and bias share one dtype; halves are computed in float and rounded back once.
  const DataType dtype = DtypeOf(ctx.Input(1));
  const bool half = dtype == DT_FLOAT16 || dtype == DT_BF16;
  if ((!half && dtype != DT_FLOAT && dtype != DT_DOUBLE) || DtypeOf(ctx.Input(2)) != dtype ||
      (ctx.GetInput(3) != nullptr && DtypeOf(*ctx.GetInput(3)) != dtype)) {
    return UnsupportedDtype(ctx, dtype);
  }
  GeTensor staged[3];
  for (size_t i = 0; i < 3 && half; ++i) {
    if (ctx.GetInput(i + 1) != nullptr &&
        ConvertTensor(*ctx.GetInput(i + 1), DT_FLOAT, &staged[i]) != SUCCESS) {
      return ctx.Error(GetLastError());
    }
  }
  const GeTensor &x = half ? staged[0] : ctx.Input(1);
  const GeTensor &w = half ? staged[1] : ctx.Input(2);
  const GeTensor *bias =
      ctx.GetInput(3) == nullptr ? nullptr : (half ? &staged[2] : ctx.GetInput(3));
  const auto &xd = DimsOf(x);
  const auto &wd = DimsOf(w);
  const std::string format = spatial == 3 ? "NCDHW" : "NCHW";
  if (ctx.GetString("data_format", format) != format || xd.size() != rank || wd.size() != rank ||
      size.size() != rank || strides.size() != rank || pads.size() != 2 * spatial ||
      dilations.size() != rank || groups < 1 || xd[1] != wd[0] || xd[1] % groups != 0 ||
      size[0] != xd[0] || size[1] != wd[1] * groups ||
      (bias != nullptr && ElementCount(DimsOf(*bias)) != size[1])) {
    return ctx.Error("inconsistent " + ctx.GetNodeType() + ": x " + DimsToString(xd) + ", filter " +
                     DimsToString(wd) + ", input_size " + DimsToString(size) + ", groups " +
                     std::to_string(groups) + " (" + format + ", " + std::to_string(rank) +
                     "-element strides/dilations, " + std::to_string(2 * spatial) + " pads)");
  }
  // Per spatial axis (depth, height, width; a 2-D op has depth 1): in, kernel, out, stride,
  // leading pad, dilation.
  int64_t in[3] = {1, 1, 1}, k[3] = {1, 1, 1}, o[3] = {1, 1, 1};
  int64_t st[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, dl[3] = {1, 1, 1};
  for (size_t i = 0; i < spatial; ++i) {
    const size_t a = 3 - spatial + i;
    in[a] = xd[2 + i];
    k[a] = wd[2 + i];
    o[a] = size[2 + i];
    st[a] = strides[2 + i];
    pd[a] = pads[2 * i];
    dl[a] = dilations[2 + i];
  }
  const DataType compute = half ? DT_FLOAT : dtype;
  const int64_t n = xd[0], cin = xd[1], cout_g = wd[1], cout = size[1];
  const int64_t cin_g = cin / groups;
  const int64_t in_volume = in[0] * in[1] * in[2];
  const int64_t k_volume = k[0] * k[1] * k[2];
  const int64_t out_volume = o[0] * o[1] * o[2];
  auto value = [compute](const GeTensor &t, int64_t i) {
    return compute == DT_FLOAT ? static_cast<double>(DataOf<float>(t)[i]) : DataOf<double>(t)[i];
  };
  std::vector<double> y(static_cast<size_t>(n * cout * out_volume), 0.0);
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t ci = 0; ci < cin; ++ci) {
      const int64_t g = ci / cin_g;
      for (int64_t e = 0; e < in_volume; ++e) {
        const int64_t pos[3] = {e / (in[1] * in[2]), (e / in[2]) % in[1], e % in[2]};
        const double v = value(x, (b * cin + ci) * in_volume + e);
        for (int64_t co = 0; co < cout_g; ++co) {
          const int64_t oc = g * cout_g + co;
          const int64_t filter = (ci * cout_g + co) * k_volume;
          double *plane = y.data() + (b * cout + oc) * out_volume;
          for (int64_t t = 0; t < k_volume; ++t) {
            const int64_t tap[3] = {t / (k[1] * k[2]), (t / k[2]) % k[1], t % k[2]};
            int64_t at = 0;
            bool inside = true;
            for (size_t a = 0; a < 3 && inside; ++a) {
              const int64_t c = pos[a] * st[a] - pd[a] + tap[a] * dl[a];
              inside = c >= 0 && c < o[a];
              at = at * o[a] + c;
            }
            if (inside) plane[at] += v * value(w, filter + t);
          }
        }
      }
    }
  }
  OutputTensor out(compute, size);
  for (size_t i = 0; i < y.size(); ++i) {
    const int64_t oc = (static_cast<int64_t>(i) / out_volume) % cout;
    const double with_bias = y[i] + (bias != nullptr ? value(*bias, oc) : 0.0);
    if (compute == DT_FLOAT) {
      out.Data<float>()[i] = static_cast<float>(with_bias);
    } else {
      out.Data<double>()[i] = with_bias;
    }
  }
  if (!half) {
    return ctx.SetOutput(0, out.Finish());
  }
  GeTensor rounded;
  if (ConvertTensor(out.Finish(), dtype, &rounded) != SUCCESS) {
    return ctx.Error(GetLastError());
  }
  return ctx.SetOutput(0, rounded);
}

Status Conv2DTranspose(KernelContext &ctx) { return ConvTransposeNd(ctx, 2); }
Status Conv3DTranspose(KernelContext &ctx) { return ConvTransposeNd(ctx, 3); }

}  // namespace

void RegisterConvKernels(KernelRegistry &registry) {
  registry.Register("Conv2D", KernelDef{Conv2D, true});
  registry.Register("Conv2DV2", KernelDef{Conv2D, true});
  registry.Register("DepthwiseConv2D", KernelDef{DepthwiseConv2D, true});
  registry.Register("Conv2DTranspose", KernelDef{Conv2DTranspose, false});  // stages halves itself
  registry.Register("Conv3DTranspose", KernelDef{Conv3DTranspose, false});
}

}  // namespace runtime
}  // namespace ge
