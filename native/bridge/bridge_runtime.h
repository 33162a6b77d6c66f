// Process-wide state of the bridge: the interpreter (started here or borrowed from the host
// process), the GIL discipline, the two Python modules it talks to, and Python error formatting.
// Everything Python-version-specific in the pass chain lives in this library.
#ifndef GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_
#define GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_

#include <pybind11/pybind11.h>

#include <mutex>
#include <string>

#include "ge/python_pass/python_pass_bridge_abi.h"

namespace ge {
namespace bridge {

namespace py = pybind11;

/// Holds the GIL for a scope (works whether or not this thread created the interpreter).
class GilGuard {
 public:
  GilGuard() : state_(PyGILState_Ensure()) {}
  ~GilGuard() { PyGILState_Release(state_); }
  GilGuard(const GilGuard &) = delete;
  GilGuard &operator=(const GilGuard &) = delete;

 private:
  PyGILState_STATE state_;
};

/// The text of the Python exception in `error` including its traceback.
std::string FormatPythonError(py::error_already_set &error);

/// One line through the compiler's logging module (the registrar's log function; stderr until a
/// registrar was seen).
void Log(int level, const std::string &message);
void SetLogFunction(void (*log)(int level, const char *message));

/// A malloc'd copy for an ABI `char **error` out-parameter (NULL-safe target).
void SetError(char **error, const std::string &message);

/// The `_bridge` protocol functions and native helpers every hook call needs, looked up once per
/// load round (attribute lookups per call were a measurable part of a callback round trip).
/// Created with the GIL held right after the modules are imported; dropped by Reset().
struct BridgeProtocol {
  BridgeProtocol(const py::object &bridge, const py::object &native);
  /// ge.graph.Graph._create_from: resolved on the first FusionBasePass run only, so pattern and
  /// decompose passes never pay for importing ge.graph unless they use it.
  const py::object &GraphCreateFrom();

  py::object create_pass_holder;
  py::object destroy_pass_holder;
  py::object run_fusion_base_pass;
  py::object get_pass_patterns;
  py::object get_pattern_matcher_config;
  py::object call_meet_requirements;
  py::object call_replacement;
  py::object call_decompose_meet_requirements;
  py::object call_decompose_replacement;
  py::object borrow_pass_context;  // _ge_pass_native._borrow_pass_context

 private:
  py::object graph_create_from_;
};

class BridgeRuntime {
 public:
  static BridgeRuntime &Instance();

  /// Refused once the protocol module was imported (the chosen native file is fixed by then).
  uint32_t SetArtifactConfig(const PythonFusionPassBridgeArtifactConfig *config,
                             std::string &error);
  /// Interpreter up (started and GIL released if the process had none), ASCEND_GE_PY_PASS_PATH
  /// re-synced into os.environ, native module and ge.passes._bridge imported. Needs no GIL.
  uint32_t EnsureReady(std::string &error);
  /// ge.passes._bridge (valid after EnsureReady; call with the GIL held).
  py::object BridgeModule();
  py::object NativeModule();
  /// The cached protocol of this round (call with the GIL held); throws std::runtime_error
  /// outside a round (before EnsureReady or after Reset).
  BridgeProtocol &Protocol();
  /// End of a load round: holders, plugin modules, registry, then gc. Safe without Python.
  void Reset();
  /// Reset, then finalise the interpreter if this library started it.
  void Shutdown();

 private:
  uint32_t StartInterpreter(std::string &error);
  void SyncPassPathEnv();
  py::object ImportNativeModule();
  void AddPackageDirToSysPath();

  std::mutex mutex_;
  std::string artifact_root_;
  std::string native_module_path_;
  std::string python_executable_;
  bool owns_interpreter_ = false;
  PyThreadState *main_thread_state_ = nullptr;
  py::object *bridge_module_ = nullptr;  // heap: must not be destroyed after Py_Finalize
  py::object *native_module_ = nullptr;
  BridgeProtocol *protocol_ = nullptr;  // heap for the same reason
};

}  // namespace bridge
}  // namespace ge

#endif  // GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_
