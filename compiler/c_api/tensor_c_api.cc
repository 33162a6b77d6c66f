// Tensor section of the C API: the core tensor behind ge.graph.Tensor.
// Tensors with data are created by EsCreateEsCTensor (ES base library); both use GeTensorHandle.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "c_api/c_api_arrays.h"
#include "c_handles/c_handles.h"
#include "ge/c_api/tensor.h"

using ge::capi::Guard;

namespace {

bool CheckTensor(const GeTensorHandle *t) {
  if (t == nullptr) {
    ge::SetLastError("tensor handle is null");
    return false;
  }
  return true;
}

/// IEEE 754 half-precision bits to float (subnormals, infinities and NaN included).
float HalfToFloat(uint16_t bits) {
  const uint32_t sign = (bits >> 15) & 0x1U;
  const uint32_t exponent = (bits >> 10) & 0x1FU;
  const uint32_t mantissa = bits & 0x3FFU;
  float magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 0x1F) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else {
    magnitude = std::ldexp(static_cast<float>(mantissa | 0x400U), static_cast<int>(exponent) - 25);
  }
  return sign != 0 ? -magnitude : magnitude;
}

std::string FormatFloat(double value) {
  char buffer[512];
  std::snprintf(buffer, sizeof(buffer), "%f", value);
  return buffer;
}

/// Element `index` of the byte buffer as text, or false for dtypes without a text form.
bool ElementText(ge::DataType dtype, const uint8_t *bytes, size_t index, std::string *text) {
  auto load = [bytes, index](auto sample) {
    decltype(sample) value;
    std::memcpy(&value, bytes + index * sizeof(value), sizeof(value));
    return value;
  };
  switch (dtype) {
    case ge::DT_FLOAT: *text = FormatFloat(load(float{})); return true;
    case ge::DT_FLOAT16: *text = FormatFloat(HalfToFloat(load(uint16_t{}))); return true;
    case ge::DT_INT8: *text = std::to_string(load(int8_t{})); return true;
    case ge::DT_UINT8: *text = std::to_string(load(uint8_t{})); return true;
    case ge::DT_INT16: *text = std::to_string(load(int16_t{})); return true;
    case ge::DT_UINT16: *text = std::to_string(load(uint16_t{})); return true;
    case ge::DT_INT32: *text = std::to_string(load(int32_t{})); return true;
    case ge::DT_UINT32: *text = std::to_string(load(uint32_t{})); return true;
    case ge::DT_INT64: *text = std::to_string(load(int64_t{})); return true;
    case ge::DT_UINT64: *text = std::to_string(load(uint64_t{})); return true;
    case ge::DT_BOOL: *text = load(uint8_t{}) != 0 ? "true" : "false"; return true;
    default: return false;
  }
}

/// The data as GE's text: "[e0,e1,...]"; "<empty>" without data; "<not_supported>" for
/// dtypes without a text form. Trailing bytes that do not fill a whole element are ignored.
std::string DataText(const GeTensorHandle &t) {
  if (t.tensor.GetSize() == 0) {
    return "<empty>";
  }
  const ge::DataType dtype = t.tensor.GetTensorDesc().GetDataType();
  const int32_t elem_size = ge::GetSizeByDataType(dtype);
  if (elem_size <= 0) {
    return "<not_supported>";
  }
  const size_t count = t.tensor.GetSize() / static_cast<size_t>(elem_size);
  std::string item;
  if (count == 0) {
    // Fewer bytes than one element: probe element 0 of a zeroed sample (never the buffer) to
    // tell "[]" from an unsupported dtype.
    const uint64_t sample = 0;
    if (elem_size > static_cast<int32_t>(sizeof(sample)) ||
        !ElementText(dtype, reinterpret_cast<const uint8_t *>(&sample), 0, &item)) {
      return "<not_supported>";
    }
    return "[]";
  }
  // Element 0 itself tells whether the dtype has a text form (one formatting per element: the
  // per-match read of a scalar Const is one snprintf).
  std::string text = "[";
  for (size_t i = 0; i < count; ++i) {
    if (!ElementText(dtype, t.tensor.GetData(), i, &item)) {
      return "<not_supported>";
    }
    if (i != 0) {
      text += ',';
    }
    text += item;
  }
  text += ']';
  return text;
}

}  // namespace

extern "C" {

/// An empty tensor: default desc ([], ND, FLOAT), no data, on the host.
GeTensorHandle *GeApiWrapper_Tensor_CreateTensor() {
  return Guard<GeTensorHandle *>(nullptr, [] { return new GeTensorHandle(); });
}

GeTensorHandle *GeApiWrapper_Tensor_CreateFromBytes(const void *data, size_t size,
                                                    const int64_t *dims, size_t dim_count,
                                                    int32_t dtype, int32_t format) {
  return Guard<GeTensorHandle *>(nullptr, [=]() -> GeTensorHandle * {
    std::vector<int64_t> shape;
    if (!ge::capi::ImportDims(dims, dim_count, &shape)) {
      return nullptr;
    }
    if (!ge::IsValidDataType(dtype) || !ge::IsValidFormat(format)) {
      ge::SetLastError("create tensor from bytes: invalid data type " + std::to_string(dtype) +
                       " or format " + std::to_string(format));
      return nullptr;
    }
    const auto type = static_cast<ge::DataType>(dtype);
    const int64_t needed = ge::GetSizeInBytes(ge::GeShape(shape).GetShapeSize(), type);
    if (needed < 0 || static_cast<uint64_t>(needed) != size || (size > 0 && data == nullptr)) {
      ge::SetLastError("create tensor from bytes: shape " + ge::GeShape(shape).ToString() + " of " +
                       ge::DataTypeToString(type) + " needs " + std::to_string(needed) +
                       " bytes, got " + std::to_string(size));
      return nullptr;
    }
    ge::GeTensorDesc desc(ge::GeShape(shape), static_cast<ge::Format>(format), type);
    desc.SetOriginShape(ge::GeShape(shape));
    desc.SetOriginFormat(static_cast<ge::Format>(format));
    desc.SetOriginDataType(type);
    auto *handle = new GeTensorHandle();
    handle->tensor = ge::GeTensor(std::move(desc), data, size);
    return handle;
  });
}

void GeApiWrapper_Tensor_DestroyEsCTensor(GeTensorHandle *t) { delete t; }

/// The value is passed by pointer as in GE's wrapper.
uint32_t GeApiWrapper_Tensor_SetFormat(GeTensorHandle *t, const int32_t *format) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckTensor(t)) {
      return ge::FAILED;
    }
    if (format == nullptr || !ge::IsValidFormat(*format)) {
      return ge::Fail(format == nullptr ? std::string("format pointer is null")
                                        : "invalid format value " + std::to_string(*format));
    }
    t->tensor.MutableTensorDesc().SetFormat(static_cast<ge::Format>(*format));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Tensor_SetDataType(GeTensorHandle *t, const int32_t *dtype) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckTensor(t)) {
      return ge::FAILED;
    }
    if (dtype == nullptr || !ge::IsValidDataType(*dtype)) {
      return ge::Fail(dtype == nullptr ? std::string("data type pointer is null")
                                       : "invalid data type value " + std::to_string(*dtype));
    }
    t->tensor.MutableTensorDesc().SetDataType(static_cast<ge::DataType>(*dtype));
    return ge::SUCCESS;
  });
}

int32_t GeApiWrapper_Tensor_GetFormat(const GeTensorHandle *t) {
  return CheckTensor(t) ? static_cast<int32_t>(t->tensor.GetTensorDesc().GetFormat()) : -1;
}

int32_t GeApiWrapper_Tensor_GetDataType(const GeTensorHandle *t) {
  return CheckTensor(t) ? static_cast<int32_t>(t->tensor.GetTensorDesc().GetDataType()) : -1;
}

int32_t GeApiWrapper_Tensor_GetPlacement(const GeTensorHandle *t) {
  return CheckTensor(t) ? t->placement : -1;
}

GeTensorDescHandle *GeApiWrapper_Tensor_GetTensorDesc(const GeTensorHandle *t) {
  return Guard<GeTensorDescHandle *>(nullptr, [t]() -> GeTensorDescHandle * {
    return CheckTensor(t) ? new GeTensorDescHandle{t->tensor.GetTensorDesc()} : nullptr;
  });
}

/// Unlike GE's wrapper this accepts NULL, as every entry point of this API does.
uint32_t GeApiWrapper_Tensor_GetShape(const GeTensorHandle *t, int64_t **dims, size_t *dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckTensor(t)) {
      return ge::FAILED;
    }
    return ge::capi::ExportDims(t->tensor.GetTensorDesc().GetShape().GetDims(), dims, dim_count);
  });
}

void GeApiWrapper_Tensor_FreeDimsArray(int64_t *dims) { std::free(dims); }

char *GeApiWrapper_Tensor_GetData(const GeTensorHandle *t) {
  return Guard<char *>(nullptr, [t]() -> char * {
    if (!CheckTensor(t)) {
      return nullptr;
    }
    return ge::capi::DupString(DataText(*t));
  });
}

/// GetData's text and GetShape's dims in one call, written into the caller's buffers (a pass
/// reading a small Const per match otherwise pays four calls: text, free, dims, free).
/// `*text_len` (without the NUL) and `*dim_count` always receive the full sizes; a buffer is
/// filled only when everything fits (`*text_len < text_capacity`, `*dim_count <= dims_capacity`),
/// so a caller seeing larger sizes reads through GetData / GetShape instead.
uint32_t GeApiWrapper_Tensor_GetDataTextAndDims(const GeTensorHandle *t, char *text,
                                                size_t text_capacity, size_t *text_len,
                                                int64_t *dims, size_t dims_capacity,
                                                size_t *dim_count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckTensor(t)) {
      return ge::FAILED;
    }
    if (text_len == nullptr || dim_count == nullptr || (text_capacity != 0 && text == nullptr) ||
        (dims_capacity != 0 && dims == nullptr)) {
      ge::SetLastError("GetDataTextAndDims: an output pointer is null");
      return ge::FAILED;
    }
    const std::string data = DataText(*t);
    const std::vector<int64_t> &shape = t->tensor.GetTensorDesc().GetShape().GetDims();
    *text_len = data.size();
    *dim_count = shape.size();
    if (data.size() >= text_capacity || shape.size() > dims_capacity) {
      return ge::SUCCESS;  // sizes reported, buffers untouched
    }
    std::memcpy(text, data.c_str(), data.size() + 1);
    std::copy(shape.begin(), shape.end(), dims);
    return ge::SUCCESS;
  });
}

}  // extern "C"
