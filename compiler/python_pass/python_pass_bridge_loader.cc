// PythonFusionPassBridgeLoader implementation.
#include "python_pass/python_pass_bridge_loader.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>

#include "common/error.h"
#include "common/log.h"
#include "python_bridge/bridge_library.h"
#include "python_pass/python_pass_registration.h"

namespace ge {
namespace python_pass {
namespace {

constexpr const char *kBridgeUser = "python passes";

long long MicrosecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

}  // namespace

bool IsPythonPassStrictMode() {
  const char *value = std::getenv(kPythonPassStrictEnv);
  if (value == nullptr) {
    return false;
  }
  std::string text = value;
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text == "1" || text == "true" || text == "yes" || text == "on";
}

PythonFusionPassBridgeLoader &PythonFusionPassBridgeLoader::Instance() {
  static PythonFusionPassBridgeLoader instance;
  return instance;
}

bool PythonFusionPassBridgeLoader::IsLoaded() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return api_ != nullptr;
}

std::string PythonFusionPassBridgeLoader::GetLoadedPath() const {
  return python_bridge::BridgeLibrary::Instance().GetLoadedPath();
}

Status PythonFusionPassBridgeLoader::Register(bool strict) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    python_bridge::BridgeLibrary &library = python_bridge::BridgeLibrary::Instance();
    if (library.Acquire(kBridgeUser) != SUCCESS) {
      return FAILED;
    }
    api_ = library.PassApi();
  }
  char *error = nullptr;
  const PythonFusionPassRegistrar registrar = GetPythonPassRegistrar(strict);
  // The bridge's own log lines split this into interpreter start, module imports and plugins.
  const auto start = std::chrono::steady_clock::now();
  const uint32_t registered = api_->register_passes(&registrar, &error);
  GELOGI("[PythonPass] Cold start: bridge register_passes took %lld us.", MicrosecondsSince(start));
  if (registered != GE_PY_PASS_SUCCESS) {
    const std::string reason = TakeBridgeString(error);
    return Fail("Register python passes failed" + (reason.empty() ? "" : ": " + reason));
  }
  return SUCCESS;
}

Status PythonFusionPassBridgeLoader::Unload() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ != nullptr) {
    api_->reset_bridge_state();
  }
  ClearPythonPasses();
  GELOGI("Unload python passes with bridge library[%s], keep bridge loaded for process reuse.",
         python_bridge::BridgeLibrary::Instance().GetLoadedPath().c_str());
  return SUCCESS;
}

void PythonFusionPassBridgeLoader::ShutdownForProcess() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    return;
  }
  // C++ registrations go before the code behind their callbacks is unloaded.
  ClearPythonPasses();
  api_ = nullptr;
  python_bridge::BridgeLibrary::Instance().Release(kBridgeUser);
}

Status RegisterPythonPassesFromPlugin(bool strict) {
  strict = strict || IsPythonPassStrictMode();
  if (PythonFusionPassBridgeLoader::Instance().Register(strict) == SUCCESS) {
    return SUCCESS;
  }
  const std::string reason = GetLastError();
  if (strict) {
    return Fail(reason);
  }
  // Python passes are optional: report loudly and keep compiling with the C++ passes.
  GELOGE(
      "Python passes are disabled for this compile (set %s=1 or the option ge.pyPassStrict=1 "
      "to make this an error): %s",
      kPythonPassStrictEnv, reason.c_str());
  (void)PythonFusionPassBridgeLoader::Instance().Unload();
  return SUCCESS;
}

Status UnloadPythonPasses() { return PythonFusionPassBridgeLoader::Instance().Unload(); }

void ShutdownPythonPassesForProcess() {
  PythonFusionPassBridgeLoader::Instance().ShutdownForProcess();
}

}  // namespace python_pass
}  // namespace ge
