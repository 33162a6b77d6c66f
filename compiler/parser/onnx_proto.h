// The subset of onnx.proto the importer reads, decoded with the project's wire
// reader (compiler/proto). Unknown fields are skipped; every record's byte offset is kept so that
// later errors can still point into the file. Names, strings and raw tensor bytes are views of the
// serialized model, not copies: a decoded model is valid only while those bytes are.
#ifndef GE_PARSER_ONNX_PROTO_H_
#define GE_PARSER_ONNX_PROTO_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
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
  std::string_view name;
  std::vector<int64_t> dims;
  int32_t data_type = 0;
  bool has_raw_data = false;
  std::string_view raw_data;
  std::vector<float> float_data;
  std::vector<int64_t> int32_data;  // int32 values, sign-extended
  std::vector<std::string_view> string_data;
  std::vector<int64_t> int64_data;
  std::vector<double> double_data;
  std::vector<uint64_t> uint64_data;
  std::vector<std::pair<std::string_view, std::string_view>> external_data;
  int32_t data_location = 0;  // 1 = EXTERNAL
  bool has_segment = false;
  size_t offset = 0;  // byte offset of the TensorProto in the file
};

struct AttributeProto {
  std::string_view name;
  int32_t type = kAttrUndefined;  // inferred from the value when the file omits it
  float f = 0.0F;
  int64_t i = 0;
  std::string_view s;
  bool has_t = false;
  std::vector<TensorProto> t;  // 0 or 1 element (a vector avoids a recursive member)
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string_view> strings;
  std::vector<TensorProto> tensors;
  int32_t graph_count = 0;  // subgraph attributes are counted, not decoded
  size_t offset = 0;
};

/// The input or output names of a node: a range of its graph's name array (one array for the
/// graph instead of two vectors per node).
class NameList {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::string_view operator[](size_t index) const { return data_[index]; }
  const std::string_view *begin() const { return data_; }
  const std::string_view *end() const { return data_ + size_; }
  /// Makes the list the `size` names at `data`.
  void Assign(const std::string_view *data, size_t size) {
    data_ = data;
    size_ = size;
  }

 private:
  const std::string_view *data_ = nullptr;
  size_t size_ = 0;
};

struct NodeProto {
  NameList input;
  NameList output;
  std::string_view name;
  std::string_view op_type;
  std::string_view domain;
  std::vector<AttributeProto> attribute;
  size_t offset = 0;

  const AttributeProto *FindAttr(std::string_view attr_name) const;
};

struct ValueInfoProto {
  std::string_view name;
  int32_t elem_type = 0;
  bool has_shape = false;     // absent shape = unknown rank
  std::vector<int64_t> dims;  // -1 for dim_param or unset dims
  size_t offset = 0;
};

struct GraphProto {
  GraphProto() = default;
  // The nodes' name lists point into `names`: a copy would point into the original.
  GraphProto(const GraphProto &) = delete;
  GraphProto &operator=(const GraphProto &) = delete;
  GraphProto(GraphProto &&) = default;
  GraphProto &operator=(GraphProto &&) = default;

  std::string_view name;
  std::vector<NodeProto> node;
  /// The input names then the output names of every node, in node order.
  std::vector<std::string_view> names;
  std::vector<TensorProto> initializer;
  std::vector<ValueInfoProto> input;
  std::vector<ValueInfoProto> output;
  int32_t sparse_initializer_count = 0;
};

struct ModelProto {
  int64_t ir_version = 0;
  std::string_view producer_name;
  std::string_view producer_version;
  bool has_graph = false;
  GraphProto graph;
  /// Domain ("" for the default ai.onnx set) -> version.
  std::map<std::string, int64_t> opset_import;
  /// Names of model-local functions ("<domain>::<name>").
  std::vector<std::string> functions;
};

/// Decodes a ModelProto whose views point into `bytes`. Throws ge::GeException naming `source` and
/// the byte offset on corrupt or truncated input.
void DecodeModel(std::string_view bytes, const std::string &source, ModelProto *model);

/// Human-readable name of an ONNX tensor data type ("FLOAT", "INT64", ... or the number).
std::string DataTypeName(int32_t data_type);

}  // namespace onnx
}  // namespace ge

#endif  // GE_PARSER_ONNX_PROTO_H_
