// ge::custom_op::EagerOpExecutionContext: what a custom op's execute sees when the host runtime
// runs its node: the input tensors (grouped by IR input), the attributes, the output tensors it
// fills, host memory for outputs and workspace, and the stream. The runtime owns every tensor
// and the allocator; the context lends them to one execute call.
#ifndef GE_PY_GE_CUSTOM_OP_EAGER_OP_EXECUTION_CONTEXT_H_
#define GE_PY_GE_CUSTOM_OP_EAGER_OP_EXECUTION_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "ge/custom_op/runtime_attrs.h"
#include "graph/types.h"

namespace ge {
namespace custom_op {

/// Host memory for outputs and workspace that lives as long as the runtime needs it (at least
/// until the consumers of the outputs have run). Returns nullptr when it cannot allocate.
class HostMemoryAllocator {
 public:
  virtual ~HostMemoryAllocator() = default;
  virtual void *Allocate(size_t size) = 0;
};

class EagerOpExecutionContext {
 public:
  /// `input_instance_counts[i]` instances of IR input i, consecutive in `inputs`; `outputs` are
  /// the node's output tensors in output order. Nothing is owned.
  EagerOpExecutionContext(std::vector<size_t> input_instance_counts,
                          std::vector<gert::Tensor *> inputs, const RuntimeAttrs *attrs,
                          std::vector<gert::Tensor *> outputs, HostMemoryAllocator *allocator,
                          uint64_t stream);

  size_t GetInputNum() const { return inputs_.size(); }
  /// The input instance at flat `index`; nullptr when out of range.
  gert::Tensor *GetInputTensor(size_t index) const;
  bool GetDynamicInputNum(size_t ir_index, size_t &num) const;
  /// The single instance of a required IR input; nullptr when it does not have exactly one.
  gert::Tensor *GetRequiredInputTensor(size_t ir_index) const;
  /// The instance of an optional IR input; nullptr when absent.
  gert::Tensor *GetOptionalInputTensor(size_t ir_index) const;
  gert::Tensor *GetDynamicInputTensor(size_t ir_index, size_t relative_index) const;
  const RuntimeAttrs *GetAttrs() const { return attrs_; }

  size_t GetOutputNum() const { return outputs_.size(); }
  gert::Tensor *GetOutputTensor(size_t index) const;
  /// Gives output `index` its metadata and host memory for its storage shape; nullptr when the
  /// index, the data type (no fixed element size) or the allocation fails.
  gert::Tensor *MallocOutputTensor(size_t index, const gert::StorageShape &shape,
                                   const gert::StorageFormat &format, DataType data_type);
  /// Output `output_index` uses the memory of input instance `input_index` (in-place update).
  bool MakeOutputRefInput(size_t output_index, size_t input_index);
  /// Host memory for scratch use during this call; nullptr when it cannot be allocated.
  void *MallocWorkspace(size_t size);
  uint64_t GetStream() const { return stream_; }

 private:
  std::vector<size_t> input_instance_counts_;
  std::vector<size_t> input_starts_;
  std::vector<gert::Tensor *> inputs_;
  const RuntimeAttrs *attrs_;
  std::vector<gert::Tensor *> outputs_;
  HostMemoryAllocator *allocator_;
  uint64_t stream_;
};

}  // namespace custom_op
}  // namespace ge

#endif  // GE_PY_GE_CUSTOM_OP_EAGER_OP_EXECUTION_CONTEXT_H_
