// Core enumerations shared by every layer: ge::DataType and ge::Format with GE's numbering
// (inc/external/graph/types.h), plus small helpers over them.
#ifndef GE_GRAPH_TYPES_H_
#define GE_GRAPH_TYPES_H_

#include <cstdint>
#include <string>

namespace ge {

enum DataType : int32_t {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  // 5 is unused.
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_COMPLEX32 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E5M2 = 35,
  DT_FLOAT8_E4M3FN = 36,
  DT_FLOAT8_E8M0 = 37,
  DT_FLOAT6_E3M2 = 38,
  DT_FLOAT6_E2M3 = 39,
  DT_FLOAT4_E2M1 = 40,
  DT_FLOAT4_E1M2 = 41,
  DT_HIFLOAT4 = 42,
  DT_MAX = 43
};

enum Format : int32_t {
  FORMAT_NCHW = 0,
  FORMAT_NHWC = 1,
  FORMAT_ND = 2,
  FORMAT_NC1HWC0 = 3,
  FORMAT_FRACTAL_Z = 4,
  FORMAT_NC1C0HWPAD = 5,
  FORMAT_NHWC1C0 = 6,
  FORMAT_FSR_NCHW = 7,
  FORMAT_FRACTAL_DECONV = 8,
  FORMAT_C1HWNC0 = 9,
  FORMAT_FRACTAL_DECONV_TRANSPOSE = 10,
  FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
  FORMAT_NC1HWC0_C04 = 12,
  FORMAT_FRACTAL_Z_C04 = 13,
  FORMAT_CHWN = 14,
  FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
  FORMAT_HWCN = 16,
  FORMAT_NC1KHKWHWC0 = 17,
  FORMAT_BN_WEIGHT = 18,
  FORMAT_FILTER_HWCK = 19,
  FORMAT_HASHTABLE_LOOKUP_LOOKUPS = 20,
  FORMAT_HASHTABLE_LOOKUP_KEYS = 21,
  FORMAT_HASHTABLE_LOOKUP_VALUE = 22,
  FORMAT_HASHTABLE_LOOKUP_OUTPUT = 23,
  FORMAT_HASHTABLE_LOOKUP_HITS = 24,
  FORMAT_C1HWNCoC0 = 25,
  FORMAT_MD = 26,
  FORMAT_NDHWC = 27,
  FORMAT_FRACTAL_ZZ = 28,
  FORMAT_FRACTAL_NZ = 29,
  FORMAT_NCDHW = 30,
  FORMAT_DHWCN = 31,
  FORMAT_NDC1HWC0 = 32,
  FORMAT_FRACTAL_Z_3D = 33,
  FORMAT_CN = 34,
  FORMAT_NC = 35,
  FORMAT_DHWNC = 36,
  FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37,
  FORMAT_FRACTAL_ZN_LSTM = 38,
  FORMAT_FRACTAL_Z_G = 39,
  FORMAT_RESERVED = 40,
  FORMAT_ALL = 41,
  FORMAT_NULL = 42,
  FORMAT_ND_RNN_BIAS = 43,
  FORMAT_FRACTAL_ZN_RNN = 44,
  FORMAT_NYUV = 45,
  FORMAT_NYUV_A = 46,
  FORMAT_NCL = 47,
  FORMAT_FRACTAL_Z_WINO = 48,
  FORMAT_C1HWC0 = 49,
  FORMAT_FRACTAL_NZ_C0_16 = 50,
  FORMAT_FRACTAL_NZ_C0_32 = 51,
  FORMAT_FRACTAL_NZ_C0_2 = 52,
  FORMAT_FRACTAL_NZ_C0_4 = 53,
  FORMAT_FRACTAL_NZ_C0_8 = 54,
  FORMAT_END = 55,
  FORMAT_MAX = 0xff
};

/// Marker dims of unknown shapes, as in GE.
constexpr int64_t UNKNOWN_DIM = -1;
constexpr int64_t UNKNOWN_DIM_NUM = -2;

/// True for the values ge::DataType defines (0..42 without 5).
bool IsValidDataType(int32_t value);
/// True for the primary formats 0..FORMAT_END-1.
bool IsValidFormat(int32_t value);

/// Bytes per element; 0 for variable-width (string) or sub-byte types, -1 for invalid values.
int32_t GetSizeByDataType(DataType type);
/// Bits per element of the packed sub-byte types (4 for DT_INT4 and the 4-bit floats, 2 for
/// DT_INT2/DT_UINT2, 1 for DT_UINT1); 0 for every other type.
int32_t GetSubByteBits(DataType type);
/// Storage bytes of `element_count` elements: sub-byte types are packed, low bits first, and
/// the last byte is padded. -1 for a negative count, a type without a fixed element size
/// (strings, invalid values) or an overflowing size.
int64_t GetSizeInBytes(int64_t element_count, DataType type);
/// "DT_FLOAT", ... ; DT_BF16 is spelled "DT_BFLOAT16" as GE writes it; unknown → "UNDEFINED".
std::string DataTypeToString(DataType type);
/// Inverse of DataTypeToString (also accepts "DT_BF16"); DT_UNDEFINED when unknown.
DataType DataTypeFromString(const std::string &name);
/// "NCHW", "ND", ... ; FORMAT_RESERVED is "FORMAT_RESERVED".
std::string FormatToString(Format format);
/// Inverse of FormatToString ("RESERVED"/"UNDEFINED" map to FORMAT_RESERVED); FORMAT_RESERVED when
/// unknown.
Format FormatFromString(const std::string &name);

}  // namespace ge

#endif  // GE_GRAPH_TYPES_H_
