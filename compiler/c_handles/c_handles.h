// Handle types behind the extern "C" API and the guard every entry point
// uses so that no C++ exception crosses the C boundary.
//
//   Graph*      -> GeGraphHandle    (shared reference to a graph body; copies share the graph)
//   GNode*      -> GeNodeHandle     (weak reference: expires when the node or graph goes away)
//   TensorDesc* -> GeTensorDescHandle (a value)
//   EsCTensor*  -> GeTensorHandle   (a value tensor plus its placement)
//   AttrValue*  -> GeAttrValueHandle (a value)
//   Operator*   -> GeOperatorHandle (a borrowed OpDesc, valid for one parse callback)
//
// A component of its own, below every user: besides the C API, the ES builder and the Python
// pass handle interop create and read these handles.
#ifndef GE_C_HANDLES_C_HANDLES_H_
#define GE_C_HANDLES_C_HANDLES_H_

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>

#include "common/error.h"
#include "graph/attr_value.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"
#include "graph/node.h"

struct GeGraphHandle {
  std::shared_ptr<ge::ComputeGraph> graph;
};

struct GeNodeHandle {
  std::weak_ptr<ge::Node> node;
};

struct GeTensorDescHandle {
  ge::GeTensorDesc desc;
};

struct GeTensorHandle {
  ge::GeTensor tensor;
  int32_t placement = 0;  // 0 host, 1 device (the host runtime keeps both in host memory)
};

struct GeAttrValueHandle {
  ge::GeAttrValue value;
};

/// A BORROWED view of the OpDesc of a node under construction, handed to Python only for the
/// duration of a parse callback (an ONNX plugin's parse_node). The creator owns the handle and
/// the OpDesc; Python never frees it.
struct GeOperatorHandle {
  ge::OpDesc *op = nullptr;
  /// The OpDesc was created from its catalog prototype: registering a port the prototype
  /// declares with the same kind is a no-op, as GE's update semantics (docs/onnx_plugins.md).
  bool prototype_backed = false;
};

namespace ge {
namespace capi {

/// Runs `body`, converting any exception into `on_error` plus a recorded last error.
template <typename R, typename F>
R Guard(R on_error, F &&body) noexcept {
  try {
    return body();
  } catch (const std::exception &e) {
    SetLastError(e.what());
  } catch (...) {
    SetLastError("unknown internal error");
  }
  return on_error;
}

/// A malloc'd copy of `text` (freed by the matching Free* function with free()).
inline char *DupString(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy != nullptr) {
    std::memcpy(copy, text.c_str(), text.size() + 1);
  }
  return copy;
}

/// The live node behind a handle, or nullptr (with a last error) when NULL or expired.
inline std::shared_ptr<Node> LockNode(const GeNodeHandle *handle) {
  if (handle == nullptr) {
    SetLastError("node handle is null");
    return nullptr;
  }
  std::shared_ptr<Node> node = handle->node.lock();
  if (node == nullptr || node->GetOwnerGraph() == nullptr) {
    SetLastError("node handle has expired (the node or its graph was removed)");
    return nullptr;
  }
  return node;
}

inline ComputeGraph *GetGraph(const GeGraphHandle *handle) {
  if (handle == nullptr || handle->graph == nullptr) {
    SetLastError("graph handle is null");
    return nullptr;
  }
  return handle->graph.get();
}

/// A new heap handle for a node of a graph.
inline GeNodeHandle *NewNodeHandle(const ComputeGraph *graph, const Node *node) {
  NodePtr ptr = graph == nullptr ? nullptr : graph->GetNodePtr(node);
  if (ptr == nullptr) {
    return nullptr;
  }
  return new GeNodeHandle{ptr};
}

}  // namespace capi
}  // namespace ge

#endif  // GE_C_HANDLES_C_HANDLES_H_
