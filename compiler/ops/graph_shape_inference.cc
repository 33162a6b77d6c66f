// Whole-graph shape inference.
#include "ops/graph_shape_inference.h"

#include <map>

#include "common/error.h"
#include "ops/dtype_check.h"
#include "ops/infer_shape_context.h"
#include "ops/op_catalog.h"

namespace ge {

bool IsDataType(const std::string &type) {
  return type == "Data" || type == "RefData" || type == "AippData" || type == "AnyData";
}

void CopyTensorMeta(const GeTensorDesc &producer, GeTensorDesc *consumer) {
  consumer->SetShape(producer.GetShape());
  consumer->SetOriginShape(producer.IsOriginShapeInitialized() ? producer.GetOriginShape()
                                                               : producer.GetShape());
  consumer->SetDataType(producer.GetDataType());
  consumer->SetOriginDataType(producer.GetOriginDataType());
  consumer->SetFormat(producer.GetFormat());
  consumer->SetOriginFormat(producer.GetOriginFormat());
}

namespace {
// Graph-input ops carry an IR input that is fed from outside the graph, never by an edge.
bool IsFedFromOutside(const std::string &type) { return IsDataType(type) || type == "Variable"; }

// Every required IR input of the node under `context` must be connected. A single node's
// inference does not ask this (GE's operator-level inference runs on descs set by hand), but in
// a graph an unconnected required port would be read as its default desc (a scalar) and let a
// node through that no kernel can run, e.g. an ONNX Add whose second input name was lost. The
// IR facts come from the desc; a bare OpDesc has none and is not checked.
Status CheckRequiredInputsConnected(const InferShapeContext &context) {
  if (IsFedFromOutside(context.GetOpType())) {
    return SUCCESS;
  }
  for (const auto &ir_input : context.GetOpDesc().GetIrInputs()) {
    if (ir_input.second != IrInputType::kRequired) {
      continue;
    }
    const int32_t index = context.GetIrInputRange(ir_input.first).first;
    if (index < 0 || !context.IsInputConnected(static_cast<size_t>(index))) {
      return context.Error("required input " + std::to_string(index) + " ('" + ir_input.first +
                           "') is not connected");
    }
  }
  return SUCCESS;
}
}  // namespace

Status InferGraphNodes(ComputeGraph &graph) {
  std::vector<Node *> order;
  if (graph.GetTopologicalOrder(&order) != SUCCESS) {
    AppendLastError("shape inference of graph '" + graph.GetName() + "' needs an acyclic graph");
    return FAILED;
  }
  for (Node *node : order) {
    OpDesc &desc = node->MutableOpDesc();
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected()) {
        continue;
      }
      const GeTensorDesc *produced =
          peer.node->GetOpDesc().GetOutputDesc(static_cast<size_t>(peer.out_index));
      if (produced != nullptr) {
        CopyTensorMeta(*produced, desc.MutableInputDesc(i));
      }
    }
    InferShapeContext context(node);
    if (CheckRequiredInputsConnected(context) != SUCCESS || CheckInputDtypes(context) != SUCCESS ||
        InferOpDescShape(context) != SUCCESS || CheckOutputDtypes(context) != SUCCESS) {
      if (graph.GetParentNode() != nullptr) {
        AppendLastError("in subgraph '" + graph.GetName() + "'");
      }
      return FAILED;
    }
  }
  return SUCCESS;
}

Status InferGraphShape(ComputeGraph &graph, const std::vector<std::vector<int64_t>> &input_shapes) {
  std::map<int64_t, Node *> data_by_index;
  size_t data_count = 0;
  for (Node *node : graph.GetDirectNodes()) {
    if (!IsDataType(node->GetType())) {
      continue;
    }
    ++data_count;
    const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>("index");
    int64_t key = index == nullptr ? 0 : *index;
    auto inserted = data_by_index.emplace(key, node);
    if (!inserted.second && key < static_cast<int64_t>(input_shapes.size())) {
      return Fail("cannot infer shapes of graph '" + graph.GetName() + "': Data nodes '" +
                  inserted.first->second->GetName() + "' and '" + node->GetName() +
                  "' both have index " + std::to_string(key));
    }
  }
  if (input_shapes.size() > data_count) {
    return Fail("cannot infer shapes of graph '" + graph.GetName() + "': " +
                std::to_string(input_shapes.size()) + " input shapes given but the graph has " +
                std::to_string(data_count) + " Data nodes");
  }
  for (size_t i = 0; i < input_shapes.size(); ++i) {
    auto it = data_by_index.find(static_cast<int64_t>(i));
    if (it == data_by_index.end()) {
      return Fail("cannot infer shapes of graph '" + graph.GetName() +
                  "': no Data node has index " + std::to_string(i) + " for input shape " +
                  DimsToString(input_shapes[i]));
    }
    for (int64_t dim : input_shapes[i]) {
      if (dim < UNKNOWN_DIM_NUM || (dim == UNKNOWN_DIM_NUM && input_shapes[i].size() != 1)) {
        return Fail("cannot infer shapes of graph '" + graph.GetName() + "': input shape " +
                    std::to_string(i) + " " + DimsToString(input_shapes[i]) +
                    " has an invalid dim (dims are >= 0, -1 unknown, or [-2] unknown rank)");
      }
    }
    OpDesc &desc = it->second->MutableOpDesc();
    GeShape shape(input_shapes[i]);
    for (GeTensorDesc *port : {desc.MutableOutputDesc(0), desc.MutableInputDesc(0)}) {
      if (port != nullptr) {
        port->SetShape(shape);
        port->SetOriginShape(shape);
      }
    }
  }
  return InferGraphNodes(graph);
}

}  // namespace ge
