// Python pass registration: runtime registry + PassRegistry, with the TLS create-scope hook.
#include "python_pass/python_pass_registration.h"

#include <cstring>
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
  PythonPassInfo descriptor;
  if (!PythonPassRuntimeRegistry::Instance().FindByPassName(pass_name, descriptor)) {
    return nullptr;
  }
  PythonPassCreateContext context{descriptor.descriptor_key, descriptor.pass_name, descriptor.kind};
  return std::make_unique<PythonPassCreateScope>(context);
}

int RegisterFromBridge(const PythonPassDescriptor *descriptor,
                       const PythonFusionPassCallbacks *callbacks, char **error) {
  std::string reason;
  PythonPassInfo info;
  if (callbacks == nullptr) {
    reason = "Python pass registration without callbacks.";
  } else if (PythonPassInfo::FromAbi(descriptor, info, reason) &&
             RegisterPythonPass(info, *callbacks)) {
    return 1;
  } else if (reason.empty()) {
    reason = GetLastError();
  }
  if (error != nullptr) {
    *error = strdup(reason.c_str());
  }
  return 0;
}

void LogFromBridge(int level, const char *message) {
  if (level < static_cast<int>(LogLevel::kDebug) || level > static_cast<int>(LogLevel::kError)) {
    level = static_cast<int>(LogLevel::kError);
  }
  const auto log_level = static_cast<LogLevel>(level);
  if (IsLogEnabled(log_level)) {
    LogMessage(log_level, "GE", std::string("[PythonPass] ") + (message == nullptr ? "" : message));
  }
}

}  // namespace

bool RegisterPythonPass(const PythonPassInfo &descriptor,
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
  fusion::FusionPassRegistrationData reg_data(descriptor.pass_name);
  reg_data.Stage(descriptor.stage).CreatePassFn(&CreatePythonPassAdapter);
  if (descriptor.max_runs > 1U) {
    reg_data.RepeatUntilUnchanged(descriptor.max_runs);
  }
  const bool registered = pass_registry.RegisterFusionPass(reg_data);
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

PythonFusionPassRegistrar GetPythonPassRegistrar(bool strict) {
  return PythonFusionPassRegistrar{&RegisterFromBridge, &LogFromBridge, strict ? 1 : 0};
}

void ClearPythonPasses() {
  const size_t removed =
      fusion::PassRegistry::GetInstance().RemoveRegistrationsOf(kPythonPassRegistrationOwner);
  PythonPassRuntimeRegistry::Instance().Clear();
  GELOGI("[PythonPass] Cleared %zu python pass registration(s).", removed);
}

}  // namespace python_pass
}  // namespace ge
