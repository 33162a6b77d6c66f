// GNode (weak handle on a Node), Graph (shared handle on a ComputeGraph) and their adapters.
#include "graph/gnode.h"

#include "common/error.h"
#include "common/log.h"
#include "graph/attr_value.h"
#include "graph/compute_graph.h"
#include "graph/graph.h"
#include "graph_api/node_adapter.h"

namespace ge {

namespace {
// The handle's node while it is still alive and in a graph, else nullptr (a node removed from its
// graph has no owner graph). Locks nothing and takes no shared reference: the raw pointer is safe
// because no GNode call removes a node, so the node outlives the call (see gnode.h).
Node *LiveNode(const GNode &handle) {
  Node *node = NodeAdapter::GNode2RawNode(handle);
  return node != nullptr && node->GetOwnerGraph() != nullptr ? node : nullptr;
}

graphStatus InvalidNode(const char *what) {
  SetLastError(std::string("GNode::") + what +
               ": the node handle is invalid (node removed or "
               "graph destroyed)");
  return GRAPH_FAILED;
}

// The attr value of type T on the live node, or nullptr with the last error set. The name goes
// to the IR lookup as it is (no std::string copy per call).
template <typename T>
const T *FindAttr(const GNode &handle, const AscendString &name) {
  Node *node = LiveNode(handle);
  if (node == nullptr) {
    (void)InvalidNode("GetAttr");
    return nullptr;
  }
  const T *value = node->GetOpDesc().GetAttrAs<T>(NodeAdapter::StdString(name));
  if (value == nullptr) {
    SetLastError("GNode::GetAttr: node [" + node->GetName() + "] has no attr [" + name.GetString() +
                 "] of the requested type");
  }
  return value;
}

template <typename T>
graphStatus ReadAttr(const GNode &handle, const AscendString &name, T *out) {
  const T *value = FindAttr<T>(handle, name);
  if (value == nullptr) {
    return GRAPH_FAILED;
  }
  *out = *value;
  return GRAPH_SUCCESS;
}

template <typename T>
graphStatus WriteAttr(const GNode &handle, const AscendString &name, T value) {
  Node *node = LiveNode(handle);
  if (node == nullptr) {
    return InvalidNode("SetAttr");
  }
  node->MutableOpDesc().SetAttr(NodeAdapter::StdString(name), GeAttrValue(std::move(value)));
  return GRAPH_SUCCESS;
}
}  // namespace

GNode::GNode() = default;
GNode::GNode(const GNode &other) = default;
GNode::GNode(GNode &&other) noexcept  // the source stays valid
    : node_(other.node_), raw_(other.raw_) {}
GNode &GNode::operator=(const GNode &other) = default;
GNode &GNode::operator=(GNode &&other) noexcept {
  node_ = other.node_;
  raw_ = other.raw_;
  return *this;
}
GNode::~GNode() = default;

bool GNode::IsValid() const { return LiveNode(*this) != nullptr; }

graphStatus GNode::GetType(AscendString &type) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetType");
  }
  const std::string &value = node->GetType();
  type = AscendString(value.data(), value.size());
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetName(AscendString &name) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetName");
  }
  const std::string &value = node->GetName();
  name = AscendString(value.data(), value.size());
  return GRAPH_SUCCESS;
}

std::pair<GNodePtr, int32_t> GNode::GetInDataNodesAndPortIndexs(int32_t index) const {
  Node *node = LiveNode(*this);
  if (node == nullptr || index < 0 || static_cast<size_t>(index) >= node->GetInputsSize()) {
    return {nullptr, -1};
  }
  InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(index));
  if (!peer.IsConnected()) {
    return {nullptr, -1};
  }
  return {NodeAdapter::Node2GNodePtr(peer.node), peer.out_index};
}

std::vector<std::pair<GNodePtr, int32_t>> GNode::GetOutDataNodesAndPortIndexs(int32_t index) const {
  std::vector<std::pair<GNodePtr, int32_t>> result;
  Node *node = LiveNode(*this);
  if (node == nullptr || index < 0 || static_cast<size_t>(index) >= node->GetOutputsSize()) {
    return result;
  }
  for (const OutDataPeer &peer : node->GetOutDataPeers(static_cast<size_t>(index))) {
    result.emplace_back(NodeAdapter::Node2GNodePtr(peer.node), peer.in_index);
  }
  return result;
}

std::vector<GNodePtr> GNode::GetInControlNodes() const {
  std::vector<GNodePtr> result;
  Node *node = LiveNode(*this);
  if (node != nullptr) {
    for (Node *peer : node->GetInControlNodes()) {
      result.push_back(NodeAdapter::Node2GNodePtr(peer));
    }
  }
  return result;
}

std::vector<GNodePtr> GNode::GetOutControlNodes() const {
  std::vector<GNodePtr> result;
  Node *node = LiveNode(*this);
  if (node != nullptr) {
    for (Node *peer : node->GetOutControlNodes()) {
      result.push_back(NodeAdapter::Node2GNodePtr(peer));
    }
  }
  return result;
}

graphStatus GNode::GetInputConstData(int32_t index, Tensor &data) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetInputConstData");
  }
  if (index < 0 || static_cast<size_t>(index) >= node->GetInputsSize()) {
    SetLastError("GNode::GetInputConstData: node [" + node->GetName() + "] has no input " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(index));
  const GeTensor *weight =
      peer.IsConnected() ? peer.node->GetOpDesc().GetAttrAs<GeTensor>("value") : nullptr;
  if (weight == nullptr ||
      (peer.node->GetType() != "Const" && peer.node->GetType() != "Constant")) {
    SetLastError("GNode::GetInputConstData: input " + std::to_string(index) + " of node [" +
                 node->GetName() + "] is not fed by a Const with a value");
    return GRAPH_FAILED;
  }
  data = Tensor(*weight);
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetInputIndexByName(const AscendString &name, int32_t &index) {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetInputIndexByName");
  }
  index = node->GetOpDesc().GetInputIndexByName(NodeAdapter::StdString(name));
  return index < 0 ? GRAPH_FAILED : GRAPH_SUCCESS;
}

graphStatus GNode::GetOutputIndexByName(const AscendString &name, int32_t &index) {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetOutputIndexByName");
  }
  index = node->GetOpDesc().GetOutputIndexByName(NodeAdapter::StdString(name));
  return index < 0 ? GRAPH_FAILED : GRAPH_SUCCESS;
}

size_t GNode::GetInputsSize() const {
  Node *node = LiveNode(*this);
  return node == nullptr ? 0U : node->GetInputsSize();
}

size_t GNode::GetOutputsSize() const {
  Node *node = LiveNode(*this);
  return node == nullptr ? 0U : node->GetOutputsSize();
}

graphStatus GNode::GetInputDesc(int32_t index, TensorDesc &tensor_desc) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetInputDesc");
  }
  const GeTensorDesc *desc =
      index < 0 ? nullptr : node->GetOpDesc().GetInputDesc(static_cast<size_t>(index));
  if (desc == nullptr) {
    SetLastError("GNode::GetInputDesc: node [" + node->GetName() + "] has no input " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  tensor_desc.MutableGeTensorDesc() = *desc;
  return GRAPH_SUCCESS;
}

graphStatus GNode::UpdateInputDesc(int32_t index, const TensorDesc &tensor_desc) {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("UpdateInputDesc");
  }
  if (index < 0 || !node->MutableOpDesc().UpdateInputDesc(static_cast<size_t>(index),
                                                          tensor_desc.GetGeTensorDesc())) {
    SetLastError("GNode::UpdateInputDesc: node [" + node->GetName() + "] has no input " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetOutputDesc(int32_t index, TensorDesc &tensor_desc) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetOutputDesc");
  }
  const GeTensorDesc *desc =
      index < 0 ? nullptr : node->GetOpDesc().GetOutputDesc(static_cast<size_t>(index));
  if (desc == nullptr) {
    SetLastError("GNode::GetOutputDesc: node [" + node->GetName() + "] has no output " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  tensor_desc.MutableGeTensorDesc() = *desc;
  return GRAPH_SUCCESS;
}

graphStatus GNode::UpdateOutputDesc(int32_t index, const TensorDesc &tensor_desc) {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("UpdateOutputDesc");
  }
  if (index < 0 || !node->MutableOpDesc().UpdateOutputDesc(static_cast<size_t>(index),
                                                           tensor_desc.GetGeTensorDesc())) {
    SetLastError("GNode::UpdateOutputDesc: node [" + node->GetName() + "] has no output " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  return GRAPH_SUCCESS;
}

bool GNode::HasAttr(const AscendString &name) {
  Node *node = LiveNode(*this);
  return node != nullptr && node->GetOpDesc().HasAttr(NodeAdapter::StdString(name));
}

graphStatus GNode::GetAttr(const AscendString &name, int64_t &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, int32_t &attr_value) const {
  int64_t value = 0;
  graphStatus ret = ReadAttr(*this, name, &value);
  if (ret == GRAPH_SUCCESS) {
    attr_value = static_cast<int32_t>(value);
  }
  return ret;
}
graphStatus GNode::GetAttr(const AscendString &name, uint32_t &attr_value) const {
  int64_t value = 0;
  graphStatus ret = ReadAttr(*this, name, &value);
  if (ret == GRAPH_SUCCESS) {
    attr_value = static_cast<uint32_t>(value);
  }
  return ret;
}
graphStatus GNode::GetAttr(const AscendString &name, float &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, bool &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, AscendString &attr_value) const {
  const std::string *value = FindAttr<std::string>(*this, name);
  if (value == nullptr) {
    return GRAPH_FAILED;
  }
  attr_value = AscendString(value->c_str(), value->size());
  return GRAPH_SUCCESS;
}
graphStatus GNode::GetAttr(const AscendString &name, DataType &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, Tensor &attr_value) const {
  const GeTensor *value = FindAttr<GeTensor>(*this, name);
  if (value == nullptr) {
    return GRAPH_FAILED;
  }
  attr_value.MutableGeTensor() = *value;  // one copy (the bytes are shared, not copied)
  return GRAPH_SUCCESS;
}
graphStatus GNode::GetAttr(const AscendString &name, std::vector<int64_t> &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, std::vector<float> &attr_value) const {
  return ReadAttr(*this, name, &attr_value);
}
graphStatus GNode::GetAttr(const AscendString &name, std::vector<AscendString> &attr_value) const {
  const auto *value = FindAttr<std::vector<std::string>>(*this, name);
  if (value == nullptr) {
    return GRAPH_FAILED;
  }
  attr_value.clear();
  for (const std::string &item : *value) {
    attr_value.emplace_back(item.c_str(), item.size());
  }
  return GRAPH_SUCCESS;
}

graphStatus GNode::SetAttr(const AscendString &name, int64_t &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, int32_t &attr_value) const {
  return WriteAttr(*this, name, static_cast<int64_t>(attr_value));
}
graphStatus GNode::SetAttr(const AscendString &name, float &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, bool &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, AscendString &attr_value) const {
  return WriteAttr(*this, name, std::string(attr_value.GetString(), attr_value.GetLength()));
}
graphStatus GNode::SetAttr(const AscendString &name, DataType &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, Tensor &attr_value) const {
  return WriteAttr(*this, name, attr_value.GetGeTensor());
}
graphStatus GNode::SetAttr(const AscendString &name, std::vector<int64_t> &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, std::vector<float> &attr_value) const {
  return WriteAttr(*this, name, attr_value);
}
graphStatus GNode::SetAttr(const AscendString &name, std::vector<AscendString> &attr_value) const {
  std::vector<std::string> value;
  for (const AscendString &item : attr_value) {
    value.emplace_back(item.GetString(), item.GetLength());
  }
  return WriteAttr(*this, name, std::move(value));
}

graphStatus GNode::GetSubgraph(uint32_t index, GraphPtr &graph) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetSubgraph");
  }
  const auto &names = node->GetOpDesc().GetSubgraphInstanceNames();
  ComputeGraph *root = node->GetOwnerGraph()->GetRootGraph();
  ComputeGraphPtr subgraph =
      (index < names.size() && root != nullptr) ? root->GetSubgraph(names[index]) : nullptr;
  if (subgraph == nullptr) {
    SetLastError("GNode::GetSubgraph: node [" + node->GetName() + "] has no subgraph " +
                 std::to_string(index));
    return GRAPH_FAILED;
  }
  graph = GraphUtilsEx::CreateGraphPtrFromComputeGraph(subgraph);
  return GRAPH_SUCCESS;
}

graphStatus GNode::GetALLSubgraphs(std::vector<GraphPtr> &graph_list) const {
  Node *node = LiveNode(*this);
  if (node == nullptr) {
    return InvalidNode("GetALLSubgraphs");
  }
  graph_list.clear();
  ComputeGraph *root = node->GetOwnerGraph()->GetRootGraph();
  for (const std::string &name : node->GetOpDesc().GetSubgraphInstanceNames()) {
    ComputeGraphPtr subgraph = root == nullptr ? nullptr : root->GetSubgraph(name);
    if (subgraph != nullptr) {
      graph_list.push_back(GraphUtilsEx::CreateGraphPtrFromComputeGraph(subgraph));
    }
  }
  return GRAPH_SUCCESS;
}

bool GNode::operator==(const GNode &other) const {
  return !node_.owner_before(other.node_) && !other.node_.owner_before(node_);
}

GNode NodeAdapter::Node2GNode(const NodePtr &node) {
  GNode gnode;
  gnode.node_ = node;
  gnode.raw_ = node.get();
  return gnode;
}

GNode NodeAdapter::Node2GNode(const Node *node) {
  GNode gnode;
  // A node still owned by a graph is alive and shared (the graph holds it), so its own weak
  // reference is the handle: no owner lookup, no temporary shared reference.
  if (node != nullptr && node->GetOwnerGraph() != nullptr) {
    gnode.node_ = const_cast<Node *>(node)->weak_from_this();
    gnode.raw_ = const_cast<Node *>(node);
  }
  return gnode;
}

GNodePtr NodeAdapter::Node2GNodePtr(const Node *node) {
  return std::make_shared<GNode>(Node2GNode(node));
}

NodePtr NodeAdapter::GNode2Node(const GNode &gnode) {
  NodePtr node = gnode.node_.lock();
  return node != nullptr && node->GetOwnerGraph() != nullptr ? node : nullptr;
}

Node *NodeAdapter::GNode2RawNode(const GNode &gnode) {
  // A use count above zero means the node object is alive, and `raw_` is its address.
  return gnode.raw_ != nullptr && !gnode.node_.expired() ? gnode.raw_ : nullptr;
}

}  // namespace ge
