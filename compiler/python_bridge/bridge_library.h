// The one bridge library of the process (libge_python_pass_bridge.so of the artifact set that
// matches the target CPython), shared by every Python feature of the compiler: Python passes,
// Python ONNX plugins and Python custom ops each count as one user. Finding and loading it is done
// once: runtime key
// -> matching artifact sets -> fallback codegen, libpython preload, dlopen, set_artifact_config.
// The last user's Release shuts the bridge down (finalising an interpreter it started) and
// closes the library (docs/python_passes.md, "Interpreter ownership").
#ifndef GE_PYTHON_BRIDGE_BRIDGE_LIBRARY_H_
#define GE_PYTHON_BRIDGE_BRIDGE_LIBRARY_H_

#include <mutex>
#include <set>
#include <string>

#include "ge/ge_error_codes.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_bridge/artifact_sets.h"
#include "python_bridge/python_runtime_key.h"

namespace ge {
namespace python_bridge {

enum class BridgeLoadStatus {
  kSuccess,
  kInvalidDependency,
  kInvalidPath,
  kOpenFailed,
  kRuntimeMismatch,
  kMissingApiSymbol,
  kInvalidApi,
  kSetArtifactConfigFailed,
};
const char *BridgeLoadStatusText(BridgeLoadStatus status);

/// Takes a malloc'd string from the bridge (frees it); "" for NULL.
std::string TakeBridgeString(char *text);

class BridgeLibrary {
 public:
  static BridgeLibrary &Instance();

  /// Loads the library unless it is loaded, then records `user` (a user acquired twice counts
  /// once). FAILED with the reason as last error when no bridge can be loaded.
  Status Acquire(const std::string &user);
  /// The address of `symbol` in the loaded library; nullptr when none is loaded or it lacks it.
  void *Symbol(const char *symbol) const;
  /// The pass entry table of the loaded library (it carries the shared lifecycle functions).
  const PythonFusionPassBridgeApi *PassApi() const;
  /// Forgets `user`; after the last one: shutdown_bridge, then dlclose.
  void Release(const std::string &user);

  bool IsLoaded() const;
  std::string GetLoadedPath() const;

 private:
  Status Load(const PythonRuntimeKey &key);
  BridgeLoadStatus TryLoad(const PythonArtifactSet &artifact, const PythonRuntimeKey &key,
                           std::string &detail);
  /// Runs `ge.passes.runtime.run_fallback_codegen()` in a child interpreter; the set's root or "".
  std::string RunFallbackCodegen(const PythonRuntimeKey &key, std::string &detail);

  mutable std::mutex mutex_;
  void *handle_ = nullptr;
  const PythonFusionPassBridgeApi *api_ = nullptr;
  std::string loaded_path_;
  std::set<std::string> users_;
};

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_BRIDGE_LIBRARY_H_
