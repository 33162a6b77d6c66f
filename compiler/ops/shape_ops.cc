// Shape / layout ops: Reshape, Flatten, FlattenV2, Transpose, TransposeD,
// Squeeze, SqueezeV3, Unsqueeze, UnsqueezeV3, ExpandDims, Shape, TransData.
#include <algorithm>
#include <set>

#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// The length of a 1-D shape-like input when its desc says so (for unknown-value fallbacks).
int64_t VectorLength(const InferShapeContext &context, size_t index) {
  Dims dims = InputDims(context, index);
  return dims.size() == 1 && dims[0] >= 0 ? dims[0] : -1;
}

Dims UnknownDimsOfRank(int64_t rank) {
  return rank < 0 ? UnknownRankDims() : Dims(static_cast<size_t>(rank), UNKNOWN_DIM);
}

Status InferReshape(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  DataType dtype = InputDtype(context, 0);
  std::vector<int64_t> target;
  bool known = false;
  if (ReadConstInts(context, 1, &target, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    return context.SetOutput(0, UnknownDimsOfRank(VectorLength(context, 1)), dtype);
  }
  bool allow_zero = context.GetAttrInt("allowzero", 0) != 0;
  int64_t axis = context.GetAttrInt("axis", 0);
  int64_t num_axes = context.GetAttrInt("num_axes", -1);
  std::string why;
  Dims output;
  if (axis == 0 && num_axes == -1) {
    if (!ResolveReshape(x, target, allow_zero, &output, &why)) {
      return context.Error("cannot reshape " + DescribeInput(context, 0) + " to " +
                           DimsToString(target) + ": " + why);
    }
    return context.SetOutput(0, output, dtype);
  }
  // Caffe partial reshape: only dims [start, end) of x are replaced by the target.
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, UnknownRankDims(), dtype);
  }
  int64_t rank = static_cast<int64_t>(x.size());
  int64_t start = axis < 0 ? axis + rank + 1 : axis;
  int64_t end = num_axes == -1 ? rank : start + num_axes;
  if (start < 0 || start > rank || end < start || end > rank) {
    return context.Error("attributes axis=" + std::to_string(axis) +
                         ", num_axes=" + std::to_string(num_axes) +
                         " select no valid dim range of " + DescribeInput(context, 0));
  }
  Dims middle(x.begin() + start, x.begin() + end);
  Dims resolved;
  if (!ResolveReshape(middle, target, allow_zero, &resolved, &why)) {
    return context.Error("cannot reshape dims " + DimsToString(middle) + " of " +
                         DescribeInput(context, 0) + " to " + DimsToString(target) + ": " + why);
  }
  output.assign(x.begin(), x.begin() + start);
  output.insert(output.end(), resolved.begin(), resolved.end());
  output.insert(output.end(), x.begin() + end, x.end());
  return context.SetOutput(0, output, dtype);
}

// Merges dims [first, last] of x into one.
Status MergeDims(InferShapeContext &context, const Dims &x, int64_t first, int64_t last,
                 Dims *out) {
  out->assign(x.begin(), x.begin() + first);
  Dims merged(x.begin() + first, x.begin() + last + 1);
  out->push_back(DimsProduct(merged));
  out->insert(out->end(), x.begin() + last + 1, x.end());
  return SUCCESS;
}

Status InferFlatten(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, {UNKNOWN_DIM, UNKNOWN_DIM}, InputDtype(context, 0));
  }
  int64_t rank = static_cast<int64_t>(x.size());
  int64_t axis = context.GetAttrInt("axis", 1);
  if (axis < -rank || axis > rank) {
    return context.Error("attribute 'axis' = " + std::to_string(axis) + " is out of range [" +
                         std::to_string(-rank) + ", " + std::to_string(rank) + "] for " +
                         DescribeInput(context, 0));
  }
  if (axis < 0) {
    axis += rank;
  }
  Dims outer(x.begin(), x.begin() + axis);
  Dims inner(x.begin() + axis, x.end());
  return context.SetOutput(0, {DimsProduct(outer), DimsProduct(inner)}, InputDtype(context, 0));
}

Status InferFlattenV2(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, InputDtype(context, 0));
  }
  int64_t rank = static_cast<int64_t>(x.size());
  int64_t axis = context.GetAttrInt("axis", 1);
  int64_t end_axis = context.GetAttrInt("end_axis", -1);
  int64_t first = 0;
  int64_t last = 0;
  if (!NormalizeAxis(axis, rank, &first) || !NormalizeAxis(end_axis, rank, &last) || last < first) {
    return context.Error("attributes axis=" + std::to_string(axis) +
                         ", end_axis=" + std::to_string(end_axis) +
                         " select no valid dim range of " + DescribeInput(context, 0));
  }
  Dims output;
  MergeDims(context, x, first, last, &output);
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status ApplyPermutation(InferShapeContext &context, const Dims &x, const std::vector<int64_t> &perm,
                        const std::string &source) {
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, Dims(perm.size(), UNKNOWN_DIM), InputDtype(context, 0));
  }
  int64_t rank = static_cast<int64_t>(x.size());
  if (static_cast<int64_t>(perm.size()) != rank) {
    return context.Error(source + " " + DimsToString(perm) + " has " + std::to_string(perm.size()) +
                         " entries but " + DescribeInput(context, 0) + " has rank " +
                         std::to_string(rank));
  }
  std::vector<bool> seen(perm.size(), false);
  Dims output;
  for (int64_t p : perm) {
    int64_t axis = 0;
    if (!NormalizeAxis(p, rank, &axis) || seen[static_cast<size_t>(axis)]) {
      return context.Error(source + " " + DimsToString(perm) + " is not a permutation of [0, " +
                           std::to_string(rank) + ")");
    }
    seen[static_cast<size_t>(axis)] = true;
    output.push_back(x[static_cast<size_t>(axis)]);
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status InferTranspose(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> perm;
  bool known = false;
  if (ReadConstInts(context, 1, &perm, &known) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  if (!known) {
    int64_t rank = IsUnknownRankDims(x) ? VectorLength(context, 1) : static_cast<int64_t>(x.size());
    return context.SetOutput(0, UnknownDimsOfRank(rank), InputDtype(context, 0));
  }
  return ApplyPermutation(context, x, perm, "perm (input 1)");
}

Status InferTransposeD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> perm;
  context.GetAttrListInt("perm", &perm);
  return ApplyPermutation(context, InputDims(context, 0), perm, "attribute 'perm'");
}

// Squeeze with explicit axes (empty = every size-1 dim).
Status SqueezeAxes(InferShapeContext &context, const std::vector<int64_t> &axes) {
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, InputDtype(context, 0));
  }
  int64_t rank = static_cast<int64_t>(x.size());
  std::set<int64_t> removed;
  for (int64_t axis : axes) {
    int64_t normalized = 0;
    if (!NormalizeAxis(axis, rank, &normalized)) {
      return context.Error("squeeze axis " + std::to_string(axis) + " is out of range for " +
                           DescribeInput(context, 0));
    }
    int64_t dim = x[static_cast<size_t>(normalized)];
    if (dim != 1 && dim != UNKNOWN_DIM) {
      return context.Error("cannot squeeze axis " + std::to_string(axis) + " of size " +
                           std::to_string(dim) + " in " + DescribeInput(context, 0));
    }
    removed.insert(normalized);
  }
  Dims output;
  for (int64_t i = 0; i < rank; ++i) {
    bool drop = axes.empty() ? x[static_cast<size_t>(i)] == 1 : removed.count(i) != 0;
    if (!drop) {
      output.push_back(x[static_cast<size_t>(i)]);
    }
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status InferSqueeze(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  context.GetAttrListInt("axis", &axes);
  return SqueezeAxes(context, axes);
}

Status InferSqueezeV3(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  if (context.GetInputsSize() > 1 && context.IsInputConnected(1)) {
    bool known = false;
    if (ReadConstInts(context, 1, &axes, &known) != SUCCESS) {
      return FAILED;
    }
    if (!known) {
      return context.SetOutput(0, UnknownRankDims(), InputDtype(context, 0));
    }
  }
  return SqueezeAxes(context, axes);
}

// Unsqueeze: axes are positions in the output rank.
Status UnsqueezeAxes(InferShapeContext &context, const std::vector<int64_t> &axes) {
  Dims x = InputDims(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, InputDtype(context, 0));
  }
  int64_t out_rank = static_cast<int64_t>(x.size() + axes.size());
  std::vector<bool> inserted(static_cast<size_t>(out_rank), false);
  for (int64_t axis : axes) {
    int64_t normalized = 0;
    if (!NormalizeAxis(axis, out_rank, &normalized) || inserted[static_cast<size_t>(normalized)]) {
      return context.Error("unsqueeze axes " + DimsToString(axes) +
                           " are out of range or repeated for output rank " +
                           std::to_string(out_rank) + " (" + DescribeInput(context, 0) + ")");
    }
    inserted[static_cast<size_t>(normalized)] = true;
  }
  Dims output;
  size_t next = 0;
  for (int64_t i = 0; i < out_rank; ++i) {
    output.push_back(inserted[static_cast<size_t>(i)] ? 1 : x[next++]);
  }
  return context.SetOutput(0, output, InputDtype(context, 0));
}

Status InferUnsqueeze(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axes;
  context.GetAttrListInt("axes", &axes);
  if (axes.empty()) {
    return context.Error("attribute 'axes' is empty; Unsqueeze needs at least one axis");
  }
  return UnsqueezeAxes(context, axes);
}

Status InferUnsqueezeV3(InferShapeContext &context) {
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
    int64_t count = VectorLength(context, 1);
    int64_t rank = IsUnknownRankDims(x) || count < 0 ? -1 : static_cast<int64_t>(x.size()) + count;
    return context.SetOutput(0, UnknownDimsOfRank(rank), InputDtype(context, 0));
  }
  return UnsqueezeAxes(context, axes);
}

Status InferExpandDims(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axis;
  bool known = false;
  if (ReadConstInts(context, 1, &axis, &known) != SUCCESS) {
    return FAILED;
  }
  if (!known) {
    Dims x = InputDims(context, 0);
    int64_t rank = IsUnknownRankDims(x) ? -1 : static_cast<int64_t>(x.size()) + 1;
    return context.SetOutput(0, UnknownDimsOfRank(rank), InputDtype(context, 0));
  }
  if (axis.size() != 1) {
    return context.Error("axis (input 1) must hold exactly one value, got " + DimsToString(axis));
  }
  return UnsqueezeAxes(context, axis);
}

Status InferShape(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  int64_t dtype = context.GetAttrInt("dtype", DT_INT32);
  if (dtype != DT_INT32 && dtype != DT_INT64) {
    return context.Error("attribute 'dtype' = " + std::to_string(dtype) +
                         " must be DT_INT32 (3) or DT_INT64 (9)");
  }
  Dims x = InputDims(context, 0);
  int64_t rank = IsUnknownRankDims(x) ? UNKNOWN_DIM : static_cast<int64_t>(x.size());
  return context.SetOutput(0, {rank}, static_cast<DataType>(dtype), FORMAT_ND);
}

// TransData between two plain layouts permutes the dims; other formats are not supported by the
// host runtime, so inference refuses them with the format names.
Status InferTransData(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::string src = context.GetAttrString("src_format", "");
  std::string dst = context.GetAttrString("dst_format", "");
  Dims x = InputDims(context, 0);
  Format dst_format = FormatFromString(dst);
  auto is_plain = [](const std::string &f) {
    return f == "NCHW" || f == "NHWC" || f == "HWCN" || f == "CHWN" || f == "NCDHW" ||
           f == "NDHWC" || f == "DHWCN" || f == "ND";
  };
  if (!is_plain(src) || !is_plain(dst)) {
    return context.Error("TransData from '" + src + "' to '" + dst +
                         "' is not supported (only plain formats NCHW/NHWC/HWCN/CHWN/NCDHW/"
                         "NDHWC/DHWCN/ND)");
  }
  if (src == "ND" || dst == "ND" || IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, InputDtype(context, 0), dst_format);
  }
  std::string sorted_src = src;
  std::string sorted_dst = dst;
  std::sort(sorted_src.begin(), sorted_src.end());
  std::sort(sorted_dst.begin(), sorted_dst.end());
  if (sorted_src != sorted_dst || x.size() != src.size()) {
    return context.Error("cannot convert " + DescribeInput(context, 0) + " from '" + src +
                         "' to '" + dst + "'");
  }
  Dims output;
  for (char letter : dst) {
    output.push_back(x[src.find(letter)]);
  }
  return context.SetOutput(0, output, InputDtype(context, 0), dst_format);
}
}  // namespace

void RegisterShapeOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("Reshape", "math")
                               .Input("x", dtypes::HostHeld())
                               .Input("shape", dtypes::Index())
                               .Output("y", dtypes::HostHeld())
                               .Attr("axis", AttrValueType::kInt, int64_t{0})
                               .Attr("num_axes", AttrValueType::kInt, int64_t{-1})
                               .Doc("y has `shape`; one -1 is inferred; 0 copies the input dim "
                                    "unless attr allowzero = 1. axis/num_axes: Caffe partial "
                                    "reshape.")
                               .Infer(InferReshape));
  RegisterBuiltin(catalog, OpDefBuilder("Flatten", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Attr("axis", AttrValueType::kInt, int64_t{1})
                               .Doc("2-D [prod(d < axis), prod(d >= axis)].")
                               .Infer(InferFlatten));
  RegisterBuiltin(catalog, OpDefBuilder("FlattenV2", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Attr("axis", AttrValueType::kInt, int64_t{1})
                               .Attr("end_axis", AttrValueType::kInt, int64_t{-1})
                               .Doc("Merges dims axis..end_axis into one (Caffe).")
                               .Infer(InferFlattenV2));
  RegisterBuiltin(catalog, OpDefBuilder("Transpose", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("perm", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("y.dim[i] = x.dim[perm[i]].")
                               .Infer(InferTranspose));
  RegisterBuiltin(catalog, OpDefBuilder("TransposeD", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("perm", AttrValueType::kListInt)
                               .Doc("Transpose with perm as attribute (deprecated).")
                               .Infer(InferTransposeD));
  RegisterBuiltin(catalog, OpDefBuilder("Squeeze", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Attr("axis", AttrValueType::kListInt, std::vector<int64_t>{})
                               .Doc("Removes the listed size-1 dims (all size-1 dims when empty).")
                               .Infer(InferSqueeze));
  RegisterBuiltin(catalog, OpDefBuilder("SqueezeV3", "math")
                               .Input("x", dtypes::HostHeld())
                               .OptionalInput("axes", dtypes::Index())
                               .Output("y", dtypes::HostHeld())
                               .Doc("Squeeze with the axes as an input (ONNX >= 13).")
                               .Infer(InferSqueezeV3));
  RegisterBuiltin(catalog, OpDefBuilder("Unsqueeze", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::HostHeld())
                               .Attr("axes", AttrValueType::kListInt, std::vector<int64_t>{})
                               .Doc("Inserts size-1 dims at `axes` (positions in the output).")
                               .Infer(InferUnsqueeze));
  RegisterBuiltin(catalog, OpDefBuilder("UnsqueezeV3", "math")
                               .Input("x", dtypes::HostHeld())
                               .Input("axes", dtypes::Index())
                               .Output("y", dtypes::HostHeld())
                               .Doc("Unsqueeze with the axes as an input (ONNX >= 13).")
                               .Infer(InferUnsqueezeV3));
  RegisterBuiltin(catalog, OpDefBuilder("ExpandDims", "math")
                               .Input("x", dtypes::HostHeld())
                               .Input("axis", dtypes::Index())
                               .Output("y", dtypes::HostHeld())
                               .Doc("Inserts one size-1 dim at `axis`.")
                               .Infer(InferExpandDims));
  RegisterBuiltin(catalog, OpDefBuilder("Shape", "math")
                               .Input("x", dtypes::HostHeld())
                               .Output("y", dtypes::Index())
                               .Attr("dtype", AttrValueType::kInt, int64_t{DT_INT32})
                               .Doc("1-D tensor of x's dims in dtype (3 = int32, 9 = int64).")
                               .Infer(InferShape));
  RegisterBuiltin(catalog, OpDefBuilder("TransData", "math")
                               .Input("src", dtypes::HostStorable())
                               .Output("dst", dtypes::HostStorable())
                               .RequiredAttr("src_format", AttrValueType::kString)
                               .RequiredAttr("dst_format", AttrValueType::kString)
                               .Attr("src_subformat", AttrValueType::kInt, int64_t{0})
                               .Attr("dst_subformat", AttrValueType::kInt, int64_t{0})
                               .Attr("groups", AttrValueType::kInt, int64_t{1})
                               .Doc("Physical format conversion; between plain formats it is the "
                                    "equivalent transpose.")
                               .Infer(InferTransData));
}

}  // namespace ge
