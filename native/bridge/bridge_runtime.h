// Process-wide state of the bridge: the interpreter (started here or borrowed from the host
// process), the GIL discipline, the Python modules it talks to (those of passes, of ONNX plugins
// and of custom ops), and Python error formatting. All entry tables share one interpreter.
// Everything Python-version-specific in the Python features lives in this library.
#ifndef GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_
#define GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_

#include <pybind11/pybind11.h>

#include <functional>
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

/// The custom-op `_bridge` functions and the native borrow functions, looked up once per load
/// round like BridgeProtocol (docs/custom_ops.md §6).
struct CustomOpProtocol {
  CustomOpProtocol(const py::object &bridge, const py::object &native);

  py::object load_snapshot;
  py::object validate;
  py::object create_holder;
  py::object destroy_holder;
  py::object call_execute;
  py::object call_declare_launch_args;
  py::object call_compile;
  py::object call_infer_meta;
  py::object reset;
  py::object borrow_eager;
  py::object borrow_annotated_args;
  py::object borrow_compile;
  py::object borrow_infer_meta;
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
  /// Interpreter up, ASCEND_CUSTOM_OPP_PATH re-synced into os.environ, the ONNX plugin native
  /// module and ge.onnx_plugin._bridge imported (kept for the process). Needs no GIL.
  uint32_t EnsureOnnxPluginReady(std::string &error);
  /// ge.onnx_plugin._bridge and _ge_onnx_plugin_native._from_view (valid after
  /// EnsureOnnxPluginReady; call with the GIL held).
  py::object OnnxPluginBridgeModule();
  py::object OnnxNodeFromView();
  /// Interpreter up, ASCEND_CUSTOM_OPP_PATH re-synced into os.environ, the set's native modules
  /// and ge.custom_op._bridge imported. Needs no GIL.
  uint32_t EnsureCustomOpReady(std::string &error);
  /// The custom-op protocol of this round (call with the GIL held); nullptr outside a round.
  CustomOpProtocol *CustomOp() { return custom_op_; }
  /// End of a custom-op load round: holders, plugin modules, registries, then gc. Safe without
  /// Python.
  void ResetCustomOp();
  /// End of a pass load round: holders, plugin modules, registry, then gc. Safe without Python.
  void Reset();
  /// Reset, then finalise the interpreter if this library started it.
  void Shutdown();

 private:
  uint32_t StartInterpreter(std::string &error);
  /// Starts the interpreter unless one is running (call with mutex_ held).
  uint32_t EnsureInterpreterLocked(std::string &error);
  /// Copies the C environment's `name` into os.environ (or removes it there).
  void SyncEnv(const char *name);
  /// Imports the extension at `path` as `module_name` (parent package imported first).
  py::object ImportExtension(const char *module_name, const char *parent_package,
                             const std::string &path);
  void AddPackageDirToSysPath();
  /// The first-use steps of a plugin kind (ONNX plugins, custom ops): interpreter up, GIL,
  /// ASCEND_CUSTOM_OPP_PATH re-synced, then, unless `prepared()`, `import_modules(dir)` with dir
  /// the directory of the set's native modules. Errors say "Prepare GE python <kind> module".
  uint32_t PreparePluginKind(const char *kind, const std::function<bool()> &prepared,
                             const std::function<void(const std::string &)> &import_modules,
                             std::string &error);

  std::mutex mutex_;
  std::string artifact_root_;
  std::string native_module_path_;
  std::string python_executable_;
  bool owns_interpreter_ = false;
  PyThreadState *main_thread_state_ = nullptr;
  py::object *bridge_module_ = nullptr;  // heap: must not be destroyed after Py_Finalize
  py::object *native_module_ = nullptr;
  BridgeProtocol *protocol_ = nullptr;  // heap for the same reason
  py::object *onnx_bridge_module_ = nullptr;
  py::object *onnx_node_from_view_ = nullptr;
  CustomOpProtocol *custom_op_ = nullptr;  // heap for the same reason
};

}  // namespace bridge
}  // namespace ge

#endif  // GE_NATIVE_BRIDGE_BRIDGE_RUNTIME_H_
