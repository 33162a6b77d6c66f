// Whole-graph optimizers registered at run time: components above the pipeline (the compile
// step of Python custom ops) add one while they are loaded. CompileGraph runs them in name order
// once every custom pass stage and the built-in graph fusion have run, before the build step, as
// GE runs its engines' OptimizeWholeGraph.
#ifndef GE_PIPELINE_WHOLE_GRAPH_OPTIMIZERS_H_
#define GE_PIPELINE_WHOLE_GRAPH_OPTIMIZERS_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Fails with SetLastError naming the node and the cause.
using WholeGraphOptimizer = Status (*)(ComputeGraph &graph,
                                       const std::map<std::string, std::string> &options);

/// Adds or replaces the optimizer `name`.
void RegisterWholeGraphOptimizer(const std::string &name, WholeGraphOptimizer optimizer);
void UnregisterWholeGraphOptimizer(const std::string &name);
/// Runs every registered optimizer in name order; the first failure stops the run.
Status RunWholeGraphOptimizers(ComputeGraph &graph,
                               const std::map<std::string, std::string> &options);

}  // namespace ge

#endif  // GE_PIPELINE_WHOLE_GRAPH_OPTIMIZERS_H_
