// PassPluginLoader implementation.
#include "loader/pass_plugin_loader.h"

#include <dlfcn.h>

#include <cstdlib>

#include "common/error.h"
#include "common/file_utils.h"
#include "common/log.h"
#include "pass/custom_pass_helper.h"
#include "pass/pass_registry.h"
#include "python_pass/python_pass_bridge_loader.h"

namespace ge {
namespace {

bool EndsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::string GetOppPath() {
  const char *env = std::getenv("ASCEND_OPP_PATH");
  std::string path;
  if (env != nullptr && env[0] != '\0') {
    path = env;
  } else {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&GetOppPath), &info) != 0 && info.dli_fname != nullptr) {
      std::string lib = info.dli_fname;
      const size_t slash = lib.rfind('/');
      path = (slash == std::string::npos ? std::string(".") : lib.substr(0, slash)) + "/../opp";
    }
  }
  if (!path.empty() && path.back() != '/') {
    path.push_back('/');
  }
  return path;
}

PassPluginLoader::PassPluginLoader() {
  python_hooks_.load = &python_pass::RegisterPythonPassesFromPlugin;
  python_hooks_.unload = &python_pass::UnloadPythonPasses;
  python_hooks_.shutdown_for_process = &python_pass::ShutdownPythonPassesForProcess;
}

PassPluginLoader &PassPluginLoader::Instance() {
  static PassPluginLoader instance;
  return instance;
}

void PassPluginLoader::SetPythonHooks(const PythonPassPluginHooks &hooks) {
  std::lock_guard<std::mutex> lock(mutex_);
  python_hooks_ = hooks;
}

int PassPluginLoader::GetActiveUsers() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return active_users_;
}

std::vector<std::string> PassPluginLoader::GetLoadedLibraries() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> paths;
  for (const auto &library : libraries_) {
    paths.push_back(library.first);
  }
  return paths;
}

Status PassPluginLoader::LoadCppPlugins() {
  const std::string opp = GetOppPath();
  const std::string vendors = opp + "vendors";
  if (opp.empty() || !IsDirectory(vendors)) {
    GELOGI("No vendors directory under OPP path[%s], no C++ pass plugin to load.", opp.c_str());
    return SUCCESS;
  }
  for (const std::string &vendor : ListDirectory(vendors)) {
    const std::string dir = vendors + "/" + vendor + "/custom_fusion_passes";
    if (!IsDirectory(dir)) {
      continue;
    }
    for (const std::string &file : ListDirectory(dir)) {
      const std::string path = dir + "/" + file;
      if (!EndsWith(file, ".so") || IsDirectory(path)) {
        continue;
      }
      // Registrations made by the library's static initialisers are tagged with its path so
      // that unloading it removes them before its code goes away.
      fusion::PassRegistry::GetInstance().SetRegistrationOwner(path);
      CustomPassHelper::Instance().SetRegistrationOwner(path);
      void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      fusion::PassRegistry::GetInstance().SetRegistrationOwner("");
      CustomPassHelper::Instance().SetRegistrationOwner("");
      if (handle == nullptr) {
        const char *error = dlerror();
        const std::string message = FormatString("Failed to load %s: %s", path.c_str(),
                                                 error == nullptr ? "unknown error" : error);
        GELOGE("[E13029] %s", message.c_str());
        (void)fusion::PassRegistry::GetInstance().RemoveRegistrationsOf(path);
        (void)CustomPassHelper::Instance().RemoveRegistrationsOf(path);
        UnloadCppPlugins();
        return Fail(message);
      }
      GELOGI("Loaded C++ pass plugin[%s].", path.c_str());
      libraries_.emplace_back(path, handle);
    }
  }
  return SUCCESS;
}

void PassPluginLoader::UnloadCppPlugins() {
  while (!libraries_.empty()) {
    const auto library = libraries_.back();
    libraries_.pop_back();
    const size_t fusion_passes =
        fusion::PassRegistry::GetInstance().RemoveRegistrationsOf(library.first);
    const size_t custom_passes = CustomPassHelper::Instance().RemoveRegistrationsOf(library.first);
    if (dlclose(library.second) != 0) {
      const char *error = dlerror();
      GELOGW("Close C++ pass plugin[%s] failed: %s", library.first.c_str(),
             error == nullptr ? "unknown error" : error);
    }
    GELOGI("Unloaded C++ pass plugin[%s] (%zu fusion passes, %zu custom passes removed).",
           library.first.c_str(), fusion_passes, custom_passes);
  }
}

namespace {
void ShutdownPassPluginsAtExit() { PassPluginLoader::Instance().ShutdownForProcess(); }
}  // namespace

Status PassPluginLoader::Load(bool strict) {
  std::lock_guard<std::mutex> lock(mutex_);
  const char *py_env = std::getenv("ASCEND_GE_PY_PASS_PATH");
  const std::string py_path_now = py_env == nullptr ? "" : py_env;
  if (active_users_ > 0 && py_path_now != round_py_path_ &&
      warned_py_paths_.insert(py_path_now).second) {
    // A compile inside an initialized GE: its passes are those of the round's first load.
    GELOGW(
        "ASCEND_GE_PY_PASS_PATH is now '%s', but the Python passes of this GE initialization were "
        "loaded from '%s': passes load once per initialization, so the change takes effect after "
        "GEFinalize (or BuildFinalize) and the next initialization",
        py_path_now.c_str(), round_py_path_.c_str());
  }
  if (active_users_ == 0) {
    round_py_path_ = py_path_now;
    warned_py_paths_.clear();
    if (!cpp_pass_loaded_) {
      if (LoadCppPlugins() != SUCCESS) {
        GELOGE("Load C++ custom pass plugins failed.");
        return FAILED;
      }
      cpp_pass_loaded_ = true;
    }
    if (!py_path_now.empty() && !python_pass_loaded_) {
      if (python_hooks_.load == nullptr) {
        GELOGW(
            "ASCEND_GE_PY_PASS_PATH is set but no Python pass bridge is available in this "
            "process; Python passes are not loaded.");
      } else if (python_hooks_.load(strict) != SUCCESS) {
        const std::string reason = GetLastError();
        GELOGE("Load Python fusion pass plugins failed.");
        UnloadCppPlugins();
        cpp_pass_loaded_ = false;
        return Fail("Load Python fusion pass plugins failed: " + reason);
      } else {
        python_pass_loaded_ = true;
        if (!python_used_) {
          python_used_ = true;
          (void)std::atexit(&ShutdownPassPluginsAtExit);
        }
      }
    }
  }
  ++active_users_;
  return SUCCESS;
}

Status PassPluginLoader::Unload() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (active_users_ == 0) {
    GELOGW("UnloadPassPlugins called with no active users, possible reference leak.");
    return SUCCESS;
  }
  if (--active_users_ > 0) {
    return SUCCESS;
  }
  Status ret = SUCCESS;
  if (python_pass_loaded_) {
    python_pass_loaded_ = false;
    if (python_hooks_.unload != nullptr && python_hooks_.unload() != SUCCESS) {
      GELOGW("Unload Python fusion pass plugins failed: %s", GetLastError().c_str());
      ret = FAILED;
    }
  }
  if (cpp_pass_loaded_) {
    cpp_pass_loaded_ = false;
    UnloadCppPlugins();
  }
  return ret;
}

void PassPluginLoader::ShutdownForProcess() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!python_used_ || python_hooks_.shutdown_for_process == nullptr) {
    return;
  }
  python_hooks_.shutdown_for_process();
  GELOGI("[PythonPass] ShutdownPythonPassesForProcess done.");
}

Status LoadPassPlugins(bool strict) { return PassPluginLoader::Instance().Load(strict); }
Status UnloadPassPlugins() { return PassPluginLoader::Instance().Unload(); }

}  // namespace ge
