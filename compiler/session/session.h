// Session: graphs added by id, compiled on their first run (CompileGraph with the global, session
// and graph options, then the kernel check) and run on the host runtime by a cached Executor
// (docs/runtime.md).
#ifndef GE_SESSION_SESSION_H_
#define GE_SESSION_SESSION_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"
#include "runtime/executor.h"
#include "session/ge_environment.h"

namespace ge {
namespace runtime {

class Session {
 public:
  /// Warns (once per key and process) about options the host runtime ignores.
  explicit Session(OptionMap options = {});

  /// Keeps a deep copy of `graph` (later edits of the caller's graph do not affect it) under
  /// `graph_id`. Fails when GE is not initialised or the id is taken. Warns as the constructor
  /// does about graph `options` the host runtime ignores.
  Status AddGraph(uint32_t graph_id, const ComputeGraph &graph, const OptionMap &options = {});
  Status RemoveGraph(uint32_t graph_id);
  /// Compiles the graph on its first run and caches the executor; validates `inputs` (errors
  /// name the input index, the expected and the given shape/dtype). A Data node without a shape
  /// (its origin shape uninitialised) takes shape, dtype and format from the tensor the first
  /// run feeds it, as GE's graph preparation does; later runs must feed the same.
  Status RunGraph(uint32_t graph_id, const std::vector<GeTensor> &inputs,
                  std::vector<GeTensor> *outputs);
  /// How many times `graph_id` was compiled (0 before its first run; 1 afterwards).
  size_t GetCompileCount(uint32_t graph_id) const;

 private:
  struct GraphEntry {
    ComputeGraphPtr graph;
    OptionMap options;
    std::unique_ptr<Executor> executor;
    size_t compile_count = 0;
    /// Input indices whose Data desc the first run's tensors gave.
    std::vector<size_t> inputs_from_first_run;
  };

  Status Prepare(uint32_t graph_id, GraphEntry &entry, const std::vector<GeTensor> &inputs);
  Status CheckFirstRunInputs(uint32_t graph_id, const GraphEntry &entry,
                             const std::vector<GeTensor> &inputs) const;

  mutable std::mutex mutex_;
  OptionMap options_;
  std::map<uint32_t, GraphEntry> graphs_;
};

}  // namespace runtime
}  // namespace ge

#endif  // GE_SESSION_SESSION_H_
