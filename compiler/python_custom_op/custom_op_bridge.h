// The compiler's side of the bridge library's custom-op entry table: acquires the shared library
// (python_bridge/bridge_library.h) as the user "python custom ops" the first time custom ops
// load, and keeps it (and the interpreter) until process exit, so load/unload rounds repeat
// without restarting Python.
#ifndef GE_PYTHON_CUSTOM_OP_CUSTOM_OP_BRIDGE_H_
#define GE_PYTHON_CUSTOM_OP_CUSTOM_OP_BRIDGE_H_

#include <mutex>
#include <string>

#include "ge/custom_op/custom_op_bridge_abi.h"
#include "ge/ge_error_codes.h"

namespace ge {
namespace python_custom_op {

class CustomOpBridge {
 public:
  static CustomOpBridge &Instance();

  /// Loads the library if needed and runs register_custom_ops. FAILED with the reason as last
  /// error when the library or its table cannot be used, or the registration fails.
  Status RegisterCustomOps(const GeCustomOpRegistrar &registrar);
  /// reset_bridge_state of the loaded table (no-op before the first load).
  void ResetBridgeState();
  /// Releases the library (atexit, once it was used).
  void Shutdown();
  /// Serves `table` instead of the library's (nullptr: back to the library); for the loader's
  /// unit tests, which exercise the load transaction without an interpreter.
  void UseTableForTesting(const PythonCustomOpBridgeApi *table);

 private:
  Status EnsureApi();

  std::mutex mutex_;
  const PythonCustomOpBridgeApi *api_ = nullptr;
  bool api_is_test_table_ = false;
};

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_CUSTOM_OP_BRIDGE_H_
