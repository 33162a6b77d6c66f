// Shared helpers of _ge_pass_native: reading the `_handle` of ge.graph objects (None, an int or a
// ctypes pointer), turning compiler objects into ge.graph.Node / NodeIo values, and the borrowed
// views whose validity the bridge ends after each hook (MatchResult, PassContext).
//
// Only public headers are used (graph/, ge/fusion/, ge/python_pass/handle_interop.h) so that the
// module can be rebuilt against an installed compiler.
#ifndef GE_PY_NATIVE_PASS_NATIVE_COMMON_H_
#define GE_PY_NATIVE_PASS_NATIVE_COMMON_H_

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/node_io.h"
#include "ge/fusion/pass/custom_pass_context.h"
#include "graph/ascend_string.h"
#include "graph/gnode.h"
#include "graph/graph.h"

namespace ge {
namespace pass_native {

namespace py = pybind11;

std::string ToStdString(const AscendString &text);

/// The pointer value of `obj._handle`: None -> 0, int -> itself, object with a non-None `.value`
/// (ctypes.c_void_p) -> that value. `missing_message` is raised when `_handle` is absent.
uintptr_t ReadHandle(const py::handle &obj, const char *missing_message);

/// The Graph behind a ge.graph.Graph; RuntimeError(`empty_message`) for a null or dead handle.
Graph GraphFromPython(const py::handle &graph_obj, const char *empty_message);
/// The GNode behind a ge.graph.Node; RuntimeError(`empty_message`) for a null or expired handle.
GNode NodeFromPython(const py::handle &node_obj,
                     const char *empty_message = "Node handle is empty");
/// Every item of `items` as a GNode; TypeError("<what> must contain only ge.graph.Node objects")
/// for an item that is not a ge.graph.Node.
std::vector<GNode> NodesFromPython(const py::handle &items, const char *what);
bool IsPythonNode(const py::handle &obj);

/// What making ge.graph.Node objects needs, looked up once per batch (a MatchResult's nodes), not
/// per node, and never kept across batches (the interpreter may be finalized and started again).
struct NodeFactory {
  NodeFactory();
  py::object node_type;    // ge.graph.node.Node
  py::object void_p_type;  // ctypes.c_void_p, the type of Node._handle
  py::str handle_name;
  py::str owns_name;
  py::str keeper_name;
};
/// A new ge.graph.Node over a fresh C API node handle; RuntimeError(`expired_message`) when the
/// node no longer exists. The handle is owned by a capsule in the node's `_keeper` slot that
/// frees it when the node dies (no Python `__del__` work and no ctypes call per node), so
/// `_owns_handle` is False: Node.__del__ must not free it a second time.
py::object NodeToPython(const GNode &node, const char *expired_message = "Node handle is empty");
/// The same with the lookups of a NodeFactory made for the batch.
py::object NodeToPython(const GNode &node, const NodeFactory &factory, const char *expired_message);
/// ge.passes.pattern.NodeIo(node, index).
py::object NodeIoToPython(const fusion::NodeIo &node_io, const char *expired_message);

/// Marks a ge.graph.Graph as handed over: it no longer owns or points to anything, so every later
/// use raises its "handle has expired" / "... handle is empty" error instead of touching C++.
void InvalidatePythonGraph(const py::handle &graph_obj);
/// True when the Python Graph frees its handle itself (then the handle may be taken over).
bool PythonGraphOwnsHandle(const py::handle &graph_obj);

/// A borrowed `const MatchResult *` owned by the running C++ pass; the bridge invalidates it after
/// each hook so a Python reference kept past the callback raises instead of dangling. A view made
/// by find_matches instead shares the ownership of its result (`owner`) and stays valid.
class MatchResultView {
 public:
  explicit MatchResultView(const fusion::MatchResult *result) : result_(result) {}
  MatchResultView(const fusion::MatchResult *result, std::shared_ptr<const void> owner)
      : result_(result), owner_(std::move(owner)) {}
  const fusion::MatchResult &Get() const;
  void Invalidate() { result_ = nullptr; }

 private:
  const fusion::MatchResult *result_;
  std::shared_ptr<const void> owner_;
};

/// A borrowed `CustomPassContext *` with the same expiry rule as MatchResultView.
class PassContextView {
 public:
  explicit PassContextView(CustomPassContext *context) : context_(context) {}
  CustomPassContext &Get() const;
  void Invalidate() { context_ = nullptr; }

 private:
  CustomPassContext *context_;
};

/// Raises RuntimeError(message) after storing it as the context's error message.
[[noreturn]] void FailWithContext(CustomPassContext &context, const std::string &message);

}  // namespace pass_native
}  // namespace ge

#endif  // GE_PY_NATIVE_PASS_NATIVE_COMMON_H_
