// Conv3D: a direct 3-D convolution (groups, strides, dilations, pads [front, back, top, bottom,
// left, right]) over NCDHW data with an [Cout, Cin / groups, kD, kH, kW] filter; NDHWC data (filter
// DHWCN) runs through transposes. Accumulates in double.
#include <string>
#include <vector>

#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"
#include "runtime/transpose_utils.h"

namespace ge {
namespace runtime {
namespace {

struct Conv3DShape {
  int64_t n, cin, cout, groups;
  int64_t in[3], k[3], out[3], stride[3], dilation[3], pad[3];
};

template <typename T>
void Conv3DNcdhw(const T *x, const T *w, const T *bias, const Conv3DShape &s, T *y) {
  const int64_t cin_g = s.cin / s.groups;
  const int64_t cout_g = s.cout / s.groups;
  const int64_t in_plane = s.in[0] * s.in[1] * s.in[2];
  const int64_t k_volume = s.k[0] * s.k[1] * s.k[2];
  for (int64_t b = 0; b < s.n; ++b) {
    for (int64_t co = 0; co < s.cout; ++co) {
      const int64_t g = co / cout_g;
      const T *filter = w + co * cin_g * k_volume;
      for (int64_t od = 0; od < s.out[0]; ++od) {
        for (int64_t oh = 0; oh < s.out[1]; ++oh) {
          for (int64_t ow = 0; ow < s.out[2]; ++ow, ++y) {
            double acc = bias == nullptr ? 0.0 : static_cast<double>(bias[co]);
            for (int64_t ci = 0; ci < cin_g; ++ci) {
              const T *plane = x + (b * s.cin + g * cin_g + ci) * in_plane;
              const T *taps = filter + ci * k_volume;
              for (int64_t kd = 0; kd < s.k[0]; ++kd) {
                const int64_t id = od * s.stride[0] - s.pad[0] + kd * s.dilation[0];
                if (id < 0 || id >= s.in[0]) continue;
                for (int64_t kh = 0; kh < s.k[1]; ++kh) {
                  const int64_t ih = oh * s.stride[1] - s.pad[1] + kh * s.dilation[1];
                  if (ih < 0 || ih >= s.in[1]) continue;
                  const T *row = plane + (id * s.in[1] + ih) * s.in[2];
                  const T *tap_row = taps + (kd * s.k[1] + kh) * s.k[2];
                  for (int64_t kw = 0; kw < s.k[2]; ++kw) {
                    const int64_t iw = ow * s.stride[2] - s.pad[2] + kw * s.dilation[2];
                    if (iw < 0 || iw >= s.in[2]) continue;
                    acc += static_cast<double>(row[iw]) * static_cast<double>(tap_row[kw]);
                  }
                }
              }
            }
            *y = static_cast<T>(acc);
          }
        }
      }
    }
  }
}

Status Conv3D(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const std::string format = ctx.GetString("data_format", "NDHWC");
  if (format != "NCDHW" && format != "NDHWC") {
    return ctx.Error("data_format must be NCDHW or NDHWC, got \"" + format + "\"");
  }
  const bool channels_last = format == "NDHWC";
  const GeTensor &x_in = ctx.Input(0);
  const GeTensor &w_in = ctx.Input(1);
  const GeTensor *bias = ctx.GetInput(2);
  const DataType dtype = DtypeOf(x_in);
  if (RequireFloatOrDouble(ctx, dtype) != SUCCESS) {
    return FAILED;
  }
  if (DtypeOf(w_in) != dtype || (bias != nullptr && DtypeOf(*bias) != dtype)) {
    return ctx.Error("x, filter and bias must share one dtype");
  }
  if (DimsOf(x_in).size() != 5 || DimsOf(w_in).size() != 5) {
    return ctx.Error("x and filter must be 5-D, got " + DimsToString(DimsOf(x_in)) + " and " +
                     DimsToString(DimsOf(w_in)));
  }
  std::vector<int64_t> strides;
  std::vector<int64_t> pads;
  if (ctx.GetRequiredListInt("strides", &strides) != SUCCESS ||
      ctx.GetRequiredListInt("pads", &pads) != SUCCESS) {
    return FAILED;
  }
  const std::vector<int64_t> dilations = ctx.GetListInt("dilations", {1, 1, 1, 1, 1});
  if (strides.size() != 5 || dilations.size() != 5 || pads.size() != 6) {
    return ctx.Error("strides and dilations need 5 elements and pads 6, got " +
                     DimsToString(strides) + ", " + DimsToString(dilations) + " and " +
                     DimsToString(pads));
  }
  const GeTensor x = channels_last ? TransposeTensor(x_in, {0, 4, 1, 2, 3}) : x_in;
  const GeTensor w = channels_last ? TransposeTensor(w_in, {4, 3, 0, 1, 2}) : w_in;
  const std::vector<int64_t> &xd = DimsOf(x);
  const std::vector<int64_t> &wd = DimsOf(w);
  Conv3DShape s{};
  s.n = xd[0];
  s.cin = xd[1];
  s.cout = wd[0];
  s.groups = ctx.GetInt("groups", 1);
  if (s.groups < 1 || s.cin % s.groups != 0 || s.cout % s.groups != 0 ||
      wd[1] * s.groups != s.cin) {
    return ctx.Error("groups " + std::to_string(s.groups) + " do not fit x " + DimsToString(xd) +
                     " and filter " + DimsToString(wd));
  }
  if (bias != nullptr && ElementCount(DimsOf(*bias)) != s.cout) {
    return ctx.Error("bias " + DimsToString(DimsOf(*bias)) + " must hold " +
                     std::to_string(s.cout) + " values");
  }
  for (size_t i = 0; i < 3; ++i) {
    const size_t axis = channels_last ? i + 1 : i + 2;
    s.in[i] = xd[2 + i];
    s.k[i] = wd[2 + i];
    s.stride[i] = strides[axis];
    s.dilation[i] = dilations[axis];
    s.pad[i] = pads[2 * i];
    if (s.stride[i] < 1 || s.dilation[i] < 1 || pads[2 * i] < 0 || pads[2 * i + 1] < 0) {
      return ctx.Error("strides and dilations must be positive and pads non-negative");
    }
    const int64_t span = s.in[i] + pads[2 * i] + pads[2 * i + 1] - (s.k[i] - 1) * s.dilation[i];
    if (span < 1) {
      return ctx.Error("the filter " + DimsToString(wd) + " does not fit x " + DimsToString(xd));
    }
    s.out[i] = (span - 1) / s.stride[i] + 1;
  }
  OutputTensor out(dtype, {s.n, s.cout, s.out[0], s.out[1], s.out[2]});
  if (dtype == DT_FLOAT) {
    Conv3DNcdhw(DataOf<float>(x), DataOf<float>(w), bias ? DataOf<float>(*bias) : nullptr, s,
                out.Data<float>());
  } else {
    Conv3DNcdhw(DataOf<double>(x), DataOf<double>(w), bias ? DataOf<double>(*bias) : nullptr, s,
                out.Data<double>());
  }
  GeTensor y = out.Finish();
  return ctx.SetOutput(0, channels_last ? TransposeTensor(y, {0, 2, 3, 4, 1}) : y);
}

}  // namespace

void RegisterConv3DKernels(KernelRegistry &registry) {
  registry.Register("Conv3D", KernelDef{Conv3D, true});
}

}  // namespace runtime
}  // namespace ge
