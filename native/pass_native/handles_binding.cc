// borrow_node / release_graph: the node and graph hand-overs of the bridge protocol.
#include <stdexcept>

#include "bindings.h"
#include "ge/python_pass/handle_interop.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

py::object BorrowNode(uintptr_t node_handle) {
  if (node_handle == 0U) {
    throw std::runtime_error("Node handle cannot be null");
  }
  // The Python Node owns its own (weak) handle, so it never dangles even if kept.
  return NodeToPython(*reinterpret_cast<const GNode *>(node_handle));
}

// Returns a C API graph handle (GeGraphHandle*) the caller owns. An owning Graph gives up its
// own handle; a borrowed view (not owner of its handle) gets a new handle on the same graph, so
// C++ never frees a handle that someone else frees too.
uintptr_t ReleaseGraph(const py::object &graph_obj) {
  const Graph graph = GraphFromPython(graph_obj, "Graph handle is empty");
  const uintptr_t own_handle = ReadHandle(graph_obj, "Graph object must carry _handle");
  const bool owned = PythonGraphOwnsHandle(graph_obj);
  // Invalidate first: if that fails nothing has been handed over yet. `graph` keeps the compute
  // graph alive for the new handle below.
  InvalidatePythonGraph(graph_obj);
  if (owned) {
    return own_handle;
  }
  void *new_handle = python_pass::NewGraphHandle(graph);
  if (new_handle == nullptr) {
    throw std::runtime_error("Graph handle is empty");
  }
  return reinterpret_cast<uintptr_t>(new_handle);
}

}  // namespace

void BindHandles(py::module_ &m) {
  m.def("borrow_node", &BorrowNode, py::arg("node_handle"),
        "Bridge only: a ge.graph.Node for a C++ const GNode* (int).");
  m.def("release_graph", &ReleaseGraph, py::arg("graph"),
        "Bridge only: the graph's C API handle (GeGraphHandle*), now owned by the caller; the "
        "Graph object is invalidated.");
}

}  // namespace pass_native
}  // namespace ge
