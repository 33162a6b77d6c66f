// Storage-only element types of the host runtime (see narrow_types.h).
#include "runtime/narrow_types.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "common/error.h"
#include "runtime/dtype_utils.h"

namespace ge {
namespace runtime {

namespace {

/// A small float format: sign, exp_bits, mant_bits.
struct MiniFloat {
  int exp_bits;
  int mant_bits;
  int bias;
  bool ieee_specials;  // all-ones exponent: infinity (mantissa 0) or NaN (E5M2)
  bool nan_all_ones;   // only all-ones exponent and mantissa is NaN, no infinity (E4M3FN)
  double max;          // the largest finite value
};

constexpr MiniFloat kE4M3FN{4, 3, 7, false, true, 448.0};
constexpr MiniFloat kE5M2{5, 2, 15, true, false, 57344.0};
constexpr MiniFloat kE2M1{2, 1, 1, false, false, 6.0};

const MiniFloat *MiniFloatOf(DataType dtype) {
  switch (dtype) {
    case DT_FLOAT8_E4M3FN: return &kE4M3FN;
    case DT_FLOAT8_E5M2: return &kE5M2;
    case DT_FLOAT4_E2M1: return &kE2M1;
    default: return nullptr;
  }
}

struct NarrowInt {
  int bits;
  bool is_signed;
};

bool NarrowIntOf(DataType dtype, NarrowInt *info) {
  switch (dtype) {
    case DT_INT4: *info = {4, true}; return true;
    case DT_INT2: *info = {2, true}; return true;
    case DT_UINT2: *info = {2, false}; return true;
    default: return false;
  }
}

int ElementBits(DataType dtype) {
  const int32_t bits = GetSubByteBits(dtype);
  return bits > 0 ? bits : 8;
}

uint32_t LoadCode(const uint8_t *data, int64_t index, int bits) {
  if (bits == 8) {
    return data[index];
  }
  const int64_t bit = index * bits;
  return (data[bit / 8] >> (bit % 8)) & ((1U << bits) - 1U);
}

void StoreCode(uint8_t *data, int64_t index, int bits, uint32_t code) {
  if (bits == 8) {
    data[index] = static_cast<uint8_t>(code);
    return;
  }
  const int64_t bit = index * bits;
  const uint32_t mask = (1U << bits) - 1U;
  uint8_t &byte = data[bit / 8];
  byte = static_cast<uint8_t>((byte & ~(mask << (bit % 8))) | ((code & mask) << (bit % 8)));
}

float DecodeMiniFloat(const MiniFloat &f, uint32_t code) {
  const uint32_t exp_mask = (1U << f.exp_bits) - 1U;
  const uint32_t mant_mask = (1U << f.mant_bits) - 1U;
  const bool negative = ((code >> (f.exp_bits + f.mant_bits)) & 1U) != 0;
  const uint32_t exp = (code >> f.mant_bits) & exp_mask;
  const uint32_t mant = code & mant_mask;
  double value;
  if (f.ieee_specials && exp == exp_mask) {
    value = mant == 0 ? std::numeric_limits<double>::infinity()
                      : std::numeric_limits<double>::quiet_NaN();
  } else if (f.nan_all_ones && exp == exp_mask && mant == mant_mask) {
    value = std::numeric_limits<double>::quiet_NaN();
  } else if (exp == 0) {
    value = std::ldexp(static_cast<double>(mant), 1 - f.bias - f.mant_bits);
  } else {
    value = std::ldexp(static_cast<double>(mant | (1U << f.mant_bits)),
                       static_cast<int>(exp) - f.bias - f.mant_bits);
  }
  return static_cast<float>(negative ? -value : value);
}

uint32_t EncodeMiniFloat(const MiniFloat &f, float value, bool saturate) {
  const uint32_t sign = std::signbit(value) ? 1U << (f.exp_bits + f.mant_bits) : 0U;
  const uint32_t exp_mask = (1U << f.exp_bits) - 1U;
  const uint32_t nan_code = f.ieee_specials
                                ? (exp_mask << f.mant_bits) | (1U << (f.mant_bits - 1))
                                : (exp_mask << f.mant_bits) | ((1U << f.mant_bits) - 1U);
  const bool has_nan = f.ieee_specials || f.nan_all_ones;
  if (std::isnan(value)) {
    return has_nan ? nan_code : 0U;  // E2M1 has no NaN
  }
  const double max_code_value = f.max;
  auto overflow = [&]() -> uint32_t {
    if (!saturate && f.ieee_specials) {
      return sign | (exp_mask << f.mant_bits);  // infinity
    }
    if (!saturate && has_nan) {
      return nan_code;
    }
    return sign | EncodeMiniFloat(f, static_cast<float>(max_code_value), true);
  };
  const double magnitude = std::fabs(static_cast<double>(value));
  if (std::isinf(magnitude)) {
    return overflow();
  }
  if (magnitude == 0.0) {
    return sign;
  }
  const int min_exp = 1 - f.bias;  // exponent of the smallest normal value
  const int exp = std::max(std::ilogb(magnitude), min_exp);
  // Round to the grid of exp's binade (nearbyint rounds half to even).
  const double rounded =
      std::ldexp(std::nearbyint(std::ldexp(magnitude, f.mant_bits - exp)), exp - f.mant_bits);
  if (rounded > f.max) {
    return overflow();
  }
  if (rounded < std::ldexp(1.0, min_exp)) {
    const auto mant = static_cast<uint32_t>(std::ldexp(rounded, f.mant_bits - min_exp));
    return sign | mant;
  }
  const int rounded_exp = std::ilogb(rounded);
  const auto significand = static_cast<uint32_t>(std::ldexp(rounded, f.mant_bits - rounded_exp));
  return sign | (static_cast<uint32_t>(rounded_exp + f.bias) << f.mant_bits) |
         (significand & ((1U << f.mant_bits) - 1U));
}

float DecodeE8M0(uint32_t code) {
  return code == 0xFFU ? std::numeric_limits<float>::quiet_NaN()
                       : std::ldexp(1.0f, static_cast<int>(code) - 127);
}

/// E8M0 keeps a float's exponent byte; the sign is dropped and the fraction rounds the exponent.
uint32_t EncodeE8M0(float value, const NarrowingOptions &options) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  const uint32_t exponent = (bits >> 23) & 0xFFU;
  if (exponent == 0xFFU) {
    return 0xFFU;
  }
  const uint32_t fraction = bits & 0x7FFFFFU;
  bool round_up = false;
  switch (options.e8m0_rounding) {
    case NarrowingOptions::Rounding::kUp: round_up = fraction != 0; break;
    case NarrowingOptions::Rounding::kDown: break;
    case NarrowingOptions::Rounding::kNearest:
      // Half way (fraction 0x400000) rounds up, except below the smallest normal float.
      round_up = fraction > 0x400000U || (fraction == 0x400000U && exponent > 0);
      break;
  }
  if (round_up && exponent == 0xFEU && options.saturate) {
    round_up = false;
  }
  return exponent + (round_up ? 1U : 0U);
}

int64_t SignExtend(uint32_t code, int bits) {
  const auto value = static_cast<int64_t>(code);
  return (code >> (bits - 1)) != 0 ? value - (int64_t{1} << bits) : value;
}

uint32_t EncodeNarrowInt(const NarrowInt &info, float value) {
  const int64_t lo = info.is_signed ? -(int64_t{1} << (info.bits - 1)) : 0;
  const int64_t hi =
      info.is_signed ? (int64_t{1} << (info.bits - 1)) - 1 : (int64_t{1} << info.bits) - 1;
  if (!std::isfinite(value)) {
    return 0U;
  }
  const double truncated = std::trunc(static_cast<double>(value));
  if (truncated < static_cast<double>(lo) || truncated > static_cast<double>(hi)) {
    return 0U;
  }
  return static_cast<uint32_t>(static_cast<int64_t>(truncated)) & ((1U << info.bits) - 1U);
}

Status RequireCount(const GeTensor &tensor, DataType dtype, int64_t *count) {
  *count = ElementCount(DimsOf(tensor));
  const int64_t bytes = GetSizeInBytes(*count, dtype);
  if (bytes < 0 || static_cast<uint64_t>(bytes) > tensor.GetSize()) {
    return Fail("a tensor of shape " + DimsToString(DimsOf(tensor)) + " and dtype " +
                DataTypeToString(dtype) + " needs " + std::to_string(bytes) + " bytes, it holds " +
                std::to_string(tensor.GetSize()));
  }
  return SUCCESS;
}

}  // namespace

bool IsNarrowType(DataType dtype) {
  NarrowInt info{};
  return MiniFloatOf(dtype) != nullptr || dtype == DT_FLOAT8_E8M0 || NarrowIntOf(dtype, &info);
}

bool IsNarrowIntegerType(DataType dtype) {
  NarrowInt info{};
  return NarrowIntOf(dtype, &info);
}

Status CastTensor(const GeTensor &src, DataType dst, const NarrowingOptions &narrowing,
                  GeTensor *out) {
  const DataType src_type = DtypeOf(src);
  if (src_type == dst || (!IsNarrowType(src_type) && !IsNarrowType(dst))) {
    return ConvertTensor(src, dst, out);
  }
  if (IsNarrowType(src_type)) {
    GeTensor as_float;
    return WidenToFloat(src, &as_float) == SUCCESS ? CastTensor(as_float, dst, narrowing, out)
                                                   : FAILED;
  }
  if (IsIntegerType(src_type) && IsNarrowIntegerType(dst)) {
    return NarrowFromInteger(src, dst, out);
  }
  GeTensor as_float;
  return ConvertTensor(src, DT_FLOAT, &as_float) == SUCCESS
             ? NarrowFromFloat(as_float, dst, narrowing, out)
             : FAILED;
}

Status WidenToFloat(const GeTensor &src, GeTensor *as_float) {
  const DataType dtype = DtypeOf(src);
  int64_t count = 0;
  if (!IsNarrowType(dtype)) {
    return Fail(DataTypeToString(dtype) + " is not a narrow type of the host runtime");
  }
  if (RequireCount(src, dtype, &count) != SUCCESS) {
    return FAILED;
  }
  const MiniFloat *mini = MiniFloatOf(dtype);
  NarrowInt info{};
  const bool is_int = NarrowIntOf(dtype, &info);
  const int bits = ElementBits(dtype);
  OutputTensor out(DT_FLOAT, DimsOf(src));
  float *values = out.Data<float>();
  for (int64_t i = 0; i < count; ++i) {
    const uint32_t code = LoadCode(src.GetData(), i, bits);
    if (mini != nullptr) {
      values[i] = DecodeMiniFloat(*mini, code);
    } else if (is_int) {
      values[i] = static_cast<float>(info.is_signed ? SignExtend(code, bits) : code);
    } else {
      values[i] = DecodeE8M0(code);
    }
  }
  *as_float = out.Finish();
  return SUCCESS;
}

Status NarrowFromFloat(const GeTensor &as_float, DataType dst, const NarrowingOptions &options,
                       GeTensor *out) {
  if (DtypeOf(as_float) != DT_FLOAT || !IsNarrowType(dst)) {
    return Fail("cannot narrow " + DataTypeToString(DtypeOf(as_float)) + " to " +
                DataTypeToString(dst));
  }
  const MiniFloat *mini = MiniFloatOf(dst);
  NarrowInt info{};
  const bool is_int = NarrowIntOf(dst, &info);
  const int bits = ElementBits(dst);
  OutputTensor result = GetSubByteBits(dst) > 0 ? OutputTensor::Packed(dst, DimsOf(as_float))
                                                : OutputTensor(dst, DimsOf(as_float));
  const float *values = DataOf<float>(as_float);
  for (int64_t i = 0; i < result.ElementCount(); ++i) {
    uint32_t code;
    if (mini != nullptr) {
      code = EncodeMiniFloat(*mini, values[i], options.saturate);
    } else if (is_int) {
      code = EncodeNarrowInt(info, values[i]);
    } else {
      code = EncodeE8M0(values[i], options);
    }
    StoreCode(result.Bytes(), i, bits, code);
  }
  *out = result.Finish();
  return SUCCESS;
}

Status NarrowFromInteger(const GeTensor &src, DataType dst, GeTensor *out) {
  NarrowInt info{};
  if (!NarrowIntOf(dst, &info) || !IsIntegerType(DtypeOf(src))) {
    return Fail("cannot narrow " + DataTypeToString(DtypeOf(src)) + " to " + DataTypeToString(dst) +
                " as integers");
  }
  OutputTensor result = OutputTensor::Packed(dst, DimsOf(src));
  DispatchNative(DtypeOf(src), [&](auto tag) {
    using T = decltype(tag);
    const T *values = DataOf<T>(src);
    for (int64_t i = 0; i < result.ElementCount(); ++i) {
      StoreCode(result.Bytes(), i, info.bits, static_cast<uint32_t>(values[i]));
    }
  });
  *out = result.Finish();
  return SUCCESS;
}

}  // namespace runtime
}  // namespace ge
