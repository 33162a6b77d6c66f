// The thread-local "which Python pass is being created" context.
// PassRegistry::CreatePass installs it around the creator, so the single shared creator of
// all Python passes (a bare function pointer, no closure) knows which descriptor to build.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_CREATE_CONTEXT_H_
#define GE_PYTHON_PASS_PYTHON_PASS_CREATE_CONTEXT_H_

#include <string>

#include "pass/pass_registry.h"
#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {

struct PythonPassCreateContext {
  std::string descriptor_key;
  std::string pass_name;
  PythonPassKind kind = PythonPassKind::kFusionBase;

  bool IsValid() const { return !descriptor_key.empty() && !pass_name.empty(); }
};

/// Installs `context` for this thread (an invalid context clears it).
void SetCurrentPythonPassCreateContext(const PythonPassCreateContext &context);
/// False when no valid context is installed on this thread.
bool GetCurrentPythonPassCreateContext(PythonPassCreateContext &context);
void ClearCurrentPythonPassCreateContext();

/// RAII: installs a context and restores the previous one (or none) on exit; nests.
class PythonPassCreateScope : public fusion::PassCreateScope {
 public:
  explicit PythonPassCreateScope(const PythonPassCreateContext &context);
  ~PythonPassCreateScope() override;
  PythonPassCreateScope(const PythonPassCreateScope &) = delete;
  PythonPassCreateScope &operator=(const PythonPassCreateScope &) = delete;

 private:
  PythonPassCreateContext previous_;
  bool had_previous_ = false;
};

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_CREATE_CONTEXT_H_
