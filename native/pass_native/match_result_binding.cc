// MatchResult: one occurrence of a pattern, borrowed from the C++ PatternFusionPass run for the
// duration of one hook call (or owned, from find_matches). Nodes and NodeIo values taken from it
// are independent objects.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

constexpr const char *kCapturedTensorError = "Failed to get captured tensor from MatchResult";

py::list GetMatchedNodes(const MatchResultView &view) {
  const std::vector<GNode> matched = view.Get().GetMatchedNodes();
  py::list nodes(matched.size());
  if (matched.empty()) {
    return nodes;
  }
  const NodeFactory factory;
  for (size_t i = 0; i < matched.size(); ++i) {
    nodes[i] = NodeToPython(matched[i], factory, "Node handle is empty");
  }
  return nodes;
}

py::object GetCapturedTensor(const MatchResultView &view, int64_t capture_index) {
  const fusion::MatchResult &result = view.Get();
  fusion::NodeIo node_io;
  if (capture_index < 0 ||
      result.GetCapturedTensor(static_cast<size_t>(capture_index), node_io) != SUCCESS) {
    throw std::runtime_error(kCapturedTensorError);
  }
  return NodeIoToPython(node_io, kCapturedTensorError);
}

std::string GetPatternGraphName(const MatchResultView &view) {
  AscendString name;
  const Graph &graph = view.Get().GetPatternGraph();
  if (!graph.IsValid() || graph.GetName(name) != GRAPH_SUCCESS) {
    throw std::runtime_error("Failed to get pattern graph name from MatchResult");
  }
  return ToStdString(name);
}

std::unique_ptr<MatchResultView> BorrowMatchResult(uintptr_t handle) {
  if (handle == 0U) {
    throw std::runtime_error("MatchResult handle cannot be null");
  }
  return std::make_unique<MatchResultView>(reinterpret_cast<const fusion::MatchResult *>(handle));
}

}  // namespace

void BindMatchResult(py::module_ &m) {
  // No py::init: match results come only from the bridge (Python construction raises TypeError).
  py::class_<MatchResultView>(
      m, "MatchResult",
      "One match of a pattern in the target graph (borrowed, or owned from find_matches).")
      .def("get_matched_nodes", &GetMatchedNodes,
           "Target-graph nodes bound to the pattern's compute nodes, in pattern order.")
      .def("get_captured_tensor", &GetCapturedTensor, py::arg("capture_index"),
           "NodeIo of the target tensor bound to capture `capture_index`.")
      .def("get_pattern_graph_name", &GetPatternGraphName)
      .def("__str__",
           [](const MatchResultView &view) { return ToStdString(view.Get().ToAscendString()); })
      .def("_invalidate", &MatchResultView::Invalidate,
           "Bridge only: end the borrow; every later call raises RuntimeError.");

  m.def("borrow_match_result", &BorrowMatchResult, py::arg("match_result_handle"),
        "Bridge only: a MatchResult view of a C++ const MatchResult* (int).");
}

}  // namespace pass_native
}  // namespace ge
