// atc --mode=0 compile step (see offline_build.h).
#include "tools/offline_build.h"

#include "common/error.h"
#include "common/log.h"

namespace ge {

Status BuildOfflineGraph(const ComputeGraphPtr &graph,
                         const std::map<std::string, std::string> &options) {
  if (graph == nullptr) {
    return Fail("BuildOfflineGraph: graph is null");
  }
  if (graph->TopologicalSort(true) != SUCCESS) {
    return Fail("graph '" + graph->GetName() + "': " + GetLastError());
  }
  GELOGI("graph '%s' built with %zu options", graph->GetName().c_str(), options.size());
  return SUCCESS;
}

}  // namespace ge
