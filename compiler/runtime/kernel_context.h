// KernelContext: what one kernel invocation sees — the node (attributes), its input tensors and the
// output slots it fills. Kernels compute output shapes at run time; static descs may hold -1.
#ifndef GE_RUNTIME_KERNEL_CONTEXT_H_
#define GE_RUNTIME_KERNEL_CONTEXT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/node.h"
#include "graph/op_desc.h"

namespace ge {
namespace runtime {

class KernelContext {
 public:
  /// `inputs[i]` is nullptr for an unconnected (optional) input. The pointers must outlive the
  /// context. `num_outputs` output slots start empty.
  KernelContext(const OpDesc &op_desc, std::vector<const GeTensor *> inputs, size_t num_outputs);

  const OpDesc &GetOpDesc() const { return op_desc_; }
  const std::string &GetNodeName() const { return op_desc_.GetName(); }
  const std::string &GetNodeType() const { return op_desc_.GetType(); }

  size_t GetInputsSize() const { return inputs_.size(); }
  /// nullptr when the input is absent.
  const GeTensor *GetInput(size_t index) const {
    return index < inputs_.size() ? inputs_[index] : nullptr;
  }
  /// The input, which must be present: check first with RequireInputs/RequireInput.
  const GeTensor &Input(size_t index) const { return *inputs_[index]; }
  /// Fails naming the node unless inputs 0..count-1 are all present.
  Status RequireInputs(size_t count) const;
  Status RequireInput(size_t index) const;
  /// Reads input `index`, which must be present and int32/int64, as int64 values; `name` names
  /// the input in the error ("input '<name>' ...").
  Status ReadIndexInput(size_t index, const std::string &name, std::vector<int64_t> *values) const;

  size_t GetOutputsSize() const { return outputs_.size(); }
  /// Fails naming the node when `index` is not an output port of the node.
  Status SetOutput(size_t index, GeTensor tensor);
  std::vector<GeTensor> &MutableOutputs() { return outputs_; }
  std::vector<bool> &MutableOutputSet() { return output_set_; }
  bool IsOutputSet(size_t index) const { return index < output_set_.size() && output_set_[index]; }

  // ---- attributes (typed reads with defaults; ints accept bool/DataType, floats accept ints) ----
  bool HasAttr(const std::string &name) const { return op_desc_.HasAttr(name); }
  int64_t GetInt(const std::string &name, int64_t default_value) const;
  float GetFloat(const std::string &name, float default_value) const;
  bool GetBool(const std::string &name, bool default_value) const;
  std::string GetString(const std::string &name, const std::string &default_value) const;
  std::vector<int64_t> GetListInt(const std::string &name,
                                  const std::vector<int64_t> &default_value) const;
  /// Fails naming node and attribute when the list attribute is absent.
  Status GetRequiredListInt(const std::string &name, std::vector<int64_t> *value) const;
  Status GetRequiredInt(const std::string &name, int64_t *value) const;

  /// Records "node '<name>' (<type>): <message>" as the last error and returns FAILED.
  Status Error(const std::string &message) const;

  /// A kernel that runs half types through float keeps output `index` in float32 instead of
  /// having it turned back into the half type (SoftmaxV2 half_to_float, statistics that the op
  /// defines as float32).
  void KeepFloatOutput(size_t index);
  bool KeepsFloatOutput(size_t index) const {
    return index < keep_float_.size() && keep_float_[index];
  }

 private:
  const OpDesc &op_desc_;
  std::vector<const GeTensor *> inputs_;
  std::vector<GeTensor> outputs_;
  std::vector<bool> output_set_;
  std::vector<bool> keep_float_;
};

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_KERNEL_CONTEXT_H_
