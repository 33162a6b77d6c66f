// atc --mode=0 compile step (see offline_build.h): delegates to the compile pipeline.
#include "tools/offline_build.h"

#include "common/error.h"
#include "common/log.h"
#include "pipeline/compile_graph.h"

namespace ge {

Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options) {
  if (graph == nullptr) {
    return Fail("BuildOfflineGraph: graph is null");
  }
  CompileResult result;
  if (CompileGraph(graph, options, &result) != SUCCESS) {
    return Fail("compiling graph '" + graph->GetName() + "' failed: " + GetLastError());
  }
  GELOGI("graph '%s' compiled in %zu steps", graph->GetName().c_str(), result.steps.size());
  return SUCCESS;
}

}  // namespace ge
