// Python pass registration: runtime registry + PassRegistry, with the TLS create-scope hook.
#include "python_pass/python_pass_registration.h"

#include <memory>

#include "common/error.h"
#include "common/log.h"
#include "pass/pass_registry.h"
#include "python_pass/python_pass_adapters.h"
#include "python_pass/python_pass_create_context.h"
#include "python_pass/python_pass_runtime_registry.h"

namespace ge {
namespace python_pass {
namespace {

/// PassRegistry's create-scope hook: a Python pass gets its descriptor installed in TLS while its
/// (shared) creator runs; other passes get no scope.
std::unique_ptr<fusion::PassCreateScope> MakePythonPassCreateScope(const std::string &pass_name) {
  PythonPassDescriptor descriptor;
  if (!PythonPassRuntimeRegistry::Instance().FindByPassName(pass_name, descriptor)) {
    return nullptr;
  }
  PythonPassCreateContext context{descriptor.descriptor_key, descriptor.pass_name, descriptor.kind};
  return std::make_unique<PythonPassCreateScope>(context);
}

bool RegisterFromBridge(const PythonPassDescriptor *descriptor,
                        const PythonFusionPassCallbacks *callbacks) {
  if (descriptor == nullptr || callbacks == nullptr) {
    (void)Fail("Python pass registration without descriptor or callbacks.");
    return false;
  }
  return RegisterPythonPass(*descriptor, *callbacks);
}

}  // namespace

bool RegisterPythonPass(const PythonPassDescriptor &descriptor,
                        const PythonFusionPassCallbacks &callbacks) {
  auto &runtime_registry = PythonPassRuntimeRegistry::Instance();
  if (runtime_registry.Register(descriptor, callbacks) != SUCCESS) {
    return false;
  }
  auto &pass_registry = fusion::PassRegistry::GetInstance();
  pass_registry.SetCreateScopeHook(&MakePythonPassCreateScope);
  if (pass_registry.HasFusionPass(descriptor.pass_name)) {
    (void)runtime_registry.Unregister(descriptor.descriptor_key);
    (void)Fail("Python pass[" + descriptor.pass_name + "] (" + descriptor.descriptor_key +
               ") has the same name as an already registered fusion pass.");
    return false;
  }
  pass_registry.SetRegistrationOwner(kPythonPassRegistrationOwner);
  const bool registered =
      pass_registry.RegisterFusionPass(fusion::FusionPassRegistrationData(descriptor.pass_name)
                                           .Stage(descriptor.stage)
                                           .CreatePassFn(&CreatePythonPassAdapter));
  pass_registry.SetRegistrationOwner("");
  if (!registered) {
    (void)runtime_registry.Unregister(descriptor.descriptor_key);
    (void)Fail("Python pass[" + descriptor.pass_name + "] could not be registered.");
    return false;
  }
  GELOGI("[PythonPass] Registered pass[%s], kind[%s], stage[%s], descriptor_key[%s].",
         descriptor.pass_name.c_str(), PythonPassKindName(descriptor.kind),
         CustomPassStageName(descriptor.stage), descriptor.descriptor_key.c_str());
  return true;
}

const PythonFusionPassRegistrar *GetPythonPassRegistrar() {
  static const PythonFusionPassRegistrar registrar{&RegisterFromBridge};
  return &registrar;
}

void ClearPythonPasses() {
  const size_t removed =
      fusion::PassRegistry::GetInstance().RemoveRegistrationsOf(kPythonPassRegistrationOwner);
  PythonPassRuntimeRegistry::Instance().Clear();
  GELOGI("[PythonPass] Cleared %zu python pass registration(s).", removed);
}

}  // namespace python_pass
}  // namespace ge
