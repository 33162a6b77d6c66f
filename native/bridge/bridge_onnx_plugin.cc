// The ONNX plugin entry table of the bridge library: load the plugins and report the plugin table,
// run one parse_node callback. Shares the interpreter and its lifecycle with the pass table.
#include <cstdlib>
#include <string>

#include "bridge_runtime.h"
#include "ge/onnx_plugin/onnx_plugin_bridge_abi.h"

namespace ge {
namespace bridge {
namespace {

std::string DictText(const py::dict &item, const char *key) {
  return item.contains(key) && !item[key].is_none() ? py::str(item[key]).cast<std::string>() : "";
}

uint32_t LoadPlugins(const OnnxPluginRegistrar *registrar, char **error) {
  if (registrar == nullptr || registrar->add_row == nullptr) {
    SetError(error, "python ONNX plugin registrar is null");
    return GE_ONNX_PLUGIN_FAILED;
  }
  if (registrar->log != nullptr) {
    SetLogFunction(registrar->log);
  }
  std::string reason;
  if (BridgeRuntime::Instance().EnsureOnnxPluginReady(reason) != GE_PY_PASS_SUCCESS) {
    Log(GE_PY_PASS_LOG_ERROR, reason);
    SetError(error, reason);
    return GE_ONNX_PLUGIN_FAILED;
  }
  GilGuard gil;
  try {
    py::dict table = BridgeRuntime::Instance().OnnxPluginBridgeModule().attr("_load_plugin_table")(
        py::bool_(registrar->strict != 0));
    for (const py::handle &item : table["errors"]) {
      const std::string text = py::str(item).cast<std::string>();
      Log(GE_PY_PASS_LOG_ERROR, "python ONNX Plugin skipped: " + text);
      if (registrar->add_load_failure != nullptr) {
        registrar->add_load_failure(text.c_str());
      }
    }
    for (const py::handle &raw : table["rows"]) {
      const py::dict item = py::reinterpret_borrow<py::dict>(raw);
      const std::string descriptor_key = DictText(item, "descriptor_key");
      const std::string domain = DictText(item, "domain");
      const std::string source = DictText(item, "source");
      const std::string target = DictText(item, "target");
      const std::string origin_type = DictText(item, "origin_type");
      const std::string plugin_file = DictText(item, "plugin_file");
      const std::string qualname = DictText(item, "qualname");
      OnnxPluginRow row{};
      row.descriptor_key = descriptor_key.c_str();
      row.domain = domain.c_str();
      row.source = source.c_str();
      row.target = target.c_str();
      row.origin_type = origin_type.c_str();
      row.plugin_file = plugin_file.c_str();
      row.qualname = qualname.c_str();
      row.opset = item["opset"].cast<int>();
      row.override_builtin = item["override_builtin"].cast<bool>() ? 1 : 0;
      if (registrar->add_row(&row) == 0) {
        SetError(error, "the importer refused python ONNX Plugin row '" + origin_type + "'");
        return GE_ONNX_PLUGIN_FAILED;
      }
    }
  } catch (py::error_already_set &exc) {
    const std::string text = "Load python ONNX Plugins failed: " + FormatPythonError(exc);
    Log(GE_PY_PASS_LOG_ERROR, text);
    SetError(error, text);
    return GE_ONNX_PLUGIN_FAILED;
  } catch (const std::exception &exc) {
    SetError(error, std::string("Load python ONNX Plugins failed: ") + exc.what());
    return GE_ONNX_PLUGIN_FAILED;
  }
  return GE_ONNX_PLUGIN_SUCCESS;
}

uint32_t ParseNode(const char *matched_origin_type, const OnnxPluginNodeView *node,
                   void *operator_handle, char **error) {
  if (matched_origin_type == nullptr || node == nullptr || operator_handle == nullptr) {
    SetError(error, "python ONNX Plugin parse_node got a null argument");
    return GE_ONNX_PLUGIN_FAILED;
  }
  GilGuard gil;
  try {
    BridgeRuntime &runtime = BridgeRuntime::Instance();
    py::object snapshot = runtime.OnnxNodeFromView()(reinterpret_cast<uintptr_t>(node));
    runtime.OnnxPluginBridgeModule().attr("call_parse_node")(
        matched_origin_type, snapshot, reinterpret_cast<uintptr_t>(operator_handle));
  } catch (py::error_already_set &exc) {
    std::string type = "Exception";
    std::string message;
    try {
      type = py::str(exc.type().attr("__name__")).cast<std::string>();
      message = py::str(exc.value()).cast<std::string>();
    } catch (...) {
      message = exc.what();
    }
    Log(GE_PY_PASS_LOG_ERROR, "python ONNX Plugin '" + std::string(matched_origin_type) +
                                  "' raised:\n" + FormatPythonError(exc));
    SetError(error, type + ": " + message);
    return GE_ONNX_PLUGIN_FAILED;
  } catch (const std::exception &exc) {
    SetError(error, std::string("RuntimeError: ") + exc.what());
    return GE_ONNX_PLUGIN_FAILED;
  }
  return GE_ONNX_PLUGIN_SUCCESS;
}

void ShutdownBridge() { BridgeRuntime::Instance().Shutdown(); }

}  // namespace
}  // namespace bridge
}  // namespace ge

extern "C" __attribute__((visibility("default"))) const PythonOnnxPluginBridgeApi *
GeGetPythonOnnxPluginBridgeApi() {
  static const PythonOnnxPluginBridgeApi api = [] {
    PythonOnnxPluginBridgeApi value{};
    value.abi_version = GE_ONNX_PLUGIN_BRIDGE_ABI_VERSION;
    value.load_plugins = &ge::bridge::LoadPlugins;
    value.parse_node = &ge::bridge::ParseNode;
    value.shutdown_bridge = &ge::bridge::ShutdownBridge;
    return value;
  }();
  return &api;
}
