// Pooling ops: MaxPool, AvgPool (TF style), MaxPoolV3, AvgPoolV2 (explicit
// pads, ceil_mode, global pooling), GlobalAveragePool, GlobalMaxPool, MaxPool3D, AvgPool3D.
#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// Window parameters of one spatial dim, read from a list given either per spatial dim or for
// every dim in data_format order.
bool PickSpatial(const std::vector<int64_t> &values, size_t rank,
                 const std::vector<int64_t> &spatial, size_t index, int64_t *out) {
  if (values.size() == rank) {
    *out = values[static_cast<size_t>(spatial[index])];
    return true;
  }
  if (values.size() == spatial.size()) {
    *out = values[index];
    return true;
  }
  if (values.size() == 1) {
    *out = values[0];
    return true;
  }
  return false;
}

struct PoolStyle {
  const char *default_format;
  const char *padding_attr;     // "padding" (TF, SAME/VALID) or "padding_mode"
  const char *default_padding;  // nullptr when the attribute is required
  const char *dilations_attr;   // nullptr when the op has no dilations
  size_t spatial_rank;
  bool has_pads;
  bool has_ceil_mode;
};

Status InferPool(InferShapeContext &context, const PoolStyle &style) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  const size_t rank = style.spatial_rank + 2;
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, Dims(rank, UNKNOWN_DIM), InputDtype(context, 0));
  }
  std::string data_format = context.GetAttrString("data_format", style.default_format);
  int64_t n_axis = 0;
  int64_t c_axis = 0;
  std::vector<int64_t> spatial;
  if (!DataFormatAxes(data_format, rank, &n_axis, &c_axis, &spatial) || x.size() != rank) {
    return context.Error(DescribeInput(context, 0) + " with data_format '" + data_format +
                         "' is not a " + std::to_string(rank) + "-D " +
                         (rank == 5 ? "NCDHW/NDHWC" : "NCHW/NHWC") + " tensor");
  }
  bool global = context.GetAttrBool("global_pooling", false);
  std::vector<int64_t> ksize;
  std::vector<int64_t> strides;
  std::vector<int64_t> pads(style.spatial_rank * 2, 0);
  std::vector<int64_t> dilations;
  context.GetAttrListInt("ksize", &ksize);
  context.GetAttrListInt("strides", &strides);
  if (style.dilations_attr != nullptr) {
    context.GetAttrListInt(style.dilations_attr, &dilations);
  }
  if (style.has_pads && context.HasAttr("pads") && !context.GetAttrListInt("pads", &pads)) {
    return context.Error("attribute 'pads' must be a list of ints");
  }
  if (pads.size() != style.spatial_rank * 2) {
    return context.Error("attribute 'pads' must have " + std::to_string(style.spatial_rank * 2) +
                         " values, got " + DimsToString(pads));
  }
  std::string padding = context.GetAttrString(
      style.padding_attr, style.default_padding == nullptr ? "" : style.default_padding);
  bool ceil_mode = false;
  if (style.has_ceil_mode) {
    // MaxPool3D stores ceil_mode as Int, the 2-D ops as Bool.
    ceil_mode = context.GetAttrBool("ceil_mode", false) || context.GetAttrInt("ceil_mode", 0) != 0;
  }
  Dims output = x;
  for (size_t i = 0; i < style.spatial_rank; ++i) {
    size_t axis = static_cast<size_t>(spatial[i]);
    if (global) {
      output[axis] = 1;
      continue;
    }
    int64_t k = 0;
    int64_t s = 0;
    int64_t d = 1;
    if (!PickSpatial(ksize, rank, spatial, i, &k) || !PickSpatial(strides, rank, spatial, i, &s) ||
        (!dilations.empty() && !PickSpatial(dilations, rank, spatial, i, &d))) {
      return context.Error("attributes 'ksize' " + DimsToString(ksize) + ", 'strides' " +
                           DimsToString(strides) + " and dilations " + DimsToString(dilations) +
                           " must have " + std::to_string(rank) +
                           " values in data_format order (or one per spatial dim)");
    }
    if (d < 1) {
      return context.Error("dilations must be positive, got " + DimsToString(dilations));
    }
    k = k < 1 ? k : (k - 1) * d + 1;  // the dilated window's extent
    std::string why;
    int64_t out = 0;
    if (!PoolOutputDim(padding, x[axis], k, s, pads[2 * i], pads[2 * i + 1], ceil_mode, &out,
                       &why)) {
      return context.Error("bad pooling arithmetic on spatial dim " + std::to_string(i) + " of " +
                           DescribeInput(context, 0) + " (ksize " + DimsToString(ksize) +
                           ", strides " + DimsToString(strides) + ", pads " + DimsToString(pads) +
                           ", padding '" + padding + "'): " + why);
    }
    output[axis] = out;
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status InferTfPool(InferShapeContext &context) {
  return InferPool(context, {"NHWC", "padding", nullptr, nullptr, 2, false, false});
}
Status InferPoolV3(InferShapeContext &context) {
  return InferPool(context, {"NCHW", "padding_mode", "CALCULATED", "dilations", 2, true, true});
}
Status InferMaxPool3D(InferShapeContext &context) {
  // padding SAME/VALID as in TF, or CALCULATED to use the explicit pads.
  return InferPool(context, {"NDHWC", "padding", "SAME", "dilation", 3, true, true});
}
Status InferAvgPool3D(InferShapeContext &context) {
  return InferPool(context, {"NDHWC", "padding", "CALCULATED", "dilations", 3, true, true});
}

// The host max-pooling kernels also take uint8 (ONNX MaxPool does); averages take floats only.
const std::vector<DataType> &MaxPoolDtypes() {
  static const std::vector<DataType> kTypes = [] {
    std::vector<DataType> types = dtypes::HostFloat();
    types.push_back(DT_UINT8);
    return types;
  }();
  return kTypes;
}

// [N, C, D1..Dn] -> [N, C, 1..1].
Status InferGlobalAveragePool(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, InputDtype(context, 0));
  }
  if (x.size() < 3) {
    return context.Error(DescribeInput(context, 0) + " must be at least 3-D [N, C, D1, ...]");
  }
  for (size_t i = 2; i < x.size(); ++i) {
    x[i] = 1;
  }
  return context.SetOutput(0, x, InputDtype(context, 0));
}

}  // namespace

void RegisterPoolingOps(OpCatalog &catalog) {
  for (const char *type : {"MaxPool", "AvgPool"}) {
    RegisterBuiltin(catalog, OpDefBuilder(type, "nn")
                                 .Input("x", dtypes::HostFloat())
                                 .Output("y", dtypes::HostFloat())
                                 .RequiredAttr("ksize", AttrValueType::kListInt)
                                 .RequiredAttr("strides", AttrValueType::kListInt)
                                 .RequiredAttr("padding", AttrValueType::kString)
                                 .Attr("data_format", AttrValueType::kString, "NHWC")
                                 .Doc("TF-style pooling; 4-element ksize/strides, padding SAME "
                                      "or VALID.")
                                 .Infer(InferTfPool));
  }
  RegisterBuiltin(catalog,
                  OpDefBuilder("MaxPoolV3", "nn")
                      .Input("x", MaxPoolDtypes())
                      .Output("y", MaxPoolDtypes())
                      .RequiredAttr("ksize", AttrValueType::kListInt)
                      .RequiredAttr("strides", AttrValueType::kListInt)
                      .Attr("padding_mode", AttrValueType::kString, "CALCULATED")
                      .Attr("pads", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0})
                      .Attr("data_format", AttrValueType::kString, "NCHW")
                      .Attr("global_pooling", AttrValueType::kBool, false)
                      .Attr("ceil_mode", AttrValueType::kBool, false)
                      .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1})
                      .Doc("Max pooling; pads = [top, bottom, left, right] with CALCULATED; out = "
                           "floor/ceil((H + pt + pb - ((kH - 1) * dH + 1)) / sH) + 1. "
                           "`dilations` is ge_py's (ONNX MaxPool's).")
                      .Infer(InferPoolV3));
  RegisterBuiltin(catalog,
                  OpDefBuilder("AvgPoolV2", "nn")
                      .Input("x", dtypes::HostFloat())
                      .Output("y", dtypes::HostFloat())
                      .RequiredAttr("ksize", AttrValueType::kListInt)
                      .RequiredAttr("strides", AttrValueType::kListInt)
                      .Attr("padding_mode", AttrValueType::kString, "CALCULATED")
                      .Attr("pads", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0})
                      .Attr("data_format", AttrValueType::kString, "NCHW")
                      .Attr("global_pooling", AttrValueType::kBool, false)
                      .Attr("ceil_mode", AttrValueType::kBool, false)
                      .Attr("exclusive", AttrValueType::kBool, true)
                      .Attr("divisor_override", AttrValueType::kInt, int64_t{0})
                      .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1})
                      .Doc("Average pooling; exclusive leaves padded cells out of the divisor. "
                           "`dilations` is ge_py's (ONNX AveragePool's).")
                      .Infer(InferPoolV3));
  RegisterBuiltin(catalog, OpDefBuilder("GlobalAveragePool", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Doc("[N, C, D1..Dn] -> [N, C, 1..1], mean over spatial dims.")
                               .Infer(InferGlobalAveragePool));
  RegisterBuiltin(catalog, OpDefBuilder("GlobalMaxPool", "nn")
                               .Input("x", dtypes::HostFloat())
                               .Output("y", dtypes::HostFloat())
                               .Doc("[N, C, D1..Dn] -> [N, C, 1..1], max over spatial dims.")
                               .Infer(InferGlobalAveragePool));
  RegisterBuiltin(
      catalog, OpDefBuilder("MaxPool3D", "nn")
                   .Input("x", MaxPoolDtypes())
                   .Output("y", MaxPoolDtypes())
                   .RequiredAttr("ksize", AttrValueType::kListInt)
                   .RequiredAttr("strides", AttrValueType::kListInt)
                   .Attr("padding", AttrValueType::kString, "SAME")
                   .Attr("pads", AttrValueType::kListInt, std::vector<int64_t>{0, 0, 0, 0, 0, 0})
                   .Attr("dilation", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1, 1})
                   .Attr("ceil_mode", AttrValueType::kInt, int64_t{0})
                   .Attr("data_format", AttrValueType::kString, "NDHWC")
                   .Doc("3-D max pooling (5-D ONNX MaxPool); padding SAME, VALID or "
                        "CALCULATED with pads [front, back, top, bottom, left, right].")
                   .Infer(InferMaxPool3D));
  RegisterBuiltin(
      catalog, OpDefBuilder("AvgPool3D", "nn")
                   .Input("x", dtypes::HostFloat())
                   .Output("y", dtypes::HostFloat())
                   .RequiredAttr("ksize", AttrValueType::kListInt)
                   .RequiredAttr("strides", AttrValueType::kListInt)
                   .RequiredAttr("pads", AttrValueType::kListInt)
                   .Attr("ceil_mode", AttrValueType::kBool, false)
                   .Attr("count_include_pad", AttrValueType::kBool, true)
                   .Attr("divisor_override", AttrValueType::kInt, int64_t{0})
                   .Attr("data_format", AttrValueType::kString, "NDHWC")
                   .Attr("dilations", AttrValueType::kListInt, std::vector<int64_t>{1, 1, 1, 1, 1})
                   .Doc("3-D average pooling (5-D ONNX AveragePool), explicit pads. "
                        "`dilations` is ge_py's (ONNX AveragePool's).")
                   .Infer(InferAvgPool3D));
}

}  // namespace ge
