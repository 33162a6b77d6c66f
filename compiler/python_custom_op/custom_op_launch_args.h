// The task plan of Python custom ops with declare_launch_args, a whole-graph optimizer of the
// pipeline while such implementations are loaded (after the compile step, by name). For every
// node of such a type with known shapes, declare_launch_args runs once on an AnnotatedArgsContext
// (tensors at logical addresses, a workspace allocator that records the sizes asked for, the
// node's stream) and the launches it declares become node attributes, so the .om carries the
// plan (docs/custom_ops.md, "declare_launch_args"). A node that already holds a plan keeps it
// without calling Python; a node with an unknown shape gets none.
#ifndef GE_PYTHON_CUSTOM_OP_CUSTOM_OP_LAUNCH_ARGS_H_
#define GE_PYTHON_CUSTOM_OP_CUSTOM_OP_LAUNCH_ARGS_H_

#include <cstdint>
#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/node.h"
#include "python_custom_op/python_custom_ops.h"

namespace ge {
namespace python_custom_op {

constexpr const char *kLaunchArgsOptimizerName = "python_custom_op_launch_args";
/// "AnnotatedArgs" on a node with a plan: how launch arguments are refreshed at load.
constexpr const char *kAttrTaskArgsMode = "_custom_task_args_mode";
/// The number of launches of the plan; its presence marks the plan as made.
constexpr const char *kAttrTaskPlan = "_custom_annotated_args_task_plan";
/// Launch <i>: _custom_launch_<i>_{kernel_name, kernel_bin, block_dim, stream_id, args_format,
/// args}.
constexpr const char *kAttrLaunchPrefix = "_custom_launch_";
/// The workspace sizes declare_launch_args asked for, in allocation order.
constexpr const char *kAttrWorkspaceBytes = "_custom_workspace_bytes";

/// Where every known-shape output tensor of a graph lives in the model's logical memory: each
/// its own block, in node order, from a non-zero base (a slot holding an address is never
/// mistaken for an absent one); workspaces follow the tensors.
class LogicalMemory {
 public:
  explicit LogicalMemory(const ComputeGraph &graph);
  /// 0 for an output of unknown size.
  uint64_t OutputAddress(const Node *node, size_t index) const;
  /// Reserves the space of one node's workspaces and returns where they start.
  uint64_t TakeWorkspace(uint64_t bytes);
  uint64_t WorkspaceStart() const { return next_; }

 private:
  std::map<std::pair<const Node *, size_t>, uint64_t> outputs_;
  uint64_t next_;
};

/// The optimizer PythonCustomOps registers.
Status DeclareCustomOpLaunchArgs(ComputeGraph &graph,
                                 const std::map<std::string, std::string> &options);

/// Makes the plan of one node (its holder created); fails naming node, op type and cause.
Status RunDeclareLaunchArgs(const ImplEntry &entry, Node &node, LogicalMemory &memory);

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_CUSTOM_OP_LAUNCH_ARGS_H_
