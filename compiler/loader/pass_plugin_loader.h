// Pass plugins: C++ custom pass libraries found under the OPP path, plus (through a registrable
// hook) the Python pass chain, behind one reference-counted LoadPassPlugins / UnloadPassPlugins
// pair, as GE's PassPluginLoader.
//
// Discovery: <opp>/vendors/<vendor>/custom_fusion_passes/*.so (vendors and files in name order,
// not recursive). <opp> = $ASCEND_OPP_PATH, else <dir of libge_compiler.so>/../opp.
#ifndef GE_LOADER_PASS_PLUGIN_LOADER_H_
#define GE_LOADER_PASS_PLUGIN_LOADER_H_

#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"

namespace ge {

/// The Python chain (compiler/python_pass). `load` runs when ASCEND_GE_PY_PASS_PATH is non-empty
/// (`strict`: failures are errors instead of warnings); `unload` ends one round (Python state
/// reset, bridge and interpreter kept); `shutdown_for_process` closes the bridge (finalising an
/// interpreter it started) and runs at process exit or from ShutdownForProcess().
struct PythonPassPluginHooks {
  Status (*load)(bool strict) = nullptr;
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
  /// adds one user. `strict` (or GE_PY_PASS_STRICT=1): Python chain failures fail the load. A
  /// later user that sees another ASCEND_GE_PY_PASS_PATH gets a warning (once per value and
  /// round): the round keeps the passes it loaded.
  Status Load(bool strict = false);
  /// Last user: Python chain unload (pass state reset), C++ libraries unloaded (their
  /// registrations removed before dlclose). Load/Unload rounds can repeat any number of times;
  /// the bridge and the interpreter stay until ShutdownForProcess(). Extra calls only warn.
  Status Unload();
  /// Closes the Python bridge (idempotent; also registered with atexit once a bridge was used).
  void ShutdownForProcess();
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
  bool python_used_ = false;
  PythonPassPluginHooks python_hooks_;
  std::vector<std::pair<std::string, void *>> libraries_;
  std::string round_py_path_;              // ASCEND_GE_PY_PASS_PATH when the round began
  std::set<std::string> warned_py_paths_;  // other values already warned about this round
};

/// The OPP root used for discovery (with a trailing '/').
std::string GetOppPath();

Status LoadPassPlugins(bool strict = false);
Status UnloadPassPlugins();

}  // namespace ge

#endif  // GE_LOADER_PASS_PLUGIN_LOADER_H_
