// ge::custom_op::InferMetaContext: what a prototype's infer_meta sees of a node at compile time:
// the inferred desc of each input instance, grouped by IR input, the attribute values, and how
// many instances each IR output has. It is a value the compiler fills and lends to one call.
#ifndef GE_PY_GE_CUSTOM_OP_INFER_META_CONTEXT_H_
#define GE_PY_GE_CUSTOM_OP_INFER_META_CONTEXT_H_

#include <cstddef>
#include <vector>

#include "exe_graph/runtime/storage_shape.h"
#include "ge/custom_op/runtime_attrs.h"
#include "graph/types.h"

namespace ge {
namespace custom_op {

/// One input instance: its inferred shape (absent for an input whose shape is not known) and
/// data type.
struct InferMetaInput {
  gert::StorageShape shape;
  DataType data_type = DT_UNDEFINED;
  bool has_shape = true;
};

class InferMetaContext {
 public:
  /// `input_instance_counts[i]` instances of IR input i, whose descs are consecutive in `inputs`;
  /// `output_instance_counts[j]` instances of IR output j.
  InferMetaContext(std::vector<size_t> input_instance_counts, std::vector<InferMetaInput> inputs,
                   RuntimeAttrs attrs, std::vector<size_t> output_instance_counts);

  /// The single instance of a required input; nullptr when the IR input does not have one.
  const InferMetaInput *GetRequiredInput(size_t ir_index) const;
  /// The instance of an optional input; nullptr when it has none (absent input).
  const InferMetaInput *GetOptionalInput(size_t ir_index) const;
  /// Instance `relative_index` of a dynamic input; nullptr when out of range.
  const InferMetaInput *GetDynamicInput(size_t ir_index, size_t relative_index) const;
  /// The instance count of an IR input / output; false for an unknown IR index.
  bool GetInputInstanceNum(size_t ir_index, size_t &num) const;
  bool GetOutputInstanceNum(size_t ir_index, size_t &num) const;
  const RuntimeAttrs &GetAttrs() const { return attrs_; }

 private:
  std::vector<size_t> input_instance_counts_;
  std::vector<size_t> input_starts_;  // flat index of each IR input's first instance
  std::vector<InferMetaInput> inputs_;
  RuntimeAttrs attrs_;
  std::vector<size_t> output_instance_counts_;
};

}  // namespace custom_op
}  // namespace ge

#endif  // GE_PY_GE_CUSTOM_OP_INFER_META_CONTEXT_H_
