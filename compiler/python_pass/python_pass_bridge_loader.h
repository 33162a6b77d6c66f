// Drives the pass table of the shared bridge library (python_bridge/bridge_library.h, which finds
// and loads it): `register_passes` per round, `reset_bridge_state` after it. Python passes are
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
#include "python_bridge/artifact_sets.h"
#include "python_bridge/python_runtime_key.h"
#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {

constexpr const char *kPythonPassStrictEnv = "GE_PY_PASS_STRICT";

/// True when GE_PY_PASS_STRICT is 1/true/yes/on (case-insensitive).
bool IsPythonPassStrictMode();

class PythonFusionPassBridgeLoader {
 public:
  static PythonFusionPassBridgeLoader &Instance();

  /// Acquires the bridge library (loading it if needed), then registers the passes it reports.
  Status Register(bool strict);
  /// Ends one load round: Python state reset, Python passes removed; library and interpreter kept.
  Status Unload();
  /// Once per process: Python passes removed, then the library released (the last user shuts
  /// the bridge down and closes it).
  void ShutdownForProcess();

  bool IsLoaded() const;
  std::string GetLoadedPath() const;

 private:
  mutable std::mutex mutex_;
  const PythonFusionPassBridgeApi *api_ = nullptr;
};

/// The hook functions PassPluginLoader calls.
Status RegisterPythonPassesFromPlugin(bool strict);
Status UnloadPythonPasses();
void ShutdownPythonPassesForProcess();

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_LOADER_H_
