// The compile step of atc --mode=0: one function between the imported graph and the .om writer.
#ifndef GE_TOOLS_OFFLINE_BUILD_H_
#define GE_TOOLS_OFFLINE_BUILD_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Compiles `graph` in place with `options` (ge option keys such as "ge.socVersion",
/// "ge.oo.level") through the compile pipeline (CompileGraph: pass stages, shape inference,
/// build order, per-stage graph dumps). Failures keep the pipeline's message (stage, pass).
Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options);

}  // namespace ge

#endif  // GE_TOOLS_OFFLINE_BUILD_H_
