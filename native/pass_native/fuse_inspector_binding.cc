// can_fuse / report_fuse over ge.graph.Node iterables. can_fuse returns business rejections as
// (False, reason); only bad arguments raise. ge.passes.can_fuse wraps the tuple in a
// FuseCheckResult; report_fuse is exported as is.
#include <string>
#include <vector>

#include "bindings.h"
#include "ge/fusion/graph_fuse_inspector.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

py::tuple CanFuse(const py::iterable &nodes) {
  const std::vector<GNode> gnodes = NodesFromPython(nodes, "nodes");
  AscendString reason;
  const bool ok = fusion::GraphFuseInspector::CanFuse(gnodes, reason);
  return py::make_tuple(ok, ToStdString(reason));
}

void ReportFuse(const py::iterable &nodes_before, const py::iterable &nodes_after,
                const PassContextView &context_view) {
  const std::vector<GNode> before = NodesFromPython(nodes_before, "nodes_before");
  const std::vector<GNode> after = NodesFromPython(nodes_after, "nodes_after");
  CustomPassContext &context = context_view.Get();
  const Status status = fusion::GraphFuseInspector::ReportFuse(before, after, context);
  if (status != SUCCESS) {
    FailWithContext(
        context, "Failed to report fusion result, pass_name=" + ToStdString(context.GetPassName()) +
                     ", status=" + std::to_string(status));
  }
}

}  // namespace

void BindFuseInspector(py::module_ &m) {
  m.def("can_fuse", &CanFuse, py::arg("nodes"), "(ok, reason): may these nodes be fused into one?");
  m.def("report_fuse", &ReportFuse, py::arg("nodes_before"), py::arg("nodes_after"),
        py::arg("context"),
        "Record a hand-written fusion (call after rewiring, before deleting the old nodes).");
}

}  // namespace pass_native
}  // namespace ge
