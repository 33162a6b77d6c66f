// infer_shape(replacement, source): the Python wrapper in ge.passes.base checks the argument
// types first; this is the native half that copies the boundary descriptions and infers.
#include <memory>
#include <stdexcept>
#include <string>

#include "bindings.h"
#include "ge/fusion/infer_shape_util.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

using fusion::InferShapeUtil;

std::string GraphName(const Graph &graph) {
  AscendString name;
  return graph.GetName(name) == GRAPH_SUCCESS ? ToStdString(name) : std::string();
}

void InferShape(const py::object &replacement_obj, const py::object &source) {
  // A copy of the Graph shares the compute graph, so the inference updates the Python object's.
  auto replacement = std::make_unique<Graph>(
      GraphFromPython(replacement_obj, "replacement Graph handle is empty"));
  std::string source_type;
  std::string source_name;
  Status status = FAILED;
  if (py::isinstance<MatchResultView>(source)) {
    const fusion::MatchResult &match = source.cast<const MatchResultView &>().Get();
    source_type = "MatchResult";
    source_name = GraphName(match.GetPatternGraph());
    // The util wants an owned MatchResult; a copy is deep and keeps the same pattern pointer.
    status = InferShapeUtil::InferShape(replacement, std::make_unique<fusion::MatchResult>(match));
  } else if (py::isinstance<fusion::SubgraphBoundary>(source)) {
    source_type = "SubgraphBoundary";
    status =
        InferShapeUtil::InferShape(replacement, source.cast<const fusion::SubgraphBoundary &>());
  } else if (IsPythonNode(source)) {
    const GNode node = NodeFromPython(source, "source Node handle is empty");
    source_type = "Node";
    AscendString name;
    if (node.GetName(name) == GRAPH_SUCCESS) {
      source_name = ToStdString(name);
    }
    status = InferShapeUtil::InferShape(replacement, node);
  } else {
    throw py::type_error("source must be MatchResult, Node, or SubgraphBoundary");
  }
  if (status != SUCCESS) {
    std::string message = "infer_shape failed, replacement_graph=" + GraphName(*replacement) +
                          ", source_type=" + source_type;
    if (!source_name.empty()) {
      message += ", source_name=" + source_name;
    }
    throw std::runtime_error(message);
  }
}

}  // namespace

void BindInferShape(py::module_ &m) {
  m.def("infer_shape", &InferShape, py::arg("replacement"), py::arg("source"),
        "Infer the replacement graph's shapes from the boundary of `source` (in place).");
}

}  // namespace pass_native
}  // namespace ge
