// PythonFusionPassBridgeLoader implementation.
#include "python_pass/python_pass_bridge_loader.h"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "common/error.h"
#include "common/log.h"
#include "python_pass/python_interpreter_files.h"
#include "python_pass/python_pass_registration.h"

namespace ge {
namespace python_pass {
namespace {

constexpr const char *kFallbackMarker = "__GE_PYTHON_PASS_FALLBACK_ROOT__=";

long long MicrosecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

std::string DlError() {
  const char *error = dlerror();
  return error == nullptr ? "unknown error" : error;
}

std::string Join(const std::vector<std::string> &items, const char *separator) {
  std::string text;
  for (const std::string &item : items) {
    text += (text.empty() ? "" : separator) + item;
  }
  return text;
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

const char *BridgeLoadStatusText(BridgeLoadStatus status) {
  switch (status) {
    case BridgeLoadStatus::kSuccess: return "success";
    case BridgeLoadStatus::kInvalidDependency: return "invalid dependency";
    case BridgeLoadStatus::kInvalidPath: return "invalid path";
    case BridgeLoadStatus::kOpenFailed: return "open failed";
    case BridgeLoadStatus::kRuntimeMismatch: return "runtime mismatch";
    case BridgeLoadStatus::kMissingApiSymbol: return "missing api symbol";
    case BridgeLoadStatus::kInvalidApi: return "invalid api";
    case BridgeLoadStatus::kSetArtifactConfigFailed: return "set artifact config failed";
  }
  return "unknown";
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
  std::lock_guard<std::mutex> lock(mutex_);
  return loaded_path_;
}

BridgeLoadStatus PythonFusionPassBridgeLoader::TryLoad(const PythonPassArtifact &artifact,
                                                       const PythonRuntimeKey &key,
                                                       std::string &detail) {
  if (artifact.bridge_path.empty() || artifact.native_path.empty()) {
    return BridgeLoadStatus::kInvalidPath;
  }
  // RTLD_GLOBAL: the extension modules the bridge imports must see the libpython it pulls in.
  void *handle = dlopen(artifact.bridge_path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    detail = ", dlerror[" + DlError() + "]";
    return BridgeLoadStatus::kOpenFailed;
  }
  const PythonRuntimeKey loaded = GetLoadedPythonRuntimeKey();
  if (!IsCompatiblePythonTag(loaded.python_tag, key.python_tag) ||
      loaded.python_tag != artifact.python_tag) {
    detail = ", loaded python[" + loaded.python_tag + "] target[" + key.python_tag + "]";
    (void)dlclose(handle);
    return BridgeLoadStatus::kRuntimeMismatch;
  }
  auto get_api = reinterpret_cast<GetPythonFusionPassBridgeApiFn>(
      dlsym(handle, GE_PYTHON_PASS_BRIDGE_GET_API_SYMBOL));
  if (get_api == nullptr) {
    (void)dlclose(handle);
    return BridgeLoadStatus::kMissingApiSymbol;
  }
  const PythonFusionPassBridgeApi *api = get_api();
  if (api == nullptr || api->abi_version != GE_PYTHON_PASS_BRIDGE_ABI_VERSION ||
      api->set_artifact_config == nullptr || api->register_passes == nullptr ||
      api->reset_bridge_state == nullptr || api->shutdown_bridge == nullptr) {
    (void)dlclose(handle);
    return BridgeLoadStatus::kInvalidApi;
  }
  PythonFusionPassBridgeArtifactConfig config;
  config.artifact_root = artifact.root.c_str();
  config.native_module_path = artifact.native_path.c_str();
  config.python_executable = key.python_executable.c_str();
  char *error = nullptr;
  if (api->set_artifact_config(&config, &error) != GE_PY_PASS_SUCCESS) {
    detail = ", reason[" + TakeBridgeString(error) + "]";
    (void)dlclose(handle);
    return BridgeLoadStatus::kSetArtifactConfigFailed;
  }
  handle_ = handle;
  api_ = api;
  loaded_path_ = artifact.bridge_path;
  return BridgeLoadStatus::kSuccess;
}

std::string PythonFusionPassBridgeLoader::RunFallbackCodegen(const PythonRuntimeKey &key,
                                                             std::string &detail) {
  const std::string command = FallbackPythonCommand(key);
  GELOGI("[PythonPass] Running fallback codegen with %s.", command.c_str());
  const std::string shell = command +
                            " -c \"import sys, traceback\n"
                            "try:\n"
                            "    from ge.passes.runtime import run_fallback_codegen\n"
                            "    print('" +
                            kFallbackMarker +
                            "' + str(run_fallback_codegen().root))\n"
                            "except Exception:\n"
                            "    traceback.print_exc()\n"
                            "    sys.exit(1)\" 2>&1";
  FILE *pipe = popen(shell.c_str(), "r");
  if (pipe == nullptr) {
    detail = "cannot start `" + command + "`";
    return "";
  }
  std::string output;
  char buffer[512];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) {
    output.append(buffer, n);
  }
  const int status = pclose(pipe);
  const size_t marker = output.find(kFallbackMarker);
  if (status != 0 || marker == std::string::npos) {
    detail = "`" + command + "` fallback codegen failed: " + output;
    while (!detail.empty() && (detail.back() == '\n' || detail.back() == '\r')) {
      detail.pop_back();
    }
    return "";
  }
  std::string root = output.substr(marker + std::string(kFallbackMarker).size());
  root = root.substr(0, root.find('\n'));
  return root;
}

Status PythonFusionPassBridgeLoader::LoadBridge(const PythonRuntimeKey &key) {
  // Before any bridge: the bridge links libpython, and without Python in the process only its
  // RUNPATH (the build machine's interpreter) would say where that library is.
  std::string preload_error;
  if (!PreloadTargetLibpython(key, preload_error)) {
    return Fail("Load python pass bridge library failed: " + preload_error + ".");
  }
  // No package root: the loader does not know which `ge` package a Python process imported.
  // ge.passes.runtime adds its own, which the installed, run-package and PYTHONPATH layouts
  // already list.
  const ArtifactSelection selection = SelectArtifacts(key.python_tag, CompilerLibraryDir(), "");
  for (const std::string &reason : selection.rejected) {
    GELOGI("[PythonPass] Rejected artifact set %s.", reason.c_str());
  }
  std::vector<std::string> tried;
  for (const PythonPassArtifact &artifact : selection.candidates) {
    std::string detail;
    const BridgeLoadStatus status = TryLoad(artifact, key, detail);
    if (status == BridgeLoadStatus::kSuccess) {
      GELOGI("[PythonPass] Loaded python pass bridge[%s] for %s (%s).", loaded_path_.c_str(),
             key.python_tag.c_str(), key.source.c_str());
      return SUCCESS;
    }
    GELOGI(
        "Skip python pass bridge candidate[%s], artifact_root[%s], native_module[%s], "
        "status[%s]%s.",
        artifact.bridge_path.c_str(), artifact.root.c_str(), artifact.native_path.c_str(),
        BridgeLoadStatusText(status), detail.c_str());
    tried.push_back(artifact.bridge_path + " (" + BridgeLoadStatusText(status) + detail + ")");
  }
  std::string fallback_detail = "no python tag";
  if (!key.python_tag.empty()) {
    const std::string root = RunFallbackCodegen(key, fallback_detail);
    PythonPassArtifact generated;
    std::string reason;
    if (!root.empty() && LoadArtifactManifest(root + "/manifest.json", generated, reason)) {
      std::string detail;
      const BridgeLoadStatus status = TryLoad(generated, key, detail);
      if (status == BridgeLoadStatus::kSuccess) {
        GELOGI("[PythonPass] Loaded fallback python pass bridge[%s].", loaded_path_.c_str());
        return SUCCESS;
      }
      fallback_detail = generated.bridge_path + " (" + BridgeLoadStatusText(status) + detail + ")";
    } else if (!root.empty()) {
      fallback_detail = reason;
    }
  }
  std::vector<std::string> available;
  for (const PythonPassArtifact &set : selection.sets) {
    available.push_back(set.python_tag + "-" + set.platform + " at " + set.root);
  }
  return Fail("Load python pass bridge library failed. Target python[" +
              (key.python_tag.empty() ? std::string("unresolved") : key.python_tag) + "] from " +
              key.source + ", platform[" + CurrentPlatformTag() + "]; searched roots[" +
              Join(selection.roots, ", ") + "]; available sets[" + Join(available, "; ") +
              "]; tried[" + Join(tried, "; ") + "]; fallback codegen: " + fallback_detail +
              ". Install the ge_py_pass_bridge wheel for this Python or set " + kArtifactRootEnv +
              ".");
}

Status PythonFusionPassBridgeLoader::Register(bool strict) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    const PythonRuntimeKey key = ResolveTargetPythonRuntimeKey();
    const auto start = std::chrono::steady_clock::now();
    if (LoadBridge(key) != SUCCESS) {
      return FAILED;
    }
    GELOGI("[PythonPass] Cold start: libpython preload and bridge dlopen took %lld us.",
           MicrosecondsSince(start));
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
         loaded_path_.c_str());
  return SUCCESS;
}

void PythonFusionPassBridgeLoader::ShutdownForProcess() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    return;
  }
  // C++ registrations go before the code behind their callbacks is unloaded; Python objects are
  // released (and an interpreter the bridge started is finalised) before dlclose.
  ClearPythonPasses();
  api_->shutdown_bridge();
  api_ = nullptr;
  if (handle_ != nullptr && dlclose(handle_) != 0) {
    GELOGW("Close python pass bridge library failed: %s", DlError().c_str());
  }
  handle_ = nullptr;
  loaded_path_.clear();
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
