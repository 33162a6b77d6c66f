// Pattern: a pattern graph plus its ordered captures. Python owns the C++ Pattern until
// release() hands the raw pointer to the bridge (which adopts it as a PatternUniqPtr).
// find_matches: a pattern's matches in a graph, without a pass.
#include <memory>
#include <stdexcept>
#include <utility>

#include "bindings.h"
#include "ge/fusion/find_matches.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "ge/python_pass/handle_interop.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

constexpr const char *kCapturedTensorsError = "Failed to get captured tensors from Pattern";

class PatternBox {
 public:
  explicit PatternBox(std::unique_ptr<fusion::Pattern> pattern) : pattern_(std::move(pattern)) {}

  fusion::Pattern &Get() const {
    if (pattern_ == nullptr) {
      throw std::runtime_error("Pattern handle has been released");
    }
    return *pattern_;
  }
  uintptr_t Release() {
    Get();
    return reinterpret_cast<uintptr_t>(pattern_.release());
  }
  bool IsValid() const { return pattern_ != nullptr; }

 private:
  std::unique_ptr<fusion::Pattern> pattern_;
};

std::unique_ptr<PatternBox> MakePattern(const py::object &graph_obj) {
  Graph graph = GraphFromPython(graph_obj, "Pattern graph handle is empty");
  const uintptr_t handle = ReadHandle(graph_obj, "Graph object must carry _handle");
  const bool owned = PythonGraphOwnsHandle(graph_obj);
  auto pattern = std::make_unique<fusion::Pattern>(std::move(graph));
  // The pattern now shares the graph: the Python object must stop using it, and the handle it
  // owned goes away (a borrowed view's handle belongs to someone else and is left alone).
  InvalidatePythonGraph(graph_obj);
  if (owned) {
    python_pass::DestroyGraphHandle(reinterpret_cast<void *>(handle));
  }
  return std::make_unique<PatternBox>(std::move(pattern));
}

int64_t ToIndex(const py::handle &value) {
  if (!PyLong_Check(value.ptr())) {
    throw py::type_error("capture_tensor index must be an integer");
  }
  return value.cast<int64_t>();
}

// Source resolution, as GE's: NodeIo-like, TensorHolder, then Node.
py::object CaptureTensor(const py::object &self, const py::object &source,
                         const py::object &index) {
  fusion::Pattern &pattern = self.cast<const PatternBox &>().Get();
  py::object node_obj = source;
  int64_t out_index = 0;
  if (index.is_none() && py::hasattr(source, "node") && py::hasattr(source, "index")) {
    node_obj = source.attr("node");
    out_index = ToIndex(source.attr("index"));
  } else {
    if (py::hasattr(source, "_get_node_snapshot")) {
      node_obj = source.attr("_get_node_snapshot")();
    }
    if (!index.is_none()) {
      out_index = ToIndex(index);
    }
  }
  pattern.CaptureTensor(fusion::NodeIo{NodeFromPython(node_obj), out_index});
  return self;
}

py::list GetCapturedTensors(const PatternBox &box) {
  std::vector<fusion::NodeIo> captures;
  if (box.Get().GetCapturedTensors(captures) != SUCCESS) {
    throw std::runtime_error(kCapturedTensorsError);
  }
  py::list result;
  for (const fusion::NodeIo &node_io : captures) {
    result.append(NodeIoToPython(node_io, kCapturedTensorsError));
  }
  return result;
}

// Every match of `box`'s pattern (a shallow copy: the Python Pattern stays usable) in `graph_obj`,
// as owned MatchResult views that keep the sweep, and with it the pattern, alive.
py::list FindMatches(const PatternBox &box, const py::object &graph_obj,
                     const fusion::PatternMatcherConfig *config) {
  auto target = std::make_shared<Graph>(GraphFromPython(graph_obj, "Target graph handle is empty"));
  auto found = std::make_shared<fusion::FoundMatches>(fusion::FindMatches(
      std::make_unique<fusion::Pattern>(box.Get()), target,
      config == nullptr ? nullptr : std::make_unique<fusion::PatternMatcherConfig>(*config)));
  py::list result;
  for (const std::unique_ptr<fusion::MatchResult> &match : found->results) {
    result.append(
        py::cast(new MatchResultView(match.get(), found), py::return_value_policy::take_ownership));
  }
  return result;
}

}  // namespace

void BindPattern(py::module_ &m) {
  py::class_<PatternBox>(m, "Pattern", "A pattern graph and the tensors to capture from matches.")
      .def(py::init(&MakePattern), py::arg("graph"),
           "Moves `graph` into the pattern; the Graph object is invalidated.")
      .def("capture_tensor", &CaptureTensor, py::arg("source"), py::arg("index") = py::none(),
           "Append a capture (NodeIo, TensorHolder or Node + output index); returns self.")
      .def("get_captured_tensors", &GetCapturedTensors,
           "The captures as NodeIo values of pattern-graph nodes, in capture order.")
      .def("release", &PatternBox::Release,
           "Hand the C++ Pattern* to the caller (C++); the object is empty afterwards.")
      .def("is_valid", &PatternBox::IsValid);

  m.def("find_matches", &FindMatches, py::arg("pattern"), py::arg("graph"),
        py::arg("matcher_config") = py::none(),
        "Every match of `pattern` in `graph`, as a pattern fusion pass's sweep finds them, "
        "without rewriting.");
}

}  // namespace pass_native
}  // namespace ge
