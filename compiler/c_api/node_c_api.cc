// GNode section of the C API. Node handles are weak: once the node is
// removed or its graph freed every call fails cleanly with "node handle has expired".
#include <cstdint>
#include <string>
#include <vector>

#include "c_api/c_api_arrays.h"
#include "c_handles/c_handles.h"
#include "ge/c_api/node.h"

using ge::capi::Guard;

namespace {

bool CheckKey(const char *key) {
  if (key == nullptr) {
    ge::SetLastError("attribute name is null");
    return false;
  }
  return true;
}

std::string Where(const ge::Node &node) {
  return "node '" + node.GetName() + "' (" + node.GetType() + ")";
}

/// The mutable desc of an input (is_input) or output port, or nullptr with an error.
ge::GeTensorDesc *PortDesc(ge::Node &node, bool is_input, int64_t index) {
  ge::OpDesc &op = node.MutableOpDesc();
  const size_t size = is_input ? op.GetInputsSize() : op.GetOutputsSize();
  if (index < 0 || static_cast<size_t>(index) >= size) {
    ge::SetLastError(Where(node) + " has no " + (is_input ? "input " : "output ") +
                     std::to_string(index) + " (it has " + std::to_string(size) + ")");
    return nullptr;
  }
  return is_input ? op.MutableInputDesc(static_cast<size_t>(index))
                  : op.MutableOutputDesc(static_cast<size_t>(index));
}

/// The checks GetPortAttr and SetPortAttr share, in the order both report them (the first failure
/// is the caller's last error): a live node, a non-null attribute name, a non-null attr value
/// handle, an existing port. Returns the port's desc with `*node` holding the node (kept alive
/// for the caller and named in its error texts), or nullptr with the last error set.
ge::GeTensorDesc *PortDescForAttr(const GeNodeHandle *n, const char *name,
                                  const GeAttrValueHandle *av, uint32_t index, bool is_input,
                                  ge::NodePtr *node) {
  *node = ge::capi::LockNode(n);
  if (*node == nullptr || !CheckKey(name)) {
    return nullptr;
  }
  if (av == nullptr) {
    ge::SetLastError("attr value handle is null");
    return nullptr;
  }
  return PortDesc(**node, is_input, index);
}

uint32_t GetPortAttr(const GeNodeHandle *n, const char *name, uint32_t index, GeAttrValueHandle *av,
                     bool is_input) {
  ge::NodePtr node;
  const ge::GeTensorDesc *desc = PortDescForAttr(n, name, av, index, is_input, &node);
  if (desc == nullptr) {
    return ge::FAILED;
  }
  auto it = desc->GetAttrs().find(name);
  if (it == desc->GetAttrs().end()) {
    return ge::Fail(Where(*node) + (is_input ? " input " : " output ") + std::to_string(index) +
                    " has no attribute '" + name + "'");
  }
  av->value = it->second;
  return ge::SUCCESS;
}

uint32_t SetPortAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                     const GeAttrValueHandle *av, bool is_input) {
  ge::NodePtr node;
  ge::GeTensorDesc *desc = PortDescForAttr(n, name, av, index, is_input, &node);
  if (desc == nullptr) {
    return ge::FAILED;
  }
  desc->MutableAttrs()[name] = av->value;
  return ge::SUCCESS;
}

GeTensorDescHandle *GetDesc(const GeNodeHandle *n, int32_t index, bool is_input) {
  ge::NodePtr node = ge::capi::LockNode(n);
  if (node == nullptr) {
    return nullptr;
  }
  ge::GeTensorDesc *desc = PortDesc(*node, is_input, index);
  return desc == nullptr ? nullptr : new GeTensorDescHandle{*desc};
}

uint32_t UpdateDesc(const GeNodeHandle *n, int32_t index, const GeTensorDescHandle *td,
                    bool is_input) {
  ge::NodePtr node = ge::capi::LockNode(n);
  if (node == nullptr) {
    return ge::FAILED;
  }
  if (td == nullptr) {
    return ge::Fail("tensor desc handle is null");
  }
  ge::GeTensorDesc *desc = PortDesc(*node, is_input, index);
  if (desc == nullptr) {
    return ge::FAILED;
  }
  *desc = td->desc;
  return ge::SUCCESS;
}

GeNodeHandle **ControlNodes(const GeNodeHandle *n, size_t *count, bool in) {
  if (count == nullptr) {
    ge::SetLastError("node count pointer is null");
    return nullptr;
  }
  *count = 0;
  ge::NodePtr node = ge::capi::LockNode(n);
  if (node == nullptr) {
    return nullptr;
  }
  return ge::capi::NewNodeHandleArray(in ? node->GetInControlNodes() : node->GetOutControlNodes(),
                                      count);
}

}  // namespace

extern "C" {

void GeApiWrapper_GNode_DestroyGNode(GeNodeHandle *n) { delete n; }

void GeApiWrapper_GNode_FreeGNodeArray(GeNodeHandle **nodes) { delete[] nodes; }

void GeApiWrapper_GNode_FreeIntArray(int32_t *values) { std::free(values); }

char *GeApiWrapper_GNode_GetName(const GeNodeHandle *n) {
  return Guard<char *>(nullptr, [n]() -> char * {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? nullptr : ge::capi::DupString(node->GetName());
  });
}

char *GeApiWrapper_GNode_GetType(const GeNodeHandle *n) {
  return Guard<char *>(nullptr, [n]() -> char * {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? nullptr : ge::capi::DupString(node->GetType());
  });
}

/// The node type as text owned by the node: valid until the node changes or goes, so the caller
/// copies it at once (ctypes c_char_p does). NULL for a dead handle. Unlike GetType there is no
/// string to free: one C call per `Node.type` read instead of two.
const char *GeApiWrapper_GNode_GetTypeRef(const GeNodeHandle *n) {
  return Guard<const char *>(nullptr, [n]() -> const char * {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? nullptr : node->GetType().c_str();
  });
}

/// Same as GetTypeRef for the node name.
const char *GeApiWrapper_GNode_GetNameRef(const GeNodeHandle *n) {
  return Guard<const char *>(nullptr, [n]() -> const char * {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? nullptr : node->GetName().c_str();
  });
}

GeNodeHandle **GeApiWrapper_GNode_GetInControlNodes(const GeNodeHandle *n, size_t *count) {
  return Guard<GeNodeHandle **>(nullptr, [=] { return ControlNodes(n, count, true); });
}

GeNodeHandle **GeApiWrapper_GNode_GetOutControlNodes(const GeNodeHandle *n, size_t *count) {
  return Guard<GeNodeHandle **>(nullptr, [=] { return ControlNodes(n, count, false); });
}

/// The producer feeding input `index` and its output port; fails when unconnected.
uint32_t GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(const GeNodeHandle *n, int32_t index,
                                                         GeNodeHandle **peer, int32_t *port) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (peer == nullptr || port == nullptr) {
      return ge::Fail("output pointers for the peer node and port are required");
    }
    *peer = nullptr;
    *port = -1;
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr) {
      return ge::FAILED;
    }
    if (index < 0 || static_cast<size_t>(index) >= node->GetInputsSize()) {
      return ge::Fail(Where(*node) + " has no input " + std::to_string(index));
    }
    ge::InDataPeer in_peer = node->GetInDataPeer(static_cast<size_t>(index));
    if (!in_peer.IsConnected()) {
      return ge::Fail(Where(*node) + " input " + std::to_string(index) + " is not connected");
    }
    *peer = new GeNodeHandle{in_peer.node->shared_from_this()};
    *port = in_peer.out_index;
    return ge::SUCCESS;
  });
}

/// Consumers of output `index` with their input ports (count 0 and NULL arrays when none).
uint32_t GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(const GeNodeHandle *n, int32_t index,
                                                          GeNodeHandle ***peers, int32_t **ports,
                                                          int *count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (peers == nullptr || ports == nullptr || count == nullptr) {
      return ge::Fail("output pointers for the peer nodes, ports and count are required");
    }
    *peers = nullptr;
    *ports = nullptr;
    *count = 0;
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr) {
      return ge::FAILED;
    }
    if (index < 0 || static_cast<size_t>(index) >= node->GetOutputsSize()) {
      return ge::Fail(Where(*node) + " has no output " + std::to_string(index));
    }
    const ge::OutDataPeers &out_peers = node->GetOutDataPeers(index);
    std::vector<ge::Node *> nodes;
    std::vector<int32_t> in_ports;
    for (const ge::OutDataPeer &peer : out_peers) {
      nodes.push_back(peer.node);
      in_ports.push_back(peer.in_index);
    }
    size_t size = 0;
    int32_t *port_array = ge::capi::NewPodArray(in_ports);
    *peers = ge::capi::NewNodeHandleArray(nodes, &size);
    *ports = port_array;
    *count = static_cast<int>(size);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_GNode_GetAttr(const GeNodeHandle *n, const char *key, GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr || !CheckKey(key)) {
      return ge::FAILED;
    }
    if (av == nullptr) {
      return ge::Fail("attr value handle is null");
    }
    const ge::GeAttrValue *value = node->GetOpDesc().GetAttr(key);
    if (value == nullptr) {
      return ge::Fail(Where(*node) + " has no attribute '" + key + "'");
    }
    av->value = *value;
    return ge::SUCCESS;
  });
}

/// Tensor attribute `key` as a new tensor handle in one call (GetAttr + AttrValue_GetTensor without
/// the AttrValue box). When the attribute exists but holds another type, returns NULL with
/// *value_type set to that type so the caller can read it the general way; a dead node or a missing
/// attribute returns NULL with *value_type = -1 and the last error set.
GeTensorHandle *GeApiWrapper_GNode_GetTensorAttr(const GeNodeHandle *n, const char *key,
                                                 int32_t *value_type) {
  return Guard<GeTensorHandle *>(nullptr, [=]() -> GeTensorHandle * {
    if (value_type == nullptr) {
      ge::SetLastError("output pointer for the value type is null");
      return nullptr;
    }
    *value_type = -1;
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr || !CheckKey(key)) {
      return nullptr;
    }
    const ge::GeAttrValue *value = node->GetOpDesc().GetAttr(key);
    if (value == nullptr) {
      ge::SetLastError(Where(*node) + " has no attribute '" + key + "'");
      return nullptr;
    }
    *value_type = static_cast<int32_t>(value->GetValueType());
    const ge::GeTensor *tensor = value->Get<ge::GeTensor>();
    if (tensor == nullptr) {
      return nullptr;
    }
    auto *handle = new GeTensorHandle();
    handle->tensor = *tensor;
    return handle;
  });
}

uint32_t GeApiWrapper_GNode_SetAttr(const GeNodeHandle *n, const char *key,
                                    const GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::NodePtr node = ge::capi::LockNode(n);
    if (node == nullptr || !CheckKey(key)) {
      return ge::FAILED;
    }
    if (av == nullptr) {
      return ge::Fail("attr value handle is null");
    }
    node->MutableOpDesc().SetAttr(key, av->value);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_GNode_GetInputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                         GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=] { return GetPortAttr(n, name, index, av, true); });
}

uint32_t GeApiWrapper_GNode_SetInputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                         const GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=] { return SetPortAttr(n, name, index, av, true); });
}

uint32_t GeApiWrapper_GNode_GetOutputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                          GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=] { return GetPortAttr(n, name, index, av, false); });
}

uint32_t GeApiWrapper_GNode_SetOutputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                          const GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=] { return SetPortAttr(n, name, index, av, false); });
}

size_t GeApiWrapper_GNode_GetInputsSize(const GeNodeHandle *n) {
  return Guard<size_t>(0, [n]() -> size_t {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? 0 : node->GetInputsSize();
  });
}

size_t GeApiWrapper_GNode_GetOutputsSize(const GeNodeHandle *n) {
  return Guard<size_t>(0, [n]() -> size_t {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node == nullptr ? 0 : node->GetOutputsSize();
  });
}

bool GeApiWrapper_GNode_HasAttr(const GeNodeHandle *n, const char *name) {
  return Guard<bool>(false, [=]() -> bool {
    ge::NodePtr node = ge::capi::LockNode(n);
    return node != nullptr && CheckKey(name) && node->GetOpDesc().HasAttr(name);
  });
}

GeTensorDescHandle *GeApiWrapper_GNode_GetInputDesc(const GeNodeHandle *n, int32_t index) {
  return Guard<GeTensorDescHandle *>(nullptr, [=] { return GetDesc(n, index, true); });
}

GeTensorDescHandle *GeApiWrapper_GNode_GetOutputDesc(const GeNodeHandle *n, int32_t index) {
  return Guard<GeTensorDescHandle *>(nullptr, [=] { return GetDesc(n, index, false); });
}

uint32_t GeApiWrapper_GNode_UpdateInputDesc(const GeNodeHandle *n, int32_t index,
                                            const GeTensorDescHandle *td) {
  return Guard<uint32_t>(ge::FAILED, [=] { return UpdateDesc(n, index, td, true); });
}

uint32_t GeApiWrapper_GNode_UpdateOutputDesc(const GeNodeHandle *n, int32_t index,
                                             const GeTensorDescHandle *td) {
  return Guard<uint32_t>(ge::FAILED, [=] { return UpdateDesc(n, index, td, false); });
}

}  // extern "C"
