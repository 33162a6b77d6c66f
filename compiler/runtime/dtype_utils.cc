// Element-type helpers of the host runtime (see dtype_utils.h).
#include "runtime/dtype_utils.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "common/error.h"

namespace ge {
namespace runtime {

namespace {

uint32_t FloatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float BitsFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

}  // namespace

uint16_t FloatToHalf(float value) {
  const uint32_t bits = FloatBits(value);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000U);
  const uint32_t abs = bits & 0x7FFFFFFFU;
  if (abs >= 0x7F800000U) {  // inf or NaN
    return static_cast<uint16_t>(sign | 0x7C00U | (abs > 0x7F800000U ? 0x200U : 0U));
  }
  if (abs >= 0x477FF000U) {  // rounds to a value beyond the largest half (65504)
    return static_cast<uint16_t>(sign | 0x7C00U);
  }
  if (abs < 0x38800000U) {  // subnormal half (or zero): scale into the 10-bit mantissa
    const float scaled = BitsFloat(abs) * 16777216.0f;  // 2^24: one unit = smallest subnormal
    const auto mant = static_cast<uint32_t>(std::nearbyint(scaled));
    return static_cast<uint16_t>(sign | mant);
  }
  // Normal: rebias the exponent and round the 13 dropped mantissa bits to nearest even.
  uint32_t half = ((abs >> 13) - (112U << 10));
  const uint32_t rest = abs & 0x1FFFU;
  if (rest > 0x1000U || (rest == 0x1000U && (half & 1U) != 0U)) {
    ++half;
  }
  return static_cast<uint16_t>(sign | half);
}

float HalfToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits & 0x8000U) << 16;
  const uint32_t exp = (bits >> 10) & 0x1FU;
  const uint32_t mant = bits & 0x3FFU;
  if (exp == 0) {
    const float value = static_cast<float>(mant) / 16777216.0f;
    return sign != 0 ? -value : value;
  }
  if (exp == 31) {
    return BitsFloat(sign | 0x7F800000U | (mant << 13));
  }
  return BitsFloat(sign | ((exp + 112U) << 23) | (mant << 13));
}

uint16_t FloatToBf16(float value) {
  uint32_t bits = FloatBits(value);
  if ((bits & 0x7FFFFFFFU) > 0x7F800000U) {
    return static_cast<uint16_t>((bits >> 16) | 0x40U);  // quiet NaN
  }
  bits += 0x7FFFU + ((bits >> 16) & 1U);
  return static_cast<uint16_t>(bits >> 16);
}

float Bf16ToFloat(uint16_t bits) { return BitsFloat(static_cast<uint32_t>(bits) << 16); }

bool IsNativeNumericType(DataType dtype) {
  return DispatchNative(dtype, [](auto) {});
}

int64_t ElementCount(const std::vector<int64_t> &dims) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (dim < 0) {
      return -1;
    }
    if (dim != 0 && count > std::numeric_limits<int64_t>::max() / dim) {
      return -1;
    }
    count *= dim;
  }
  return count;
}

std::string DimsToString(const std::vector<int64_t> &dims) { return GeShape(dims).ToString(); }

OutputTensor::OutputTensor(DataType dtype, std::vector<int64_t> dims)
    : OutputTensor(dtype, std::move(dims), false) {}

OutputTensor OutputTensor::Packed(DataType dtype, std::vector<int64_t> dims) {
  return OutputTensor(dtype, std::move(dims), true);
}

OutputTensor::OutputTensor(DataType dtype, std::vector<int64_t> dims, bool packed)
    : dtype_(dtype), dims_(std::move(dims)), count_(runtime::ElementCount(dims_)) {
  const int64_t size = GetSizeInBytes(count_, dtype_);
  if (count_ < 0 || size < 0 || (size == 0 && count_ > 0) ||
      (GetSubByteBits(dtype_) > 0) != packed) {
    throw GeException("cannot allocate a tensor of shape " + DimsToString(dims_) + " and dtype " +
                      DataTypeToString(dtype_));
  }
  bytes_.assign(static_cast<size_t>(size), 0);
}

GeTensor OutputTensor::Finish() {
  GeTensorDesc desc(GeShape(dims_), FORMAT_ND, dtype_);
  return GeTensor(std::move(desc), std::move(bytes_));
}

GeTensor WithDims(const GeTensor &tensor, std::vector<int64_t> dims) {
  GeTensor result = tensor;  // shares the bytes
  result.MutableTensorDesc().SetShape(GeShape(std::move(dims)));
  return result;
}

namespace {

/// Reads element i of a tensor of any supported type as double (halves converted).
template <typename T>
double LoadAs(const uint8_t *data, int64_t i) {
  return static_cast<double>(reinterpret_cast<const T *>(data)[i]);
}

template <typename D>
D ConvertValue(double value) {
  if constexpr (std::is_same<D, bool>::value) {
    return value != 0.0;
  } else if constexpr (std::is_integral<D>::value) {
    // Truncate toward zero; NaN and out-of-range values saturate instead of being UB.
    if (std::isnan(value)) {
      return 0;
    }
    const double lo = static_cast<double>(std::numeric_limits<D>::lowest());
    const double hi = static_cast<double>(std::numeric_limits<D>::max());
    if (value <= lo) {
      return std::numeric_limits<D>::lowest();
    }
    if (value >= hi) {
      return std::numeric_limits<D>::max();
    }
    return static_cast<D>(std::trunc(value));
  } else {
    return static_cast<D>(value);
  }
}

/// Integer -> integer conversions keep all 64 bits (double would lose precision for int64).
template <typename S, typename D>
void ConvertLoop(const S *src, D *dst, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    if constexpr (std::is_integral<S>::value && std::is_integral<D>::value) {
      if constexpr (std::is_same<D, bool>::value) {
        dst[i] = src[i] != 0;
      } else {
        dst[i] = static_cast<D>(src[i]);  // modular, as C++/numpy integer casts
      }
    } else {
      dst[i] = ConvertValue<D>(static_cast<double>(src[i]));
    }
  }
}

}  // namespace

Status ConvertTensor(const GeTensor &src, DataType dst_type, GeTensor *dst) {
  const DataType src_type = DtypeOf(src);
  const auto &dims = DimsOf(src);
  if (src_type == dst_type) {
    *dst = src;
    return SUCCESS;
  }
  const bool src_ok = IsNativeNumericType(src_type) || IsHalfType(src_type);
  const bool dst_ok = IsNativeNumericType(dst_type) || IsHalfType(dst_type);
  if (!src_ok || !dst_ok) {
    return Fail("cannot convert " + DataTypeToString(src_type) + " to " +
                DataTypeToString(dst_type) + ": unsupported dtype on the host runtime");
  }
  const int64_t count = ElementCount(dims);
  // Stage halves through float so that every pair reduces to native -> native.
  GeTensor staged = src;
  if (IsHalfType(src_type)) {
    OutputTensor tmp(DT_FLOAT, dims);
    const auto *in = DataOf<uint16_t>(src);
    float *out = tmp.Data<float>();
    for (int64_t i = 0; i < count; ++i) {
      out[i] = src_type == DT_FLOAT16 ? HalfToFloat(in[i]) : Bf16ToFloat(in[i]);
    }
    staged = tmp.Finish();
    if (dst_type == DT_FLOAT) {
      *dst = staged;
      return SUCCESS;
    }
  }
  if (IsHalfType(dst_type)) {
    GeTensor as_float;
    if (ConvertTensor(staged, DT_FLOAT, &as_float) != SUCCESS) {
      return FAILED;
    }
    OutputTensor out(dst_type, dims);
    const float *in = DataOf<float>(as_float);
    auto *bits = out.Data<uint16_t>();
    for (int64_t i = 0; i < count; ++i) {
      bits[i] = dst_type == DT_FLOAT16 ? FloatToHalf(in[i]) : FloatToBf16(in[i]);
    }
    *dst = out.Finish();
    return SUCCESS;
  }
  const DataType staged_type = DtypeOf(staged);
  if (staged_type == dst_type) {
    *dst = staged;
    return SUCCESS;
  }
  OutputTensor out(dst_type, dims);
  DispatchNative(staged_type, [&](auto src_tag) {
    using S = decltype(src_tag);
    DispatchNative(dst_type, [&](auto dst_tag) {
      using D = decltype(dst_tag);
      ConvertLoop<S, D>(DataOf<S>(staged), out.Data<D>(), count);
    });
  });
  *dst = out.Finish();
  return SUCCESS;
}

Status ReadIndexValues(const GeTensor &tensor, const std::string &what,
                       std::vector<int64_t> *values) {
  const DataType dtype = DtypeOf(tensor);
  const int64_t count = ElementCount(DimsOf(tensor));
  values->clear();
  if (dtype == DT_INT32) {
    const int32_t *data = DataOf<int32_t>(tensor);
    values->assign(data, data + count);
  } else if (dtype == DT_INT64) {
    const int64_t *data = DataOf<int64_t>(tensor);
    values->assign(data, data + count);
  } else {
    return Fail(what + " must be int32 or int64, got " + DataTypeToString(dtype));
  }
  return SUCCESS;
}

Status ReadScalarAsDouble(const GeTensor &tensor, const std::string &what, double *value) {
  const DataType dtype = DtypeOf(tensor);
  if (ElementCount(DimsOf(tensor)) < 1) {
    return Fail(what + " is empty; a scalar value is required");
  }
  if (dtype == DT_FLOAT16) {
    *value = HalfToFloat(DataOf<uint16_t>(tensor)[0]);
    return SUCCESS;
  }
  if (dtype == DT_BF16) {
    *value = Bf16ToFloat(DataOf<uint16_t>(tensor)[0]);
    return SUCCESS;
  }
  const bool ok = DispatchNative(dtype, [&](auto tag) {
    using T = decltype(tag);
    *value = LoadAs<T>(tensor.GetData(), 0);
  });
  if (!ok) {
    return Fail(what + " has unsupported dtype " + DataTypeToString(dtype));
  }
  return SUCCESS;
}

}  // namespace runtime
}  // namespace ge
