// Names and sizes of ge::DataType and ge::Format values.
#include "graph/types.h"

#include <array>
#include <limits>
#include <unordered_map>

namespace ge {
namespace {
struct DataTypeInfo {
  const char *name;
  int32_t size;  // bytes; 0 = variable width or sub-byte
};

// Indexed by the DataType value; entry 5 is the unused slot.
constexpr std::array<DataTypeInfo, DT_MAX> kDataTypeInfo = {{
    {"DT_FLOAT", 4},          {"DT_FLOAT16", 2},     {"DT_INT8", 1},
    {"DT_INT32", 4},          {"DT_UINT8", 1},       {nullptr, -1},
    {"DT_INT16", 2},          {"DT_UINT16", 2},      {"DT_UINT32", 4},
    {"DT_INT64", 8},          {"DT_UINT64", 8},      {"DT_DOUBLE", 8},
    {"DT_BOOL", 1},           {"DT_STRING", 0},      {"DT_DUAL_SUB_INT8", 1},
    {"DT_DUAL_SUB_UINT8", 1}, {"DT_COMPLEX64", 8},   {"DT_COMPLEX128", 16},
    {"DT_QINT8", 1},          {"DT_QINT16", 2},      {"DT_QINT32", 4},
    {"DT_QUINT8", 1},         {"DT_QUINT16", 2},     {"DT_RESOURCE", 8},
    {"DT_STRING_REF", 0},     {"DT_DUAL", 5},        {"DT_VARIANT", 8},
    {"DT_BFLOAT16", 2},       {"DT_UNDEFINED", -1},  {"DT_INT4", 0},
    {"DT_UINT1", 0},          {"DT_INT2", 0},        {"DT_UINT2", 0},
    {"DT_COMPLEX32", 4},      {"DT_HIFLOAT8", 1},    {"DT_FLOAT8_E5M2", 1},
    {"DT_FLOAT8_E4M3FN", 1},  {"DT_FLOAT8_E8M0", 1}, {"DT_FLOAT6_E3M2", 0},
    {"DT_FLOAT6_E2M3", 0},    {"DT_FLOAT4_E2M1", 0}, {"DT_FLOAT4_E1M2", 0},
    {"DT_HIFLOAT4", 0},
}};

// Indexed by the primary Format value.
constexpr std::array<const char *, FORMAT_END> kFormatNames = {{
    "NCHW",
    "NHWC",
    "ND",
    "NC1HWC0",
    "FRACTAL_Z",
    "NC1C0HWPAD",
    "NHWC1C0",
    "FSR_NCHW",
    "FRACTAL_DECONV",
    "C1HWNC0",
    "FRACTAL_DECONV_TRANSPOSE",
    "FRACTAL_DECONV_SP_STRIDE_TRANS",
    "NC1HWC0_C04",
    "FRACTAL_Z_C04",
    "CHWN",
    "FRACTAL_DECONV_SP_STRIDE8_TRANS",
    "HWCN",
    "NC1KHKWHWC0",
    "BN_WEIGHT",
    "FILTER_HWCK",
    "HASHTABLE_LOOKUP_LOOKUPS",
    "HASHTABLE_LOOKUP_KEYS",
    "HASHTABLE_LOOKUP_VALUE",
    "HASHTABLE_LOOKUP_OUTPUT",
    "HASHTABLE_LOOKUP_HITS",
    "C1HWNCoC0",
    "MD",
    "NDHWC",
    "FRACTAL_ZZ",
    "FRACTAL_NZ",
    "NCDHW",
    "DHWCN",
    "NDC1HWC0",
    "FRACTAL_Z_3D",
    "CN",
    "NC",
    "DHWNC",
    "FRACTAL_Z_3D_TRANSPOSE",
    "FRACTAL_ZN_LSTM",
    "FRACTAL_Z_G",
    "FORMAT_RESERVED",
    "ALL",
    "NULL",
    "ND_RNN_BIAS",
    "FRACTAL_ZN_RNN",
    "NYUV",
    "NYUV_A",
    "NCL",
    "FRACTAL_Z_WINO",
    "C1HWC0",
    "FRACTAL_NZ_C0_16",
    "FRACTAL_NZ_C0_32",
    "FRACTAL_NZ_C0_2",
    "FRACTAL_NZ_C0_4",
    "FRACTAL_NZ_C0_8",
}};
}  // namespace

bool IsValidDataType(int32_t value) {
  return value >= 0 && value < DT_MAX && kDataTypeInfo[static_cast<size_t>(value)].name != nullptr;
}

bool IsValidFormat(int32_t value) { return value >= 0 && value < FORMAT_END; }

int32_t GetSizeByDataType(DataType type) {
  if (!IsValidDataType(type)) {
    return -1;
  }
  return kDataTypeInfo[static_cast<size_t>(type)].size;
}

int32_t GetSubByteBits(DataType type) {
  switch (type) {
    case DT_INT4:
    case DT_FLOAT4_E2M1:
    case DT_FLOAT4_E1M2:
    case DT_HIFLOAT4: return 4;
    case DT_INT2:
    case DT_UINT2: return 2;
    case DT_UINT1: return 1;
    default: return 0;
  }
}

int64_t GetSizeInBytes(int64_t element_count, DataType type) {
  if (element_count < 0) {
    return -1;
  }
  const int64_t bits = GetSubByteBits(type);
  if (bits > 0) {
    if (element_count > (std::numeric_limits<int64_t>::max() - 7) / bits) {
      return -1;
    }
    return (element_count * bits + 7) / 8;
  }
  const int64_t width = GetSizeByDataType(type);
  if (width <= 0 || element_count > std::numeric_limits<int64_t>::max() / width) {
    return -1;
  }
  return element_count * width;
}

std::string DataTypeToString(DataType type) {
  if (!IsValidDataType(type) || type == DT_UNDEFINED) {
    return "UNDEFINED";
  }
  return kDataTypeInfo[static_cast<size_t>(type)].name;
}

DataType DataTypeFromString(const std::string &name) {
  static const std::unordered_map<std::string, DataType> kByName = [] {
    std::unordered_map<std::string, DataType> map;
    for (int32_t i = 0; i < DT_MAX; ++i) {
      if (kDataTypeInfo[static_cast<size_t>(i)].name != nullptr) {
        map.emplace(kDataTypeInfo[static_cast<size_t>(i)].name, static_cast<DataType>(i));
      }
    }
    map.emplace("DT_BF16", DT_BF16);
    return map;
  }();
  auto it = kByName.find(name);
  return it == kByName.end() ? DT_UNDEFINED : it->second;
}

std::string FormatToString(Format format) {
  if (!IsValidFormat(format)) {
    return "FORMAT_RESERVED";
  }
  return kFormatNames[static_cast<size_t>(format)];
}

Format FormatFromString(const std::string &name) {
  static const std::unordered_map<std::string, Format> kByName = [] {
    std::unordered_map<std::string, Format> map;
    for (int32_t i = 0; i < FORMAT_END; ++i) {
      map.emplace(kFormatNames[static_cast<size_t>(i)], static_cast<Format>(i));
    }
    map.emplace("RESERVED", FORMAT_RESERVED);
    map.emplace("UNDEFINED", FORMAT_RESERVED);
    return map;
  }();
  auto it = kByName.find(name);
  return it == kByName.end() ? FORMAT_RESERVED : it->second;
}

}  // namespace ge
