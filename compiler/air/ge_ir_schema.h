// Field numbers and enums of GE's ge_ir schema (package ge.proto) and the reserved attribute keys
// GE's serializer writes, shared by the AIR writer, reader and the protobuf-text printer.
#ifndef GE_AIR_GE_IR_SCHEMA_H_
#define GE_AIR_GE_IR_SCHEMA_H_

#include <cstdint>
#include <string>

#include "graph/types.h"

namespace ge {
namespace ir {

// ModelDef
constexpr uint32_t kModelName = 1;
constexpr uint32_t kModelVersion = 2;
constexpr uint32_t kModelCustomVersion = 3;
constexpr uint32_t kModelGraph = 7;
constexpr uint32_t kModelAttr = 11;
// GraphDef
constexpr uint32_t kGraphName = 1;
constexpr uint32_t kGraphInput = 4;
constexpr uint32_t kGraphOutput = 5;
constexpr uint32_t kGraphOp = 6;
constexpr uint32_t kGraphAttr = 11;
// OpDef
constexpr uint32_t kOpName = 1;
constexpr uint32_t kOpType = 2;
constexpr uint32_t kOpInput = 5;
constexpr uint32_t kOpAttr = 10;
constexpr uint32_t kOpHasOutAttr = 20;
constexpr uint32_t kOpId = 21;
constexpr uint32_t kOpStreamId = 22;
constexpr uint32_t kOpInputDesc = 33;
constexpr uint32_t kOpOutputDesc = 34;
constexpr uint32_t kOpSubgraphName = 35;
// TensorDescriptor
constexpr uint32_t kDescName = 1;
constexpr uint32_t kDescDtype = 2;
constexpr uint32_t kDescShape = 3;
constexpr uint32_t kDescLayout = 4;
constexpr uint32_t kDescAttr = 5;
constexpr uint32_t kDescDeviceType = 14;
// ShapeDef, TensorDef, NamedAttrs, map entries
constexpr uint32_t kShapeDim = 1;
constexpr uint32_t kTensorDesc = 1;
constexpr uint32_t kTensorData = 2;
constexpr uint32_t kNamedAttrsName = 1;
constexpr uint32_t kNamedAttrsAttr = 2;
constexpr uint32_t kMapKey = 1;
constexpr uint32_t kMapValue = 2;
// AttrDef (oneof value)
constexpr uint32_t kAttrList = 1;
constexpr uint32_t kAttrS = 2;
constexpr uint32_t kAttrI = 3;
constexpr uint32_t kAttrF = 4;
constexpr uint32_t kAttrB = 5;
constexpr uint32_t kAttrBt = 7;
constexpr uint32_t kAttrFunc = 10;
constexpr uint32_t kAttrTd = 11;
constexpr uint32_t kAttrT = 12;
constexpr uint32_t kAttrG = 13;
constexpr uint32_t kAttrListListInt = 14;
constexpr uint32_t kAttrDt = 15;
constexpr uint32_t kAttrListListFloat = 16;
constexpr uint32_t kAttrExpression = 17;
// AttrDef.ListValue
constexpr uint32_t kListS = 2;
constexpr uint32_t kListI = 3;
constexpr uint32_t kListF = 4;
constexpr uint32_t kListB = 5;
constexpr uint32_t kListBt = 7;
constexpr uint32_t kListTd = 8;
constexpr uint32_t kListT = 9;
constexpr uint32_t kListG = 10;
constexpr uint32_t kListNa = 11;
constexpr uint32_t kListDt = 12;
constexpr uint32_t kListValType = 20;
// ListListInt / ListInt and ListListFloat / ListFloat all use field 1.
constexpr uint32_t kListListItem = 1;

enum ListValueType : int32_t {
  VT_LIST_NONE = 0,
  VT_LIST_STRING = 1,
  VT_LIST_INT = 2,
  VT_LIST_FLOAT = 3,
  VT_LIST_BOOL = 4,
  VT_LIST_BYTES = 5,
  VT_LIST_TENSOR_DESC = 6,
  VT_LIST_TENSOR = 7,
  VT_LIST_GRAPH = 8,
  VT_LIST_NAMED_ATTRS = 9,
  VT_LIST_DATA_TYPE = 10,
};
/// Enum value name for text dumps; "" when out of range.
const char *ListValueTypeName(int32_t value);

/// ge::DataType -> ge.proto.DataType (unmapped types give DT_UNDEFINED = 0).
int32_t ToProtoDataType(DataType type);
/// ge.proto.DataType -> ge::DataType (unknown values give DT_UNDEFINED).
DataType FromProtoDataType(int32_t value);
/// Enum value name of a ge.proto.DataType ("DT_FLOAT", "DT_BF16", ...); "" when unknown.
const char *ProtoDataTypeName(int32_t value);

// Reserved attribute keys of descs, ops and weights (docs/air_format.md).
extern const char *const kOriginFormat;
extern const char *const kOriginFormatForInt;
extern const char *const kFormatForInt;
extern const char *const kOriginDataType;
extern const char *const kOriginShapeInitialized;
extern const char *const kOriginShape;
extern const char *const kInputNameKey;
extern const char *const kInputNameValue;
extern const char *const kOutputNameKey;
extern const char *const kOutputNameValue;
extern const char *const kOptInput;
extern const char *const kIrAttrNames;
extern const char *const kIrInputsKey;
extern const char *const kIrInputsValue;
extern const char *const kIrOutputsKey;
extern const char *const kIrOutputsValue;
/// ge_py extension: IR subgraph slots (name, 0 static / 1 dynamic), which GE derives from its op
/// registry instead of storing.
extern const char *const kSubgraphIrNamesKey;
extern const char *const kSubgraphIrNamesValue;
extern const char *const kTxtPeerIndex;
extern const char *const kExternalLocation;
extern const char *const kExternalLength;

}  // namespace ir
}  // namespace ge

#endif  // GE_AIR_GE_IR_SCHEMA_H_
