#include "ge/custom_op/infer_meta_context.h"

#include <utility>

namespace ge {
namespace custom_op {

InferMetaContext::InferMetaContext(std::vector<size_t> input_instance_counts,
                                   std::vector<InferMetaInput> inputs, RuntimeAttrs attrs,
                                   std::vector<size_t> output_instance_counts)
    : input_instance_counts_(std::move(input_instance_counts)),
      inputs_(std::move(inputs)),
      attrs_(std::move(attrs)),
      output_instance_counts_(std::move(output_instance_counts)) {
  size_t start = 0U;
  for (const size_t count : input_instance_counts_) {
    input_starts_.push_back(start);
    start += count;
  }
}

const InferMetaInput *InferMetaContext::GetRequiredInput(size_t ir_index) const {
  size_t num = 0U;
  if (!GetInputInstanceNum(ir_index, num) || num != 1U) {
    return nullptr;
  }
  return GetDynamicInput(ir_index, 0U);
}

const InferMetaInput *InferMetaContext::GetOptionalInput(size_t ir_index) const {
  size_t num = 0U;
  if (!GetInputInstanceNum(ir_index, num) || num == 0U) {
    return nullptr;
  }
  return GetDynamicInput(ir_index, 0U);
}

const InferMetaInput *InferMetaContext::GetDynamicInput(size_t ir_index,
                                                        size_t relative_index) const {
  size_t num = 0U;
  if (!GetInputInstanceNum(ir_index, num) || relative_index >= num) {
    return nullptr;
  }
  const size_t flat = input_starts_[ir_index] + relative_index;
  return flat < inputs_.size() ? &inputs_[flat] : nullptr;
}

bool InferMetaContext::GetInputInstanceNum(size_t ir_index, size_t &num) const {
  if (ir_index >= input_instance_counts_.size()) {
    return false;
  }
  num = input_instance_counts_[ir_index];
  return true;
}

bool InferMetaContext::GetOutputInstanceNum(size_t ir_index, size_t &num) const {
  if (ir_index >= output_instance_counts_.size()) {
    return false;
  }
  num = output_instance_counts_[ir_index];
  return true;
}

}  // namespace custom_op
}  // namespace ge
