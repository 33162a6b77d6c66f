// The state shared by the ONNX importer and the per-op mappers: the graph being built, the ONNX
// value name -> producer output table, and helpers that create catalog nodes and constants.
#ifndef GE_PARSER_ONNX_IMPORT_CONTEXT_H_
#define GE_PARSER_ONNX_IMPORT_CONTEXT_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"
#include "parser/onnx_proto.h"
#include "parser/string_view_map.h"

namespace ge {

/// One output port of a node of the graph being built.
struct OutAnchor {
  Node *node = nullptr;
  int32_t index = 0;
  bool IsValid() const { return node != nullptr; }
};

/// Read-only view of one ONNX node for its mapper: attributes with defaults, inputs, outputs and
/// the names used in error messages. Names are views of the model's bytes.
class OnnxNodeView {
 public:
  /// `domain` must outlive the view (a literal or the proto's own domain).
  OnnxNodeView(const onnx::NodeProto &proto, std::string ge_name, std::string_view domain,
               int64_t opset);

  const onnx::NodeProto &Proto() const { return proto_; }
  /// The unique GE node name chosen for this node (the ONNX name, or "<op_type>_<k>").
  const std::string &Name() const { return name_; }
  std::string_view OpType() const { return proto_.op_type; }
  std::string_view Domain() const { return domain_; }
  int64_t Opset() const { return opset_; }
  /// "ONNX node 'conv1' (op type 'Conv', domain 'ai.onnx', opset 13)".
  std::string Describe() const;

  bool HasAttr(std::string_view name) const { return proto_.FindAttr(name) != nullptr; }
  int64_t GetInt(std::string_view name, int64_t default_value) const;
  float GetFloat(std::string_view name, float default_value) const;
  std::string GetString(std::string_view name, const std::string &default_value) const;
  std::vector<int64_t> GetInts(std::string_view name,
                               const std::vector<int64_t> &default_value) const;
  std::vector<float> GetFloats(std::string_view name) const;

  /// Number of inputs, omitted trailing optional inputs ("") not counted.
  size_t InputCount() const;
  /// True when input `index` exists and is not an omitted optional input.
  bool HasInput(size_t index) const;
  std::string_view InputName(size_t index) const;
  size_t OutputCount() const { return proto_.output.size(); }
  /// True when output `index` exists and is used (not "").
  bool HasOutput(size_t index) const;
  std::string_view OutputName(size_t index) const;

 private:
  const onnx::NodeProto &proto_;
  std::string name_;
  std::string_view domain_;
  int64_t opset_;
};

/// What an import step works for, as its error messages name it: an ONNX node (optionally one of
/// its inputs) or a text such as "graph input 'x'". The node's text is built only when an error
/// is reported; describing every node eagerly cost more than mapping it. Only ever a parameter:
/// it may refer to the caller's temporaries.
class ImportSubject {
 public:
  ImportSubject(const char *text) : text_(text) {}           // NOLINT: implicit on purpose
  ImportSubject(const std::string &text) : text_(text) {}    // NOLINT
  ImportSubject(const OnnxNodeView &node) : node_(&node) {}  // NOLINT
  /// "<node> input '<role>'".
  ImportSubject(const OnnxNodeView &node, std::string_view input_role)
      : node_(&node), text_(input_role) {}

  std::string Text() const;

 private:
  const OnnxNodeView *node_ = nullptr;
  std::string_view text_;
};

class OnnxImportContext {
 public:
  /// `model_bytes`: the owner of the serialized model the decoded proto's views point into;
  /// Const nodes may keep views of it (nullptr: they copy).
  OnnxImportContext(ComputeGraph *graph, std::string source, std::string model_dir,
                    std::shared_ptr<const void> model_bytes);

  ComputeGraph &Graph() { return *graph_; }
  const std::string &Source() const { return source_; }
  const std::string &ModelDir() const { return model_dir_; }

  /// ConvertOnnxTensor with this import's file name, directory and model bytes.
  Status ConvertTensor(const onnx::TensorProto &tensor, GeTensor *out) const;
  /// Room for `count` ONNX values (graph inputs, initializers, node outputs) without growing.
  void ReserveValues(size_t count) { values_.Reserve(count); }

  /// Registers the initializers; their Const nodes are created on first use.
  void SetInitializers(const std::vector<onnx::TensorProto> *initializers);

  /// The producer of ONNX value `value`; creates the initializer's Const on first use. Fails
  /// naming `user` when the value is unknown.
  Status Resolve(std::string_view value, const ImportSubject &user, OutAnchor *anchor);
  /// The tensor of ONNX value `value` when it is constant: an initializer (converted without
  /// creating its Const node, so a value read only at import time leaves no unused node) or the
  /// output of a Const node. Fails naming `user` otherwise.
  Status ConstantValue(std::string_view value, const ImportSubject &user, GeTensor *tensor);
  /// Whether ConstantValue would find `value` (a Const node's output or an initializer).
  bool HasConstantValue(std::string_view value) const;
  /// Resolves input `index` of `node`.
  Status Input(const OnnxNodeView &node, size_t index, OutAnchor *anchor);
  /// Makes ONNX value `value` (a view of the model's bytes, kept as the key) refer to `anchor`.
  /// Fails on a value produced twice.
  Status Bind(std::string_view value, OutAnchor anchor);
  /// Whether `value` is produced by a node of the graph (a graph input, a node output or an
  /// initializer whose Const exists).
  bool IsBound(std::string_view value) const;
  /// Whether Resolve would find `value`: bound, or an initializer.
  bool IsAvailable(std::string_view value) const;

  /// A name not yet used by any node of the graph nor reserved ("base", then "base_1", ...),
  /// reserved on return until AddOp creates a node of that name.
  std::string UniqueName(std::string base);
  /// Ends the reservation of `name` without a node of that name (a mapping that made none).
  void ReleaseName(const std::string &name);

  /// Creates a node of catalog type `type` (ports/defaults from the op catalog). On failure
  /// returns nullptr with the error naming `owner` (the ONNX node it is created for).
  Node *AddOp(const ImportSubject &owner, const std::string &name, const std::string &type,
              const std::map<std::string, int64_t> &dynamic_inputs = {},
              const std::map<std::string, int64_t> &dynamic_outputs = {});
  /// Creates the node that carries ONNX node `node` itself: catalog type `type`, the node's GE
  /// name, and the "original_type" attribute ("ai.onnx::13::Conv") GE's parser records for dumps
  /// and diagnostics. Fails as AddOp.
  Node *AddMainOp(const OnnxNodeView &node, const std::string &type,
                  const std::map<std::string, int64_t> &dynamic_inputs = {},
                  const std::map<std::string, int64_t> &dynamic_outputs = {});
  /// Adds `desc` (made by the caller) to the graph, releasing its reserved name. On failure
  /// returns nullptr with the error naming `owner`.
  Node *AddNode(const ImportSubject &owner, OpDesc desc);
  /// Connects `src` to the input port of `dst` with IR name `ir_input` (e.g. "x", "x0").
  Status Connect(OutAnchor src, Node *dst, const std::string &ir_input);
  Status ConnectIndex(OutAnchor src, Node *dst, int32_t in_index);
  /// Creates a Const node holding `tensor`.
  Status AddConst(const ImportSubject &owner, const std::string &name, GeTensor tensor,
                  OutAnchor *anchor);

 private:
  ComputeGraph *graph_;
  std::string source_;
  std::string model_dir_;
  std::shared_ptr<const void> model_bytes_;
  /// An ONNX value: its producer, or (anchor not valid) initializer `initializer` whose Const is
  /// created on first use. Every entry has one or the other: only SetInitializers and Bind add.
  struct ValueEntry {
    OutAnchor anchor;
    int64_t initializer = -1;
  };

  Status UnknownValue(std::string_view value, const ImportSubject &user) const;

  /// The desc main ops of one (domain, op type) -> catalog type mapping start from, original_type
  /// included; copied per node (sharing the attributes) instead of filled anew.
  struct MainOpTemplate {
    std::string_view domain;
    std::string type;
    OpDesc desc;
  };

  // One table for produced values and initializers, keyed on views of the model's bytes (which
  // outlive the import): a node's input is one lookup.
  StringViewMap<ValueEntry> values_;
  const std::vector<onnx::TensorProto> *initializers_ = nullptr;
  StringViewMap<std::vector<MainOpTemplate>> main_op_templates_;  // by ONNX op type
  // Names UniqueName handed out whose nodes do not exist yet; the graph's own name index covers
  // the rest, so this stays a handful of entries however large the model.
  std::vector<std::string> reserved_names_;
};

// ---- constant tensors for mapper-created inputs ----
GeTensor MakeInt32Tensor(const std::vector<int64_t> &values, bool scalar = false);
GeTensor MakeInt64Tensor(const std::vector<int64_t> &values, bool scalar = false);
GeTensor MakeFloatTensor(const std::vector<float> &values, bool scalar = false);
GeTensor MakeBoolTensor(const std::vector<bool> &values, bool scalar = false);

}  // namespace ge

#endif  // GE_PARSER_ONNX_IMPORT_CONTEXT_H_
