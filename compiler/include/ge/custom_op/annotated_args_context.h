// ge::custom_op::AnnotatedArgsContext: what a custom op's declare_launch_args sees when the
// compiler builds its task: the node's tensors with logical addresses (memory base + offset),
// its attributes and stream, a workspace allocator that records the sizes asked for, and the
// launches the callback declares: each a kernel (name, binary, block dim, stream) and its
// argument slots (input / output instances, workspaces, scalars; 8 bytes each, in order).
#ifndef GE_PY_GE_CUSTOM_OP_ANNOTATED_ARGS_CONTEXT_H_
#define GE_PY_GE_CUSTOM_OP_ANNOTATED_ARGS_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ge/custom_op/op_compile_context.h"
#include "ge/custom_op/runtime_attrs.h"

namespace ge {
namespace custom_op {

class AnnotatedKernelLaunchInfo {
 public:
  AnnotatedKernelLaunchInfo(std::string kernel_name, std::vector<uint8_t> kernel_bin,
                            uint32_t block_dim, uint32_t stream_id)
      : kernel_name_(std::move(kernel_name)),
        kernel_bin_(std::move(kernel_bin)),
        block_dim_(block_dim),
        stream_id_(stream_id) {}
  /// A kernel name, a binary and at least one block.
  bool IsValid() const { return !kernel_name_.empty() && !kernel_bin_.empty() && block_dim_ > 0U; }
  const std::string &GetKernelName() const { return kernel_name_; }
  const std::vector<uint8_t> &GetKernelBin() const { return kernel_bin_; }
  uint32_t GetBlockDim() const { return block_dim_; }
  uint32_t GetStreamId() const { return stream_id_; }

 private:
  std::string kernel_name_;
  std::vector<uint8_t> kernel_bin_;
  uint32_t block_dim_;
  uint32_t stream_id_;
};

/// One 8-byte argument slot: what fills it at launch and the value known at compile time (the
/// logical address of a tensor or workspace, or the scalar itself).
struct KernelArgSlot {
  enum class Kind : int32_t { kInput = 0, kOutput = 1, kWorkspace = 2, kScalar = 3 };
  Kind kind;
  uint64_t index;  // flattened input/output instance, or workspace index; 0 for a scalar
  uint64_t value;
};

struct KernelLaunch {
  AnnotatedKernelLaunchInfo info;
  std::vector<KernelArgSlot> args;
};

class AnnotatedArgsContext {
 public:
  static constexpr size_t kArgSlotSize = 8U;

  /// `workspace_base`: the logical address workspaces are laid out from.
  AnnotatedArgsContext(std::vector<CompilePort> inputs, std::vector<CompilePort> outputs,
                       const RuntimeAttrs *attrs, uint32_t stream_id, uint64_t workspace_base);

  const OpCompileContext &GetPorts() const { return ports_; }
  /// Compute-node instance counts (dynamic ports flattened).
  size_t GetInputInstanceNum() const { return input_instance_num_; }
  size_t GetOutputInstanceNum() const { return output_instance_num_; }
  uint32_t GetStreamId() const { return stream_id_; }
  /// Reserves `size` bytes (8-byte aligned) of workspace; false for 0 bytes or on overflow.
  bool MallocWorkspace(size_t size, size_t &index, uint64_t &addr);
  const std::vector<size_t> &GetWorkspaceSizes() const { return workspace_sizes_; }
  /// Records a launch; false when `info` is invalid or not on this context's stream.
  bool AddLaunch(const AnnotatedKernelLaunchInfo &info, std::vector<KernelArgSlot> args);
  const std::vector<KernelLaunch> &GetLaunches() const { return launches_; }

 private:
  OpCompileContext ports_;
  size_t input_instance_num_;
  size_t output_instance_num_;
  uint32_t stream_id_;
  uint64_t next_workspace_;
  std::vector<size_t> workspace_sizes_;
  std::vector<KernelLaunch> launches_;
};

}  // namespace custom_op
}  // namespace ge

#endif  // GE_PY_GE_CUSTOM_OP_ANNOTATED_ARGS_CONTEXT_H_
