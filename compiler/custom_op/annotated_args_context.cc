#include "ge/custom_op/annotated_args_context.h"

#include <limits>
#include <map>
#include <utility>

namespace ge {
namespace custom_op {
namespace {

size_t InstanceNum(const std::vector<CompilePort> &ports) {
  size_t num = 0U;
  for (const CompilePort &port : ports) {
    num += port.instances.size();
  }
  return num;
}

}  // namespace

AnnotatedArgsContext::AnnotatedArgsContext(std::vector<CompilePort> inputs,
                                           std::vector<CompilePort> outputs,
                                           const RuntimeAttrs *attrs, uint32_t stream_id,
                                           uint64_t workspace_base)
    : ports_(inputs, outputs, attrs, std::map<std::string, std::string>(), nullptr),
      input_instance_num_(InstanceNum(inputs)),
      output_instance_num_(InstanceNum(outputs)),
      stream_id_(stream_id),
      next_workspace_(workspace_base) {}

bool AnnotatedArgsContext::MallocWorkspace(size_t size, size_t &index, uint64_t &addr) {
  constexpr uint64_t kAlign = 8U;
  const uint64_t limit = std::numeric_limits<uint64_t>::max() - next_workspace_;
  if (size == 0U || size > limit - (kAlign - 1U)) {
    return false;
  }
  index = workspace_sizes_.size();
  addr = next_workspace_;
  next_workspace_ += (static_cast<uint64_t>(size) + kAlign - 1U) / kAlign * kAlign;
  workspace_sizes_.push_back(size);
  return true;
}

bool AnnotatedArgsContext::AddLaunch(const AnnotatedKernelLaunchInfo &info,
                                     std::vector<KernelArgSlot> args) {
  if (!info.IsValid() || info.GetStreamId() != stream_id_) {
    return false;
  }
  launches_.push_back(KernelLaunch{info, std::move(args)});
  return true;
}

}  // namespace custom_op
}  // namespace ge
