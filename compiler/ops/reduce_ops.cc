// Reductions: ReduceMean/Sum/Max/Min/Prod with an axes input, ArgMaxV2/ArgMin, Cumsum, and the
// deprecated attribute forms ReduceMeanD/ReduceSumD/ReduceMaxD.
#include <string>
#include <vector>

#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
Status ReduceWith(InferShapeContext &context, const std::vector<int64_t> &axes, bool noop_default) {
  Dims out;
  std::string why;
  if (!ReduceDims(InputDims(context, 0), axes, context.GetAttrBool("keep_dims", false),
                  context.GetAttrBool("noop_with_empty_axes", noop_default), &out, &why)) {
    return context.Error("cannot reduce " + DescribeInput(context, 0) + " over axes " +
                         DimsToString(axes) + ": " + why);
  }
  return context.SetOutput(0, out, InputDtype(context, 0));
}

Status InferReduce(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  bool known = false;
  if (ReadConstInts(context, 1, &axes, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    Dims x = InputDims(context, 0);
    bool keep = context.GetAttrBool("keep_dims", false);
    Dims out = keep && !IsUnknownRankDims(x) ? Dims(x.size(), UNKNOWN_DIM) : UnknownRankDims();
    return context.SetOutput(0, out, InputDtype(context, 0));
  }
  return ReduceWith(context, axes, true);
}

// ArgMaxV2 / ArgMin: x without the `dimension` axis, indices of attr dtype (int32 or int64).
Status InferArgReduce(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const int64_t dtype = context.GetAttrInt("dtype", DT_INT32);
  if (dtype != DT_INT32 && dtype != DT_INT64) {
    return context.Error("attribute 'dtype' must be DT_INT32 or DT_INT64, got " +
                         DataTypeToString(static_cast<DataType>(dtype)));
  }
  const DataType out_type = static_cast<DataType>(dtype);
  const Dims x = InputDims(context, 0);
  std::vector<int64_t> dimension;
  bool known = false;
  if (ReadConstInts(context, 1, &dimension, &known) != SUCCESS) {
    return FAILED;
  }
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, UnknownRankDims(), out_type);
  }
  const int64_t rank = static_cast<int64_t>(x.size());
  if (!known) {
    return context.SetOutput(0, Dims(x.size() - (rank > 0 ? 1 : 0), UNKNOWN_DIM), out_type);
  }
  if (dimension.size() != 1 || dimension[0] < -rank || dimension[0] >= rank) {
    return context.Error("input 1 'dimension' " + DimsToString(dimension) +
                         " must be one axis of " + DescribeInput(context, 0));
  }
  const int64_t axis = dimension[0] < 0 ? dimension[0] + rank : dimension[0];
  Dims out;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != axis) {
      out.push_back(x[static_cast<size_t>(d)]);
    }
  }
  return context.SetOutput(0, out, out_type);
}

// Cumsum keeps x's shape; the axis must be a scalar (or one-element) index.
Status InferCumsum(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axis;
  bool known = false;
  if (ReadConstInts(context, 1, &axis, &known) != SUCCESS) {
    return FAILED;
  }
  const Dims x = InputDims(context, 0);
  if (known && !IsUnknownRankDims(x)) {
    const int64_t rank = static_cast<int64_t>(x.size());
    if (axis.size() != 1 || axis[0] < -rank || axis[0] >= rank) {
      return context.Error("input 1 'axis' " + DimsToString(axis) + " must be one axis of " +
                           DescribeInput(context, 0));
    }
  }
  return context.PassThrough(0, 0);
}

Status InferReduceD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  context.GetAttrListInt("axes", &axes);
  return ReduceWith(context, axes, false);
}
}  // namespace

void RegisterReduceOps(OpCatalog &catalog) {
  for (const char *type : {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd"}) {
    // Max and min also take bool (any / all).
    const bool with_bool = std::string(type) == "ReduceMax" || std::string(type) == "ReduceMin";
    const std::vector<DataType> &types = with_bool ? dtypes::Host() : dtypes::HostReal();
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", types)
                                 .Input("axes", dtypes::Index())
                                 .Output("y", types)
                                 .Attr("keep_dims", AttrValueType::kBool, false)
                                 .Attr("noop_with_empty_axes", AttrValueType::kBool, true)
                                 .Doc("Reduction over the 1-D axes input; keep_dims keeps size-1 "
                                      "dims; empty axes: identity if noop_with_empty_axes else "
                                      "reduce all.")
                                 .Infer(InferReduce));
  }
  for (const char *type : {"ArgMaxV2", "ArgMin"}) {
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", dtypes::HostReal())
                                 .Input("dimension", dtypes::Index())
                                 .Output("y", dtypes::Index())
                                 .Attr("dtype", AttrValueType::kInt, int64_t{DT_INT32})
                                 .Attr("select_last_index", AttrValueType::kBool, false)
                                 .Doc("Index of the greatest (ArgMaxV2) / least (ArgMin) element "
                                      "along the axis `dimension`, which is removed; the first "
                                      "index among equal ones, the last with select_last_index.")
                                 .Infer(InferArgReduce));
  }
  RegisterBuiltin(catalog, OpDefBuilder("Cumsum", "math")
                               .Input("x", dtypes::HostReal())
                               .Input("axis", dtypes::Index())
                               .Output("y", dtypes::HostReal())
                               .Attr("exclusive", AttrValueType::kBool, false)
                               .Attr("reverse", AttrValueType::kBool, false)
                               .Doc("Running sum along `axis`; exclusive leaves out the element "
                                    "itself, reverse sums from the end.")
                               .Infer(InferCumsum));
  RegisterBuiltin(catalog, OpDefBuilder("ReduceMeanD", "math")
                               .Input("x", dtypes::HostReal())
                               .Output("y", dtypes::HostReal())
                               .RequiredAttr("axes", AttrValueType::kListInt)
                               .Attr("keep_dims", AttrValueType::kBool, false)
                               .Attr("noop_with_empty_axes", AttrValueType::kBool, false)
                               .Doc("ReduceMean with axes as attribute (deprecated).")
                               .Infer(InferReduceD));
  for (const char *type : {"ReduceSumD", "ReduceMaxD", "ReduceMinD", "ReduceProdD"}) {
    // Max and min also take bool (any / all), as ReduceMax / ReduceMin do.
    const bool with_bool = std::string(type) == "ReduceMaxD" || std::string(type) == "ReduceMinD";
    const std::vector<DataType> &types = with_bool ? dtypes::Host() : dtypes::HostReal();
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", types)
                                 .Output("y", types)
                                 .RequiredAttr("axes", AttrValueType::kListInt)
                                 .Attr("keep_dims", AttrValueType::kBool, false)
                                 .Doc("Reduction with axes as attribute (deprecated); empty "
                                      "axes reduce all.")
                                 .Infer(InferReduceD));
  }
}

}  // namespace ge
