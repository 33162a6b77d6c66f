// Gather / slice ops: Gather, GatherV2, GatherV2D, Slice, SliceD,
// StridedSlice, StridedSliceD, StridedSliceV2.
#include <algorithm>

#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
Status GatherAlong(InferShapeContext &context, bool axis_known, int64_t axis) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  Dims indices = InputDims(context, 1);
  DataType dtype = InputDtype(context, 0);
  int64_t batch_dims = context.GetAttrInt("batch_dims", 0);
  if (IsUnknownRankDims(x) || IsUnknownRankDims(indices)) {
    return context.SetOutput(0, UnknownRankDims(), dtype);
  }
  int64_t x_rank = static_cast<int64_t>(x.size());
  int64_t i_rank = static_cast<int64_t>(indices.size());
  if (batch_dims < 0) {
    batch_dims += i_rank;
  }
  if (batch_dims < 0 || batch_dims > i_rank || batch_dims >= std::max<int64_t>(x_rank, 1)) {
    return context.Error("attribute 'batch_dims' = " + std::to_string(batch_dims) +
                         " is out of range for " + DescribeInput(context, 0) + " and " +
                         DescribeInput(context, 1));
  }
  if (!axis_known) {
    int64_t rank = x_rank + i_rank - 1 - batch_dims;
    return context.SetOutput(0, Dims(static_cast<size_t>(std::max<int64_t>(rank, 0)), UNKNOWN_DIM),
                             dtype);
  }
  int64_t normalized = 0;
  if (!NormalizeAxis(axis, x_rank, &normalized)) {
    return context.Error("gather axis " + std::to_string(axis) + " is out of range for " +
                         DescribeInput(context, 0));
  }
  if (normalized < batch_dims) {
    return context.Error("gather axis " + std::to_string(axis) + " must not be below batch_dims " +
                         std::to_string(batch_dims));
  }
  Dims output(x.begin(), x.begin() + normalized);
  output.insert(output.end(), indices.begin() + batch_dims, indices.end());
  output.insert(output.end(), x.begin() + normalized + 1, x.end());
  return context.SetOutput(0, output, dtype);
}

Status InferGather(InferShapeContext &context) { return GatherAlong(context, true, 0); }

Status InferGatherV2(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axis;
  bool known = false;
  if (ReadConstInts(context, 2, &axis, &known) != SUCCESS) {
    return FAILED;
  }
  if (known && axis.size() != 1) {
    return context.Error("axis (input 2) must be a scalar, got " + DimsToString(axis));
  }
  return GatherAlong(context, known, known ? axis[0] : 0);
}

Status InferGatherV2D(InferShapeContext &context) {
  return GatherAlong(context, true, context.GetAttrInt("axis", 0));
}

// Slice(x, offsets, size): size -1 means "to the end" (ge_py's choice, as TF).
Status SliceWith(InferShapeContext &context, bool offsets_known,
                 const std::vector<int64_t> &offsets, bool sizes_known,
                 const std::vector<int64_t> &sizes) {
  Dims x = InputDims(context, 0);
  DataType dtype = InputDtype(context, 0);
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, sizes_known ? Dims(sizes.size(), UNKNOWN_DIM) : x, dtype);
  }
  if ((offsets_known && offsets.size() != x.size()) || (sizes_known && sizes.size() != x.size())) {
    return context.Error("offsets " + DimsToString(offsets) + " and size " + DimsToString(sizes) +
                         " must have one entry per dim of " + DescribeInput(context, 0));
  }
  Dims output(x.size(), UNKNOWN_DIM);
  for (size_t i = 0; i < x.size(); ++i) {
    if (!sizes_known) {
      continue;
    }
    int64_t size = sizes[i];
    if (size >= 0) {
      if (offsets_known && x[i] >= 0 && (offsets[i] < 0 || offsets[i] + size > x[i])) {
        return context.Error("slice [" + std::to_string(offsets[i]) + ", " +
                             std::to_string(offsets[i] + size) + ") is outside dim " +
                             std::to_string(i) + " of " + DescribeInput(context, 0));
      }
      output[i] = size;
    } else if (size == -1) {
      if (offsets_known && x[i] >= 0) {
        if (offsets[i] < 0 || offsets[i] > x[i]) {
          return context.Error("offset " + std::to_string(offsets[i]) + " is outside dim " +
                               std::to_string(i) + " of " + DescribeInput(context, 0));
        }
        output[i] = x[i] - offsets[i];
      }
    } else {
      return context.Error("size " + DimsToString(sizes) + " has invalid entry " +
                           std::to_string(size));
    }
  }
  return context.SetOutput(0, output, dtype);
}

Status InferSlice(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> offsets;
  std::vector<int64_t> sizes;
  bool offsets_known = false;
  bool sizes_known = false;
  if (ReadConstInts(context, 1, &offsets, &offsets_known) != SUCCESS ||
      ReadConstInts(context, 2, &sizes, &sizes_known) != SUCCESS) {
    return FAILED;
  }
  return SliceWith(context, offsets_known, offsets, sizes_known, sizes);
}

Status InferSliceD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> offsets;
  std::vector<int64_t> sizes;
  context.GetAttrListInt("offsets", &offsets);
  context.GetAttrListInt("size", &sizes);
  return SliceWith(context, true, offsets, true, sizes);
}

int64_t CeilDivPositive(int64_t a, int64_t b) { return a <= 0 ? 0 : (a + b - 1) / b; }

// Length of one sliced dim: begin/end are normalised (negative = from the end) and clamped as
// in ONNX Slice / TF strided slice; masked ends select the whole range in the step direction.
int64_t SliceDimLength(int64_t dim, int64_t begin, int64_t end, int64_t step, bool begin_masked,
                       bool end_masked) {
  if (dim < 0) {
    return UNKNOWN_DIM;
  }
  if (step > 0) {
    int64_t b = begin_masked ? 0 : (begin < 0 ? begin + dim : begin);
    int64_t e = end_masked ? dim : (end < 0 ? end + dim : end);
    b = std::clamp<int64_t>(b, 0, dim);
    e = std::clamp<int64_t>(e, 0, dim);
    return CeilDivPositive(e - b, step);
  }
  int64_t b = begin_masked ? dim - 1 : (begin < 0 ? begin + dim : begin);
  int64_t e = end_masked ? -1 : (end < 0 ? end + dim : end);
  b = std::clamp<int64_t>(b, -1, dim - 1);
  e = std::clamp<int64_t>(e, -1, dim - 1);
  // -step never overflows: a step of INT64_MIN is rejected by the callers.
  return CeilDivPositive(b - e, -step);
}

// TF StridedSlice with the five bitfield masks.
Status StridedSliceWith(InferShapeContext &context, const std::vector<int64_t> &begin,
                        const std::vector<int64_t> &end, const std::vector<int64_t> &strides) {
  Dims x = InputDims(context, 0);
  DataType dtype = InputDtype(context, 0);
  if (begin.size() != end.size() || begin.size() != strides.size()) {
    return context.Error("begin " + DimsToString(begin) + ", end " + DimsToString(end) +
                         " and strides " + DimsToString(strides) + " must have the same length");
  }
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, dtype);
  }
  int64_t begin_mask = context.GetAttrInt("begin_mask", 0);
  int64_t end_mask = context.GetAttrInt("end_mask", 0);
  int64_t ellipsis_mask = context.GetAttrInt("ellipsis_mask", 0);
  int64_t new_axis_mask = context.GetAttrInt("new_axis_mask", 0);
  int64_t shrink_mask = context.GetAttrInt("shrink_axis_mask", 0);
  size_t sparse = begin.size();
  bool seen_ellipsis = false;
  for (size_t i = 0; i < sparse; ++i) {
    if ((ellipsis_mask >> i) & 1) {
      if (seen_ellipsis) {
        return context.Error("ellipsis_mask has more than one bit set");
      }
      seen_ellipsis = true;
    }
  }
  Dims output;
  size_t dim_index = 0;
  for (size_t i = 0; i < sparse; ++i) {
    if ((ellipsis_mask >> i) & 1) {
      // The ellipsis covers every dim not named by the remaining entries.
      size_t remaining = 0;
      for (size_t j = i + 1; j < sparse; ++j) {
        if (((new_axis_mask >> j) & 1) == 0) ++remaining;
      }
      while (dim_index + remaining < x.size()) {
        output.push_back(x[dim_index++]);
      }
      continue;
    }
    if ((new_axis_mask >> i) & 1) {
      output.push_back(1);
      continue;
    }
    if (dim_index >= x.size()) {
      return context.Error("slice spec has more entries than " + DescribeInput(context, 0) +
                           " has dims");
    }
    if (strides[i] == 0 || strides[i] == INT64_MIN) {
      return context.Error("stride of entry " + std::to_string(i) + " must be non-zero");
    }
    int64_t dim = x[dim_index++];
    if ((shrink_mask >> i) & 1) {
      int64_t index = begin[i] < 0 && dim >= 0 ? begin[i] + dim : begin[i];
      if (dim >= 0 && (index < 0 || index >= dim)) {
        return context.Error("shrink index " + std::to_string(begin[i]) + " is outside dim " +
                             std::to_string(dim_index - 1) + " of " + DescribeInput(context, 0));
      }
      continue;
    }
    output.push_back(SliceDimLength(dim, begin[i], end[i], strides[i], (begin_mask >> i) & 1,
                                    (end_mask >> i) & 1));
  }
  while (dim_index < x.size()) {
    output.push_back(x[dim_index++]);
  }
  return context.SetOutput(0, output, dtype);
}

Status InferStridedSlice(InferShapeContext &context) {
  if (context.RequireInputs(4) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> begin;
  std::vector<int64_t> end;
  std::vector<int64_t> strides;
  bool known[3] = {false, false, false};
  if (ReadConstInts(context, 1, &begin, &known[0]) != SUCCESS ||
      ReadConstInts(context, 2, &end, &known[1]) != SUCCESS ||
      ReadConstInts(context, 3, &strides, &known[2]) != SUCCESS) {
    return FAILED;
  }
  if (!known[0] || !known[1] || !known[2]) {
    return context.SetOutput(0, UnknownRankDims(), InputDtype(context, 0));
  }
  return StridedSliceWith(context, begin, end, strides);
}

Status InferStridedSliceD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> begin;
  std::vector<int64_t> end;
  std::vector<int64_t> strides;
  context.GetAttrListInt("begin", &begin);
  context.GetAttrListInt("end", &end);
  context.GetAttrListInt("strides", &strides);
  return StridedSliceWith(context, begin, end, strides);
}

// StridedSliceV2: ONNX Slice semantics over the listed axes (all when absent), step default 1.
Status InferStridedSliceV2(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  Dims x = InputDims(context, 0);
  DataType dtype = InputDtype(context, 0);
  std::vector<int64_t> begin;
  std::vector<int64_t> end;
  std::vector<int64_t> axes;
  std::vector<int64_t> steps;
  bool begin_known = false;
  bool end_known = false;
  bool axes_known = true;
  bool steps_known = true;
  if (ReadConstInts(context, 1, &begin, &begin_known) != SUCCESS ||
      ReadConstInts(context, 2, &end, &end_known) != SUCCESS) {
    return FAILED;
  }
  if (context.GetInputsSize() > 3 && context.IsInputConnected(3) &&
      ReadConstInts(context, 3, &axes, &axes_known) != SUCCESS) {
    return FAILED;
  }
  if (context.GetInputsSize() > 4 && context.IsInputConnected(4) &&
      ReadConstInts(context, 4, &steps, &steps_known) != SUCCESS) {
    return FAILED;
  }
  if (IsUnknownRankDims(x)) {
    return context.SetOutput(0, x, dtype);
  }
  if (!begin_known || !end_known || !axes_known || !steps_known) {
    // Which dims change is unknown unless the axes are known.
    Dims output = x;
    if (axes_known && !axes.empty()) {
      for (int64_t axis : axes) {
        int64_t normalized = 0;
        if (NormalizeAxis(axis, static_cast<int64_t>(x.size()), &normalized)) {
          output[static_cast<size_t>(normalized)] = UNKNOWN_DIM;
        }
      }
    } else {
      output.assign(x.size(), UNKNOWN_DIM);
    }
    return context.SetOutput(0, output, dtype);
  }
  if (begin.size() != end.size()) {
    return context.Error("begin " + DimsToString(begin) + " and end " + DimsToString(end) +
                         " differ in length");
  }
  if (axes.empty()) {
    for (size_t i = 0; i < begin.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  }
  if (steps.empty()) {
    steps.assign(begin.size(), 1);
  }
  if (axes.size() != begin.size() || steps.size() != begin.size()) {
    return context.Error("axes " + DimsToString(axes) + " and strides " + DimsToString(steps) +
                         " must match begin " + DimsToString(begin) + " in length");
  }
  int64_t begin_mask = context.GetAttrInt("begin_mask", 0);
  int64_t end_mask = context.GetAttrInt("end_mask", 0);
  Dims output = x;
  std::vector<bool> used(x.size(), false);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t axis = 0;
    if (!NormalizeAxis(axes[i], static_cast<int64_t>(x.size()), &axis) ||
        used[static_cast<size_t>(axis)]) {
      return context.Error("slice axis " + std::to_string(axes[i]) +
                           " is out of range or repeated for " + DescribeInput(context, 0));
    }
    used[static_cast<size_t>(axis)] = true;
    if (steps[i] == 0 || steps[i] == INT64_MIN) {
      return context.Error("slice step for axis " + std::to_string(axes[i]) + " must be non-zero");
    }
    output[static_cast<size_t>(axis)] =
        SliceDimLength(x[static_cast<size_t>(axis)], begin[i], end[i], steps[i],
                       (begin_mask >> i) & 1, (end_mask >> i) & 1);
  }
  return context.SetOutput(0, output, dtype);
}

void AddMasks(OpDefBuilder &builder) {
  for (const char *mask :
       {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"}) {
    builder.Attr(mask, AttrValueType::kInt, int64_t{0});
  }
}
}  // namespace

void RegisterGatherSliceOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("Gather", "nn")
                               .Input("x", dtypes::HostStorable())
                               .Input("indices", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Attr("validate_indices", AttrValueType::kBool, true)
                               .Attr("batch_dims", AttrValueType::kInt, int64_t{0})
                               .Attr("is_preprocessed", AttrValueType::kBool, false)
                               .Attr("negative_index_support", AttrValueType::kBool, false)
                               .Doc("Axis-0 gather: y = indices.shape + x.shape[1:].")
                               .Infer(InferGather));
  RegisterBuiltin(catalog, OpDefBuilder("GatherV2", "nn")
                               .Input("x", dtypes::HostStorable())
                               .Input("indices", dtypes::Index())
                               .Input("axis", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Attr("batch_dims", AttrValueType::kInt, int64_t{0})
                               .Attr("is_preprocessed", AttrValueType::kBool, false)
                               .Attr("negative_index_support", AttrValueType::kBool, false)
                               .Doc("y = x.shape[:axis] + indices.shape[batch_dims:] + "
                                    "x.shape[axis+1:].")
                               .Infer(InferGatherV2));
  RegisterBuiltin(catalog, OpDefBuilder("GatherV2D", "nn")
                               .Input("x", dtypes::HostStorable())
                               .Input("indices", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("axis", AttrValueType::kInt)
                               .Doc("GatherV2 with axis as attribute.")
                               .Infer(InferGatherV2D));
  RegisterBuiltin(catalog, OpDefBuilder("Slice", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("offsets", dtypes::Index())
                               .Input("size", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Doc("y = x[o_i : o_i + size_i]; size -1 means to the end.")
                               .Infer(InferSlice));
  RegisterBuiltin(catalog, OpDefBuilder("SliceD", "math")
                               .Input("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .RequiredAttr("offsets", AttrValueType::kListInt)
                               .RequiredAttr("size", AttrValueType::kListInt)
                               .Doc("Slice with offsets and size as attributes.")
                               .Infer(InferSliceD));
  OpDefBuilder strided("StridedSlice", "math");
  strided.Input("x", dtypes::HostStorable())
      .Input("begin", dtypes::Index())
      .Input("end", dtypes::Index())
      .Input("strides", dtypes::Index())
      .Output("y", dtypes::HostStorable());
  AddMasks(strided);
  RegisterBuiltin(catalog,
                  strided.Doc("TF strided slice (masks are bitfields).").Infer(InferStridedSlice));
  OpDefBuilder strided_d("StridedSliceD", "math");
  strided_d.Input("x", dtypes::HostStorable())
      .Output("y", dtypes::HostStorable())
      .RequiredAttr("begin", AttrValueType::kListInt)
      .RequiredAttr("end", AttrValueType::kListInt)
      .RequiredAttr("strides", AttrValueType::kListInt);
  AddMasks(strided_d);
  RegisterBuiltin(catalog, strided_d.Doc("StridedSlice with begin/end/strides as attributes.")
                               .Infer(InferStridedSliceD));
  OpDefBuilder strided_v2("StridedSliceV2", "math");
  strided_v2.Input("x", dtypes::HostStorable())
      .Input("begin", dtypes::Index())
      .Input("end", dtypes::Index())
      .OptionalInput("axes", dtypes::Index())
      .OptionalInput("strides", dtypes::Index())
      .Output("y", dtypes::HostStorable());
  AddMasks(strided_v2);
  RegisterBuiltin(catalog, strided_v2
                               .Doc("ONNX Slice semantics: per listed axis, negative begin/end "
                                    "count from the end, clamped; steps may be negative.")
                               .Infer(InferStridedSliceV2));
}

}  // namespace ge
