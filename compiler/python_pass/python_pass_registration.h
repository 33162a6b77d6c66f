// Landing of Python pass registrations coming from the bridge: the
// descriptor goes into the runtime registry and the pass name into PassRegistry with the shared
// creator, tagged so that one call removes every Python pass again.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_REGISTRATION_H_
#define GE_PYTHON_PASS_PYTHON_PASS_REGISTRATION_H_

#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {

/// PassRegistry owner tag of every Python pass registration.
constexpr const char *kPythonPassRegistrationOwner = "<python passes>";

/// Registers one Python pass; false (with the reason as last error) when the descriptor or
/// callbacks are invalid, the key is taken, or a pass of that name already exists.
bool RegisterPythonPass(const PythonPassInfo &descriptor,
                        const PythonFusionPassCallbacks &callbacks);
/// The registrar handed to the bridge: register_pass converts the ABI descriptor and calls
/// RegisterPythonPass; log writes through the compiler's logging module.
PythonFusionPassRegistrar GetPythonPassRegistrar(bool strict);
/// Removes every Python pass from PassRegistry and the runtime registry.
void ClearPythonPasses();

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_REGISTRATION_H_
