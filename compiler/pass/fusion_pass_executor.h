// FusionPassExecutor: creates the registry passes of a stage and runs them on a root graph and
// its subgraphs. One executor per stage invocation; it owns the pass
// objects it created and deletes them when destroyed.
#ifndef GE_PASS_FUSION_PASS_EXECUTOR_H_
#define GE_PASS_FUSION_PASS_EXECUTOR_H_

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ge/fusion/pass/fusion_base_pass.h"
#include "graph/compute_graph.h"
#include "pass/fusion_switch.h"

namespace ge {
namespace fusion {

class FusionPassExecutor {
 public:
  /// `options`: compile options (switches, and what CustomPassContext::GetOptionValue returns).
  explicit FusionPassExecutor(std::map<std::string, std::string> options = {});
  ~FusionPassExecutor();
  FusionPassExecutor(const FusionPassExecutor &) = delete;
  FusionPassExecutor &operator=(const FusionPassExecutor &) = delete;

  /// Creates the enabled passes of `stage` once per stage (alphabetical by name). A creator
  /// returning nullptr fails the stage, naming the pass.
  Status InitPassesIfNeed(CustomPassStage stage);
  /// Runs every pass of `stage` on `graph` and then on each of its subgraphs (pass-major); a pass
  /// registered with RepeatUntilUnchanged runs again while it edits the graph. The first failure
  /// is returned with "[<pass>][Run] failed on graph <name>: <reason>".
  Status RunPasses(const ComputeGraphPtr &graph, CustomPassStage stage);
  /// Legacy REGISTER_CUSTOM_PASS passes of `stage` on the root graph, then RunPasses.
  Status RunPassesWithLegacyCustom(const ComputeGraphPtr &graph, CustomPassStage stage);

  /// Names of the passes created for `stage` (in run order), for tests and logs.
  std::vector<std::string> GetPassNames(CustomPassStage stage) const;

 private:
  /// One pass on the root graph and then each subgraph; `*changed` tells whether any of them was
  /// edited.
  Status RunOnGraphs(const std::string &name, FusionBasePass &pass, const ComputeGraphPtr &graph,
                     CustomPassStage stage, uint32_t run, CustomPassContext &context,
                     bool *changed);
  /// RunOnGraphs once, or, for a pass registered to repeat until unchanged, until a run edits
  /// nothing; hitting the bound fails naming the pass and the bound.
  Status RunRepeated(const std::string &name, FusionBasePass &pass, const ComputeGraphPtr &graph,
                     CustomPassStage stage, CustomPassContext &context);
  Status RunOne(const std::string &name, FusionBasePass &pass, const ComputeGraphPtr &graph,
                CustomPassStage stage, uint32_t run, CustomPassContext &context);

  std::map<std::string, std::string> options_;
  std::map<std::string, uint32_t> max_runs_;  // pass name -> bound of a repeating pass
  std::unique_ptr<FusionSwitch> switch_;
  std::map<CustomPassStage, std::vector<std::pair<std::string, std::unique_ptr<FusionBasePass>>>>
      passes_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PASS_FUSION_PASS_EXECUTOR_H_
