// The state shared by the ONNX importer and the per-op mappers: the graph being built, the ONNX
// value name -> producer output table, and helpers that create catalog nodes and constants.
#ifndef GE_PARSER_ONNX_IMPORT_CONTEXT_H_
#define GE_PARSER_ONNX_IMPORT_CONTEXT_H_

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"
#include "parser/onnx_proto.h"

namespace ge {

/// One output port of a node of the graph being built.
struct OutAnchor {
  Node *node = nullptr;
  int32_t index = 0;
  bool IsValid() const { return node != nullptr; }
};

/// Read-only view of one ONNX node for its mapper: attributes with defaults, inputs, outputs and
/// the names used in error messages.
class OnnxNodeView {
 public:
  OnnxNodeView(const onnx::NodeProto &proto, std::string ge_name, std::string domain,
               int64_t opset);

  const onnx::NodeProto &Proto() const { return proto_; }
  /// The unique GE node name chosen for this node (the ONNX name, or "<op_type>_<k>").
  const std::string &Name() const { return name_; }
  const std::string &OpType() const { return proto_.op_type; }
  const std::string &Domain() const { return domain_; }
  int64_t Opset() const { return opset_; }
  /// "ONNX node 'conv1' (op type 'Conv', domain 'ai.onnx', opset 13)".
  std::string Describe() const;

  bool HasAttr(const std::string &name) const { return proto_.FindAttr(name) != nullptr; }
  int64_t GetInt(const std::string &name, int64_t default_value) const;
  float GetFloat(const std::string &name, float default_value) const;
  std::string GetString(const std::string &name, const std::string &default_value) const;
  std::vector<int64_t> GetInts(const std::string &name,
                               const std::vector<int64_t> &default_value) const;
  std::vector<float> GetFloats(const std::string &name) const;

  /// Number of inputs, omitted trailing optional inputs ("") not counted.
  size_t InputCount() const;
  /// True when input `index` exists and is not an omitted optional input.
  bool HasInput(size_t index) const;
  const std::string &InputName(size_t index) const;
  size_t OutputCount() const { return proto_.output.size(); }
  /// True when output `index` exists and is used (not "").
  bool HasOutput(size_t index) const;
  const std::string &OutputName(size_t index) const;

 private:
  const onnx::NodeProto &proto_;
  std::string name_;
  std::string domain_;
  int64_t opset_;
};

class OnnxImportContext {
 public:
  OnnxImportContext(ComputeGraph *graph, std::string source, std::string model_dir);

  ComputeGraph &Graph() { return *graph_; }
  const std::string &Source() const { return source_; }
  const std::string &ModelDir() const { return model_dir_; }

  /// Registers the initializers; their Const nodes are created on first use.
  void SetInitializers(const std::vector<onnx::TensorProto> *initializers);

  /// The producer of ONNX value `value`; creates the initializer's Const on first use. Fails
  /// naming `user` when the value is unknown.
  Status Resolve(const std::string &value, const std::string &user, OutAnchor *anchor);
  /// The tensor of ONNX value `value` when it is constant: an initializer (converted without
  /// creating its Const node, so a value read only at import time leaves no unused node) or the
  /// output of a Const node. Fails naming `user` otherwise.
  Status ConstantValue(const std::string &value, const std::string &user, GeTensor *tensor);
  /// Whether ConstantValue would find `value` (a Const node's output or an initializer).
  bool HasConstantValue(const std::string &value) const;
  /// Resolves input `index` of `node`.
  Status Input(const OnnxNodeView &node, size_t index, OutAnchor *anchor);
  /// Makes ONNX value `value` refer to `anchor`. Fails on a value produced twice.
  Status Bind(const std::string &value, OutAnchor anchor);
  bool IsBound(const std::string &value) const { return values_.count(value) != 0; }

  /// A name not yet used by any node ("base", then "base_1", ...), reserved on return.
  std::string UniqueName(const std::string &base);
  /// Reserves `name` (so UniqueName never returns it).
  void ReserveName(const std::string &name) { used_names_.insert(name); }

  /// Creates a node of catalog type `type` (ports/defaults from the op catalog). On failure
  /// returns nullptr with the error naming `owner` (the ONNX node it is created for).
  Node *AddOp(const std::string &owner, const std::string &name, const std::string &type,
              const std::map<std::string, int64_t> &dynamic_inputs = {},
              const std::map<std::string, int64_t> &dynamic_outputs = {});
  /// Connects `src` to the input port of `dst` with IR name `ir_input` (e.g. "x", "x0").
  Status Connect(OutAnchor src, Node *dst, const std::string &ir_input);
  Status ConnectIndex(OutAnchor src, Node *dst, int32_t in_index);
  /// Creates a Const node holding `tensor`.
  Status AddConst(const std::string &owner, const std::string &name, GeTensor tensor,
                  OutAnchor *anchor);

 private:
  ComputeGraph *graph_;
  std::string source_;
  std::string model_dir_;
  std::unordered_map<std::string, OutAnchor> values_;
  std::unordered_map<std::string, size_t> initializer_index_;
  const std::vector<onnx::TensorProto> *initializers_ = nullptr;
  std::unordered_set<std::string> used_names_;
};

// ---- constant tensors for mapper-created inputs ----
GeTensor MakeInt32Tensor(const std::vector<int64_t> &values, bool scalar = false);
GeTensor MakeInt64Tensor(const std::vector<int64_t> &values, bool scalar = false);
GeTensor MakeFloatTensor(const std::vector<float> &values, bool scalar = false);
GeTensor MakeBoolTensor(const std::vector<bool> &values, bool scalar = false);

}  // namespace ge

#endif  // GE_PARSER_ONNX_IMPORT_CONTEXT_H_
