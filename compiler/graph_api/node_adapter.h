// Conversions between the public handles (GNode, Graph) and the IR they wrap. Compiler-internal:
// plugin authors only ever see GNode/Graph.
#ifndef GE_GRAPH_API_NODE_ADAPTER_H_
#define GE_GRAPH_API_NODE_ADAPTER_H_

#include <memory>
#include <string>

#include "graph/compute_graph.h"
#include "graph/gnode.h"
#include "graph/graph.h"
#include "graph/node.h"

namespace ge {

class NodeAdapter {
 public:
  /// A handle on `node` (an invalid GNode when `node` is null).
  static GNode Node2GNode(const NodePtr &node);
  /// A handle on a node of a live graph (looks up its shared owner).
  static GNode Node2GNode(const Node *node);
  static GNodePtr Node2GNodePtr(const Node *node);
  /// The live node behind `gnode`, nullptr once it was removed or its graph is gone.
  static NodePtr GNode2Node(const GNode &gnode);
  /// The same without a shared reference: for use within one call that removes no node (using
  /// a handle while another thread destroys its graph is not supported, as for all graph
  /// objects).
  static Node *GNode2RawNode(const GNode &gnode);
  /// The characters of `name` as the std::string the IR's attr and name lookups take.
  static const std::string &StdString(const AscendString &name) { return name.name_; }
};

class GraphUtilsEx {
 public:
  /// A Graph sharing `graph` (an invalid Graph when null).
  static Graph CreateGraphFromComputeGraph(const ComputeGraphPtr &graph);
  static GraphPtr CreateGraphPtrFromComputeGraph(const ComputeGraphPtr &graph);
  static std::unique_ptr<Graph> CreateGraphUniqPtrFromComputeGraph(const ComputeGraphPtr &graph);
  /// The ComputeGraph behind `graph` (nullptr for an invalid Graph).
  static ComputeGraphPtr GetComputeGraph(const Graph &graph);
  /// True when `graph` is the only handle on its ComputeGraph (no Graph copy shares it and no
  /// ComputeGraphPtr is held elsewhere): only then may a consumer empty it.
  static bool IsSoleOwner(const Graph &graph);
};

}  // namespace ge

#endif  // GE_GRAPH_API_NODE_ADAPTER_H_
