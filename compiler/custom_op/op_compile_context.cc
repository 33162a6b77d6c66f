#include "ge/custom_op/op_compile_context.h"

#include <utility>

namespace ge {
namespace custom_op {

CompilePlatformInfo::CompilePlatformInfo(std::string soc_version,
                                         std::map<std::string, Group> resources,
                                         int64_t default_core_num,
                                         std::map<std::string, int64_t> core_nums,
                                         int64_t ai_core_num)
    : soc_version_(std::move(soc_version)),
      resources_(std::move(resources)),
      default_core_num_(default_core_num),
      core_nums_(std::move(core_nums)),
      ai_core_num_(ai_core_num) {}

bool CompilePlatformInfo::GetPlatformResource(const std::string &group, const std::string &key,
                                              std::string &value) const {
  const Group *entries = GetPlatformResourceGroup(group);
  if (entries == nullptr) {
    return false;
  }
  const auto found = entries->find(key);
  if (found == entries->end()) {
    return false;
  }
  value = found->second;
  return true;
}

const CompilePlatformInfo::Group *CompilePlatformInfo::GetPlatformResourceGroup(
    const std::string &group) const {
  const auto found = resources_.find(group);
  return found == resources_.end() ? nullptr : &found->second;
}

bool CompilePlatformInfo::GetCoreNum(const std::string &core_type, int64_t &num) const {
  const auto found = core_nums_.find(core_type);
  if (found == core_nums_.end()) {
    return false;
  }
  num = found->second;
  return true;
}

OpCompileContext::OpCompileContext(std::vector<CompilePort> inputs,
                                   std::vector<CompilePort> outputs, const RuntimeAttrs *attrs,
                                   std::map<std::string, std::string> options,
                                   const CompilePlatformInfo *platform)
    : inputs_(std::move(inputs)),
      outputs_(std::move(outputs)),
      attrs_(attrs),
      options_(std::move(options)),
      platform_(platform) {}

const gert::Tensor *OpCompileContext::Instance(const std::vector<CompilePort> &ports,
                                               size_t ir_index, size_t relative_index) {
  if (ir_index >= ports.size() || relative_index >= ports[ir_index].instances.size()) {
    return nullptr;
  }
  return ports[ir_index].instances[relative_index];
}

bool OpCompileContext::InstanceNum(const std::vector<CompilePort> &ports, size_t ir_index,
                                   size_t &num) {
  if (ir_index >= ports.size()) {
    return false;
  }
  num = ports[ir_index].instances.size();
  return true;
}

const gert::Tensor *OpCompileContext::GetRequiredInputTensor(size_t ir_index) const {
  size_t num = 0U;
  return (InstanceNum(inputs_, ir_index, num) && num == 1U) ? Instance(inputs_, ir_index, 0U)
                                                            : nullptr;
}

const gert::Tensor *OpCompileContext::GetOptionalInputTensor(size_t ir_index) const {
  return Instance(inputs_, ir_index, 0U);
}

bool OpCompileContext::GetDynamicInputNum(size_t ir_index, size_t &num) const {
  return InstanceNum(inputs_, ir_index, num);
}

const gert::Tensor *OpCompileContext::GetDynamicInputTensor(size_t ir_index,
                                                            size_t relative_index) const {
  return Instance(inputs_, ir_index, relative_index);
}

const gert::Tensor *OpCompileContext::GetRequiredOutputTensor(size_t ir_index) const {
  size_t num = 0U;
  return (InstanceNum(outputs_, ir_index, num) && num == 1U) ? Instance(outputs_, ir_index, 0U)
                                                             : nullptr;
}

bool OpCompileContext::GetDynamicOutputNum(size_t ir_index, size_t &num) const {
  return InstanceNum(outputs_, ir_index, num);
}

const gert::Tensor *OpCompileContext::GetDynamicOutputTensor(size_t ir_index,
                                                             size_t relative_index) const {
  return Instance(outputs_, ir_index, relative_index);
}

bool OpCompileContext::GetOption(const std::string &key, std::string &value) const {
  const auto found = options_.find(key);
  if (found == options_.end()) {
    return false;
  }
  value = found->second;
  return true;
}

}  // namespace custom_op
}  // namespace ge
