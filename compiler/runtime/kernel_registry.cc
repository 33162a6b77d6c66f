// KernelRegistry (see kernel_registry.h).
#include "runtime/kernel_registry.h"

#include <set>

#include "runtime/builtin_kernels.h"

namespace ge {
namespace runtime {

KernelRegistry::KernelRegistry() {
  RegisterElementwiseKernels(*this);
  RegisterUnaryKernels(*this);
  RegisterMatMulKernels(*this);
  RegisterConvKernels(*this);
  RegisterPoolKernels(*this);
  RegisterNormKernels(*this);
  RegisterSoftmaxKernels(*this);
  RegisterShapeKernels(*this);
  RegisterConcatSplitKernels(*this);
  RegisterGatherSliceKernels(*this);
  RegisterPadKernels(*this);
  RegisterReduceKernels(*this);
  RegisterFillKernels(*this);
  RegisterSelectionKernels(*this);
  RegisterResizeKernels(*this);
  RegisterEinsumKernels(*this);
  RegisterConv3DKernels(*this);
}

KernelRegistry &KernelRegistry::Instance() {
  static KernelRegistry registry;
  return registry;
}

void KernelRegistry::Register(const std::string &type, KernelDef def) {
  std::lock_guard<std::mutex> lock(mutex_);
  kernels_[type] = def;
}

void KernelRegistry::Unregister(const std::string &type) {
  std::lock_guard<std::mutex> lock(mutex_);
  kernels_.erase(type);
}

const KernelDef *KernelRegistry::Find(const std::string &type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = kernels_.find(type);
  return it == kernels_.end() ? nullptr : &it->second;
}

std::vector<std::string> KernelRegistry::ListTypes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> types;
  for (const auto &entry : kernels_) {
    types.push_back(entry.first);
  }
  return types;
}

bool IsPlumbingType(const std::string &type) {
  static const std::set<std::string> kTypes = {"Data",     "RefData",   "Const",
                                               "Constant", "NetOutput", "NoOp"};
  return kTypes.count(type) != 0;
}

}  // namespace runtime
}  // namespace ge
