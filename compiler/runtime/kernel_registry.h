// KernelRegistry: host-CPU kernels keyed by op type. Built-in kernels are registered explicitly by
// RegisterBuiltinKernels() when the registry is first used (no static registrars that link order
// could drop).
#ifndef GE_RUNTIME_KERNEL_REGISTRY_H_
#define GE_RUNTIME_KERNEL_REGISTRY_H_

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "runtime/kernel_context.h"

namespace ge {
namespace runtime {

/// A kernel reads ctx inputs/attributes and sets every output. Returns FAILED with ctx.Error(...).
using KernelFn = Status (*)(KernelContext &ctx);

struct KernelDef {
  KernelFn fn = nullptr;
  /// float16/bfloat16 inputs are converted to float before the kernel runs, and float outputs are
  /// converted back when every floating input had the same half type (docs/runtime.md).
  bool half_via_float = false;
};

class KernelRegistry {
 public:
  static KernelRegistry &Instance();
  /// Adds or replaces the kernel of `type`.
  void Register(const std::string &type, KernelDef def);
  /// Removes the kernel of `type` (kernels registered at run time, e.g. Python custom ops); a
  /// pointer Find gave for it becomes invalid.
  void Unregister(const std::string &type);
  /// nullptr when no kernel exists for `type`. The pointer stays valid until `type` is replaced.
  const KernelDef *Find(const std::string &type) const;
  /// Types with a kernel, sorted.
  std::vector<std::string> ListTypes() const;

 private:
  KernelRegistry();
  mutable std::mutex mutex_;
  std::map<std::string, KernelDef> kernels_;
};

/// Node types the executor handles itself (Data, Const, NetOutput, ...): no kernel needed.
bool IsPlumbingType(const std::string &type);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_KERNEL_REGISTRY_H_
