// Implementation of the Graph/GNode <-> C API handle conversions used by the native Python code.
#include "ge/python_pass/handle_interop.h"

#include "c_handles/c_handles.h"
#include "graph_api/node_adapter.h"

namespace ge {
namespace python_pass {

void *NewGraphHandle(const Graph &graph) {
  ComputeGraphPtr compute_graph = GraphUtilsEx::GetComputeGraph(graph);
  if (compute_graph == nullptr) {
    return nullptr;
  }
  return new GeGraphHandle{compute_graph};
}

bool GraphFromHandle(const void *graph_handle, Graph &graph) {
  const auto *handle = static_cast<const GeGraphHandle *>(graph_handle);
  if (handle == nullptr || handle->graph == nullptr) {
    return false;
  }
  graph = GraphUtilsEx::CreateGraphFromComputeGraph(handle->graph);
  return graph.IsValid();
}

void DestroyGraphHandle(void *graph_handle) { delete static_cast<GeGraphHandle *>(graph_handle); }

void *NewNodeHandle(const GNode &node) {
  NodePtr ir_node = NodeAdapter::GNode2Node(node);
  if (ir_node == nullptr || ir_node->GetOwnerGraph() == nullptr) {
    return nullptr;
  }
  return new GeNodeHandle{ir_node};
}

bool GNodeFromHandle(const void *node_handle, GNode &node) {
  const auto *handle = static_cast<const GeNodeHandle *>(node_handle);
  if (handle == nullptr) {
    return false;
  }
  NodePtr ir_node = handle->node.lock();
  if (ir_node == nullptr || ir_node->GetOwnerGraph() == nullptr) {
    return false;
  }
  node = NodeAdapter::Node2GNode(ir_node);
  return true;
}

void DestroyNodeHandle(void *node_handle) { delete static_cast<GeNodeHandle *>(node_handle); }

Graph GetOwnerGraph(const GNode &node) {
  NodePtr ir_node = NodeAdapter::GNode2Node(node);
  if (ir_node == nullptr || ir_node->GetOwnerGraph() == nullptr) {
    return Graph();
  }
  return GraphUtilsEx::CreateGraphFromComputeGraph(ir_node->GetOwnerGraph()->shared_from_this());
}

}  // namespace python_pass
}  // namespace ge
