// The compiler's side of the bridge library's ONNX entry table: acquires the shared library
// (python_bridge/bridge_library.h) as the user "python ONNX plugins", loads the plugin table and
// runs parse_node callbacks. Also the C++ pre-check of ASCEND_CUSTOM_OPP_PATH that decides whether
// Python is involved at all, shared with custom operators (docs/onnx_plugins.md).
#ifndef GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_H_
#define GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_H_

#include <mutex>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "ge/onnx_plugin/onnx_plugin_bridge_abi.h"
#include "onnx_plugin/onnx_plugin_table.h"

namespace ge {
namespace onnx_plugin {

constexpr const char *kCustomOppPathEnv = "ASCEND_CUSTOM_OPP_PATH";
constexpr const char *kOnnxPluginStrictEnv = "GE_PY_ONNX_PLUGIN_STRICT";
constexpr const char *kOnnxPluginOverrideEnv = "GE_PY_ONNX_PLUGIN_OVERRIDE";

/// True when the variable is 1/true/yes/on (case-insensitive).
bool IsEnvFlagOn(const char *name);

/// The pre-check of `value` (ASCEND_CUSTOM_OPP_PATH): true when an item is a Python entry — a
/// `*.py` file, or a directory directly holding one or a package (names starting with `_`
/// skipped). A missing item ending in `.py` is an error (false, `error` set); other missing items
/// are C++ OPP roots and skipped. `plugin_kind` starts the error ("<kind> path does not exist").
bool HasPythonPluginEntry(const char *value, std::string &error,
                          const std::string &plugin_kind = "python ONNX Plugin");

/// What one table load reported.
struct OnnxPluginLoad {
  OnnxPluginTable table;
  std::vector<std::string> failures;  // path items, files or packages skipped (first lines)
};

class OnnxPluginBridge {
 public:
  static OnnxPluginBridge &Instance();

  /// Loads the plugins (strict: any loading failure fails) and fills `load`. FAILED with the
  /// reason as last error when the bridge cannot load or the load itself fails.
  Status Load(bool strict, OnnxPluginLoad &load);
  /// Runs the plugin of `origin_type`; `error` gets "<ExceptionType>: <message>" on failure.
  Status ParseNode(const std::string &origin_type, const OnnxPluginNodeView &node,
                   void *operator_handle, std::string &error);
  /// Releases the library (atexit, once it was used).
  void Shutdown();

 private:
  Status EnsureApi();

  std::mutex mutex_;
  const PythonOnnxPluginBridgeApi *api_ = nullptr;
};

}  // namespace onnx_plugin
}  // namespace ge

#endif  // GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_H_
