// The runtime registry of Python pass descriptors: one entry per
// descriptor_key with the bridge callbacks and a count of live adapters. PassRegistry only knows
// the pass name and the shared creator; everything Python-specific is looked up here.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_RUNTIME_REGISTRY_H_
#define GE_PYTHON_PASS_PYTHON_PASS_RUNTIME_REGISTRY_H_

#include <map>
#include <mutex>
#include <string>

#include "ge/ge_error_codes.h"
#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {

class PythonPassRuntimeRegistry {
 public:
  static PythonPassRuntimeRegistry &Instance();

  /// Fails (with a message) for an invalid descriptor, callbacks incomplete for its kind, or a
  /// key that is already registered.
  Status Register(const PythonPassInfo &descriptor, const PythonFusionPassCallbacks &callbacks);
  /// Counts one more user of `descriptor_key` and copies its entry; false when unknown.
  bool Acquire(const std::string &descriptor_key, PythonPassInfo &descriptor,
               PythonFusionPassCallbacks &callbacks);
  /// One user less (never below zero).
  void Release(const std::string &descriptor_key);
  /// Refused while adapters still use the entry.
  Status Unregister(const std::string &descriptor_key);
  /// Drops every entry, in use or not (end of a load round, adapters are gone by then).
  void Clear();

  bool FindByPassName(const std::string &pass_name, PythonPassInfo &descriptor) const;
  size_t Size() const;
  int ActiveAdapterCount(const std::string &descriptor_key) const;

 private:
  struct Entry {
    PythonPassInfo descriptor;
    PythonFusionPassCallbacks callbacks;
    int active_adapters = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_RUNTIME_REGISTRY_H_
