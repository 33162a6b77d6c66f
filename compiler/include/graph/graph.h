// Graph: the public handle of a ComputeGraph. Copies share the same graph (as in GE); a Graph
// built from a name owns a fresh empty graph.
#ifndef GE_GRAPH_GRAPH_H_
#define GE_GRAPH_GRAPH_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"
#include "graph/gnode.h"

namespace ge {

class ComputeGraph;
class GraphUtilsEx;

class Graph {
 public:
  /// An invalid graph (IsValid() false) until assigned.
  Graph();
  explicit Graph(const char *name);
  Graph(const Graph &other);
  Graph(Graph &&other) noexcept;
  Graph &operator=(const Graph &other);
  Graph &operator=(Graph &&other) noexcept;
  ~Graph();

  bool IsValid() const;
  graphStatus GetName(AscendString &name) const;
  /// Direct nodes in node-list order.
  std::vector<GNode> GetDirectNode() const;
  /// Nodes of this graph and of all its subgraphs.
  std::vector<GNode> GetAllNodes() const;
  /// Removes `node` with its edges (fails if it belongs to another graph).
  graphStatus RemoveNode(GNode &node);
  graphStatus RemoveNode(GNode &node, bool contain_subgraph);
  graphStatus AddDataEdge(GNode &src_node, int32_t src_port_index, GNode &dst_node,
                          int32_t dst_port_index);
  graphStatus AddControlEdge(GNode &src_node, GNode &dst_node);
  graphStatus RemoveEdge(GNode &src_node, int32_t src_port_index, GNode &dst_node,
                         int32_t dst_port_index);
  /// Makes this graph a deep copy of `src_graph` (this handle then owns a new graph).
  graphStatus CopyFrom(const Graph &src_graph);
  /// Topological reorder of the node list (fails on a cycle).
  graphStatus TopologicalSort();

 private:
  friend class GraphUtilsEx;
  // The graph itself (copies share it); null for an invalid Graph. No separate impl block: a
  // fusion pass creates and destroys one Graph per replacement.
  std::shared_ptr<ComputeGraph> graph_;
};

using GraphPtr = std::shared_ptr<Graph>;

}  // namespace ge

#endif  // GE_GRAPH_GRAPH_H_
