#include "air/ge_ir_schema.h"

#include <array>

namespace ge {
namespace ir {
namespace {

// Index = ge.proto.DataType number, value = ge::DataType (the two numberings differ).
constexpr std::array<DataType, 42> kProtoToGe = {
    DT_UNDEFINED,      DT_FLOAT,       DT_FLOAT16,     DT_INT8,        DT_UINT8,
    DT_INT16,          DT_UINT16,      DT_INT32,       DT_INT64,       DT_UINT32,
    DT_UINT64,         DT_BOOL,        DT_DOUBLE,      DT_STRING,      DT_DUAL_SUB_INT8,
    DT_DUAL_SUB_UINT8, DT_COMPLEX64,   DT_COMPLEX128,  DT_QINT8,       DT_QINT16,
    DT_QINT32,         DT_QUINT8,      DT_QUINT16,     DT_RESOURCE,    DT_STRING_REF,
    DT_DUAL,           DT_VARIANT,     DT_BF16,        DT_INT4,        DT_UINT1,
    DT_INT2,           DT_UINT2,       DT_COMPLEX32,   DT_HIFLOAT8,    DT_FLOAT8_E5M2,
    DT_FLOAT8_E4M3FN,  DT_FLOAT8_E8M0, DT_FLOAT6_E3M2, DT_FLOAT6_E2M3, DT_FLOAT4_E2M1,
    DT_FLOAT4_E1M2,    DT_HIFLOAT4};

constexpr std::array<const char *, 42> kProtoNames = {
    "DT_UNDEFINED",      "DT_FLOAT",       "DT_FLOAT16",     "DT_INT8",        "DT_UINT8",
    "DT_INT16",          "DT_UINT16",      "DT_INT32",       "DT_INT64",       "DT_UINT32",
    "DT_UINT64",         "DT_BOOL",        "DT_DOUBLE",      "DT_STRING",      "DT_DUAL_SUB_INT8",
    "DT_DUAL_SUB_UINT8", "DT_COMPLEX64",   "DT_COMPLEX128",  "DT_QINT8",       "DT_QINT16",
    "DT_QINT32",         "DT_QUINT8",      "DT_QUINT16",     "DT_RESOURCE",    "DT_STRING_REF",
    "DT_DUAL",           "DT_VARIANT",     "DT_BF16",        "DT_INT4",        "DT_UINT1",
    "DT_INT2",           "DT_UINT2",       "DT_COMPLEX32",   "DT_HIFLOAT8",    "DT_FLOAT8_E5M2",
    "DT_FLOAT8_E4M3FN",  "DT_FLOAT8_E8M0", "DT_FLOAT6_E3M2", "DT_FLOAT6_E2M3", "DT_FLOAT4_E2M1",
    "DT_FLOAT4_E1M2",    "DT_HIFLOAT4"};

constexpr std::array<const char *, 11> kListValueTypeNames = {
    "VT_LIST_NONE",  "VT_LIST_STRING",      "VT_LIST_INT",         "VT_LIST_FLOAT",
    "VT_LIST_BOOL",  "VT_LIST_BYTES",       "VT_LIST_TENSOR_DESC", "VT_LIST_TENSOR",
    "VT_LIST_GRAPH", "VT_LIST_NAMED_ATTRS", "VT_LIST_DATA_TYPE"};

}  // namespace

const char *ListValueTypeName(int32_t value) {
  return value >= 0 && static_cast<size_t>(value) < kListValueTypeNames.size()
             ? kListValueTypeNames[value]
             : "";
}

int32_t ToProtoDataType(DataType type) {
  for (size_t i = 1; i < kProtoToGe.size(); ++i) {
    if (kProtoToGe[i] == type) {
      return static_cast<int32_t>(i);
    }
  }
  return 0;
}

DataType FromProtoDataType(int32_t value) {
  return value >= 0 && static_cast<size_t>(value) < kProtoToGe.size() ? kProtoToGe[value]
                                                                      : DT_UNDEFINED;
}

const char *ProtoDataTypeName(int32_t value) {
  return value >= 0 && static_cast<size_t>(value) < kProtoNames.size() ? kProtoNames[value] : "";
}

const char *const kOriginFormat = "origin_format";
const char *const kOriginFormatForInt = "origin_format_for_int";
const char *const kFormatForInt = "format_for_int";
const char *const kOriginDataType = "origin_data_type";
const char *const kOriginShapeInitialized = "origin_shape_initialized";
const char *const kOriginShape = "origin_shape";
const char *const kInputNameKey = "_input_name_key";
const char *const kInputNameValue = "_input_name_value";
const char *const kOutputNameKey = "_output_name_key";
const char *const kOutputNameValue = "_output_name_value";
const char *const kOptInput = "_opt_input";
const char *const kIrAttrNames = "_ir_attr_names";
const char *const kIrInputsKey = "_ir_inputs_key";
const char *const kIrInputsValue = "_ir_inputs_value";
const char *const kIrOutputsKey = "_ir_outputs_key";
const char *const kIrOutputsValue = "_ir_outputs_value";
const char *const kSubgraphIrNamesKey = "_subgraph_ir_names_key";
const char *const kSubgraphIrNamesValue = "_subgraph_ir_names_value";
const char *const kTxtPeerIndex = "_src_out_peer_index_for_ge_txt_load";
const char *const kExternalLocation = "location";
const char *const kExternalLength = "length";

}  // namespace ir
}  // namespace ge
