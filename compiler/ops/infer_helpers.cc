// Shape arithmetic shared by the op families.
#include "ops/infer_helpers.h"

#include <algorithm>
#include <limits>
#include <set>

#include "ops/op_def_builder.h"

namespace ge {
namespace {
int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t CeilDiv(int64_t a, int64_t b) { return -FloorDiv(-a, b); }

}  // namespace

bool BroadcastDims(const Dims &a, const Dims &b, Dims *out, std::string *why) {
  if (IsUnknownRankDims(a) || IsUnknownRankDims(b)) {
    *out = UnknownRankDims();
    return true;
  }
  size_t rank = std::max(a.size(), b.size());
  Dims result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    // Right-aligned: position i of the result pairs with a[i - (rank - a.size())].
    int64_t da = i + a.size() >= rank ? a[i + a.size() - rank] : 1;
    int64_t db = i + b.size() >= rank ? b[i + b.size() - rank] : 1;
    int64_t dim = 0;
    if (da == db) {
      dim = da;
    } else if (da == 1) {
      dim = db;
    } else if (db == 1) {
      dim = da;
    } else if (da == UNKNOWN_DIM) {
      dim = db;  // the unknown dim must be db or 1; either way the result is db
    } else if (db == UNKNOWN_DIM) {
      dim = da;
    } else {
      *why = "shapes " + DimsToString(a) + " and " + DimsToString(b) +
             " cannot be broadcast (dim " + std::to_string(da) + " vs " + std::to_string(db) +
             " at output axis " + std::to_string(i) + ")";
      return false;
    }
    result[i] = dim;
  }
  *out = std::move(result);
  return true;
}

bool NormalizeAxis(int64_t axis, int64_t rank, int64_t *out) {
  if (axis < -rank || axis >= rank) {
    return false;
  }
  *out = axis < 0 ? axis + rank : axis;
  return true;
}

bool ReduceDims(const Dims &in, const std::vector<int64_t> &axes, bool keep_dims,
                bool noop_with_empty_axes, Dims *out, std::string *why) {
  if (IsUnknownRankDims(in)) {
    *out = UnknownRankDims();
    return true;
  }
  int64_t rank = static_cast<int64_t>(in.size());
  std::set<int64_t> reduced;
  if (axes.empty()) {
    if (noop_with_empty_axes) {
      *out = in;
      return true;
    }
    for (int64_t i = 0; i < rank; ++i) {
      reduced.insert(i);
    }
  }
  for (int64_t axis : axes) {
    int64_t normalized = 0;
    if (!NormalizeAxis(axis, rank, &normalized)) {
      *why = "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank) +
             " (shape " + DimsToString(in) + ")";
      return false;
    }
    reduced.insert(normalized);
  }
  Dims result;
  for (int64_t i = 0; i < rank; ++i) {
    if (reduced.count(i) == 0) {
      result.push_back(in[static_cast<size_t>(i)]);
    } else if (keep_dims) {
      result.push_back(1);
    }
  }
  *out = std::move(result);
  return true;
}

bool ConvOutputDim(int64_t in, int64_t k, int64_t stride, int64_t dilation, int64_t pad_before,
                   int64_t pad_after, int64_t *out, std::string *why) {
  if (stride <= 0 || dilation <= 0) {
    *why = "stride " + std::to_string(stride) + " and dilation " + std::to_string(dilation) +
           " must be positive";
    return false;
  }
  if (pad_before < 0 || pad_after < 0) {
    *why = "pads " + std::to_string(pad_before) + "/" + std::to_string(pad_after) +
           " must not be negative";
    return false;
  }
  if (in < 0 || k < 0) {
    *out = UNKNOWN_DIM;
    return true;
  }
  int64_t effective = dilation * (k - 1) + 1;
  int64_t span = in + pad_before + pad_after - effective;
  if (span < 0) {
    *why = "the dilated kernel (" + std::to_string(effective) +
           ") is larger than the padded input (" + std::to_string(in + pad_before + pad_after) +
           ")";
    return false;
  }
  *out = span / stride + 1;
  return true;
}

bool PoolOutputDim(const std::string &padding_mode, int64_t in, int64_t k, int64_t stride,
                   int64_t pad_before, int64_t pad_after, bool ceil_mode, int64_t *out,
                   std::string *why) {
  if (stride <= 0 || k <= 0) {
    *why = "ksize " + std::to_string(k) + " and stride " + std::to_string(stride) +
           " must be positive";
    return false;
  }
  if (in < 0) {
    *out = UNKNOWN_DIM;
    return true;
  }
  if (padding_mode == "SAME") {
    *out = CeilDiv(in, stride);
    return true;
  }
  if (padding_mode == "VALID") {
    if (in < k) {
      *why = "window " + std::to_string(k) + " is larger than the input dim " + std::to_string(in);
      return false;
    }
    *out = (in - k) / stride + 1;
    return true;
  }
  if (padding_mode != "CALCULATED") {
    *why = "padding mode '" + padding_mode + "' is not one of CALCULATED, SAME, VALID";
    return false;
  }
  if (pad_before < 0 || pad_after < 0) {
    *why = "pads must not be negative";
    return false;
  }
  int64_t span = in + pad_before + pad_after - k;
  if (span < 0) {
    *why = "window " + std::to_string(k) + " is larger than the padded input dim " +
           std::to_string(in + pad_before + pad_after);
    return false;
  }
  *out = (ceil_mode ? CeilDiv(span, stride) : span / stride) + 1;
  // A ceil-mode window must start inside the input or the leading pad (ONNX/PyTorch rule).
  if (ceil_mode && (*out - 1) * stride >= in + pad_before) {
    --*out;
  }
  return true;
}

bool DataFormatAxes(const std::string &data_format, size_t rank, int64_t *n_axis, int64_t *c_axis,
                    std::vector<int64_t> *spatial_axes) {
  size_t expected_rank = data_format.size();
  if (rank != expected_rank || data_format.empty() || data_format[0] != 'N') {
    return false;
  }
  spatial_axes->clear();
  *n_axis = 0;
  *c_axis = -1;
  for (size_t i = 0; i < data_format.size(); ++i) {
    char letter = data_format[i];
    if (letter == 'C') {
      *c_axis = static_cast<int64_t>(i);
    } else if (letter == 'D' || letter == 'H' || letter == 'W') {
      spatial_axes->push_back(static_cast<int64_t>(i));
    } else if (letter != 'N') {
      return false;
    }
  }
  return *c_axis >= 0 && (data_format == "NCHW" || data_format == "NHWC" ||
                          data_format == "NCDHW" || data_format == "NDHWC");
}

int64_t DimsProduct(const Dims &dims) {
  int64_t product = 1;
  for (int64_t dim : dims) {
    if (dim < 0) {
      return -1;
    }
    if (dim != 0 && product > std::numeric_limits<int64_t>::max() / dim) {
      return -1;
    }
    product *= dim;
  }
  return product;
}

bool ResolveReshape(const Dims &in, const Dims &target, bool allow_zero, Dims *out,
                    std::string *why) {
  Dims result = target;
  int64_t infer_at = -1;
  for (size_t i = 0; i < result.size(); ++i) {
    int64_t dim = result[i];
    if (dim == 0 && !allow_zero) {
      if (IsUnknownRankDims(in)) {
        result[i] = UNKNOWN_DIM;
      } else if (i >= in.size()) {
        *why = "target dim " + std::to_string(i) + " is 0 (copy) but the input " +
               DimsToString(in) + " has only " + std::to_string(in.size()) + " dims";
        return false;
      } else {
        result[i] = in[i];
      }
    } else if (dim == -1) {
      if (infer_at >= 0) {
        *why = "target shape " + DimsToString(target) + " has more than one -1";
        return false;
      }
      infer_at = static_cast<int64_t>(i);
    } else if (dim < -1) {
      *why = "target shape " + DimsToString(target) + " has invalid dim " + std::to_string(dim);
      return false;
    }
  }
  int64_t total = IsUnknownRankDims(in) ? -1 : DimsProduct(in);
  int64_t known = 1;
  bool known_unknown = false;
  for (size_t i = 0; i < result.size(); ++i) {
    if (static_cast<int64_t>(i) == infer_at) {
      continue;
    }
    if (result[i] < 0) {
      known_unknown = true;
    } else if (result[i] != 0 && known > std::numeric_limits<int64_t>::max() / result[i]) {
      // A corrupt or hostile shape input: the product would overflow (undefined behaviour).
      *why = "target shape " + DimsToString(target) + " has more elements than int64 can count";
      return false;
    } else {
      known *= result[i];
    }
  }
  if (infer_at >= 0) {
    if (total < 0 || known_unknown) {
      result[static_cast<size_t>(infer_at)] = UNKNOWN_DIM;
    } else if (known == 0 || total % known != 0) {
      *why = "cannot infer the -1 of target shape " + DimsToString(target) + " from input " +
             DimsToString(in) + " (" + std::to_string(total) + " elements)";
      return false;
    } else {
      result[static_cast<size_t>(infer_at)] = total / known;
    }
  } else if (total >= 0 && !known_unknown && known != total) {
    *why = "input " + DimsToString(in) + " has " + std::to_string(total) +
           " elements but the target shape " + DimsToString(target) + " has " +
           std::to_string(known);
    return false;
  }
  *out = std::move(result);
  return true;
}

bool IsHostComputeType(DataType dtype) {
  const std::vector<DataType> &types = dtypes::Host();
  return std::find(types.begin(), types.end(), dtype) != types.end();
}

namespace {
DataType ComputeDtype(DataType dtype) {
  return dtype == DT_FLOAT16 || dtype == DT_BF16 ? DT_FLOAT : dtype;
}

Status RequireTiedDtypes(const InferShapeContext &context, const std::vector<size_t> &indices,
                         bool halves_as_float) {
  const size_t *first = nullptr;
  for (const size_t &index : indices) {
    if (index >= context.GetInputsSize() || !context.IsInputConnected(index)) {
      continue;
    }
    if (first == nullptr) {
      first = &index;
      continue;
    }
    const DataType a = InputDtype(context, *first);
    const DataType b = InputDtype(context, index);
    if (halves_as_float ? ComputeDtype(a) != ComputeDtype(b) : a != b) {
      return context.Error("input " + std::to_string(index) + " '" +
                           context.GetOpDesc().GetInputName(index) + "' has dtype " +
                           DataTypeToString(b) + " but input " + std::to_string(*first) + " '" +
                           context.GetOpDesc().GetInputName(*first) + "' has " +
                           DataTypeToString(a) + "; the host kernel needs one dtype" +
                           (halves_as_float ? " (float16 and bfloat16 run as float32)" : ""));
    }
  }
  return SUCCESS;
}
}  // namespace

Status RequireSameDtype(const InferShapeContext &context, const std::vector<size_t> &indices) {
  return RequireTiedDtypes(context, indices, false);
}

Status RequireSameComputeDtype(const InferShapeContext &context,
                               const std::vector<size_t> &indices) {
  return RequireTiedDtypes(context, indices, true);
}

Dims InputDims(const InferShapeContext &context, size_t index) {
  const GeTensorDesc *desc = context.GetInputDesc(index);
  return desc == nullptr ? UnknownRankDims() : desc->GetShape().GetDims().ToVector();
}

DataType InputDtype(const InferShapeContext &context, size_t index) {
  const GeTensorDesc *desc = context.GetInputDesc(index);
  return desc == nullptr ? DT_UNDEFINED : desc->GetDataType();
}

std::string DescribeInput(const InferShapeContext &context, size_t index) {
  std::string name = context.GetOpDesc().GetInputName(index);
  return "input " + std::to_string(index) + (name.empty() ? "" : " '" + name + "'") + " " +
         DimsToString(InputDims(context, index));
}

Status InferBroadcastInputs(InferShapeContext &context, size_t first, size_t count, DataType dtype,
                            size_t output) {
  if (context.RequireInputs(first + count) != SUCCESS) {
    return FAILED;
  }
  Dims result = InputDims(context, first);
  for (size_t i = first + 1; i < first + count; ++i) {
    std::string why;
    Dims next;
    if (!BroadcastDims(result, InputDims(context, i), &next, &why)) {
      return context.Error("incompatible broadcast of " + DescribeInput(context, i) +
                           " with the inputs before it: " + why);
    }
    result = std::move(next);
  }
  return context.SetOutput(output, result, dtype);
}

Status ReadConstInts(const InferShapeContext &context, size_t input_index,
                     std::vector<int64_t> *values, bool *known) {
  *known = false;
  const GeTensor *tensor = context.GetConstInput(input_index);
  if (tensor == nullptr) {
    return SUCCESS;
  }
  if (!context.GetConstInputInts(input_index, values)) {
    return context.Error("constant input " + std::to_string(input_index) + " has dtype " +
                         DataTypeToString(tensor->GetTensorDesc().GetDataType()) +
                         ", expected an integer type");
  }
  *known = true;
  return SUCCESS;
}

}  // namespace ge
