// The subset of onnx.proto the importer reads, decoded with the project's wire
// reader (compiler/proto). Unknown fields are skipped; every record's byte offset is kept so that
// later errors can still point into the file.
#ifndef GE_PARSER_ONNX_PROTO_H_
#define GE_PARSER_ONNX_PROTO_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ge {
namespace onnx {

/// ONNX AttributeProto.AttributeType.
enum AttributeType : int32_t {
  kAttrUndefined = 0,
  kAttrFloat = 1,
  kAttrInt = 2,
  kAttrString = 3,
  kAttrTensor = 4,
  kAttrGraph = 5,
  kAttrFloats = 6,
  kAttrInts = 7,
  kAttrStrings = 8,
  kAttrTensors = 9,
  kAttrGraphs = 10,
};

/// ONNX TensorProto.DataType values used by name in the importer.
enum TensorDataType : int32_t {
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kBfloat16 = 16,
};

struct TensorProto {
  std::string name;
  std::vector<int64_t> dims;
  int32_t data_type = 0;
  bool has_raw_data = false;
  std::string raw_data;
  std::vector<float> float_data;
  std::vector<int64_t> int32_data;  // int32 values, sign-extended
  std::vector<std::string> string_data;
  std::vector<int64_t> int64_data;
  std::vector<double> double_data;
  std::vector<uint64_t> uint64_data;
  std::vector<std::pair<std::string, std::string>> external_data;
  int32_t data_location = 0;  // 1 = EXTERNAL
  bool has_segment = false;
  size_t offset = 0;  // byte offset of the TensorProto in the file
};

struct AttributeProto {
  std::string name;
  int32_t type = kAttrUndefined;  // inferred from the value when the file omits it
  float f = 0.0F;
  int64_t i = 0;
  std::string s;
  bool has_t = false;
  std::vector<TensorProto> t;  // 0 or 1 element (a vector avoids a recursive member)
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
  std::vector<TensorProto> tensors;
  int32_t graph_count = 0;  // subgraph attributes are counted, not decoded
  size_t offset = 0;
};

struct NodeProto {
  std::vector<std::string> input;
  std::vector<std::string> output;
  std::string name;
  std::string op_type;
  std::string domain;
  std::vector<AttributeProto> attribute;
  size_t offset = 0;

  const AttributeProto *FindAttr(const std::string &attr_name) const;
};

struct ValueInfoProto {
  std::string name;
  int32_t elem_type = 0;
  bool has_shape = false;     // absent shape = unknown rank
  std::vector<int64_t> dims;  // -1 for dim_param or unset dims
  size_t offset = 0;
};

struct GraphProto {
  std::string name;
  std::vector<NodeProto> node;
  std::vector<TensorProto> initializer;
  std::vector<ValueInfoProto> input;
  std::vector<ValueInfoProto> output;
  int32_t sparse_initializer_count = 0;
};

struct ModelProto {
  int64_t ir_version = 0;
  std::string producer_name;
  std::string producer_version;
  bool has_graph = false;
  GraphProto graph;
  /// Domain ("" for the default ai.onnx set) -> version.
  std::map<std::string, int64_t> opset_import;
  /// Names of model-local functions ("<domain>::<name>").
  std::vector<std::string> functions;
};

/// Decodes a ModelProto. Throws ge::GeException naming `source` and the byte offset on corrupt or
/// truncated input.
void DecodeModel(const std::string &bytes, const std::string &source, ModelProto *model);

/// Human-readable name of an ONNX tensor data type ("FLOAT", "INT64", ... or the number).
std::string DataTypeName(int32_t data_type);

}  // namespace onnx
}  // namespace ge

#endif  // GE_PARSER_ONNX_PROTO_H_
