// PythonPassRuntimeRegistry implementation.
#include "python_pass/python_pass_runtime_registry.h"

#include "common/error.h"
#include "common/log.h"

namespace ge {
namespace python_pass {

PythonPassRuntimeRegistry &PythonPassRuntimeRegistry::Instance() {
  static PythonPassRuntimeRegistry instance;
  return instance;
}

Status PythonPassRuntimeRegistry::Register(const PythonPassInfo &descriptor,
                                           const PythonFusionPassCallbacks &callbacks) {
  if (!descriptor.IsValid()) {
    return Fail("Python pass descriptor is invalid: descriptor_key and pass_name must be set.");
  }
  if (!AreCallbacksComplete(callbacks, descriptor.kind)) {
    return Fail(FormatString("Python pass[%s] has incomplete bridge callbacks for kind[%s].",
                             descriptor.pass_name.c_str(), PythonPassKindName(descriptor.kind)));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (entries_.count(descriptor.descriptor_key) != 0U) {
    return Fail(FormatString("Python pass descriptor_key[%s] is already registered.",
                             descriptor.descriptor_key.c_str()));
  }
  entries_.emplace(descriptor.descriptor_key, Entry{descriptor, callbacks, 0});
  return SUCCESS;
}

bool PythonPassRuntimeRegistry::Acquire(const std::string &descriptor_key,
                                        PythonPassInfo &descriptor,
                                        PythonFusionPassCallbacks &callbacks) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(descriptor_key);
  if (it == entries_.end()) {
    return false;
  }
  ++it->second.active_adapters;
  descriptor = it->second.descriptor;
  callbacks = it->second.callbacks;
  return true;
}

void PythonPassRuntimeRegistry::Release(const std::string &descriptor_key) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(descriptor_key);
  if (it != entries_.end() && it->second.active_adapters > 0) {
    --it->second.active_adapters;
  }
}

Status PythonPassRuntimeRegistry::Unregister(const std::string &descriptor_key) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(descriptor_key);
  if (it == entries_.end()) {
    return SUCCESS;
  }
  if (it->second.active_adapters > 0) {
    return Fail(
        FormatString("Python pass descriptor_key[%s] is still in use.", descriptor_key.c_str()));
  }
  entries_.erase(it);
  return SUCCESS;
}

void PythonPassRuntimeRegistry::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto &entry : entries_) {
    if (entry.second.active_adapters > 0) {
      GELOGW("[PythonPass] Clearing descriptor[%s] while %d adapter(s) still use it.",
             entry.first.c_str(), entry.second.active_adapters);
    }
  }
  entries_.clear();
}

bool PythonPassRuntimeRegistry::FindByPassName(const std::string &pass_name,
                                               PythonPassInfo &descriptor) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto &entry : entries_) {
    if (entry.second.descriptor.pass_name == pass_name) {
      descriptor = entry.second.descriptor;
      return true;
    }
  }
  return false;
}

size_t PythonPassRuntimeRegistry::Size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

int PythonPassRuntimeRegistry::ActiveAdapterCount(const std::string &descriptor_key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(descriptor_key);
  return it == entries_.end() ? 0 : it->second.active_adapters;
}

}  // namespace python_pass
}  // namespace ge
