// Graphviz rendering of a graph (our extra DUMP_GRAPH_FORMAT "dot"): one box per node, solid
// data edges labelled "out -> in", dashed control edges, one cluster per subgraph.
#ifndef GE_DUMP_DOT_DUMP_H_
#define GE_DUMP_DOT_DUMP_H_

#include <string>

#include "graph/compute_graph.h"

namespace ge {

std::string GraphToDot(const ComputeGraph &graph);

}  // namespace ge

#endif  // GE_DUMP_DOT_DUMP_H_
