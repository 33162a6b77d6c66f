#include "ge/custom_op/eager_op_execution_context.h"

#include <limits>
#include <utility>

namespace ge {
namespace custom_op {

EagerOpExecutionContext::EagerOpExecutionContext(std::vector<size_t> input_instance_counts,
                                                 std::vector<gert::Tensor *> inputs,
                                                 const RuntimeAttrs *attrs,
                                                 std::vector<gert::Tensor *> outputs,
                                                 HostMemoryAllocator *allocator, uint64_t stream)
    : input_instance_counts_(std::move(input_instance_counts)),
      inputs_(std::move(inputs)),
      attrs_(attrs),
      outputs_(std::move(outputs)),
      allocator_(allocator),
      stream_(stream) {
  size_t start = 0U;
  for (const size_t count : input_instance_counts_) {
    input_starts_.push_back(start);
    start += count;
  }
}

gert::Tensor *EagerOpExecutionContext::GetInputTensor(size_t index) const {
  return index < inputs_.size() ? inputs_[index] : nullptr;
}

bool EagerOpExecutionContext::GetDynamicInputNum(size_t ir_index, size_t &num) const {
  if (ir_index >= input_instance_counts_.size()) {
    return false;
  }
  num = input_instance_counts_[ir_index];
  return true;
}

gert::Tensor *EagerOpExecutionContext::GetRequiredInputTensor(size_t ir_index) const {
  size_t num = 0U;
  return (GetDynamicInputNum(ir_index, num) && num == 1U) ? GetDynamicInputTensor(ir_index, 0U)
                                                          : nullptr;
}

gert::Tensor *EagerOpExecutionContext::GetOptionalInputTensor(size_t ir_index) const {
  size_t num = 0U;
  return (GetDynamicInputNum(ir_index, num) && num > 0U) ? GetDynamicInputTensor(ir_index, 0U)
                                                         : nullptr;
}

gert::Tensor *EagerOpExecutionContext::GetDynamicInputTensor(size_t ir_index,
                                                             size_t relative_index) const {
  size_t num = 0U;
  if (!GetDynamicInputNum(ir_index, num) || relative_index >= num) {
    return nullptr;
  }
  return GetInputTensor(input_starts_[ir_index] + relative_index);
}

gert::Tensor *EagerOpExecutionContext::GetOutputTensor(size_t index) const {
  return index < outputs_.size() ? outputs_[index] : nullptr;
}

gert::Tensor *EagerOpExecutionContext::MallocOutputTensor(size_t index,
                                                          const gert::StorageShape &shape,
                                                          const gert::StorageFormat &format,
                                                          DataType data_type) {
  gert::Tensor *output = GetOutputTensor(index);
  const int32_t element_size = GetSizeByDataType(data_type);
  const int64_t elements = shape.GetStorageShape().GetShapeSize();
  if (output == nullptr || allocator_ == nullptr || element_size <= 0 || elements < 0 ||
      static_cast<uint64_t>(elements) >
          std::numeric_limits<size_t>::max() / static_cast<uint64_t>(element_size)) {
    return nullptr;
  }
  const size_t size = static_cast<size_t>(elements) * static_cast<size_t>(element_size);
  void *memory = size == 0U ? nullptr : allocator_->Allocate(size);
  if (size != 0U && memory == nullptr) {
    return nullptr;
  }
  *output = gert::Tensor(shape, format, data_type);
  output->MutableTensorData().SetAddr(memory, size);
  output->MutableTensorData().SetPlacement(gert::kOnHost);
  return output;
}

bool EagerOpExecutionContext::MakeOutputRefInput(size_t output_index, size_t input_index) {
  gert::Tensor *output = GetOutputTensor(output_index);
  const gert::Tensor *input = GetInputTensor(input_index);
  if (output == nullptr || input == nullptr) {
    return false;
  }
  *output = *input;  // metadata and the address of the input's memory
  return true;
}

void *EagerOpExecutionContext::MallocWorkspace(size_t size) {
  return allocator_ == nullptr ? nullptr : allocator_->Allocate(size);
}

}  // namespace custom_op
}  // namespace ge
