// Convolution and normalisation ops: Conv2D, Conv2DV2, DepthwiseConv2D,
// Conv3D, BatchNorm, BNInference, LayerNorm, LayerNormV3.
#include <algorithm>
#include <cmath>

#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
struct FilterLayout {
  int64_t cout_axis = 0;
  int64_t cin_axis = 0;
  std::vector<int64_t> spatial_axes;
};

// Where Cout, Cin/groups and the kernel dims sit in the filter. The filter desc's own format wins
// when it is a plain one; otherwise NCHW data pairs with an NCHW filter and NHWC data with HWCN
// (GE's Conv2D defaults), and likewise NCDHW/DHWCN for 3-D.
bool ResolveFilterLayout(Format filter_format, const std::string &data_format, size_t rank,
                         FilterLayout *layout) {
  std::string format;
  switch (filter_format) {
    case FORMAT_NCHW: format = "NCHW"; break;
    case FORMAT_NHWC: format = "NHWC"; break;
    case FORMAT_HWCN: format = "HWCN"; break;
    case FORMAT_NCDHW: format = "NCDHW"; break;
    case FORMAT_NDHWC: format = "NDHWC"; break;
    case FORMAT_DHWCN: format = "DHWCN"; break;
    default: format = data_format[1] == 'C' ? data_format : (rank == 5 ? "DHWCN" : "HWCN"); break;
  }
  if (format.size() != rank) {
    format = data_format[1] == 'C' ? data_format : (rank == 5 ? "DHWCN" : "HWCN");
  }
  layout->spatial_axes.clear();
  for (size_t i = 0; i < format.size(); ++i) {
    switch (format[i]) {
      case 'N': layout->cout_axis = static_cast<int64_t>(i); break;
      case 'C': layout->cin_axis = static_cast<int64_t>(i); break;
      default: layout->spatial_axes.push_back(static_cast<int64_t>(i)); break;
    }
  }
  return true;
}

// Shared by Conv2D/Conv2DV2/Conv3D/DepthwiseConv2D (spatial_rank 2 or 3).
Status InferConv(InferShapeContext &context, size_t spatial_rank, bool depthwise) {
  // x, filter and bias feed one product in one dtype.
  if (context.RequireInputs(2) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  const size_t rank = spatial_rank + 2;
  std::string data_format =
      context.GetAttrString("data_format", spatial_rank == 3 ? "NDHWC" : "NHWC");
  Dims x = InputDims(context, 0);
  Dims filter = InputDims(context, 1);
  DataType out_dtype = InputDtype(context, 0) == DT_INT8 ? DT_INT32 : InputDtype(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, Dims(rank, UNKNOWN_DIM), out_dtype);
  }
  int64_t n_axis = 0;
  int64_t c_axis = 0;
  std::vector<int64_t> spatial;
  if (!DataFormatAxes(data_format, rank, &n_axis, &c_axis, &spatial)) {
    return context.Error("data_format '" + data_format + "' is not supported for a " +
                         std::to_string(rank) + "-D convolution (expected " +
                         (spatial_rank == 3 ? "NCDHW or NDHWC" : "NCHW or NHWC") + ")");
  }
  if (depthwise && data_format != "NCHW") {
    return context.Error(
        "DepthwiseConv2D supports only data_format NCHW with a filter "
        "[C*K, 1, kH, kW] (a ge_py restriction), got '" +
        data_format + "'");
  }
  if (x.size() != rank) {
    return context.Error(DescribeInput(context, 0) + " must be " + std::to_string(rank) +
                         "-D for data_format " + data_format);
  }
  if (IsUnknownRankDims(filter)) {
    filter = Dims(rank, UNKNOWN_DIM);
  }
  if (filter.size() != rank) {
    return context.Error(DescribeInput(context, 1) + " must be " + std::to_string(rank) + "-D");
  }
  std::vector<int64_t> strides;
  std::vector<int64_t> dilations(rank, 1);
  std::vector<int64_t> pads(spatial_rank * 2, 0);
  if (!context.GetAttrListInt("strides", &strides) || strides.size() != rank) {
    return context.Error("attribute 'strides' must have " + std::to_string(rank) +
                         " values in data_format order, got " + DimsToString(strides));
  }
  if (context.HasAttr("dilations") &&
      (!context.GetAttrListInt("dilations", &dilations) || dilations.size() != rank)) {
    return context.Error("attribute 'dilations' must have " + std::to_string(rank) +
                         " values in data_format order, got " + DimsToString(dilations));
  }
  if (context.HasAttr("pads") &&
      (!context.GetAttrListInt("pads", &pads) || pads.size() != spatial_rank * 2)) {
    return context.Error("attribute 'pads' must have " + std::to_string(spatial_rank * 2) +
                         " values, got " + DimsToString(pads));
  }
  std::string pad_mode = context.GetAttrString("pad_mode", "SPECIFIC");
  const GeTensorDesc *filter_desc = context.GetInputDesc(1);
  FilterLayout layout;
  ResolveFilterLayout(filter_desc->GetFormat(), data_format, rank, &layout);
  int64_t groups = depthwise ? x[static_cast<size_t>(c_axis)] : context.GetAttrInt("groups", 1);
  int64_t cin = x[static_cast<size_t>(c_axis)];
  int64_t cout = filter[static_cast<size_t>(layout.cout_axis)];
  int64_t filter_cin = filter[static_cast<size_t>(layout.cin_axis)];
  if (!depthwise && groups <= 0) {
    return context.Error("attribute 'groups' must be positive, got " + std::to_string(groups));
  }
  if (groups > 0) {
    if (cin >= 0 && cin % groups != 0) {
      return context.Error("input channels " + std::to_string(cin) + " of " +
                           DescribeInput(context, 0) + " are not divisible by groups " +
                           std::to_string(groups));
    }
    if (cout >= 0 && cout % groups != 0) {
      return context.Error("output channels " + std::to_string(cout) + " of " +
                           DescribeInput(context, 1) + " are not divisible by groups " +
                           std::to_string(groups));
    }
    if (cin >= 0 && filter_cin >= 0 && filter_cin * groups != cin) {
      return context.Error("filter input channels " + std::to_string(filter_cin) + " x groups " +
                           std::to_string(groups) + " != input channels " + std::to_string(cin) +
                           " (" + DescribeInput(context, 0) + ", " + DescribeInput(context, 1) +
                           ")");
    }
  }
  Dims output(rank, UNKNOWN_DIM);
  output[static_cast<size_t>(n_axis)] = x[static_cast<size_t>(n_axis)];
  output[static_cast<size_t>(c_axis)] = cout;
  for (size_t i = 0; i < spatial_rank; ++i) {
    size_t axis = static_cast<size_t>(spatial[i]);
    int64_t in = x[axis];
    int64_t k = filter[static_cast<size_t>(layout.spatial_axes[i])];
    int64_t pad_before = pads[2 * i];
    int64_t pad_after = pads[2 * i + 1];
    std::string why;
    int64_t out = 0;
    if (pad_mode == "SAME") {
      if (!PoolOutputDim("SAME", in, 1, strides[axis], 0, 0, false, &out, &why)) {
        return context.Error("spatial dim " + std::to_string(i) + ": " + why);
      }
    } else {
      if (pad_mode == "VALID") {
        pad_before = 0;
        pad_after = 0;
      } else if (pad_mode != "SPECIFIC") {
        return context.Error("attribute 'pad_mode' = '" + pad_mode +
                             "' is not one of SPECIFIC, SAME, VALID");
      }
      if (!ConvOutputDim(in, k, strides[axis], dilations[axis], pad_before, pad_after, &out,
                         &why)) {
        return context.Error("bad convolution arithmetic on spatial dim " + std::to_string(i) +
                             " of " + DescribeInput(context, 0) + " with filter " +
                             DimsToString(filter) + ", strides " + DimsToString(strides) +
                             ", pads " + DimsToString(pads) + ", dilations " +
                             DimsToString(dilations) + ": " + why);
      }
    }
    output[axis] = out;
  }
  if (context.GetInputsSize() > 2 && context.IsInputConnected(2)) {
    Dims bias = InputDims(context, 2);
    if (!IsUnknownRankDims(bias) &&
        (bias.size() != 1 || (bias[0] >= 0 && cout >= 0 && bias[0] != cout))) {
      return context.Error(DescribeInput(context, 2) + " must be 1-D with " + std::to_string(cout) +
                           " elements (the output channels)");
    }
  }
  return context.SetOutput(0, output, out_dtype);
}

Status InferConv2D(InferShapeContext &context) { return InferConv(context, 2, false); }
Status InferConv3D(InferShapeContext &context) { return InferConv(context, 3, false); }
Status InferDepthwiseConv2D(InferShapeContext &context) { return InferConv(context, 2, true); }

// The channel count of x for a data_format, -1 when unknown.
Status ChannelsOf(InferShapeContext &context, const Dims &x, const std::string &data_format,
                  int64_t *channels) {
  *channels = UNKNOWN_DIM;
  if (IsUnknownRankDims(x)) {
    return SUCCESS;
  }
  int64_t n_axis = 0;
  int64_t c_axis = 0;
  std::vector<int64_t> spatial;
  if (DataFormatAxes(data_format, x.size(), &n_axis, &c_axis, &spatial)) {
    *channels = x[static_cast<size_t>(c_axis)];
    return SUCCESS;
  }
  if (x.size() >= 2 && (data_format == "NCHW" || data_format == "NCDHW" || data_format == "ND")) {
    *channels = x[1];  // [N, C] or [N, C, L] batch norm input
    return SUCCESS;
  }
  if (!x.empty() && (data_format == "NHWC" || data_format == "NDHWC")) {
    *channels = x.back();
    return SUCCESS;
  }
  return context.Error("cannot locate the channel dim of " + DescribeInput(context, 0) +
                       " for data_format '" + data_format + "'");
}

// BatchNorm: y like x; the per-channel statistics are [C] fp32; reserve_space_3 is [1].
Status InferBatchNorm(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS || context.RequireOutputs(6) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  int64_t channels = 0;
  if (ChannelsOf(context, x, context.GetAttrString("data_format", "NHWC"), &channels) != SUCCESS) {
    return FAILED;
  }
  for (size_t i = 1; i < context.GetInputsSize() && i < 5; ++i) {
    if (!context.IsInputConnected(i)) {
      continue;
    }
    Dims param = InputDims(context, i);
    if (!IsUnknownRankDims(param) &&
        (param.size() != 1 || (param[0] >= 0 && channels >= 0 && param[0] != channels))) {
      return context.Error(DescribeInput(context, i) + " must be 1-D with " +
                           std::to_string(channels) + " elements (the channels of " +
                           DescribeInput(context, 0) + ")");
    }
  }
  if (context.PassThrough(0, 0) != SUCCESS) {
    return FAILED;
  }
  for (size_t i = 1; i < 5; ++i) {
    if (context.SetOutput(i, {channels}, DT_FLOAT) != SUCCESS) {
      return FAILED;
    }
  }
  return context.SetOutput(5, {1}, DT_FLOAT);
}

Status InferBnInference(InferShapeContext &context) {
  if (context.RequireInputs(4) != SUCCESS) {
    return FAILED;
  }
  return context.PassThrough(0, 0);
}

// LayerNorm(V3): y like x; mean/variance (rstd) keep x's leading dims, 1 from begin_norm_axis.
Status InferLayerNormCommon(InferShapeContext &context, DataType stats_dtype) {
  if (context.RequireInputs(3) != SUCCESS || context.RequireOutputs(3) != SUCCESS ||
      RequireSameComputeDtype(context, {0, 1, 2}) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (context.PassThrough(0, 0) != SUCCESS) {
    return FAILED;
  }
  DataType dtype = stats_dtype == DT_UNDEFINED ? InputDtype(context, 0) : stats_dtype;
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(1, x, dtype) == SUCCESS ? context.SetOutput(2, x, dtype) : FAILED;
  }
  int64_t begin = context.GetAttrInt("begin_norm_axis", 0);
  int64_t axis = 0;
  if (!NormalizeAxis(begin, static_cast<int64_t>(x.size()), &axis)) {
    return context.Error("attribute 'begin_norm_axis' = " + std::to_string(begin) +
                         " is out of range for " + DescribeInput(context, 0));
  }
  Dims stats = x;
  for (size_t i = static_cast<size_t>(axis); i < stats.size(); ++i) {
    stats[i] = 1;
  }
  if (context.SetOutput(1, stats, dtype) != SUCCESS) {
    return FAILED;
  }
  return context.SetOutput(2, stats, dtype);
}

Status InferLayerNorm(InferShapeContext &context) {
  return InferLayerNormCommon(context, DT_UNDEFINED);
}
// LayerNormV3's mean and rstd are float32 (float64 for a float64 x, which the host also runs).
Status InferLayerNormV3(InferShapeContext &context) {
  return InferLayerNormCommon(context, InputDtype(context, 0) == DT_DOUBLE ? DT_DOUBLE : DT_FLOAT);
}

void ConvFamily(OpCatalog &catalog, const char *type, size_t spatial_rank, bool v2) {
  const bool is3d = spatial_rank == 3;
  // The host runs convolutions in the float types.
  const std::vector<DataType> &data = dtypes::HostFloat();
  const std::vector<DataType> &bias = dtypes::HostFloat();
  OpDefBuilder builder(type, "nn");
  builder.Input("x", data)
      .Input("filter", data)
      .OptionalInput("bias", bias)
      .OptionalInput("offset_w", {DT_INT8})
      .Output("y", bias)
      .RequiredAttr("strides", AttrValueType::kListInt);
  if (v2) {
    builder.Attr("pads", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0});
  } else {
    builder.RequiredAttr("pads", AttrValueType::kListInt);
  }
  builder
      .Attr("dilations", AttrValueType::kListInt,
            is3d ? std::vector<int64_t>{1, 1, 1, 1, 1} : std::vector<int64_t>{1, 1, 1, 1})
      .Attr("groups", AttrValueType::kInt, int64_t{1})
      .Attr("data_format", AttrValueType::kString, is3d ? "NDHWC" : (v2 ? "NCHW" : "NHWC"))
      .Attr("offset_x", AttrValueType::kInt, int64_t{0});
  if (v2) {
    builder.Attr("pad_mode", AttrValueType::kString, "SPECIFIC")
        .Attr("enable_hf32", AttrValueType::kBool, false);
  }
  builder
      .Doc(is3d ? "3-D convolution; pads = [front, back, top, bottom, left, right]."
                : "2-D convolution; strides/dilations in data_format order, pads = [top, "
                  "bottom, left, right], Cin and Cout divisible by groups.")
      .Infer(is3d ? InferConv3D : InferConv2D);
  RegisterBuiltin(catalog, builder);
}

// Conv2DTranspose (NCHW) / Conv3DTranspose (NCDHW): y has the shape `input_size` holds; x's
// channels match the filter's first dim, whose groups x second dim are y's channels.
Status InferConvTranspose(InferShapeContext &context, size_t rank) {
  const std::string format = rank == 5 ? "NCDHW" : "NCHW";
  // x, filter and bias feed one product in one dtype (the kernel stages halves itself).
  if (context.RequireInputs(3) != SUCCESS || RequireSameDtype(context, {1, 2, 3}) != SUCCESS) {
    return FAILED;
  }
  if (context.GetAttrString("data_format", format) != format) {
    return context.Error("the host runtime runs " + context.GetOpType() + " in " + format +
                         " only");
  }
  const Dims x = InputDims(context, 1);
  const Dims w = InputDims(context, 2);
  const int64_t groups = context.GetAttrInt("groups", 1);
  if (groups < 1) {
    return context.Error("attribute 'groups' must be >= 1");
  }
  if (!IsUnknownRankDims(x) && !IsUnknownRankDims(w)) {
    if (x.size() != rank || w.size() != rank) {
      return context.Error("x " + DescribeInput(context, 1) + " and filter " +
                           DescribeInput(context, 2) + " must have rank " + std::to_string(rank));
    }
    if (x[1] >= 0 && w[0] >= 0 && x[1] != w[0]) {
      return context.Error("x has " + std::to_string(x[1]) + " channels but the filter " +
                           DescribeInput(context, 2) + " expects " + std::to_string(w[0]));
    }
  }
  std::vector<int64_t> size;
  bool known = false;
  if (ReadConstInts(context, 0, &size, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    return context.SetOutput(0, Dims(rank, UNKNOWN_DIM), InputDtype(context, 1));
  }
  if (size.size() != rank ||
      std::any_of(size.begin(), size.end(), [](int64_t d) { return d < 0; })) {
    return context.Error("input 0 'input_size' " + DimsToString(size) + " must hold the " +
                         std::to_string(rank) + " dims of y");
  }
  if (!IsUnknownRankDims(w) && w.size() == rank && w[1] >= 0 && size[1] != w[1] * groups) {
    return context.Error("input_size has " + std::to_string(size[1]) + " channels but filter " +
                         DescribeInput(context, 2) + " with groups " + std::to_string(groups) +
                         " gives " + std::to_string(w[1] * groups));
  }
  return context.SetOutput(0, size, InputDtype(context, 1));
}

Status InferConv2DTranspose(InferShapeContext &context) { return InferConvTranspose(context, 4); }
Status InferConv3DTranspose(InferShapeContext &context) { return InferConvTranspose(context, 5); }

// Resize: x's rank; the dims from constant sizes (policy "stretch") or scales over `axes`,
// else unknown.
Status InferResize(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const Dims x = InputDims(context, 0);
  const DataType dtype = InputDtype(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, dtype);
  }
  std::vector<int64_t> axes;
  context.GetAttrListInt("axes", &axes);
  const int64_t rank = static_cast<int64_t>(x.size());
  if (axes.empty()) {
    for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
  }
  for (int64_t &axis : axes) {
    if (axis < -rank || axis >= rank) {
      return context.Error("axis " + std::to_string(axis) + " is out of range for " +
                           DescribeInput(context, 0));
    }
    axis = axis < 0 ? axis + rank : axis;
  }
  Dims out = x;
  std::vector<int64_t> sizes;
  std::vector<double> scales;
  const bool stretch = context.GetAttrString("keep_aspect_ratio_policy", "stretch") == "stretch";
  if (context.GetConstInputInts(3, &sizes) && !sizes.empty()) {
    for (size_t i = 0; i < axes.size() && i < sizes.size(); ++i) {
      out[static_cast<size_t>(axes[i])] = stretch ? sizes[i] : UNKNOWN_DIM;
    }
  } else if (context.GetConstInputDoubles(2, &scales) && scales.size() == axes.size()) {
    for (size_t i = 0; i < axes.size(); ++i) {
      const int64_t in = x[static_cast<size_t>(axes[i])];
      out[static_cast<size_t>(axes[i])] =
          in < 0 ? UNKNOWN_DIM
                 : static_cast<int64_t>(std::floor(static_cast<double>(in) * scales[i]));
    }
  } else {
    for (int64_t axis : axes) out[static_cast<size_t>(axis)] = UNKNOWN_DIM;
  }
  return context.SetOutput(0, out, dtype);
}

Status InferLrn(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const Dims x = InputDims(context, 0);
  if (!IsUnknownRankDims(x) && x.size() < 3) {
    return context.Error("LRN needs x of rank >= 3 (N, C, spatial...), got " +
                         DescribeInput(context, 0));
  }
  if (context.GetAttrInt("depth_radius", 5) < 0) {
    return context.Error("attribute 'depth_radius' must be >= 0");
  }
  if (context.GetAttrString("norm_region", "ACROSS_CHANNELS") != "ACROSS_CHANNELS") {
    return context.Error("attribute 'norm_region' must be ACROSS_CHANNELS");
  }
  return context.PassThrough(0, 0);
}
}  // namespace

void RegisterNnOps(OpCatalog &catalog) {
  ConvFamily(catalog, "Conv2D", 2, false);
  ConvFamily(catalog, "Conv2DV2", 2, true);
  ConvFamily(catalog, "Conv3D", 3, false);
  RegisterBuiltin(catalog,
                  OpDefBuilder("DepthwiseConv2D", "nn")
                      .Input("x", dtypes::HostFloat())
                      .Input("filter", dtypes::HostFloat())
                      .OptionalInput("bias", dtypes::HostFloat())
                      .OptionalInput("offset_w", {DT_INT8})
                      .Output("y", dtypes::HostFloat())
                      .RequiredAttr("strides", AttrValueType::kListInt)
                      .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1})
                      .RequiredAttr("pads", AttrValueType::kListInt)
                      .Attr("data_format", AttrValueType::kString, "NHWC")
                      .Attr("offset_x", AttrValueType::kInt, int64_t{0})
                      .Doc("Depthwise convolution; only NCHW with filter [C*K, 1, kH, "
                           "kW] is accepted (== Conv2D with groups = C).")
                      .Infer(InferDepthwiseConv2D));
  RegisterBuiltin(catalog, OpDefBuilder("BatchNorm", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Input("scale", dtypes::HostFloat())
                               .Input("offset", dtypes::HostFloat())
                               .OptionalInput("mean", dtypes::HostFloat())
                               .OptionalInput("variance", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Output("batch_mean", {DT_FLOAT})
                               .Output("batch_variance", {DT_FLOAT})
                               .Output("reserve_space_1", {DT_FLOAT})
                               .Output("reserve_space_2", {DT_FLOAT})
                               .Output("reserve_space_3", {DT_FLOAT})
                               .Attr("epsilon", AttrValueType::kFloat, 1e-4F)
                               .Attr("data_format", AttrValueType::kString, "NHWC")
                               .Attr("is_training", AttrValueType::kBool, true)
                               .Attr("exponential_avg_factor", AttrValueType::kFloat, 1.0F)
                               .Doc("Batch normalisation; inference form y = scale * (x - mean) "
                                    "/ sqrt(variance + epsilon) + offset per channel.")
                               .Infer(InferBatchNorm));
  RegisterBuiltin(catalog, OpDefBuilder("BNInference", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Input("mean", dtypes::HostFloat())
                               .Input("variance", dtypes::HostFloat())
                               .Input("momentum", dtypes::HostFloat())
                               .OptionalInput("scale", dtypes::HostFloat())
                               .OptionalInput("offset", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("epsilon", AttrValueType::kFloat, 1e-5F)
                               .Attr("use_global_stats", AttrValueType::kBool, true)
                               .Attr("mode", AttrValueType::kInt, int64_t{1})
                               .Doc("Caffe-style inference batch norm (momentum = stored scale "
                                    "factor).")
                               .Infer(InferBnInference));
  RegisterBuiltin(catalog, OpDefBuilder("LayerNorm", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Input("gamma", dtypes::HostFloat())
                               .Input("beta", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Output("mean", dtypes::HostFloat())
                               .Output("variance", dtypes::HostFloat())
                               .Attr("begin_norm_axis", AttrValueType::kInt, int64_t{0})
                               .Attr("begin_params_axis", AttrValueType::kInt, int64_t{0})
                               .Attr("epsilon", AttrValueType::kFloat, 1e-7F)
                               .Doc("Layer normalisation over dims [begin_norm_axis, rank); mean "
                                    "and variance keep dims.")
                               .Infer(InferLayerNorm));
  RegisterBuiltin(
      catalog,
      OpDefBuilder("Conv2DTranspose", "nn")
          .Input("input_size", dtypes::Index())
          .Input("x", dtypes::HostFloat())
          .Input("filter", dtypes::HostFloat())
          .OptionalInput("bias", dtypes::HostFloat())
          .OptionalInput("offset_w", {DT_INT8})
          .Output("y", dtypes::HostFloat())
          .RequiredAttr("strides", AttrValueType::kListInt)
          .RequiredAttr("pads", AttrValueType::kListInt)
          .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1})
          .Attr("groups", AttrValueType::kInt, int64_t{1})
          .Attr("data_format", AttrValueType::kString, "NCHW")
          .Attr("output_padding", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0})
          .Attr("offset_x", AttrValueType::kInt, int64_t{0})
          .Doc("Transposed 2-D convolution (NCHW): every x element scatters x * "
               "filter[C_in, C_out / groups, kH, kW] to y[input_size] at h * stride - "
               "pad_top + kh * dilation; pads = [top, bottom, left, right].")
          .Infer(InferConv2DTranspose));
  RegisterBuiltin(
      catalog,
      OpDefBuilder("Conv3DTranspose", "nn")
          .Input("input_size", dtypes::Index())
          .Input("x", dtypes::HostFloat())
          .Input("filter", dtypes::HostFloat())
          .OptionalInput("bias", dtypes::HostFloat())
          .OptionalInput("offset_w", {DT_INT8})
          .Output("y", dtypes::HostFloat())
          .RequiredAttr("strides", AttrValueType::kListInt)
          .RequiredAttr("pads", AttrValueType::kListInt)
          .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1, 1})
          .Attr("groups", AttrValueType::kInt, int64_t{1})
          .Attr("data_format", AttrValueType::kString, "NDHWC")
          .Attr("output_padding", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0, 0})
          .Attr("offset_x", AttrValueType::kInt, int64_t{0})
          .Doc("Transposed 3-D convolution, run in NCDHW on the host: as Conv2DTranspose with "
               "a depth axis; pads = [front, back, top, bottom, left, right].")
          .Infer(InferConv3DTranspose));
  RegisterBuiltin(
      catalog,
      OpDefBuilder("Resize", "nn")
          .Input("x", dtypes::HostFloat())
          .OptionalInput("roi", dtypes::HostFloat())
          .OptionalInput("scales", dtypes::HostFloat())
          .OptionalInput("sizes", {DT_INT64})
          .Output("y", dtypes::HostFloat())
          .Attr("coordinate_transformation_mode", AttrValueType::kString, "half_pixel")
          .Attr("cubic_coeff_a", AttrValueType::kFloat, -0.75F)
          .Attr("exclude_outside", AttrValueType::kInt, int64_t{0})
          .Attr("extrapolation_value", AttrValueType::kFloat, 0.0F)
          .Attr("mode", AttrValueType::kString, "nearest")
          .Attr("nearest_mode", AttrValueType::kString, "round_prefer_floor")
          .Attr("antialias", AttrValueType::kBool, false)
          .Attr("axes", AttrValueType::kListInt, std::vector<int64_t>{})
          .Attr("keep_aspect_ratio_policy", AttrValueType::kString, "stretch")
          .Doc("Resize as ONNX defines it (nearest/linear/cubic over every axis, or over `axes`); "
               "the output size from sizes or floor(in * scales).")
          .Infer(InferResize));
  RegisterBuiltin(catalog, OpDefBuilder("LRN", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Attr("depth_radius", AttrValueType::kInt, int64_t{5})
                               .Attr("bias", AttrValueType::kFloat, 1.0F)
                               .Attr("alpha", AttrValueType::kFloat, 1.0F)
                               .Attr("beta", AttrValueType::kFloat, 0.5F)
                               .Attr("norm_region", AttrValueType::kString, "ACROSS_CHANNELS")
                               .Doc("Local response normalisation across channels (dim 1): y = x "
                                    "/ (bias + alpha * sum of x^2 over channels c +- "
                                    "depth_radius)^beta.")
                               .Infer(InferLrn));
  RegisterBuiltin(catalog, OpDefBuilder("LayerNormV3", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Input("gamma", dtypes::HostFloat())
                               .Input("beta", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Output("mean", {DT_FLOAT, DT_DOUBLE})
                               .Output("rstd", {DT_FLOAT, DT_DOUBLE})
                               .Attr("begin_norm_axis", AttrValueType::kInt, int64_t{0})
                               .Attr("begin_params_axis", AttrValueType::kInt, int64_t{0})
                               .Attr("epsilon", AttrValueType::kFloat, 1e-5F)
                               .Doc("LayerNorm returning rstd = 1 / sqrt(var + epsilon).")
                               .Infer(InferLayerNormV3));
}

}  // namespace ge
