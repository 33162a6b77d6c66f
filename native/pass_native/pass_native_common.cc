// Conversions between ge.graph Python objects and compiler objects, and the borrowed views.
#include "pass_native_common.h"

#include <stdexcept>

#include "ge/python_pass/handle_interop.h"

namespace ge {
namespace pass_native {
namespace {

constexpr const char *kUnsupportedHandle = "Unsupported pointer handle object";
constexpr const char *kNodeHandleCapsule = "ge.graph.Node._keeper";

void DestroyNodeCapsule(PyObject *capsule) {
  void *handle = PyCapsule_GetPointer(capsule, kNodeHandleCapsule);
  if (handle == nullptr) {
    PyErr_Clear();  // a destructor must not leave an exception set
    return;
  }
  python_pass::DestroyNodeHandle(handle);
}

uintptr_t IntToPointer(const py::handle &value) {
  // bool is an int subclass, but True as an address is always a mistake.
  if (PyBool_Check(value.ptr())) {
    throw std::runtime_error(kUnsupportedHandle);
  }
  const unsigned long long address = PyLong_AsUnsignedLongLong(value.ptr());
  if (address == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) {
    PyErr_Clear();  // negative or too large: not a pointer
    throw std::runtime_error(kUnsupportedHandle);
  }
  return static_cast<uintptr_t>(address);
}

/// sys.modules[name] when already imported (no trip through __import__: this runs once per node
/// handed to a pass), else a normal import.
py::object Module(const char *name) {
  PyObject *module = PyImport_GetModule(py::str(name).ptr());
  if (module != nullptr) {
    return py::reinterpret_steal<py::object>(module);
  }
  if (PyErr_Occurred() != nullptr) {
    throw py::error_already_set();
  }
  return py::module_::import(name);
}

py::object GraphModuleAttr(const char *name) { return Module("ge.graph").attr(name); }

}  // namespace

std::string ToStdString(const AscendString &text) {
  return std::string(text.GetString(), text.GetLength());
}

uintptr_t ReadHandle(const py::handle &obj, const char *missing_message) {
  if (!py::hasattr(obj, "_handle")) {
    throw std::runtime_error(missing_message);
  }
  const py::object value = obj.attr("_handle");
  if (value.is_none()) {
    return 0U;
  }
  if (PyLong_Check(value.ptr())) {
    return IntToPointer(value);
  }
  if (py::hasattr(value, "value")) {  // ctypes.c_void_p; c_void_p(None).value is None
    const py::object inner = value.attr("value");
    if (!inner.is_none() && PyLong_Check(inner.ptr())) {
      return IntToPointer(inner);
    }
  }
  throw std::runtime_error(kUnsupportedHandle);
}

Graph GraphFromPython(const py::handle &graph_obj, const char *empty_message) {
  const uintptr_t handle = ReadHandle(graph_obj, "Graph object must carry _handle");
  Graph graph;
  if (handle == 0U ||
      !python_pass::GraphFromHandle(reinterpret_cast<const void *>(handle), graph)) {
    throw std::runtime_error(empty_message);
  }
  return graph;
}

GNode NodeFromPython(const py::handle &node_obj, const char *empty_message) {
  const uintptr_t handle = ReadHandle(node_obj, "Node object must carry _handle");
  GNode node;
  if (handle == 0U || !python_pass::GNodeFromHandle(reinterpret_cast<const void *>(handle), node)) {
    throw std::runtime_error(empty_message);
  }
  return node;
}

bool IsPythonNode(const py::handle &obj) { return py::isinstance(obj, GraphModuleAttr("Node")); }

std::vector<GNode> NodesFromPython(const py::handle &items, const char *what) {
  const py::object node_type = GraphModuleAttr("Node");
  std::vector<GNode> nodes;
  for (const py::handle item : py::iter(items)) {
    if (!py::isinstance(item, node_type)) {
      throw py::type_error(std::string(what) + " must contain only ge.graph.Node objects");
    }
    nodes.push_back(NodeFromPython(item));
  }
  return nodes;
}

NodeFactory::NodeFactory()
    : node_type(Module("ge.graph.node").attr("Node")),
      void_p_type(Module("ctypes").attr("c_void_p")),
      handle_name("_handle"),
      owns_name("_owns_handle"),
      keeper_name("_keeper") {
  if (!PyType_Check(node_type.ptr())) {
    throw std::runtime_error("ge.graph.node.Node is not a class");
  }
}

py::object NodeToPython(const GNode &node, const char *expired_message) {
  return NodeToPython(node, NodeFactory(), expired_message);
}

py::object NodeToPython(const GNode &node, const NodeFactory &factory,
                        const char *expired_message) {
  void *handle = python_pass::NewNodeHandle(node);
  if (handle == nullptr) {
    throw std::runtime_error(expired_message);
  }
  // From here the capsule owns the handle: any failure below frees it with the capsule.
  PyObject *raw_keeper = PyCapsule_New(handle, kNodeHandleCapsule, &DestroyNodeCapsule);
  if (raw_keeper == nullptr) {
    python_pass::DestroyNodeHandle(handle);
    throw py::error_already_set();
  }
  const py::object keeper = py::reinterpret_steal<py::object>(raw_keeper);
  const py::object address = py::reinterpret_steal<py::object>(
      PyLong_FromUnsignedLongLong(reinterpret_cast<uintptr_t>(handle)));
  if (!address) {
    throw py::error_already_set();
  }
  const py::object pointer = py::reinterpret_steal<py::object>(
      PyObject_CallOneArg(factory.void_p_type.ptr(), address.ptr()));
  if (!pointer) {
    throw py::error_already_set();
  }
  // What Node._create_from does (Node.__new__(Node), then the slots), without its Python frame.
  auto *type = reinterpret_cast<PyTypeObject *>(factory.node_type.ptr());
  const py::object obj = py::reinterpret_steal<py::object>(type->tp_alloc(type, 0));
  if (!obj || PyObject_SetAttr(obj.ptr(), factory.handle_name.ptr(), pointer.ptr()) != 0 ||
      PyObject_SetAttr(obj.ptr(), factory.owns_name.ptr(), Py_False) != 0 ||
      PyObject_SetAttr(obj.ptr(), factory.keeper_name.ptr(), keeper.ptr()) != 0) {
    throw py::error_already_set();
  }
  return obj;
}

py::object NodeIoToPython(const fusion::NodeIo &node_io, const char *expired_message) {
  py::object node = NodeToPython(node_io.node, expired_message);
  return Module("ge.passes.pattern").attr("NodeIo")(node, node_io.index);
}

void InvalidatePythonGraph(const py::handle &graph_obj) {
  py::setattr(graph_obj, "_owns_handle", py::bool_(false));
  py::setattr(graph_obj, "_handle", py::none());
  py::setattr(graph_obj, "_owner", py::none());
}

bool PythonGraphOwnsHandle(const py::handle &graph_obj) {
  return py::bool_(py::getattr(graph_obj, "_owns_handle", py::bool_(false)));
}

const fusion::MatchResult &MatchResultView::Get() const {
  if (result_ == nullptr) {
    throw std::runtime_error("MatchResult handle has expired");
  }
  return *result_;
}

CustomPassContext &PassContextView::Get() const {
  if (context_ == nullptr) {
    throw std::runtime_error("PassContext handle has expired");
  }
  return *context_;
}

void FailWithContext(CustomPassContext &context, const std::string &message) {
  context.SetErrorMessage(AscendString(message.c_str(), message.size()));
  throw std::runtime_error(message);
}

}  // namespace pass_native
}  // namespace ge
