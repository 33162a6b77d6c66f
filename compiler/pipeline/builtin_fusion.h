// The compile pipeline's built-in fusion passes (docs/runtime.md, "Built-in graph fusion"): a
// fixed list of C++ graph rewrites that run at two points of CompileGraph, each switchable with
// the same optimization switch / fusion switch file as the registry passes.
#ifndef GE_PIPELINE_BUILTIN_FUSION_H_
#define GE_PIPELINE_BUILTIN_FUSION_H_

#include <map>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

enum class BuiltinFusionPoint {
  kGraphFusion,  // the "BuiltinFusion" step: after the AfterInferShape custom passes
  kBuild,        // the "Build" step: after every custom pass stage, before the build order
};

/// Names of the built-in passes run at `point`, in run order.
std::vector<std::string> BuiltinFusionPassNames(BuiltinFusionPoint point);

/// Runs the enabled built-in passes of `point` on `graph` and each of its subgraphs. A pass is
/// disabled like a registry pass: `ge.optimizationSwitch`/`optimization_switch` ("<name>:off"),
/// an option named like the pass with value "off", or the fusion switch file. The first failure
/// is returned with "[<pass>][Run] failed on graph <name>: <reason>".
Status RunBuiltinFusion(const ComputeGraphPtr &graph,
                        const std::map<std::string, std::string> &options,
                        BuiltinFusionPoint point);

}  // namespace ge

#endif  // GE_PIPELINE_BUILTIN_FUSION_H_
