// SubgraphInput / SubgraphOutput / SubgraphBoundary and SubgraphRewriter.replace: the pieces a
// FusionBasePass uses to replace part of its graph by hand. Statuses are returned as int
// (0 = success); the context overload of replace raises instead.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "ge/fusion/graph_rewriter.h"
#include "ge/fusion/subgraph_boundary.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

using fusion::NodeIo;
using fusion::SubgraphBoundary;
using fusion::SubgraphInput;
using fusion::SubgraphOutput;

constexpr const char *kInputItemsError = "SubgraphInput expects iterable of (node, index)";

// Items must be real 2-tuples (a list is refused, as in the reference), the second an int.
SubgraphInput MakeSubgraphInput(const py::object &node_inputs) {
  if (!py::isinstance<py::iterable>(node_inputs)) {
    throw std::runtime_error(kInputItemsError);
  }
  std::vector<NodeIo> inputs;
  for (const py::handle item : py::iter(node_inputs)) {
    if (!PyTuple_Check(item.ptr()) || PyTuple_GET_SIZE(item.ptr()) != 2) {
      throw std::runtime_error(kInputItemsError);
    }
    const py::tuple pair = py::reinterpret_borrow<py::tuple>(item);
    if (!PyLong_Check(pair[1].ptr())) {
      throw std::runtime_error(kInputItemsError);
    }
    inputs.push_back(NodeIo{NodeFromPython(pair[0]), pair[1].cast<int64_t>()});
  }
  return SubgraphInput(std::move(inputs));
}

Status ReplaceWithoutContext(const SubgraphBoundary &boundary, const py::object &replacement) {
  const Graph graph = GraphFromPython(replacement, "Graph handle is empty");
  return fusion::SubgraphRewriter::Replace(boundary, graph);
}

void ReplaceWithContext(const SubgraphBoundary &boundary, const py::object &replacement,
                        const PassContextView &context_view) {
  const Graph graph = GraphFromPython(replacement, "Graph handle is empty");
  CustomPassContext &context = context_view.Get();
  const Status status = fusion::SubgraphRewriter::Replace(boundary, graph, context);
  if (status != SUCCESS) {
    FailWithContext(context, "SubgraphRewriter::Replace with context failed, pass_name=" +
                                 ToStdString(context.GetPassName()) +
                                 ", status=" + std::to_string(status));
  }
}

}  // namespace

void BindSubgraph(py::module_ &m) {
  py::class_<SubgraphInput>(m, "SubgraphInput",
                            "Consumers (node, input port) of one tensor entering the subgraph.")
      .def(py::init<>())
      .def(py::init(&MakeSubgraphInput), py::arg("node_inputs"))
      .def(
          "add_input",
          [](SubgraphInput &self, const py::object &node, int64_t index) {
            return self.AddInput(NodeIo{NodeFromPython(node), index});
          },
          py::arg("node"), py::arg("out_index"),
          "Add a consumer port (the input port of an inner node); returns a status int.");

  py::class_<SubgraphOutput>(m, "SubgraphOutput", "One output port of the subgraph.")
      .def(py::init<>())
      .def(py::init([](const py::object &node, int64_t index) {
             return SubgraphOutput(NodeIo{NodeFromPython(node), index});
           }),
           py::arg("node"), py::arg("out_index"))
      .def(
          "set_output",
          [](SubgraphOutput &self, const py::object &node, int64_t index) {
            return self.SetOutput(NodeIo{NodeFromPython(node), index});
          },
          py::arg("node"), py::arg("out_index"), "Returns a status int.");

  py::class_<SubgraphBoundary>(m, "SubgraphBoundary",
                               "Numbered inputs and outputs of the subgraph to replace.")
      .def(py::init<>())
      .def(
          "add_input",
          [](SubgraphBoundary &self, int64_t index, const SubgraphInput &input) {
            return self.AddInput(index, input);
          },
          py::arg("index"), py::arg("input"), "Returns a status int (duplicate index fails).")
      .def(
          "add_output",
          [](SubgraphBoundary &self, int64_t index, const SubgraphOutput &output) {
            return self.AddOutput(index, output);
          },
          py::arg("index"), py::arg("output"), "Returns a status int (duplicate index fails).");

  py::class_<fusion::SubgraphRewriter>(m, "SubgraphRewriter",
                                       "Replaces the inside of a boundary by a replacement graph.")
      .def_static("replace", &ReplaceWithoutContext, py::arg("boundary"), py::arg("replacement"),
                  "Replace; returns a status int. The replacement is copied, not consumed.")
      .def_static("replace", &ReplaceWithContext, py::arg("boundary"), py::arg("replacement"),
                  py::kw_only(), py::arg("context"),
                  "Replace with fusibility check and fusion report; RuntimeError on failure.");
}

}  // namespace pass_native
}  // namespace ge
