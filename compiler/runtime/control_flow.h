// ControlFlowOp: host execution of the ops that own subgraphs — If and Case (run one branch),
// PartitionedCall (run its body) and While (run body while cond holds). Each subgraph runs on an
// Executor of its own, planned once with the node.
#ifndef GE_RUNTIME_CONTROL_FLOW_H_
#define GE_RUNTIME_CONTROL_FLOW_H_

#include <memory>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"

namespace ge {
namespace runtime {

class Executor;

class ControlFlowOp {
 public:
  /// If, Case, PartitionedCall, While.
  static bool IsControlFlowType(const std::string &type);

  /// Plans an executor for every subgraph of `node` (looked up by name on `root`, where GE
  /// registers all subgraphs); each subgraph's Data nodes read the node's inputs:
  /// `_parent_node_index` when set, else the Data `index` plus 1 for If/Case (input 0 is the
  /// condition) or plus 0 for PartitionedCall/While (Executor::CreateSubgraph). Fails naming the
  /// node and subgraph on a missing subgraph, a Data node reading past the node's inputs or an
  /// output count that does not fit the node.
  static Status Create(const Node &node, const ComputeGraph &root,
                       std::unique_ptr<ControlFlowOp> *op);

  ~ControlFlowOp();

  /// Runs the node on `inputs` (its input ports; nullptr = unconnected, which fails) and returns
  /// one tensor per output port. Errors name the node and the subgraph that failed.
  Status Run(const std::vector<const GeTensor *> &inputs, std::vector<GeTensor> *outputs) const;

  /// Fails listing the nodes of any subgraph (nested ones included) without a host kernel.
  Status CheckKernels() const;

 private:
  struct Body {
    std::string name;
    std::unique_ptr<Executor> executor;  // runs on all of the node's input values
  };

  ControlFlowOp() = default;
  Status RunBody(const Body &body, const std::vector<GeTensor> &values,
                 std::vector<GeTensor> *outputs) const;
  Status RunWhile(std::vector<GeTensor> carried, std::vector<GeTensor> *outputs) const;
  Status Truth(const GeTensor &tensor, const std::string &what, bool *value) const;

  std::string label_;  // "'<name>' (<type>)"
  std::string type_;
  size_t num_outputs_ = 0;
  std::vector<Body> bodies_;  // in IR order: then/else, branches..., f, cond/body
};

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_CONTROL_FLOW_H_
