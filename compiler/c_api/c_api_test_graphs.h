// Small graphs and tensors shared by the runtime and session C API tests.
#ifndef GE_C_API_C_API_TEST_GRAPHS_H_
#define GE_C_API_C_API_TEST_GRAPHS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "graph/compute_graph.h"

namespace ge {
namespace test {

/// x (Data, float [2]) -> `op_type` named `op_name` -> NetOutput.
inline std::shared_ptr<ComputeGraph> UnaryFloatGraph(const std::string &graph_name,
                                                     const std::string &op_name,
                                                     const std::string &op_type) {
  auto graph = std::make_shared<ComputeGraph>(graph_name);
  // A declared shape, as the builders and importers record it (the origin shape is set).
  GeTensorDesc desc(GeShape({2}), FORMAT_ND, DT_FLOAT);
  desc.SetOriginShape(GeShape({2}));
  OpDesc data("x", "Data");
  data.AddInputDesc("x", desc);
  data.AddOutputDesc("y", desc);
  data.SetAttr("index", int64_t{0});
  OpDesc op(op_name, op_type);
  op.AddInputDesc("x", desc);
  op.AddOutputDesc("y", desc);
  OpDesc out("Node_Output", "NetOutput");
  out.AddInputDesc("x0", desc);
  Node *d = graph->AddNode(data);
  Node *n = graph->AddNode(op);
  Node *o = graph->AddNode(out);
  graph->AddDataEdge(d, 0, n, 0);
  graph->AddDataEdge(n, 0, o, 0);
  return graph;
}

/// A new float tensor handle (the caller frees it).
inline GeTensorHandle *FloatTensor(std::vector<int64_t> dims, const std::vector<float> &values) {
  auto *handle = new GeTensorHandle();
  handle->tensor = GeTensor(GeTensorDesc(GeShape(dims), FORMAT_ND, DT_FLOAT), values.data(),
                            values.size() * sizeof(float));
  return handle;
}

}  // namespace test
}  // namespace ge

#endif  // GE_C_API_C_API_TEST_GRAPHS_H_
