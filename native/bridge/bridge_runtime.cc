// BridgeRuntime: interpreter ownership, module loading and reset/shutdown (docs/python_passes.md).
#include "bridge_runtime.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace ge {
namespace bridge {
namespace {

// Automatic collections paused while the bridge imports its modules and ge.graph (GIL held): an
// import creates thousands of long-lived objects, and the generation 0/1 passes the allocation
// count triggers meanwhile only traverse what survives anyway (~2-3 M instructions of a cold
// start). The previous state is restored, so a host that disabled gc keeps it disabled.
class GcPause {
 public:
  GcPause() {
#if PY_VERSION_HEX >= 0x030A0000
    was_enabled_ = PyGC_Disable() == 1;
#endif
  }
  ~GcPause() {
#if PY_VERSION_HEX >= 0x030A0000
    if (was_enabled_) {
      PyGC_Enable();
    }
#endif
  }
  GcPause(const GcPause &) = delete;
  GcPause &operator=(const GcPause &) = delete;

 private:
  bool was_enabled_ = false;
};

constexpr const char *kNativeModuleName = "ge.passes._ge_pass_native";
constexpr const char *kBridgeModuleName = "ge.passes._bridge";
constexpr const char *kPassPathEnv = "ASCEND_GE_PY_PASS_PATH";
constexpr const char *kOnnxPluginNativeModuleName = "ge.onnx_plugin._ge_onnx_plugin_native";
constexpr const char *kOnnxPluginNativeFile = "_ge_onnx_plugin_native.so";
constexpr const char *kOnnxPluginBridgeModuleName = "ge.onnx_plugin._bridge";
constexpr const char *kCustomOppPathEnv = "ASCEND_CUSTOM_OPP_PATH";
constexpr const char *kCustomOpNativeModuleName = "ge.custom_op._ge_custom_op_native";
constexpr const char *kCustomOpNativeFile = "_ge_custom_op_native.so";
constexpr const char *kRuntimeNativeModuleName = "ge.runtime._ge_runtime_native";
constexpr const char *kRuntimeNativeFile = "_ge_runtime_native.so";
constexpr const char *kCustomOpBridgeModuleName = "ge.custom_op._bridge";

void (*g_log)(int level, const char *message) = nullptr;

long long MicrosecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

}  // namespace

void SetLogFunction(void (*log)(int level, const char *message)) { g_log = log; }

void Log(int level, const std::string &message) {
  if (g_log != nullptr) {
    g_log(level, message.c_str());
  } else if (level >= GE_PY_PASS_LOG_WARNING) {
    std::fprintf(stderr, "[PythonPass] %s\n", message.c_str());
  }
}

void SetError(char **error, const std::string &message) {
  if (error != nullptr) {
    *error = strdup(message.c_str());
  }
}

std::string FormatPythonError(py::error_already_set &error) {
  try {
    py::object lines = py::module_::import("traceback")
                           .attr("format_exception")(error.type(), error.value(), error.trace());
    std::string text = py::str("").attr("join")(lines).cast<std::string>();
    while (!text.empty() && text.back() == '\n') {
      text.pop_back();
    }
    return text;
  } catch (...) {
    return error.what();
  }
}

BridgeProtocol::BridgeProtocol(const py::object &bridge, const py::object &native)
    : create_pass_holder(bridge.attr("create_pass_holder")),
      destroy_pass_holder(bridge.attr("destroy_pass_holder")),
      run_fusion_base_pass(bridge.attr("run_fusion_base_pass")),
      get_pass_patterns(bridge.attr("get_pass_patterns")),
      get_pattern_matcher_config(bridge.attr("get_pattern_matcher_config")),
      call_meet_requirements(bridge.attr("call_meet_requirements")),
      call_replacement(bridge.attr("call_replacement")),
      call_decompose_meet_requirements(bridge.attr("call_decompose_meet_requirements")),
      call_decompose_replacement(bridge.attr("call_decompose_replacement")),
      borrow_pass_context(native.attr("_borrow_pass_context")) {}

const py::object &BridgeProtocol::GraphCreateFrom() {
  if (!graph_create_from_) {
    // ge.graph loads Graph (and what it needs) on this first access; the cold start split of
    // bench/bridge reads the time from this line.
    const auto start = std::chrono::steady_clock::now();
    GcPause no_automatic_gc;
    graph_create_from_ = py::module_::import("ge.graph").attr("Graph").attr("_create_from");
    Log(GE_PY_PASS_LOG_INFO, "Cold start: importing ge.graph for the graph view took " +
                                 std::to_string(MicrosecondsSince(start)) + " us.");
  }
  return graph_create_from_;
}

CustomOpProtocol::CustomOpProtocol(const py::object &bridge, const py::object &native)
    : load_snapshot(bridge.attr("_load_descriptor_snapshot")),
      validate(bridge.attr("validate_op_impl_descriptor")),
      create_holder(bridge.attr("create_op_impl_holder")),
      destroy_holder(bridge.attr("destroy_op_impl_holder")),
      call_execute(bridge.attr("call_execute")),
      call_declare_launch_args(bridge.attr("call_declare_launch_args")),
      call_compile(bridge.attr("call_compile")),
      call_infer_meta(bridge.attr("call_infer_meta")),
      reset(bridge.attr("_reset_bridge_state")),
      borrow_eager(native.attr("_borrow_eager_op_execution_context")),
      borrow_annotated_args(native.attr("_borrow_annotated_args_context")),
      borrow_compile(native.attr("_borrow_op_compile_context")),
      borrow_infer_meta(native.attr("_borrow_infer_meta_context")) {}

BridgeRuntime &BridgeRuntime::Instance() {
  // Never destroyed: its Python references must not be released by static destructors after
  // the interpreter is gone.
  static BridgeRuntime *instance = new BridgeRuntime();
  return *instance;
}

uint32_t BridgeRuntime::SetArtifactConfig(const PythonFusionPassBridgeArtifactConfig *config,
                                          std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (bridge_module_ != nullptr) {
    error = "Set python pass artifact config failed because bridge module has been imported.";
    return GE_PY_PASS_FAILED;
  }
  auto text = [](const char *value) { return std::string(value == nullptr ? "" : value); };
  artifact_root_ = config == nullptr ? "" : text(config->artifact_root);
  native_module_path_ = config == nullptr ? "" : text(config->native_module_path);
  python_executable_ = config == nullptr ? "" : text(config->python_executable);
  return GE_PY_PASS_SUCCESS;
}

uint32_t BridgeRuntime::StartInterpreter(std::string &error) {
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  // Start the interpreter the loader probed (e.g. a venv's python3): its prefix, venv and
  // site-packages then apply exactly as if the user had run that python.
  if (!python_executable_.empty()) {
    PyStatus status =
        PyConfig_SetBytesString(&config, &config.program_name, python_executable_.c_str());
    if (PyStatus_Exception(status)) {
      PyConfig_Clear(&config);
      error = "Python interpreter initialization failed: bad program name " + python_executable_;
      return GE_PY_PASS_FAILED;
    }
  }
  config.install_signal_handlers = 0;  // the host process (atc) keeps its signal handling
  const auto start = std::chrono::steady_clock::now();
  PyStatus status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) {
    const std::string reason = status.err_msg == nullptr ? "unknown error" : status.err_msg;
    error = "Python interpreter initialization failed: " + reason;
    return GE_PY_PASS_FAILED;
  }
  owns_interpreter_ = true;
  // Release the GIL: every later call takes it only for its own duration (GilGuard).
  main_thread_state_ = PyEval_SaveThread();
  Log(GE_PY_PASS_LOG_INFO,
      "Cold start: Py_InitializeFromConfig took " + std::to_string(MicrosecondsSince(start)) +
          " us; started an embedded Python interpreter" +
          (python_executable_.empty() ? std::string() : " for " + python_executable_) + ".");
  return GE_PY_PASS_SUCCESS;
}

void BridgeRuntime::SyncEnv(const char *name) {
  // Read the C environment first: os.environ.pop() may unsetenv() it.
  const char *value = std::getenv(name);
  const std::string saved = value == nullptr ? "" : value;
  const bool present = value != nullptr;
  py::object environ = py::module_::import("os").attr("environ");
  environ.attr("pop")(name, py::none());
  if (present) {
    environ[py::str(name)] = py::str(saved);
  }
}

void BridgeRuntime::AddPackageDirToSysPath() {
  // <site-packages>/ge/passes/python_pass_artifacts/<set>: make that site-packages importable
  // when the started interpreter does not have it (atc run with a python from another prefix).
  if (artifact_root_.empty()) {
    return;
  }
  std::string dir = artifact_root_;
  for (int i = 0; i < 4; ++i) {
    const size_t slash = dir.find_last_of('/');
    if (slash == std::string::npos || slash == 0) {
      return;
    }
    dir = dir.substr(0, slash);
  }
  py::object os_path = py::module_::import("os.path");
  if (!os_path.attr("isfile")(dir + "/ge/passes/__init__.py").cast<bool>()) {
    return;
  }
  py::list sys_path = py::module_::import("sys").attr("path");
  if (!sys_path.contains(py::str(dir))) {
    sys_path.append(py::str(dir));
  }
}

py::object BridgeRuntime::ImportExtension(const char *module_name, const char *parent_package,
                                          const std::string &path) {
  py::dict modules = py::module_::import("sys").attr("modules");
  if (modules.contains(module_name)) {
    return modules[module_name];
  }
  if (native_module_path_.empty()) {
    throw std::runtime_error("python pass native module path is not configured");
  }
  py::module_::import(parent_package);  // the parent package must exist first
  py::module_ importlib_util = py::module_::import("importlib.util");
  py::object spec = importlib_util.attr("spec_from_file_location")(module_name, path);
  if (spec.is_none()) {
    throw std::runtime_error("Cannot create import spec for " + path);
  }
  py::object module = importlib_util.attr("module_from_spec")(spec);
  modules[module_name] = module;
  try {
    spec.attr("loader").attr("exec_module")(module);
  } catch (...) {
    modules.attr("pop")(module_name, py::none());
    throw;
  }
  return module;
}

uint32_t BridgeRuntime::EnsureInterpreterLocked(std::string &error) {
  if (!Py_IsInitialized() && StartInterpreter(error) != GE_PY_PASS_SUCCESS) {
    return GE_PY_PASS_FAILED;
  }
  return GE_PY_PASS_SUCCESS;
}

uint32_t BridgeRuntime::PreparePluginKind(
    const char *kind, const std::function<bool()> &prepared,
    const std::function<void(const std::string &)> &import_modules, std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (EnsureInterpreterLocked(error) != GE_PY_PASS_SUCCESS) {
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  const std::string prefix = std::string("Prepare GE python ") + kind + " module failed: ";
  try {
    SyncEnv(kCustomOppPathEnv);
    if (!prepared()) {
      AddPackageDirToSysPath();
      GcPause no_automatic_gc;
      // The kind's modules sit next to the pass native module of the same set.
      const size_t slash = native_module_path_.find_last_of('/');
      import_modules(slash == std::string::npos ? std::string(".")
                                                : native_module_path_.substr(0, slash));
    }
  } catch (py::error_already_set &exc) {
    error = prefix + FormatPythonError(exc);
    return GE_PY_PASS_FAILED;
  } catch (const std::exception &exc) {
    error = prefix + exc.what();
    return GE_PY_PASS_FAILED;
  }
  return GE_PY_PASS_SUCCESS;
}

uint32_t BridgeRuntime::EnsureOnnxPluginReady(std::string &error) {
  return PreparePluginKind(
      "ONNX plugin", [this] { return onnx_bridge_module_ != nullptr; },
      [this](const std::string &dir) {
        py::object native = ImportExtension(kOnnxPluginNativeModuleName, "ge.onnx_plugin",
                                            dir + "/" + kOnnxPluginNativeFile);
        py::object bridge = py::module_::import(kOnnxPluginBridgeModuleName);
        onnx_node_from_view_ = new py::object(native.attr("_from_view"));
        onnx_bridge_module_ = new py::object(bridge);
      },
      error);
}

uint32_t BridgeRuntime::EnsureCustomOpReady(std::string &error) {
  return PreparePluginKind(
      "custom op", [this] { return custom_op_ != nullptr; },
      [this](const std::string &dir) {
        // Imported before their packages (under the top package only): ge.runtime and
        // ge.custom_op then find them in sys.modules instead of selecting the artifact set again
        // through ge.passes.runtime, whose fallback-build machinery would cost atc's start tens
        // of milliseconds.
        (void)ImportExtension(kRuntimeNativeModuleName, "ge", dir + "/" + kRuntimeNativeFile);
        py::object native =
            ImportExtension(kCustomOpNativeModuleName, "ge", dir + "/" + kCustomOpNativeFile);
        py::object bridge = py::module_::import(kCustomOpBridgeModuleName);
        custom_op_ = new CustomOpProtocol(bridge, native);
      },
      error);
}

void BridgeRuntime::ResetCustomOp() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!Py_IsInitialized() || custom_op_ == nullptr) {
    return;
  }
  GilGuard gil;
  try {
    custom_op_->reset();
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_WARNING,
        "Reset python custom op bridge state failed: " + FormatPythonError(error));
  }
  delete custom_op_;
  custom_op_ = nullptr;
}

py::object BridgeRuntime::OnnxPluginBridgeModule() { return *onnx_bridge_module_; }
py::object BridgeRuntime::OnnxNodeFromView() { return *onnx_node_from_view_; }

uint32_t BridgeRuntime::EnsureReady(std::string &error) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (EnsureInterpreterLocked(error) != GE_PY_PASS_SUCCESS) {
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  try {
    SyncEnv(kPassPathEnv);
    if (bridge_module_ == nullptr) {
      const auto start = std::chrono::steady_clock::now();
      AddPackageDirToSysPath();
      py::object native;
      py::object bridge;
      {
        GcPause no_automatic_gc;
        native = ImportExtension(kNativeModuleName, "ge.passes", native_module_path_);
        bridge = py::module_::import(kBridgeModuleName);
      }
      protocol_ = new BridgeProtocol(bridge, native);
      native_module_ = new py::object(native);
      bridge_module_ = new py::object(bridge);
      Log(GE_PY_PASS_LOG_INFO, "Cold start: importing the native module and " +
                                   std::string(kBridgeModuleName) + " took " +
                                   std::to_string(MicrosecondsSince(start)) + " us.");
    }
  } catch (py::error_already_set &exc) {
    error = "Prepare GE python pass module failed: " + FormatPythonError(exc);
    return GE_PY_PASS_FAILED;
  } catch (const std::exception &exc) {
    error = std::string("Prepare GE python pass module failed: ") + exc.what();
    return GE_PY_PASS_FAILED;
  }
  return GE_PY_PASS_SUCCESS;
}

py::object BridgeRuntime::BridgeModule() { return *bridge_module_; }
py::object BridgeRuntime::NativeModule() { return *native_module_; }
BridgeProtocol &BridgeRuntime::Protocol() {
  if (protocol_ == nullptr) {
    throw std::runtime_error("the python pass bridge has no active load round");
  }
  return *protocol_;
}

void BridgeRuntime::Reset() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!Py_IsInitialized()) {
    return;
  }
  GilGuard gil;
  try {
    if (bridge_module_ != nullptr) {
      const auto start = std::chrono::steady_clock::now();
      bridge_module_->attr("reset_python_state")();
      Log(GE_PY_PASS_LOG_INFO, "End of round: reset_python_state took " +
                                   std::to_string(MicrosecondsSince(start)) + " us.");
    }
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_WARNING,
        "Reset python pybind bridge state failed: " + FormatPythonError(error));
  }
  // reset_python_state already ran a full gc.collect(); dropping these references frees nothing
  // more (the modules stay in sys.modules), so a second collection would only cost time.
  delete protocol_;
  protocol_ = nullptr;
  delete bridge_module_;
  bridge_module_ = nullptr;
  delete native_module_;
  native_module_ = nullptr;
}

void BridgeRuntime::Shutdown() {
  Reset();
  ResetCustomOp();
  std::lock_guard<std::mutex> lock(mutex_);
  if (Py_IsInitialized() && onnx_bridge_module_ != nullptr) {
    GilGuard gil;
    delete onnx_bridge_module_;
    delete onnx_node_from_view_;
  }
  onnx_bridge_module_ = nullptr;
  onnx_node_from_view_ = nullptr;
  if (owns_interpreter_ && Py_IsInitialized()) {
    PyEval_RestoreThread(main_thread_state_);
    const auto start = std::chrono::steady_clock::now();
    if (Py_FinalizeEx() != 0) {
      Log(GE_PY_PASS_LOG_WARNING, "Py_FinalizeEx reported an error.");
    }
    Log(GE_PY_PASS_LOG_INFO,
        "Shutdown: Py_FinalizeEx took " + std::to_string(MicrosecondsSince(start)) + " us.");
    main_thread_state_ = nullptr;
  }
  owns_interpreter_ = false;
}

}  // namespace bridge
}  // namespace ge
