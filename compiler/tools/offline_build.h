// The compile step of atc --mode=0: one function between the imported graph and the .om writer.
#ifndef GE_TOOLS_OFFLINE_BUILD_H_
#define GE_TOOLS_OFFLINE_BUILD_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Compiles `graph` in place with `options` (ge option keys such as "ge.socVersion",
/// "ge.oo.level"). Runs the stages that exist: PreRunBegin dump, whole-graph shape inference,
/// topological sort, Build dump. This is the one place to delegate to the fusion pipeline's
/// CompileGraph when it lands.
Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options);

}  // namespace ge

#endif  // GE_TOOLS_OFFLINE_BUILD_H_
