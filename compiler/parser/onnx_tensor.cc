// ONNX tensor payload decoding: raw_data, typed fields and external data files.
#include "parser/onnx_tensor.h"

#include <cstring>
#include <fstream>
#include <limits>
#include <vector>

#include "common/error.h"

namespace ge {
namespace {

std::string Where(const onnx::TensorProto &tensor, const std::string &source) {
  return source + ": tensor '" + std::string(tensor.name) + "' (TensorProto at byte offset " +
         std::to_string(tensor.offset) + ")";
}

template <typename T>
void AppendLe(std::vector<uint8_t> *bytes, T value) {
  uint8_t buffer[sizeof(T)];
  std::memcpy(buffer, &value, sizeof(T));  // the host is little-endian (x86-64 / aarch64)
  bytes->insert(bytes->end(), buffer, buffer + sizeof(T));
}

Status ReadExternal(const onnx::TensorProto &tensor, const std::string &source,
                    const std::string &model_dir, std::vector<uint8_t> *bytes) {
  std::string location;
  int64_t offset = 0;
  int64_t length = -1;
  for (const auto &kv : tensor.external_data) {
    try {
      if (kv.first == "location") {
        location = std::string(kv.second);
      } else if (kv.first == "offset") {
        offset = std::stoll(std::string(kv.second));
      } else if (kv.first == "length") {
        length = std::stoll(std::string(kv.second));
      }
    } catch (const std::exception &) {
      return Fail(Where(tensor, source) + ": external_data '" + std::string(kv.first) + "' = '" +
                  std::string(kv.second) + "' is not a number");
    }
  }
  if (location.empty()) {
    return Fail(Where(tensor, source) + ": external data without a 'location'");
  }
  // A model may only reference files inside its own directory.
  if (location[0] == '/' || location == ".." || location.rfind("../", 0) == 0 ||
      location.find("/../") != std::string::npos ||
      (location.size() >= 3 && location.compare(location.size() - 3, 3, "/..") == 0)) {
    return Fail(Where(tensor, source) + ": external data location '" + location +
                "' must be a relative path inside the model's directory");
  }
  if (offset < 0 || length < -1) {
    return Fail(Where(tensor, source) + ": negative external data offset or length");
  }
  const std::string path = (model_dir.empty() ? std::string(".") : model_dir) + "/" + location;
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) {
    return Fail(Where(tensor, source) + ": cannot open external data file '" + path + "'");
  }
  const int64_t file_size = static_cast<int64_t>(file.tellg());
  if (offset > file_size || (length >= 0 && offset + length > file_size)) {
    return Fail(Where(tensor, source) + ": external data [" + std::to_string(offset) + ", +" +
                std::to_string(length) + ") lies outside '" + path + "' (" +
                std::to_string(file_size) + " bytes)");
  }
  const int64_t count = length >= 0 ? length : file_size - offset;
  bytes->resize(static_cast<size_t>(count));
  file.seekg(offset);
  if (count > 0 && !file.read(reinterpret_cast<char *>(bytes->data()), count)) {
    return Fail(Where(tensor, source) + ": reading external data from '" + path + "' failed");
  }
  return SUCCESS;
}

}  // namespace

bool OnnxToGeDataType(int32_t onnx_type, DataType *dtype) {
  switch (onnx_type) {
    case 1: *dtype = DT_FLOAT; return true;
    case 2: *dtype = DT_UINT8; return true;
    case 3: *dtype = DT_INT8; return true;
    case 4: *dtype = DT_UINT16; return true;
    case 5: *dtype = DT_INT16; return true;
    case 6: *dtype = DT_INT32; return true;
    case 7: *dtype = DT_INT64; return true;
    case 8: *dtype = DT_STRING; return true;
    case 9: *dtype = DT_BOOL; return true;
    case 10: *dtype = DT_FLOAT16; return true;
    case 11: *dtype = DT_DOUBLE; return true;
    case 12: *dtype = DT_UINT32; return true;
    case 13: *dtype = DT_UINT64; return true;
    case 14: *dtype = DT_COMPLEX64; return true;
    case 15: *dtype = DT_COMPLEX128; return true;
    case 16: *dtype = DT_BF16; return true;
    case 17: *dtype = DT_FLOAT8_E4M3FN; return true;
    case 19: *dtype = DT_FLOAT8_E5M2; return true;
    case 22: *dtype = DT_INT4; return true;
    // Beyond GE's table: Ascend IR has these types too, and the host runtime casts them.
    case 23: *dtype = DT_FLOAT4_E2M1; return true;
    case 24: *dtype = DT_FLOAT8_E8M0; return true;
    case 25: *dtype = DT_UINT2; return true;
    case 26: *dtype = DT_INT2; return true;
    default: return false;
  }
}

Status ConvertOnnxTensor(const onnx::TensorProto &tensor, const std::string &source,
                         const std::string &model_dir,
                         const std::shared_ptr<const void> &model_bytes, GeTensor *out) {
  DataType dtype = DT_UNDEFINED;
  if (!OnnxToGeDataType(tensor.data_type, &dtype)) {
    return Fail(Where(tensor, source) + ": data type " + onnx::DataTypeName(tensor.data_type) +
                " is not supported");
  }
  if (dtype == DT_STRING || GetSubByteBits(dtype) > 0) {
    return Fail(Where(tensor, source) + ": " + onnx::DataTypeName(tensor.data_type) +
                " constants are not supported");
  }
  if (tensor.has_segment) {
    return Fail(Where(tensor, source) + ": segmented (chunked) tensors are not supported");
  }
  int64_t count = 1;
  for (int64_t dim : tensor.dims) {
    if (dim < 0) {
      return Fail(Where(tensor, source) + ": negative dim " + std::to_string(dim));
    }
    if (dim != 0 && count > std::numeric_limits<int64_t>::max() / dim) {
      return Fail(Where(tensor, source) + ": element count overflows");
    }
    count *= dim;
  }
  const int64_t element_size = GetSizeByDataType(dtype);
  if (element_size <= 0) {
    return Fail(Where(tensor, source) + ": data type " + onnx::DataTypeName(tensor.data_type) +
                " has no fixed element size");
  }
  const uint64_t expected = static_cast<uint64_t>(count) * static_cast<uint64_t>(element_size);
  GeTensorDesc desc(GeShape(tensor.dims), FORMAT_ND, dtype);
  desc.SetOriginShape(GeShape(tensor.dims));
  desc.SetOriginFormat(FORMAT_ND);
  desc.SetOriginDataType(dtype);
  const bool shareable = model_bytes != nullptr && tensor.data_location != 1 &&
                         tensor.has_raw_data && count != 0 && tensor.raw_data.size() == expected;
  if (shareable) {
    // The weights stay where the file put them: no second copy of a large model.
    *out = GeTensor(std::move(desc));
    out->ShareData(model_bytes, reinterpret_cast<const uint8_t *>(tensor.raw_data.data()),
                   tensor.raw_data.size());
    return SUCCESS;
  }
  std::vector<uint8_t> bytes;
  if (tensor.data_location == 1) {
    if (ReadExternal(tensor, source, model_dir, &bytes) != SUCCESS) {
      return FAILED;
    }
  } else if (tensor.has_raw_data) {
    bytes.assign(tensor.raw_data.begin(), tensor.raw_data.end());
  } else {
    bytes.reserve(expected);
    switch (tensor.data_type) {
      case onnx::kFloat:
        for (float v : tensor.float_data) AppendLe(&bytes, v);
        break;
      case 14:  // COMPLEX64: re/im interleaved in float_data
        for (float v : tensor.float_data) AppendLe(&bytes, v);
        break;
      case onnx::kInt32:
        for (int64_t v : tensor.int32_data) AppendLe(&bytes, static_cast<int32_t>(v));
        break;
      case onnx::kInt16:
        for (int64_t v : tensor.int32_data) AppendLe(&bytes, static_cast<int16_t>(v));
        break;
      case onnx::kUint16:
      case onnx::kFloat16:
      case onnx::kBfloat16:  // 16-bit patterns in the low bits of each element
        for (int64_t v : tensor.int32_data) AppendLe(&bytes, static_cast<uint16_t>(v));
        break;
      case onnx::kInt8:
      case onnx::kUint8:
      case onnx::kBool:
      case 17:
      case 19:
        for (int64_t v : tensor.int32_data) AppendLe(&bytes, static_cast<uint8_t>(v));
        break;
      case onnx::kInt64:
        for (int64_t v : tensor.int64_data) AppendLe(&bytes, v);
        break;
      case onnx::kDouble:
      case 15:
        for (double v : tensor.double_data) AppendLe(&bytes, v);
        break;
      case onnx::kUint32:
        for (uint64_t v : tensor.uint64_data) AppendLe(&bytes, static_cast<uint32_t>(v));
        break;
      case onnx::kUint64:
        for (uint64_t v : tensor.uint64_data) AppendLe(&bytes, v);
        break;
      default: break;
    }
  }
  if (count == 0) {
    bytes.clear();  // a tensor with a zero dim carries no data
  }
  if (bytes.size() != expected) {
    return Fail(Where(tensor, source) + ": holds " + std::to_string(bytes.size()) +
                " bytes of data but its dims and type " + onnx::DataTypeName(tensor.data_type) +
                " need " + std::to_string(expected));
  }
  *out = GeTensor(std::move(desc), std::move(bytes));
  return SUCCESS;
}

}  // namespace ge
