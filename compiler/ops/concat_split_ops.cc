// Concat / split ops: ConcatV2, Concat, ConcatD, ConcatV2D, Split, SplitD,
// SplitV, SplitVD, Pack.
#include "ops/builtin_ops.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
// Concatenates the inputs of the dynamic IR input "x" along `axis` (unknown when !axis_known).
Status ConcatAlong(InferShapeContext &context, bool axis_known, int64_t axis) {
  std::pair<int32_t, int32_t> range = context.GetIrInputRange("x");
  if (range.first < 0 || range.second == 0) {
    return context.Error("has no instances of the dynamic input 'x'");
  }
  size_t first = static_cast<size_t>(range.first);
  size_t count = static_cast<size_t>(range.second);
  DataType dtype = InputDtype(context, first);
  Dims result;
  bool have_rank = false;
  for (size_t i = first; i < first + count; ++i) {
    if (InputDtype(context, i) != dtype) {
      return context.Error("input " + std::to_string(i) + " has dtype " +
                           DataTypeToString(InputDtype(context, i)) + " but input " +
                           std::to_string(first) + " has " + DataTypeToString(dtype));
    }
    Dims dims = InputDims(context, i);
    if (IsUnknownRankDims(dims)) {
      continue;
    }
    if (!have_rank) {
      result = dims;
      have_rank = true;
      continue;
    }
    if (dims.size() != result.size()) {
      return context.Error(DescribeInput(context, i) + " has rank " + std::to_string(dims.size()) +
                           " but input " + std::to_string(first) + " has rank " +
                           std::to_string(result.size()) + "; concat inputs need one rank");
    }
  }
  if (!have_rank) {
    return context.SetOutput(0, UnknownRankDims(), dtype);
  }
  int64_t rank = static_cast<int64_t>(result.size());
  if (!axis_known) {
    return context.SetOutput(0, Dims(result.size(), UNKNOWN_DIM), dtype);
  }
  int64_t normalized = 0;
  if (!NormalizeAxis(axis, rank, &normalized)) {
    return context.Error("concat_dim " + std::to_string(axis) + " is out of range for rank " +
                         std::to_string(rank));
  }
  Dims output = result;
  output[static_cast<size_t>(normalized)] = 0;
  for (size_t i = first; i < first + count; ++i) {
    Dims dims = InputDims(context, i);
    if (IsUnknownRankDims(dims)) {
      output[static_cast<size_t>(normalized)] = UNKNOWN_DIM;
      continue;
    }
    for (int64_t d = 0; d < rank; ++d) {
      size_t k = static_cast<size_t>(d);
      if (d == normalized) {
        if (dims[k] < 0 || output[k] < 0) {
          output[k] = UNKNOWN_DIM;
        } else {
          output[k] += dims[k];
        }
      } else if (dims[k] >= 0 && output[k] >= 0 && dims[k] != output[k]) {
        return context.Error(DescribeInput(context, i) + " differs from input " +
                             std::to_string(first) + " " + DimsToString(result) + " at dim " +
                             std::to_string(d) + " (concat along dim " +
                             std::to_string(normalized) + ")");
      } else if (output[k] < 0) {
        output[k] = dims[k];
      }
    }
  }
  return context.SetOutput(0, output, dtype);
}

// ConcatV2 / Concat: the axis is the constant input `concat_dim`.
Status InferConcatWithInput(InferShapeContext &context) {
  int32_t index = context.GetIrInputRange("concat_dim").first;
  if (index < 0 || static_cast<size_t>(index) >= context.GetInputsSize()) {
    return context.Error("input 'concat_dim' is missing");
  }
  std::vector<int64_t> axis;
  bool known = false;
  if (ReadConstInts(context, static_cast<size_t>(index), &axis, &known) != SUCCESS) {
    return FAILED;
  }
  if (known && axis.size() != 1) {
    return context.Error("concat_dim (input " + std::to_string(index) + ") must be a scalar, got " +
                         std::to_string(axis.size()) + " values");
  }
  return ConcatAlong(context, known, known ? axis[0] : 0);
}

Status InferConcatD(InferShapeContext &context) {
  return ConcatAlong(context, true, context.GetAttrInt("concat_dim", 0));
}

// Splits x (input `x_index`) along `axis` into `sizes` (one -1 allowed, ge_py's choice).
Status SplitInto(InferShapeContext &context, size_t x_index, bool axis_known, int64_t axis,
                 std::vector<int64_t> sizes, int64_t num_split) {
  if (num_split <= 0) {
    return context.Error("attribute 'num_split' must be positive, got " +
                         std::to_string(num_split));
  }
  if (static_cast<int64_t>(context.GetOutputsSize()) != num_split) {
    return context.Error("has " + std::to_string(context.GetOutputsSize()) +
                         " outputs but num_split is " + std::to_string(num_split));
  }
  Dims x = InputDims(context, x_index);
  DataType dtype = InputDtype(context, x_index);
  auto set_all = [&](const Dims &dims) {
    for (int64_t i = 0; i < num_split; ++i) {
      if (context.SetOutput(static_cast<size_t>(i), dims, dtype) != SUCCESS) {
        return FAILED;
      }
    }
    return SUCCESS;
  };
  if (IsUnknownRankDims(x)) {
    return set_all(x);
  }
  if (!axis_known) {
    return set_all(Dims(x.size(), UNKNOWN_DIM));
  }
  int64_t normalized = 0;
  if (!NormalizeAxis(axis, static_cast<int64_t>(x.size()), &normalized)) {
    return context.Error("split_dim " + std::to_string(axis) + " is out of range for " +
                         DescribeInput(context, x_index));
  }
  int64_t dim = x[static_cast<size_t>(normalized)];
  if (sizes.empty()) {
    if (dim >= 0 && dim % num_split != 0) {
      return context.Error("dim " + std::to_string(normalized) + " (" + std::to_string(dim) +
                           ") of " + DescribeInput(context, x_index) +
                           " is not divisible by num_split " + std::to_string(num_split));
    }
    sizes.assign(static_cast<size_t>(num_split), dim < 0 ? UNKNOWN_DIM : dim / num_split);
  } else {
    if (static_cast<int64_t>(sizes.size()) != num_split) {
      return context.Error("size_splits " + DimsToString(sizes) + " has " +
                           std::to_string(sizes.size()) + " entries but num_split is " +
                           std::to_string(num_split));
    }
    int64_t known_sum = 0;
    int64_t infer_at = -1;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == -1 && infer_at < 0) {
        infer_at = static_cast<int64_t>(i);
      } else if (sizes[i] < 0) {
        return context.Error("size_splits " + DimsToString(sizes) +
                             " may hold at most one -1 and no other negative value");
      } else {
        known_sum += sizes[i];
      }
    }
    if (infer_at >= 0) {
      if (dim >= 0 && known_sum > dim) {
        return context.Error("size_splits " + DimsToString(sizes) + " exceed dim " +
                             std::to_string(dim) + " of " + DescribeInput(context, x_index));
      }
      sizes[static_cast<size_t>(infer_at)] = dim < 0 ? UNKNOWN_DIM : dim - known_sum;
    } else if (dim >= 0 && known_sum != dim) {
      return context.Error("size_splits " + DimsToString(sizes) + " sum to " +
                           std::to_string(known_sum) + " but dim " + std::to_string(normalized) +
                           " of " + DescribeInput(context, x_index) + " is " + std::to_string(dim));
    }
  }
  for (int64_t i = 0; i < num_split; ++i) {
    Dims out = x;
    out[static_cast<size_t>(normalized)] = sizes[static_cast<size_t>(i)];
    if (context.SetOutput(static_cast<size_t>(i), out, dtype) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

// Split(split_dim, x): split_dim first.
Status InferSplit(InferShapeContext &context) {
  if (context.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> axis;
  bool known = false;
  if (ReadConstInts(context, 0, &axis, &known) != SUCCESS) {
    return FAILED;
  }
  if (known && axis.size() != 1) {
    return context.Error("split_dim (input 0) must be a scalar, got " + DimsToString(axis));
  }
  return SplitInto(context, 1, known, known ? axis[0] : 0, {}, context.GetAttrInt("num_split", 0));
}

Status InferSplitD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  return SplitInto(context, 0, true, context.GetAttrInt("split_dim", 0), {},
                   context.GetAttrInt("num_split", 0));
}

// SplitV(x, size_splits, split_dim).
Status InferSplitV(InferShapeContext &context) {
  if (context.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  int64_t num_split = context.GetAttrInt("num_split", 0);
  std::vector<int64_t> sizes;
  std::vector<int64_t> axis;
  bool sizes_known = false;
  bool axis_known = false;
  if (ReadConstInts(context, 1, &sizes, &sizes_known) != SUCCESS ||
      ReadConstInts(context, 2, &axis, &axis_known) != SUCCESS) {
    return FAILED;
  }
  if (axis_known && axis.size() != 1) {
    return context.Error("split_dim (input 2) must be a scalar, got " + DimsToString(axis));
  }
  if (!sizes_known) {
    sizes.assign(num_split > 0 ? static_cast<size_t>(num_split) : 0, UNKNOWN_DIM);
    // Unknown sizes: every piece keeps x's other dims with an unknown split dim.
    Dims x = InputDims(context, 0);
    if (axis_known && !IsUnknownRankDims(x)) {
      int64_t normalized = 0;
      if (!NormalizeAxis(axis[0], static_cast<int64_t>(x.size()), &normalized)) {
        return context.Error("split_dim " + std::to_string(axis[0]) + " is out of range for " +
                             DescribeInput(context, 0));
      }
      x[static_cast<size_t>(normalized)] = UNKNOWN_DIM;
      if (static_cast<int64_t>(context.GetOutputsSize()) != num_split) {
        return context.Error("has " + std::to_string(context.GetOutputsSize()) +
                             " outputs but num_split is " + std::to_string(num_split));
      }
      for (size_t i = 0; i < context.GetOutputsSize(); ++i) {
        if (context.SetOutput(i, x, InputDtype(context, 0)) != SUCCESS) {
          return FAILED;
        }
      }
      return SUCCESS;
    }
    return SplitInto(context, 0, false, 0, {}, num_split);
  }
  return SplitInto(context, 0, axis_known, axis_known ? axis[0] : 0, sizes, num_split);
}

Status InferSplitVD(InferShapeContext &context) {
  if (context.RequireInputs(1) != SUCCESS) {
    return FAILED;
  }
  std::vector<int64_t> sizes;
  context.GetAttrListInt("size_splits", &sizes);
  return SplitInto(context, 0, true, context.GetAttrInt("split_dim", 0), sizes,
                   context.GetAttrInt("num_split", 0));
}

// Pack: N same-shape tensors stacked on a new axis.
Status InferPack(InferShapeContext &context) {
  std::pair<int32_t, int32_t> range = context.GetIrInputRange("x");
  if (range.first < 0 || range.second == 0) {
    return context.Error("has no instances of the dynamic input 'x'");
  }
  size_t first = static_cast<size_t>(range.first);
  std::vector<size_t> inputs;
  for (int32_t i = 0; i < range.second; ++i) inputs.push_back(first + static_cast<size_t>(i));
  if (RequireSameDtype(context, inputs) != SUCCESS) {
    return FAILED;
  }
  Dims shape = InputDims(context, first);
  for (size_t i = first + 1; i < first + static_cast<size_t>(range.second); ++i) {
    Dims dims = InputDims(context, i);
    if (IsUnknownRankDims(shape)) {
      shape = dims;
      continue;
    }
    if (IsUnknownRankDims(dims)) {
      continue;
    }
    if (dims.size() != shape.size()) {
      return context.Error(DescribeInput(context, i) + " differs in rank from input " +
                           std::to_string(first) + " " + DimsToString(shape));
    }
    for (size_t d = 0; d < dims.size(); ++d) {
      if (dims[d] >= 0 && shape[d] >= 0 && dims[d] != shape[d]) {
        return context.Error(DescribeInput(context, i) + " differs from input " +
                             std::to_string(first) + " " + DimsToString(shape) +
                             "; Pack needs same-shape inputs");
      }
      if (shape[d] < 0) {
        shape[d] = dims[d];
      }
    }
  }
  DataType dtype = InputDtype(context, first);
  if (IsUnknownRankDims(shape)) {
    return context.SetOutput(0, shape, dtype);
  }
  int64_t axis = context.GetAttrInt("axis", 0);
  int64_t out_rank = static_cast<int64_t>(shape.size()) + 1;
  int64_t normalized = 0;
  if (!NormalizeAxis(axis, out_rank, &normalized)) {
    return context.Error("attribute 'axis' = " + std::to_string(axis) +
                         " is out of range for output rank " + std::to_string(out_rank));
  }
  shape.insert(shape.begin() + normalized, range.second);
  return context.SetOutput(0, shape, dtype);
}
}  // namespace

void RegisterConcatSplitOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("ConcatV2", "math")
                               .DynamicInput("x", dtypes::HostStorable())
                               .Input("concat_dim", dtypes::Index())
                               .Output("y", dtypes::HostStorable())
                               .Attr("N", AttrValueType::kInt, int64_t{1})
                               .Doc("Concatenates x along the scalar input concat_dim (after x).")
                               .Infer(InferConcatWithInput));
  RegisterBuiltin(catalog, OpDefBuilder("Concat", "math")
                               .Input("concat_dim", dtypes::Index())
                               .DynamicInput("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Attr("N", AttrValueType::kInt, int64_t{1})
                               .Doc("Concatenates x along the scalar input concat_dim (first).")
                               .Infer(InferConcatWithInput));
  for (const char *type : {"ConcatD", "ConcatV2D"}) {
    RegisterBuiltin(catalog, OpDefBuilder(type, "math")
                                 .DynamicInput("x", dtypes::HostStorable())
                                 .Output("y", dtypes::HostStorable())
                                 .RequiredAttr("concat_dim", AttrValueType::kInt)
                                 .Attr("N", AttrValueType::kInt, int64_t{1})
                                 .Doc("Concatenates x along attribute concat_dim.")
                                 .Infer(InferConcatD));
  }
  RegisterBuiltin(catalog, OpDefBuilder("Split", "math")
                               .Input("split_dim", dtypes::Index())
                               .Input("x", dtypes::HostStorable())
                               .DynamicOutput("y", dtypes::HostStorable())
                               .RequiredAttr("num_split", AttrValueType::kInt)
                               .Doc("Equal split of x into num_split pieces along split_dim.")
                               .Infer(InferSplit));
  RegisterBuiltin(catalog, OpDefBuilder("SplitD", "math")
                               .Input("x", dtypes::HostStorable())
                               .DynamicOutput("y", dtypes::HostStorable())
                               .RequiredAttr("split_dim", AttrValueType::kInt)
                               .RequiredAttr("num_split", AttrValueType::kInt)
                               .Doc("Split with split_dim as attribute.")
                               .Infer(InferSplitD));
  RegisterBuiltin(catalog, OpDefBuilder("SplitV", "math")
                               .Input("x", dtypes::HostStorable())
                               .Input("size_splits", dtypes::Index())
                               .Input("split_dim", dtypes::Index())
                               .DynamicOutput("y", dtypes::HostStorable())
                               .RequiredAttr("num_split", AttrValueType::kInt)
                               .Doc("Split by sizes (one -1 allowed, inferred).")
                               .Infer(InferSplitV));
  RegisterBuiltin(catalog, OpDefBuilder("SplitVD", "math")
                               .Input("x", dtypes::HostStorable())
                               .DynamicOutput("y", dtypes::HostStorable())
                               .RequiredAttr("size_splits", AttrValueType::kListInt)
                               .RequiredAttr("split_dim", AttrValueType::kInt)
                               .RequiredAttr("num_split", AttrValueType::kInt)
                               .Doc("SplitV with sizes and axis as attributes.")
                               .Infer(InferSplitVD));
  RegisterBuiltin(catalog, OpDefBuilder("Pack", "math")
                               .DynamicInput("x", dtypes::HostStorable())
                               .Output("y", dtypes::HostStorable())
                               .Attr("axis", AttrValueType::kInt, int64_t{0})
                               .Attr("N", AttrValueType::kInt, int64_t{1})
                               .Doc("Stacks N same-shape tensors on a new axis.")
                               .Infer(InferPack));
}

}  // namespace ge
