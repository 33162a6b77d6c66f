// Pass plugins: C++ custom pass libraries found under the OPP path, plus (through a registrable
// hook) the Python pass chain, behind one reference-counted LoadPassPlugins / UnloadPassPlugins
// pair (spec compiler.md §6.8, §7; seed 000 §8.9.5).
//
// Discovery: <opp>/vendors/<vendor>/custom_fusion_passes/*.so (vendors and files in name order,
// not recursive). <opp> = $ASCEND_OPP_PATH, else <dir of libge_compiler.so>/../opp.
#ifndef GE_LOADER_PASS_PLUGIN_LOADER_H_
#define GE_LOADER_PASS_PLUGIN_LOADER_H_

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"

namespace ge {

/// The Python chain, installed by the Python bridge loader. `load` runs when
/// ASCEND_GE_PY_PASS_PATH is non-empty; `unload` ends one round (keeps the interpreter);
/// `shutdown_for_process` runs once per process when the last user unloads.
struct PythonPassPluginHooks {
  Status (*load)() = nullptr;
  Status (*unload)() = nullptr;
  void (*shutdown_for_process)() = nullptr;
};

class PassPluginLoader {
 public:
  /// Python hooks default to the real bridge loader (compiler/python_pass).
  PassPluginLoader();
  static PassPluginLoader &Instance();
  /// First user: loads the C++ libraries (any failure unloads what this call loaded and fails
  /// with "Failed to load <path>: <dlerror>"), then the Python chain if configured. Every call
  /// adds one user.
  Status Load();
  /// Last user: Python chain unload, C++ libraries unloaded (their registrations removed before
  /// dlclose), then the once-per-process Python shutdown. Extra calls only warn.
  Status Unload();
  void SetPythonHooks(const PythonPassPluginHooks &hooks);
  int GetActiveUsers() const;
  /// Paths of the C++ plugin libraries currently loaded, in load order.
  std::vector<std::string> GetLoadedLibraries() const;

 private:
  Status LoadCppPlugins();
  void UnloadCppPlugins();

  mutable std::mutex mutex_;
  int active_users_ = 0;
  bool cpp_pass_loaded_ = false;
  bool python_pass_loaded_ = false;
  bool shutdown_done_ = false;
  PythonPassPluginHooks python_hooks_;
  std::vector<std::pair<std::string, void *>> libraries_;
};

/// The OPP root used for discovery (with a trailing '/').
std::string GetOppPath();

Status LoadPassPlugins();
Status UnloadPassPlugins();

}  // namespace ge

#endif  // GE_LOADER_PASS_PLUGIN_LOADER_H_
