// Reductions: ReduceMean/Sum/Max/Min/Prod with an axes input, and the
// deprecated attribute forms ReduceMeanD/ReduceSumD/ReduceMaxD.
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
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", dtypes::HostReal())
                                 .Input("axes", dtypes::Index())
                                 .Output("y", dtypes::HostReal())
                                 .Attr("keep_dims", AttrValueType::kBool, false)
                                 .Attr("noop_with_empty_axes", AttrValueType::kBool, true)
                                 .Doc("Reduction over the 1-D axes input; keep_dims keeps size-1 "
                                      "dims; empty axes: identity if noop_with_empty_axes else "
                                      "reduce all.")
                                 .Infer(InferReduce));
  }
  RegisterBuiltin(catalog, OpDefBuilder("ReduceMeanD", "math")
                               .Input("x", dtypes::HostReal())
                               .Output("y", dtypes::HostReal())
                               .RequiredAttr("axes", AttrValueType::kListInt)
                               .Attr("keep_dims", AttrValueType::kBool, false)
                               .Attr("noop_with_empty_axes", AttrValueType::kBool, false)
                               .Doc("ReduceMean with axes as attribute (deprecated).")
                               .Infer(InferReduceD));
  for (const char *type : {"ReduceSumD", "ReduceMaxD"}) {
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .Input("x", dtypes::HostReal())
                                 .Output("y", dtypes::HostReal())
                                 .RequiredAttr("axes", AttrValueType::kListInt)
                                 .Attr("keep_dims", AttrValueType::kBool, false)
                                 .Doc("Reduction with axes as attribute (deprecated); empty "
                                      "axes reduce all.")
                                 .Infer(InferReduceD));
  }
}

}  // namespace ge
