// InferShapeContext accessors and constant-input decoding.
#include "ops/infer_shape_context.h"

#include <cstring>

#include "common/error.h"
#include "graph/attr_value.h"

namespace ge {
namespace {
template <typename T>
T LoadAt(const uint8_t *data, size_t index) {
  T value;
  std::memcpy(&value, data + index * sizeof(T), sizeof(T));
  return value;
}

// IEEE half and bfloat16 to float, for constant inputs of those types (Range, Fill values).
float HalfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000U) << 16;
  uint32_t exponent = (bits >> 10) & 0x1FU;
  uint32_t mantissa = bits & 0x3FFU;
  uint32_t out = 0;
  if (exponent == 0) {
    if (mantissa == 0) {
      out = sign;
    } else {  // subnormal: renormalise
      exponent = 127 - 15 + 1;
      while ((mantissa & 0x400U) == 0) {
        mantissa <<= 1;
        --exponent;
      }
      mantissa &= 0x3FFU;
      out = sign | (exponent << 23) | (mantissa << 13);
    }
  } else if (exponent == 0x1F) {
    out = sign | 0x7F800000U | (mantissa << 13);
  } else {
    out = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float result = 0.0F;
  std::memcpy(&result, &out, sizeof(result));
  return result;
}

float Bf16ToFloat(uint16_t bits) {
  uint32_t out = static_cast<uint32_t>(bits) << 16;
  float result = 0.0F;
  std::memcpy(&result, &out, sizeof(result));
  return result;
}

// Decodes every element of `tensor` as a double; false for unsupported dtypes or short data.
bool DecodeAsDoubles(const GeTensor &tensor, std::vector<double> *values, bool integral_only) {
  const GeTensorDesc &desc = tensor.GetTensorDesc();
  DataType dtype = desc.GetDataType();
  int32_t width = GetSizeByDataType(dtype);
  if (width <= 0) {
    return false;
  }
  size_t count = tensor.GetSize() / static_cast<size_t>(width);
  int64_t expected = desc.GetShape().GetShapeSize();
  if (expected >= 0 && static_cast<size_t>(expected) <= count) {
    count = static_cast<size_t>(expected);
  }
  const uint8_t *data = tensor.GetData();
  values->clear();
  values->reserve(count);
  for (size_t i = 0; i < count; ++i) {
    double value = 0.0;
    switch (dtype) {
      case DT_INT8: value = LoadAt<int8_t>(data, i); break;
      case DT_UINT8: value = LoadAt<uint8_t>(data, i); break;
      case DT_INT16: value = LoadAt<int16_t>(data, i); break;
      case DT_UINT16: value = LoadAt<uint16_t>(data, i); break;
      case DT_INT32: value = LoadAt<int32_t>(data, i); break;
      case DT_UINT32: value = LoadAt<uint32_t>(data, i); break;
      case DT_INT64: value = static_cast<double>(LoadAt<int64_t>(data, i)); break;
      case DT_UINT64: value = static_cast<double>(LoadAt<uint64_t>(data, i)); break;
      case DT_BOOL: value = LoadAt<uint8_t>(data, i) != 0 ? 1.0 : 0.0; break;
      case DT_FLOAT:
        if (integral_only) return false;
        value = LoadAt<float>(data, i);
        break;
      case DT_DOUBLE:
        if (integral_only) return false;
        value = LoadAt<double>(data, i);
        break;
      case DT_FLOAT16:
        if (integral_only) return false;
        value = HalfToFloat(LoadAt<uint16_t>(data, i));
        break;
      case DT_BF16:
        if (integral_only) return false;
        value = Bf16ToFloat(LoadAt<uint16_t>(data, i));
        break;
      default: return false;
    }
    values->push_back(value);
  }
  return true;
}
}  // namespace

std::string DimsToString(const std::vector<int64_t> &dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) {
      text += ", ";
    }
    text += std::to_string(dims[i]);
  }
  return text + "]";
}

InferShapeContext::InferShapeContext(Node *node) : op_desc_(&node->MutableOpDesc()), node_(node) {}

InferShapeContext::InferShapeContext(OpDesc *op_desc, std::vector<bool> connected,
                                     std::vector<std::pair<size_t, GeTensor>> const_inputs)
    : op_desc_(op_desc), connected_(std::move(connected)), const_inputs_(std::move(const_inputs)) {}

bool InferShapeContext::IsInputConnected(size_t index) const {
  if (index >= op_desc_->GetInputsSize()) {
    return false;
  }
  if (node_ != nullptr) {
    return node_->GetInDataPeer(index).IsConnected();
  }
  return index >= connected_.size() || connected_[index];
}

std::pair<int32_t, int32_t> InferShapeContext::GetIrInputRange(const std::string &ir_name) const {
  int32_t first = 0;
  for (const auto &ir_input : op_desc_->GetIrInputs()) {
    int32_t count = 1;
    if (ir_input.second == IrInputType::kDynamic) {
      // Dynamic instances are the consecutive ports named <ir_name><k>.
      count = 0;
      while (static_cast<size_t>(first + count) < op_desc_->GetInputsSize() &&
             op_desc_->GetInputName(static_cast<size_t>(first + count)) ==
                 ir_input.first + std::to_string(count)) {
        ++count;
      }
    }
    if (ir_input.first == ir_name) {
      return {first, count};
    }
    first += count;
  }
  return {-1, 0};
}

const GeTensor *InferShapeContext::GetConstInput(size_t index) const {
  if (node_ == nullptr) {
    for (const auto &entry : const_inputs_) {
      if (entry.first == index) {
        return &entry.second;
      }
    }
    return nullptr;
  }
  InDataPeer peer = node_->GetInDataPeer(index);
  if (!peer.IsConnected()) {
    return nullptr;
  }
  const std::string &type = peer.node->GetType();
  if (type != "Const" && type != "Constant") {
    return nullptr;
  }
  return peer.node->GetOpDesc().GetAttrAs<GeTensor>("value");
}

bool InferShapeContext::GetConstInputInts(size_t index, std::vector<int64_t> *values) const {
  const GeTensor *tensor = GetConstInput(index);
  std::vector<double> decoded;
  if (tensor == nullptr || !DecodeAsDoubles(*tensor, &decoded, true)) {
    return false;
  }
  values->clear();
  // Integral dtypes only, so the doubles hold exact values except for |v| > 2^53; re-read int64
  // data directly to stay exact there.
  const GeTensorDesc &desc = tensor->GetTensorDesc();
  if (desc.GetDataType() == DT_INT64) {
    for (size_t i = 0; i < decoded.size(); ++i) {
      values->push_back(LoadAt<int64_t>(tensor->GetData(), i));
    }
    return true;
  }
  for (double value : decoded) {
    values->push_back(static_cast<int64_t>(value));
  }
  return true;
}

bool InferShapeContext::GetConstInputDoubles(size_t index, std::vector<double> *values) const {
  const GeTensor *tensor = GetConstInput(index);
  return tensor != nullptr && DecodeAsDoubles(*tensor, values, false);
}

int64_t InferShapeContext::GetAttrInt(const std::string &name, int64_t fallback) const {
  const int64_t *value = op_desc_->GetAttrAs<int64_t>(name);
  if (value != nullptr) {
    return *value;
  }
  // dtype-valued attributes (Cast.dst_type, Shape.dtype) may be stored as DataType.
  const DataType *dtype = op_desc_->GetAttrAs<DataType>(name);
  return dtype != nullptr ? static_cast<int64_t>(*dtype) : fallback;
}

float InferShapeContext::GetAttrFloat(const std::string &name, float fallback) const {
  const float *value = op_desc_->GetAttrAs<float>(name);
  return value != nullptr ? *value : fallback;
}

bool InferShapeContext::GetAttrBool(const std::string &name, bool fallback) const {
  const bool *value = op_desc_->GetAttrAs<bool>(name);
  return value != nullptr ? *value : fallback;
}

std::string InferShapeContext::GetAttrString(const std::string &name,
                                             const std::string &fallback) const {
  const std::string *value = op_desc_->GetAttrAs<std::string>(name);
  return value != nullptr ? *value : fallback;
}

bool InferShapeContext::GetAttrListInt(const std::string &name,
                                       std::vector<int64_t> *values) const {
  const auto *value = op_desc_->GetAttrAs<std::vector<int64_t>>(name);
  if (value == nullptr) {
    return false;
  }
  *values = *value;
  return true;
}

bool InferShapeContext::GetAttrListListInt(const std::string &name,
                                           std::vector<std::vector<int64_t>> *values) const {
  const auto *value = op_desc_->GetAttrAs<std::vector<std::vector<int64_t>>>(name);
  if (value == nullptr) {
    return false;
  }
  *values = *value;
  return true;
}

Status InferShapeContext::SetOutput(size_t index, const std::vector<int64_t> &dims,
                                    DataType dtype) {
  Format format = FORMAT_ND;
  Format origin_format = FORMAT_ND;
  const GeTensorDesc *input = op_desc_->GetInputDesc(0);
  GeTensorDesc *output = op_desc_->MutableOutputDesc(index);
  if (input != nullptr) {
    format = input->GetFormat();
    origin_format = input->GetOriginFormat();
  } else if (output != nullptr) {
    format = output->GetFormat();
    origin_format = output->GetOriginFormat();
  }
  Status status = SetOutput(index, dims, dtype, format);
  if (status == SUCCESS) {
    output->SetOriginFormat(origin_format);
  }
  return status;
}

Status InferShapeContext::SetOutput(size_t index, const std::vector<int64_t> &dims, DataType dtype,
                                    Format format) {
  GeTensorDesc *output = op_desc_->MutableOutputDesc(index);
  if (output == nullptr) {
    return Error("output " + std::to_string(index) + " does not exist (the node has " +
                 std::to_string(op_desc_->GetOutputsSize()) + " outputs)");
  }
  output->SetShape(GeShape(dims));
  output->SetOriginShape(GeShape(dims));
  output->SetDataType(dtype);
  output->SetOriginDataType(dtype);
  output->SetFormat(format);
  output->SetOriginFormat(format);
  return SUCCESS;
}

Status InferShapeContext::PassThrough(size_t input_index, size_t output_index) {
  const GeTensorDesc *input = op_desc_->GetInputDesc(input_index);
  if (input == nullptr) {
    return Error("input " + std::to_string(input_index) + " does not exist");
  }
  GeTensorDesc copy = *input;
  Status status =
      SetOutput(output_index, copy.GetShape().GetDims(), copy.GetDataType(), copy.GetFormat());
  if (status == SUCCESS) {
    op_desc_->MutableOutputDesc(output_index)->SetOriginFormat(copy.GetOriginFormat());
  }
  return status;
}

Status InferShapeContext::Error(const std::string &message) const {
  return Fail("infer shape failed for node '" + GetNodeName() + "' (" + GetOpType() +
              "): " + message);
}

Status InferShapeContext::RequireInputs(size_t count) const {
  if (op_desc_->GetInputsSize() < count) {
    return Error("expected at least " + std::to_string(count) + " inputs, found " +
                 std::to_string(op_desc_->GetInputsSize()));
  }
  return SUCCESS;
}

Status InferShapeContext::RequireOutputs(size_t count) const {
  if (op_desc_->GetOutputsSize() < count) {
    return Error("expected at least " + std::to_string(count) + " outputs, found " +
                 std::to_string(op_desc_->GetOutputsSize()));
  }
  return SUCCESS;
}

}  // namespace ge
