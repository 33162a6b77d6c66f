// The one exported symbol of libge_python_pass_bridge.so and the registration round
// (spec compiler.md §6.2, §6.4, §6.7).
#include <string>
#include <vector>

#include "bridge_callbacks.h"
#include "bridge_runtime.h"
#include "ge/python_pass/handle_interop.h"

namespace ge {
namespace bridge {
namespace {

using python_pass::BridgeLog;
using python_pass::BridgeLogLevel;

bool ParseStage(const std::string &name, CustomPassStage &stage) {
  for (uint32_t value = 0; value < static_cast<uint32_t>(CustomPassStage::kInvalid); ++value) {
    const auto candidate = static_cast<CustomPassStage>(value);
    if (name == CustomPassStageName(candidate)) {
      stage = candidate;
      return true;
    }
  }
  return false;
}

std::string DictString(const py::dict &item, const char *key) {
  return item.contains(key) && !item[key].is_none() ? py::str(item[key]).cast<std::string>() : "";
}

/// One descriptor dict -> descriptor; false with `reason` when a field is unusable.
bool ToDescriptor(const py::dict &item, python_pass::PythonPassDescriptor &descriptor,
                  std::string &reason) {
  descriptor.descriptor_key = DictString(item, "descriptor_key");
  descriptor.pass_name = DictString(item, "pass_name");
  descriptor.module_name = DictString(item, "module_name");
  descriptor.class_name = DictString(item, "class_name");
  if (!ParseStage(DictString(item, "stage"), descriptor.stage)) {
    reason = "Unsupported python pass stage for pass[" + descriptor.pass_name + "].";
    return false;
  }
  if (!python_pass::ParsePythonPassKind(DictString(item, "kind"), descriptor.kind)) {
    reason = "Unsupported python pass kind for pass[" + descriptor.pass_name + "].";
    return false;
  }
  if (item.contains("op_types") && !item["op_types"].is_none()) {
    for (const py::handle &op_type : item["op_types"]) {
      descriptor.op_types.push_back(py::str(op_type).cast<std::string>());
    }
  }
  if (!descriptor.IsValid()) {
    reason = "Python pass descriptor without descriptor_key or pass_name.";
    return false;
  }
  return true;
}

Status SetArtifactConfig(const python_pass::PythonFusionPassBridgeArtifactConfig *config) {
  return BridgeRuntime::Instance().SetArtifactConfig(config);
}

/// Imports the plugins (each plugin path isolated unless strict) and registers every pass.
Status RegisterPasses(const python_pass::PythonFusionPassRegistrar *registrar) {
  if (registrar == nullptr || registrar->register_pass == nullptr) {
    python_pass::SetLastBridgeError("python pass registrar is null");
    return FAILED;
  }
  if (BridgeRuntime::Instance().EnsureReady() != SUCCESS) {
    return FAILED;
  }
  std::vector<python_pass::PythonPassDescriptor> descriptors;
  std::vector<std::string> failures;
  bool strict = false;
  {
    GilGuard gil;
    try {
      py::dict report =
          BridgeRuntime::Instance().BridgeModule().attr("load_pass_descriptors_with_report")();
      strict = report["strict"].cast<bool>();
      for (const py::handle &error : report["errors"]) {
        const std::string text = py::str(error).cast<std::string>();
        BridgeLog(BridgeLogLevel::kError, "Python pass plugin skipped: " + text);
        failures.push_back(text);
      }
      for (const py::handle &raw : report["descriptors"]) {
        python_pass::PythonPassDescriptor descriptor;
        std::string reason;
        if (!ToDescriptor(py::reinterpret_borrow<py::dict>(raw), descriptor, reason)) {
          BridgeLog(BridgeLogLevel::kError, reason);
          failures.push_back(reason);
          continue;
        }
        descriptors.push_back(descriptor);
      }
    } catch (py::error_already_set &error) {
      const std::string reason = FormatPythonError(error);
      BridgeLog(BridgeLogLevel::kError, "Load python pass plugins failed: " + reason);
      python_pass::SetLastBridgeError("Load python pass plugins failed: " + reason);
      return FAILED;
    }
  }
  // Registration runs without the GIL: it only touches C++ registries.
  for (const python_pass::PythonPassDescriptor &descriptor : descriptors) {
    if (!registrar->register_pass(&descriptor, &GetBridgeCallbacks())) {
      const std::string reason = "Register python pass[" + descriptor.pass_name + "] failed.";
      BridgeLog(BridgeLogLevel::kError, reason);
      failures.push_back(reason);
    }
  }
  if (strict && !failures.empty()) {
    std::string text;
    for (const std::string &failure : failures) {
      text += (text.empty() ? "" : "\n") + failure;
    }
    python_pass::SetLastBridgeError(text);
    return FAILED;
  }
  BridgeLog(BridgeLogLevel::kInfo, "Registered " + std::to_string(descriptors.size()) +
                                       " python pass descriptor(s), " +
                                       std::to_string(failures.size()) + " failure(s).");
  return SUCCESS;
}

void ResetBridgeState() { BridgeRuntime::Instance().Reset(); }
void ShutdownBridge() { BridgeRuntime::Instance().Shutdown(); }

}  // namespace
}  // namespace bridge
}  // namespace ge

extern "C" __attribute__((visibility("default"))) const ge::python_pass::PythonFusionPassBridgeApi *
GeGetPythonFusionPassBridgeApi() {
  static const ge::python_pass::PythonFusionPassBridgeApi api = [] {
    ge::python_pass::PythonFusionPassBridgeApi value;
    value.abi_version = ge::python_pass::kPythonFusionPassBridgeAbiVersion;
    value.set_artifact_config = &ge::bridge::SetArtifactConfig;
    value.register_passes = &ge::bridge::RegisterPasses;
    value.reset_bridge_state = &ge::bridge::ResetBridgeState;
    value.shutdown_bridge = &ge::bridge::ShutdownBridge;
    return value;
  }();
  return &api;
}
