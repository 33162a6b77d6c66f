// Loads libge_python_pass_bridge.so and drives it: runtime key
// -> matching prebuilt sets -> fallback codegen; then `register_passes`. Python passes are
// optional: when no bridge can be loaded, or a plugin fails to import, the failure is reported
// and compilation goes on without them — unless strict mode (GE_PY_PASS_STRICT=1) is on, which
// turns every such failure into a load error (docs/python_passes.md).
#ifndef GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_LOADER_H_
#define GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_LOADER_H_

#include <mutex>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_pass/python_pass_artifacts.h"
#include "python_pass/python_pass_descriptor.h"
#include "python_pass/python_runtime_key.h"

namespace ge {
namespace python_pass {

constexpr const char *kPythonPassStrictEnv = "GE_PY_PASS_STRICT";

/// True when GE_PY_PASS_STRICT is 1/true/yes/on (case-insensitive).
bool IsPythonPassStrictMode();

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

class PythonFusionPassBridgeLoader {
 public:
  static PythonFusionPassBridgeLoader &Instance();

  /// Loads a bridge if none is loaded, then registers the passes it reports.
  Status Register(bool strict);
  /// Ends one load round: Python state reset, Python passes removed; library and interpreter kept.
  Status Unload();
  /// Once per process: bridge shutdown (finalises an interpreter it started), then dlclose.
  void ShutdownForProcess();

  bool IsLoaded() const;
  std::string GetLoadedPath() const;

 private:
  Status LoadBridge(const PythonRuntimeKey &key);
  BridgeLoadStatus TryLoad(const PythonPassArtifact &artifact, const PythonRuntimeKey &key,
                           std::string &detail);
  /// Runs `ge.passes.runtime.run_fallback_codegen()` in a child interpreter; the set's root or "".
  std::string RunFallbackCodegen(const PythonRuntimeKey &key, std::string &detail);

  mutable std::mutex mutex_;
  void *handle_ = nullptr;
  const PythonFusionPassBridgeApi *api_ = nullptr;
  std::string loaded_path_;
};

/// The hook functions PassPluginLoader calls.
Status RegisterPythonPassesFromPlugin(bool strict);
Status UnloadPythonPasses();
void ShutdownPythonPassesForProcess();

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_LOADER_H_
