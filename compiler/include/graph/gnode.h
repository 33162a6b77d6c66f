// GNode: the public handle of one node. It holds only a weak reference, so a GNode outliving its
// node (removed by a rewrite, or its graph destroyed) is harmless: every call then fails cleanly.
#ifndef GE_GRAPH_GNODE_H_
#define GE_GRAPH_GNODE_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"
#include "graph/tensor.h"
#include "graph/tensor_desc.h"

namespace ge {

class GNode;
class Graph;
class NodeAdapter;
class Node;
using GNodePtr = std::shared_ptr<GNode>;
using GraphPtr = std::shared_ptr<Graph>;

class GNode {
 public:
  GNode();
  GNode(const GNode &other);
  GNode(GNode &&other) noexcept;
  GNode &operator=(const GNode &other);
  GNode &operator=(GNode &&other) noexcept;
  ~GNode();

  /// True while the node is alive and still owned by a graph.
  bool IsValid() const;
  graphStatus GetType(AscendString &type) const;
  graphStatus GetName(AscendString &name) const;

  /// Producer of input `index`: (nullptr, -1) when unconnected or invalid.
  std::pair<GNodePtr, int32_t> GetInDataNodesAndPortIndexs(int32_t index) const;
  /// Consumers of output `index` with their input indexes.
  std::vector<std::pair<GNodePtr, int32_t>> GetOutDataNodesAndPortIndexs(int32_t index) const;
  std::vector<GNodePtr> GetInControlNodes() const;
  std::vector<GNodePtr> GetOutControlNodes() const;
  /// The weight of the Const feeding input `index` (directly).
  graphStatus GetInputConstData(int32_t index, Tensor &data) const;
  graphStatus GetInputIndexByName(const AscendString &name, int32_t &index);
  graphStatus GetOutputIndexByName(const AscendString &name, int32_t &index);
  size_t GetInputsSize() const;
  size_t GetOutputsSize() const;
  graphStatus GetInputDesc(int32_t index, TensorDesc &tensor_desc) const;
  graphStatus UpdateInputDesc(int32_t index, const TensorDesc &tensor_desc);
  graphStatus GetOutputDesc(int32_t index, TensorDesc &tensor_desc) const;
  graphStatus UpdateOutputDesc(int32_t index, const TensorDesc &tensor_desc);

  bool HasAttr(const AscendString &name);
  graphStatus GetAttr(const AscendString &name, int64_t &attr_value) const;
  graphStatus GetAttr(const AscendString &name, int32_t &attr_value) const;
  graphStatus GetAttr(const AscendString &name, uint32_t &attr_value) const;
  graphStatus GetAttr(const AscendString &name, float &attr_value) const;
  graphStatus GetAttr(const AscendString &name, bool &attr_value) const;
  graphStatus GetAttr(const AscendString &name, AscendString &attr_value) const;
  graphStatus GetAttr(const AscendString &name, DataType &attr_value) const;
  graphStatus GetAttr(const AscendString &name, Tensor &attr_value) const;
  graphStatus GetAttr(const AscendString &name, std::vector<int64_t> &attr_value) const;
  graphStatus GetAttr(const AscendString &name, std::vector<float> &attr_value) const;
  graphStatus GetAttr(const AscendString &name, std::vector<AscendString> &attr_value) const;
  // GE declares the setters const (the handle, not the node, is const); kept for source
  // compatibility with ported passes.
  graphStatus SetAttr(const AscendString &name, int64_t &attr_value) const;
  graphStatus SetAttr(const AscendString &name, int32_t &attr_value) const;
  graphStatus SetAttr(const AscendString &name, float &attr_value) const;
  graphStatus SetAttr(const AscendString &name, bool &attr_value) const;
  graphStatus SetAttr(const AscendString &name, AscendString &attr_value) const;
  graphStatus SetAttr(const AscendString &name, DataType &attr_value) const;
  graphStatus SetAttr(const AscendString &name, Tensor &attr_value) const;
  graphStatus SetAttr(const AscendString &name, std::vector<int64_t> &attr_value) const;
  graphStatus SetAttr(const AscendString &name, std::vector<float> &attr_value) const;
  graphStatus SetAttr(const AscendString &name, std::vector<AscendString> &attr_value) const;

  /// Subgraphs this node owns, in subgraph-index order.
  graphStatus GetSubgraph(uint32_t index, GraphPtr &graph) const;
  graphStatus GetALLSubgraphs(std::vector<GraphPtr> &graph_list) const;

  /// Same node (both invalid handles compare equal).
  bool operator==(const GNode &other) const;
  bool operator!=(const GNode &other) const { return !(*this == other); }

 private:
  friend class NodeAdapter;
  // The node itself, weakly: no allocation per handle (plugins get several per match), and an
  // expired or removed node makes every call fail cleanly. `raw_` is the same node's address: a
  // call checks expiry with a plain read of the weak reference's use count and then works on
  // the address, instead of taking and dropping a temporary shared reference (two atomic
  // read-modify-writes) per call.
  std::weak_ptr<Node> node_;
  Node *raw_ = nullptr;
};

}  // namespace ge

#endif  // GE_GRAPH_GNODE_H_
