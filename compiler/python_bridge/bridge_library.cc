// BridgeLibrary implementation.
#include "python_bridge/bridge_library.h"

#include <dlfcn.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "python_bridge/python_interpreter_files.h"

namespace ge {
namespace python_bridge {
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

std::string TakeBridgeString(char *text) {
  if (text == nullptr) {
    return "";
  }
  std::string result = text;
  std::free(text);
  return result;
}

BridgeLibrary &BridgeLibrary::Instance() {
  static BridgeLibrary instance;
  return instance;
}

bool BridgeLibrary::IsLoaded() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return api_ != nullptr;
}

std::string BridgeLibrary::GetLoadedPath() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return loaded_path_;
}

void *BridgeLibrary::Symbol(const char *symbol) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return handle_ == nullptr ? nullptr : dlsym(handle_, symbol);
}

const PythonFusionPassBridgeApi *BridgeLibrary::PassApi() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return api_;
}

BridgeLoadStatus BridgeLibrary::TryLoad(const PythonArtifactSet &artifact,
                                        const PythonRuntimeKey &key, std::string &detail) {
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

std::string BridgeLibrary::RunFallbackCodegen(const PythonRuntimeKey &key, std::string &detail) {
  const std::string command = FallbackPythonCommand(key);
  GELOGI("[PythonBridge] Running fallback codegen with %s.", command.c_str());
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

Status BridgeLibrary::Load(const PythonRuntimeKey &key) {
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
    GELOGI("[PythonBridge] Rejected artifact set %s.", reason.c_str());
  }
  std::vector<std::string> tried;
  for (const PythonArtifactSet &artifact : selection.candidates) {
    std::string detail;
    const BridgeLoadStatus status = TryLoad(artifact, key, detail);
    if (status == BridgeLoadStatus::kSuccess) {
      GELOGI("[PythonBridge] Loaded python pass bridge[%s] for %s (%s).", loaded_path_.c_str(),
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
    PythonArtifactSet generated;
    std::string reason;
    if (!root.empty() && LoadArtifactManifest(root + "/manifest.json", generated, reason)) {
      std::string detail;
      const BridgeLoadStatus status = TryLoad(generated, key, detail);
      if (status == BridgeLoadStatus::kSuccess) {
        GELOGI("[PythonBridge] Loaded fallback python pass bridge[%s].", loaded_path_.c_str());
        return SUCCESS;
      }
      fallback_detail = generated.bridge_path + " (" + BridgeLoadStatusText(status) + detail + ")";
    } else if (!root.empty()) {
      fallback_detail = reason;
    }
  }
  std::vector<std::string> available;
  for (const PythonArtifactSet &set : selection.sets) {
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

Status BridgeLibrary::Acquire(const std::string &user) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr) {
    const PythonRuntimeKey key = ResolveTargetPythonRuntimeKey();
    const auto start = std::chrono::steady_clock::now();
    if (Load(key) != SUCCESS) {
      return FAILED;
    }
    GELOGI("[PythonBridge] Cold start: libpython preload and bridge dlopen took %lld us.",
           MicrosecondsSince(start));
  }
  users_.insert(user);
  return SUCCESS;
}

void BridgeLibrary::Release(const std::string &user) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.erase(user) == 0 || !users_.empty() || api_ == nullptr) {
    return;
  }
  // Python objects are released (and an interpreter the bridge started is finalised) before
  // the code behind them is unloaded.
  api_->shutdown_bridge();
  api_ = nullptr;
  if (handle_ != nullptr && dlclose(handle_) != 0) {
    GELOGW("Close python pass bridge library failed: %s", DlError().c_str());
  }
  handle_ = nullptr;
  loaded_path_.clear();
}

}  // namespace python_bridge
}  // namespace ge
