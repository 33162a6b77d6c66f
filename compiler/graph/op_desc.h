// OpDesc: the description of one node — name, type, port descs with their IR names, attributes,
// the IR prototype metadata (input/output kinds, attribute names) and owned subgraph names.
#ifndef GE_GRAPH_OP_DESC_H_
#define GE_GRAPH_OP_DESC_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "graph/attr_value.h"
#include "graph/ge_tensor.h"
#include "support/inline_vector.h"
#include "support/interned_string.h"

namespace ge {

/// IR input kinds, numbered as the `_ir_inputs_value` reserved attribute stores them.
enum class IrInputType : int32_t { kRequired = 0, kOptional = 1, kDynamic = 2 };
/// IR output kinds, numbered as `_ir_outputs_value` stores them.
enum class IrOutputType : int32_t { kRequired = 0, kDynamic = 1 };
enum class SubgraphType : int32_t { kStatic = 0, kDynamic = 1 };

/// The IR prototype facts a node carries (port kinds, attribute names, subgraph slots). Nodes of
/// one op type share one immutable instance, which keeps large graphs small.
struct IrMetadata {
  std::vector<std::pair<std::string, IrInputType>> inputs;
  std::vector<std::pair<std::string, IrOutputType>> outputs;
  std::vector<std::string> attr_names;
  std::vector<std::pair<std::string, SubgraphType>> subgraphs;
};
using IrMetadataPtr = std::shared_ptr<const IrMetadata>;

class OpDesc {
 public:
  OpDesc() = default;
  OpDesc(std::string name, std::string_view type)
      : type_(&InternString(type)), name_(std::move(name)) {}
  OpDesc(const OpDesc &other);
  OpDesc &operator=(const OpDesc &other);
  OpDesc(OpDesc &&other) noexcept = default;
  OpDesc &operator=(OpDesc &&other) noexcept = default;
  ~OpDesc() = default;

  const std::string &GetName() const { return name_; }
  void SetName(std::string name) { name_ = std::move(name); }
  /// The op type; a reference to the process-wide interned copy (see interned_string.h).
  const std::string &GetType() const { return *type_; }
  void SetType(std::string_view type) { type_ = &InternString(type); }
  int64_t GetId() const { return id_; }
  void SetId(int64_t id) { id_ = id; }

  // ---- ports ----
  size_t GetInputsSize() const { return inputs_.size(); }
  size_t GetOutputsSize() const { return outputs_.size(); }
  /// Appends a port; `name` is its IR port name ("x", "x0", ...) or "".
  void AddInputDesc(const std::string &name, GeTensorDesc desc);
  void AddOutputDesc(const std::string &name, GeTensorDesc desc);
  const GeTensorDesc *GetInputDesc(size_t index) const;
  const GeTensorDesc *GetOutputDesc(size_t index) const;
  GeTensorDesc *MutableInputDesc(size_t index);
  GeTensorDesc *MutableOutputDesc(size_t index);
  bool UpdateInputDesc(size_t index, GeTensorDesc desc);
  bool UpdateOutputDesc(size_t index, GeTensorDesc desc);
  const std::vector<GeTensorDesc> &GetAllInputDescs() const { return inputs_; }
  const std::vector<GeTensorDesc> &GetAllOutputDescs() const { return outputs_; }
  const std::string &GetInputName(size_t index) const;
  const std::string &GetOutputName(size_t index) const;
  void SetInputName(size_t index, std::string name);
  void SetOutputName(size_t index, std::string name);
  /// Port index of an IR port name, -1 when absent.
  int32_t GetInputIndexByName(const std::string &name) const;
  int32_t GetOutputIndexByName(const std::string &name) const;

  // ---- IR prototype metadata ----
  const std::vector<std::pair<std::string, IrInputType>> &GetIrInputs() const {
    return ir()->inputs;
  }
  const std::vector<std::pair<std::string, IrOutputType>> &GetIrOutputs() const {
    return ir()->outputs;
  }
  const std::vector<std::string> &GetIrAttrNames() const { return ir()->attr_names; }
  /// Shares `metadata` (typically the catalog's instance for this op type).
  void SetIrMetadata(IrMetadataPtr metadata) { ir_ = std::move(metadata); }
  const IrMetadataPtr &GetIrMetadata() const { return ir_; }
  // Appenders copy the shared metadata first (copy-on-write).
  void AppendIrInput(std::string name, IrInputType type);
  void AppendIrOutput(std::string name, IrOutputType type);
  void AppendIrAttrName(std::string name);
  void ClearIrMetadata() { ir_.reset(); }

  // ---- attributes ----
  const AttrMap &GetAllAttrs() const;
  AttrMap &MutableAllAttrs() { return MutableRare().attrs; }
  bool HasAttr(const std::string &name) const { return GetAttr(name) != nullptr; }
  const GeAttrValue *GetAttr(const std::string &name) const;
  void SetAttr(const std::string &name, GeAttrValue value) {
    (void)MutableRare().attrs.insert_or_assign(name, std::move(value));
  }
  bool DelAttr(const std::string &name);
  /// Typed read: nullptr when absent or of another type.
  template <typename T>
  const T *GetAttrAs(const std::string &name) const {
    const GeAttrValue *value = GetAttr(name);
    return value == nullptr ? nullptr : value->Get<T>();
  }

  // ---- subgraphs ----
  /// IR subgraph declarations (e.g. "then_branch" static, "branches" dynamic).
  const std::vector<std::pair<std::string, SubgraphType>> &GetSubgraphIrNames() const {
    return ir()->subgraphs;
  }
  void AppendSubgraphIrName(std::string name, SubgraphType type);
  /// Names of the subgraph instances this node owns, in subgraph-index order.
  const std::vector<std::string> &GetSubgraphInstanceNames() const;
  void AddSubgraphInstanceName(std::string name) {
    MutableRare().subgraph_names.push_back(std::move(name));
  }
  void SetSubgraphInstanceName(size_t index, std::string name);
  void RemoveSubgraphInstanceName(const std::string &name);
  void ClearSubgraphInstanceNames();

  // ---- templates ----
  /// Makes this desc's attributes and subgraph instance names a read-only block that every copy
  /// made from it afterwards shares instead of copying; a desc holding a shared block (this one
  /// included) takes its own copy on its first write. For descs that serve only as templates and
  /// are copied per use (the replacement builders' per-thread Data and catalog descs): most
  /// copies are never written, and the copy then costs no allocation for the attrs. A pointer
  /// from GetAttr on a copy reads the shared block, so after a write to that copy it shows the
  /// values from before the write.
  void ShareAttrsWithCopies();

 private:
  // Attributes and subgraph instance names, allocated on first write: many nodes of a large
  // graph (Identity, Data, Cast, ...) have neither, and the empty map and vector alone took 72
  // bytes of every OpDesc.
  struct Rare {
    AttrMap attrs;
    std::vector<std::string> subgraph_names;
    // Set by ShareAttrsWithCopies and never cleared: the block is then read-only, so copies
    // share it and writers replace it with a copy of their own (see MutableRare).
    bool shared = false;
  };

  const IrMetadata *ir() const;
  IrMetadata &MutableIr();
  // The block to write to: created when absent, copied first when shared.
  Rare &MutableRare();
  // As MutableRare, but nullptr when there is no block (nothing to erase or clear).
  Rare *MutableRareIfAny();

  // Interned: one copy per distinct type in the process, 8 bytes per node instead of 32. The
  // first member: Node places it next to its order position, so a walk over a graph comparing
  // types (every sweep's candidate snapshot) reads one cache line per node.
  const std::string *type_ = &InternedEmptyString();
  std::string name_;
  int64_t id_ = 0;
  std::vector<GeTensorDesc> inputs_;
  std::vector<GeTensorDesc> outputs_;
  // IR port names of the inputs, then of the outputs, interned ("x", "y", "x0", ...): a node
  // with up to two ports keeps them inline, no allocation.
  InlineVector<const std::string *, 2> port_names_;
  IrMetadataPtr ir_;
  std::shared_ptr<Rare> rare_;
};

}  // namespace ge

#endif  // GE_GRAPH_OP_DESC_H_
