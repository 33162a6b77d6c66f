// The registry of whole-graph optimizers.
#include "pipeline/whole_graph_optimizers.h"

#include <mutex>
#include <vector>

#include "common/error.h"

namespace ge {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, WholeGraphOptimizer> optimizers;
};

Registry &GetRegistry() {
  static auto *registry = new Registry();  // leaked: used until process exit
  return *registry;
}

}  // namespace

void RegisterWholeGraphOptimizer(const std::string &name, WholeGraphOptimizer optimizer) {
  Registry &registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.optimizers[name] = optimizer;
}

void UnregisterWholeGraphOptimizer(const std::string &name) {
  Registry &registry = GetRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.optimizers.erase(name);
}

Status RunWholeGraphOptimizers(ComputeGraph &graph,
                               const std::map<std::string, std::string> &options) {
  std::vector<std::pair<std::string, WholeGraphOptimizer>> optimizers;
  {
    Registry &registry = GetRegistry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    optimizers.assign(registry.optimizers.begin(), registry.optimizers.end());
  }
  for (const auto &entry : optimizers) {
    if (entry.second(graph, options) != SUCCESS) {
      return Fail("whole-graph optimizer '" + entry.first + "' failed: " + GetLastError());
    }
  }
  return SUCCESS;
}

}  // namespace ge
