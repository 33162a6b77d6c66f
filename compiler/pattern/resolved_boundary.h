// ResolvedBoundary: a subgraph boundary as ports of the IR, the form the rewriter works on. A
// SubgraphBoundary is converted to it by the rewriter; the pass runner reads a match straight into
// it (verified_match.h).
#ifndef GE_PATTERN_RESOLVED_BOUNDARY_H_
#define GE_PATTERN_RESOLVED_BOUNDARY_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/node.h"
#include "pattern/fusion_utils.h"

namespace ge {
namespace fusion {

/// A boundary resolved against its graph.
struct ResolvedBoundary {
  ComputeGraph *graph = nullptr;
  std::vector<OutAnchor> input_producers;  // per input position
  std::vector<std::vector<std::pair<Node *, int32_t>>> input_consumers;
  std::vector<OutAnchor> outputs;  // per output position
  std::vector<Node *> nodes;       // the nodes to replace
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_RESOLVED_BOUNDARY_H_
