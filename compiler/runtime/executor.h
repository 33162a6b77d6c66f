// Executor: runs a compiled ComputeGraph on the host CPU. Built once (topological order, value
// slots with their last consumers, Data index -> input slot, NetOutput inputs -> outputs, Const
// values preloaded); each Run validates the inputs against the model's input descs, executes the
// kernels in order and releases every intermediate buffer right after its last consumer. If, Case,
// PartitionedCall and While run their subgraphs, each planned as an executor of its own
// (control_flow.h).
#ifndef GE_RUNTIME_EXECUTOR_H_
#define GE_RUNTIME_EXECUTOR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"
#include "runtime/control_flow.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {

/// Node types whose output is a run input (Data, RefData), fed by their `index` attribute.
bool IsRunInputType(const std::string &type);

/// Memory accounting of the last Run (intermediate values only; Const weights are excluded).
struct RunStats {
  size_t peak_live_buffers = 0;  // most intermediate values alive after any step
  int64_t peak_live_bytes = 0;
  /// Intermediate values still held when the last node finished, graph outputs excluded (0 when
  /// the memory plan released everything it should).
  size_t live_after_run = 0;
  size_t steps = 0;
};

class Executor {
 public:
  /// Plans the execution of `graph`. The graph is cloned (weights shared), so later edits of the
  /// caller's graph do not affect the executor. Control-flow nodes (If, Case, PartitionedCall,
  /// While) get an executor per subgraph (control_flow.h). A graph without outputs runs every
  /// node and returns nothing, as GE runs it. Fails naming the node on: a cycle, a Data node with
  /// a duplicate or out-of-range `index`, a Const without a valid `value`, an unconnected
  /// NetOutput input, or another node type that owns subgraphs.
  static Status Create(const ComputeGraph &graph, std::unique_ptr<Executor> *executor);
  /// As above for a subgraph of a control-flow node, run on the node's `num_values` input values
  /// (While: the loop values): a Data node reads value `_parent_node_index` when it has one, else
  /// value `index` + `input_offset` (If and Case: 1, past the condition); values may go unread.
  /// Each Run checks what a Data node reads against its desc. The subgraph's own control-flow
  /// nodes find their subgraphs on `root`, where GE registers all subgraphs.
  static Status CreateSubgraph(const ComputeGraph &graph, const ComputeGraph &root,
                               int64_t input_offset, size_t num_values,
                               std::unique_ptr<Executor> *executor);

  /// Fails listing every node without a kernel as "'<node>' (<type>)". Plumbing nodes (Data,
  /// Const, NetOutput) need none; control-flow nodes are checked through their subgraphs.
  Status CheckKernels() const;

  /// The model's input descs (Data node outputs, in input-index order); dims may be -1, [-2].
  const std::vector<GeTensorDesc> &GetInputDescs() const { return input_descs_; }
  const std::vector<std::string> &GetInputNames() const { return input_names_; }
  size_t GetOutputsSize() const { return output_slots_.size(); }

  /// Runs the model. `inputs` must match GetInputDescs() in count, dtype and shape (-1 matches
  /// any dim, [-2] any shape); errors name the input index and Data node. Not thread-safe: one
  /// Run at a time per executor.
  Status Run(const std::vector<GeTensor> &inputs, std::vector<GeTensor> *outputs);

  const RunStats &GetLastRunStats() const { return stats_; }

 private:
  struct Step {
    Node *node = nullptr;
    const KernelDef *kernel = nullptr;       // nullptr for plumbing
    std::unique_ptr<ControlFlowOp> control;  // control-flow nodes instead of a kernel
    int64_t data_index = -1;                 // Data nodes: graph input index
    std::vector<int32_t> input_slots;        // -1 = unconnected
    std::vector<int32_t> output_slots;
    std::vector<int32_t> release_after;  // slots whose last consumer is this step
  };

  Executor() = default;
  Status Plan(const ComputeGraph &root);
  Status PlanDataIndex(Node *node, int64_t implicit_index, int64_t *data_index) const;
  Status CheckInput(size_t index, const GeTensorDesc &want, const std::string &data_name,
                    const GeTensor &tensor) const;
  Status RunStep(const Step &step, std::vector<GeTensor> &values, std::vector<bool> &assigned);

  ComputeGraphPtr graph_;
  /// >= 0 for a control-flow subgraph (CreateSubgraph): Data nodes read the node's values.
  int64_t subgraph_input_offset_ = -1;
  size_t subgraph_values_ = 0;
  std::vector<Step> steps_;
  std::vector<GeTensor> const_values_;  // by slot; set for Const slots only
  std::vector<bool> is_const_slot_;
  std::vector<bool> is_output_slot_;
  std::vector<int32_t> output_slots_;
  std::vector<GeTensorDesc> input_descs_;
  std::vector<std::string> input_names_;
  size_t num_slots_ = 0;
  RunStats stats_;
};

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_EXECUTOR_H_
