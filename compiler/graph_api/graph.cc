// Graph: public handle sharing one ComputeGraph; GraphUtilsEx converts between the two.
#include "graph/graph.h"

#include "common/error.h"
#include "graph/compute_graph.h"
#include "graph_api/node_adapter.h"

namespace ge {

namespace {
graphStatus InvalidGraph(const char *what) {
  SetLastError(std::string("Graph::") + what + ": the graph is invalid (empty handle)");
  return GRAPH_FAILED;
}

// Both handles must be live nodes of `graph` (direct nodes; subgraph nodes are edited through
// their own Graph).
graphStatus ResolvePair(const ComputeGraphPtr &graph, const char *what, const GNode &src,
                        const GNode &dst, NodePtr *src_node, NodePtr *dst_node) {
  if (graph == nullptr) {
    return InvalidGraph(what);
  }
  *src_node = NodeAdapter::GNode2Node(src);
  *dst_node = NodeAdapter::GNode2Node(dst);
  if (*src_node == nullptr || *dst_node == nullptr) {
    SetLastError(std::string("Graph::") + what + ": invalid node handle on graph [" +
                 graph->GetName() + "]");
    return GRAPH_FAILED;
  }
  return GRAPH_SUCCESS;
}
}  // namespace

Graph::Graph() = default;
Graph::Graph(const char *name)
    : graph_(std::make_shared<ComputeGraph>(name == nullptr ? "" : name)) {}
Graph::Graph(const Graph &other) = default;
// Moving steals the handle (the source becomes invalid); other copies of the moved-from Graph
// keep sharing the graph.
Graph::Graph(Graph &&other) noexcept : graph_(std::move(other.graph_)) {}
Graph &Graph::operator=(const Graph &other) = default;
Graph &Graph::operator=(Graph &&other) noexcept {
  if (this != &other) {
    graph_ = std::move(other.graph_);
  }
  return *this;
}
Graph::~Graph() = default;

bool Graph::IsValid() const { return graph_ != nullptr; }

graphStatus Graph::GetName(AscendString &name) const {
  if (!IsValid()) {
    return InvalidGraph("GetName");
  }
  name = AscendString(graph_->GetName().c_str());
  return GRAPH_SUCCESS;
}

std::vector<GNode> Graph::GetDirectNode() const {
  std::vector<GNode> nodes;
  if (IsValid()) {
    for (Node *node : graph_->GetDirectNodes()) {
      nodes.push_back(NodeAdapter::Node2GNode(node));
    }
  }
  return nodes;
}

std::vector<GNode> Graph::GetAllNodes() const {
  std::vector<GNode> nodes;
  if (IsValid()) {
    for (Node *node : graph_->GetAllNodes()) {
      nodes.push_back(NodeAdapter::Node2GNode(node));
    }
  }
  return nodes;
}

graphStatus Graph::RemoveNode(GNode &node) { return RemoveNode(node, false); }

graphStatus Graph::RemoveNode(GNode &node, bool contain_subgraph) {
  if (!IsValid()) {
    return InvalidGraph("RemoveNode");
  }
  NodePtr target = NodeAdapter::GNode2Node(node);
  if (target == nullptr) {
    SetLastError("Graph::RemoveNode: invalid node handle on graph [" + graph_->GetName() + "]");
    return GRAPH_FAILED;
  }
  ComputeGraph *owner = target->GetOwnerGraph();
  if (owner != graph_.get() &&
      !(contain_subgraph && owner->GetRootGraph() == graph_->GetRootGraph())) {
    SetLastError("Graph::RemoveNode: node [" + target->GetName() + "] is not in graph [" +
                 graph_->GetName() + "]");
    return GRAPH_FAILED;
  }
  return owner->RemoveNode(target.get()) == SUCCESS ? GRAPH_SUCCESS : GRAPH_FAILED;
}

graphStatus Graph::AddDataEdge(GNode &src_node, int32_t src_port_index, GNode &dst_node,
                               int32_t dst_port_index) {
  NodePtr src;
  NodePtr dst;
  if (ResolvePair(graph_, "AddDataEdge", src_node, dst_node, &src, &dst) != GRAPH_SUCCESS) {
    return GRAPH_FAILED;
  }
  return graph_->AddDataEdge(src.get(), src_port_index, dst.get(), dst_port_index);
}

graphStatus Graph::AddControlEdge(GNode &src_node, GNode &dst_node) {
  NodePtr src;
  NodePtr dst;
  if (ResolvePair(graph_, "AddControlEdge", src_node, dst_node, &src, &dst) != GRAPH_SUCCESS) {
    return GRAPH_FAILED;
  }
  return graph_->AddControlEdge(src.get(), dst.get());
}

graphStatus Graph::RemoveEdge(GNode &src_node, int32_t src_port_index, GNode &dst_node,
                              int32_t dst_port_index) {
  NodePtr src;
  NodePtr dst;
  if (ResolvePair(graph_, "RemoveEdge", src_node, dst_node, &src, &dst) != GRAPH_SUCCESS) {
    return GRAPH_FAILED;
  }
  // GE convention: port -1 on both ends names the control edge.
  if (src_port_index == -1 && dst_port_index == -1) {
    return graph_->RemoveControlEdge(src.get(), dst.get());
  }
  return graph_->RemoveDataEdge(src.get(), src_port_index, dst.get(), dst_port_index);
}

graphStatus Graph::CopyFrom(const Graph &src_graph) {
  if (!src_graph.IsValid()) {
    return InvalidGraph("CopyFrom");
  }
  ComputeGraphPtr copy = src_graph.graph_->Clone();
  if (copy == nullptr) {
    return GRAPH_FAILED;
  }
  graph_ = std::move(copy);
  return GRAPH_SUCCESS;
}

graphStatus Graph::TopologicalSort() {
  if (!IsValid()) {
    return InvalidGraph("TopologicalSort");
  }
  return graph_->TopologicalSort(true);
}

Graph GraphUtilsEx::CreateGraphFromComputeGraph(const ComputeGraphPtr &graph) {
  Graph result;
  result.graph_ = graph;
  return result;
}

GraphPtr GraphUtilsEx::CreateGraphPtrFromComputeGraph(const ComputeGraphPtr &graph) {
  auto result = std::make_shared<Graph>();
  result->graph_ = graph;
  return result;
}

std::unique_ptr<Graph> GraphUtilsEx::CreateGraphUniqPtrFromComputeGraph(
    const ComputeGraphPtr &graph) {
  auto result = std::make_unique<Graph>();
  result->graph_ = graph;
  return result;
}

ComputeGraphPtr GraphUtilsEx::GetComputeGraph(const Graph &graph) { return graph.graph_; }

// Graph copies share the ComputeGraph pointer itself, so its use count covers them as well as
// every ComputeGraphPtr held elsewhere.
bool GraphUtilsEx::IsSoleOwner(const Graph &graph) {
  return graph.graph_ != nullptr && graph.graph_.use_count() == 1;
}

}  // namespace ge
