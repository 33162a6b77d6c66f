// KernelContext (see kernel_context.h).
#include "runtime/kernel_context.h"

#include "common/error.h"
#include "runtime/dtype_utils.h"

namespace ge {
namespace runtime {

KernelContext::KernelContext(const OpDesc &op_desc, std::vector<const GeTensor *> inputs,
                             size_t num_outputs)
    : op_desc_(op_desc),
      inputs_(std::move(inputs)),
      outputs_(num_outputs),
      output_set_(num_outputs, false) {}

Status KernelContext::RequireInputs(size_t count) const {
  for (size_t i = 0; i < count; ++i) {
    if (RequireInput(i) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status KernelContext::ReadIndexInput(size_t index, const std::string &name,
                                     std::vector<int64_t> *values) const {
  if (RequireInput(index) != SUCCESS) {
    return FAILED;
  }
  if (ReadIndexValues(Input(index), "input '" + name + "'", values) != SUCCESS) {
    return Error(GetLastError());
  }
  return SUCCESS;
}

Status KernelContext::RequireInput(size_t index) const {
  if (GetInput(index) == nullptr) {
    const std::string port = index < op_desc_.GetInputsSize() ? op_desc_.GetInputName(index) : "";
    return Error("required input " + std::to_string(index) +
                 (port.empty() ? std::string() : " ('" + port + "')") + " is not connected");
  }
  return SUCCESS;
}

Status KernelContext::SetOutput(size_t index, GeTensor tensor) {
  if (index >= outputs_.size()) {
    return Error("kernel produced output " + std::to_string(index) + " but the node has only " +
                 std::to_string(outputs_.size()) + " outputs");
  }
  outputs_[index] = std::move(tensor);
  output_set_[index] = true;
  return SUCCESS;
}

int64_t KernelContext::GetInt(const std::string &name, int64_t default_value) const {
  const GeAttrValue *value = op_desc_.GetAttr(name);
  if (value == nullptr) {
    return default_value;
  }
  if (const auto *v = value->Get<int64_t>()) return *v;
  if (const auto *v = value->Get<bool>()) return *v ? 1 : 0;
  if (const auto *v = value->Get<DataType>()) return static_cast<int64_t>(*v);
  return default_value;
}

float KernelContext::GetFloat(const std::string &name, float default_value) const {
  const GeAttrValue *value = op_desc_.GetAttr(name);
  if (value == nullptr) {
    return default_value;
  }
  if (const auto *v = value->Get<float>()) return *v;
  if (const auto *v = value->Get<int64_t>()) return static_cast<float>(*v);
  return default_value;
}

bool KernelContext::GetBool(const std::string &name, bool default_value) const {
  const GeAttrValue *value = op_desc_.GetAttr(name);
  if (value == nullptr) {
    return default_value;
  }
  if (const auto *v = value->Get<bool>()) return *v;
  if (const auto *v = value->Get<int64_t>()) return *v != 0;
  return default_value;
}

std::string KernelContext::GetString(const std::string &name,
                                     const std::string &default_value) const {
  const std::string *v = op_desc_.GetAttrAs<std::string>(name);
  return v == nullptr ? default_value : *v;
}

std::vector<int64_t> KernelContext::GetListInt(const std::string &name,
                                               const std::vector<int64_t> &default_value) const {
  const auto *v = op_desc_.GetAttrAs<std::vector<int64_t>>(name);
  return v == nullptr ? default_value : *v;
}

Status KernelContext::GetRequiredListInt(const std::string &name,
                                         std::vector<int64_t> *value) const {
  const auto *v = op_desc_.GetAttrAs<std::vector<int64_t>>(name);
  if (v == nullptr) {
    return Error("required attribute '" + name + "' (list of int) is missing");
  }
  *value = *v;
  return SUCCESS;
}

Status KernelContext::GetRequiredInt(const std::string &name, int64_t *value) const {
  const GeAttrValue *attr = op_desc_.GetAttr(name);
  if (attr == nullptr || (attr->Get<int64_t>() == nullptr && attr->Get<DataType>() == nullptr &&
                          attr->Get<bool>() == nullptr)) {
    return Error("required attribute '" + name + "' (int) is missing");
  }
  *value = GetInt(name, 0);
  return SUCCESS;
}

void KernelContext::KeepFloatOutput(size_t index) {
  if (keep_float_.size() <= index) keep_float_.resize(index + 1, false);
  keep_float_[index] = true;
}

Status KernelContext::Error(const std::string &message) const {
  return Fail("node '" + op_desc_.GetName() + "' (" + op_desc_.GetType() + "): " + message);
}

}  // namespace runtime
}  // namespace ge
