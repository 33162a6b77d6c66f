// The one exported symbol of libge_python_pass_bridge.so and the registration round.
#include <cstdlib>
#include <string>
#include <vector>

#include "bridge_callbacks.h"
#include "bridge_runtime.h"

namespace ge {
namespace bridge {
namespace {

// Stage names of ge::CustomPassStage in value order (the bridge sees only the C ABI).
const char *const kStageNames[] = {"BeforeInferShape",         "AfterInferShape",
                                   "AfterAssignLogicStream",   "AfterBuiltinFusionPass",
                                   "AfterOriginGraphOptimize", "CompatibleInherited"};
const char *const kKindNames[] = {"fusion_base", "pattern_fusion", "decompose"};

template <size_t N>
bool IndexOf(const char *const (&names)[N], const std::string &name, uint32_t &index) {
  for (size_t i = 0; i < N; ++i) {
    if (name == names[i]) {
      index = static_cast<uint32_t>(i);
      return true;
    }
  }
  return false;
}

std::string DictString(const py::dict &item, const char *key) {
  return item.contains(key) && !item[key].is_none() ? py::str(item[key]).cast<std::string>() : "";
}

/// One descriptor dict, with storage for the strings its ABI view points to.
struct DescriptorRecord {
  std::string descriptor_key;
  std::string pass_name;
  std::string module_name;
  std::string class_name;
  uint32_t stage = 0;
  uint32_t kind = 0;
  std::vector<std::string> op_types;
  uint32_t max_runs = 1;

  /// An ABI view valid while this record lives (`op_type_pointers` is its storage).
  PythonPassDescriptor View(std::vector<const char *> &op_type_pointers) const {
    op_type_pointers.clear();
    for (const std::string &op_type : op_types) {
      op_type_pointers.push_back(op_type.c_str());
    }
    PythonPassDescriptor descriptor{};
    descriptor.descriptor_key = descriptor_key.c_str();
    descriptor.pass_name = pass_name.c_str();
    descriptor.module_name = module_name.c_str();
    descriptor.class_name = class_name.c_str();
    descriptor.stage = stage;
    descriptor.kind = kind;
    descriptor.op_types = op_type_pointers.empty() ? nullptr : op_type_pointers.data();
    descriptor.op_type_count = op_type_pointers.size();
    descriptor.max_runs = max_runs;
    return descriptor;
  }
};

/// false with `reason` when a field is unusable.
bool ToRecord(const py::dict &item, DescriptorRecord &record, std::string &reason) {
  record.descriptor_key = DictString(item, "descriptor_key");
  record.pass_name = DictString(item, "pass_name");
  record.module_name = DictString(item, "module_name");
  record.class_name = DictString(item, "class_name");
  if (!IndexOf(kStageNames, DictString(item, "stage"), record.stage)) {
    reason = "Unsupported python pass stage for pass[" + record.pass_name + "].";
    return false;
  }
  if (!IndexOf(kKindNames, DictString(item, "kind"), record.kind)) {
    reason = "Unsupported python pass kind for pass[" + record.pass_name + "].";
    return false;
  }
  if (item.contains("op_types") && !item["op_types"].is_none()) {
    for (const py::handle &op_type : item["op_types"]) {
      record.op_types.push_back(py::str(op_type).cast<std::string>());
    }
  }
  // Present only for a pass registered with repeat_until_unchanged (ge.passes.registry).
  if (item.contains("repeat_until_unchanged") && !item["repeat_until_unchanged"].is_none()) {
    record.max_runs = item["repeat_until_unchanged"].cast<uint32_t>();
  }
  return true;
}

uint32_t SetArtifactConfig(const PythonFusionPassBridgeArtifactConfig *config, char **error) {
  std::string reason;
  const uint32_t ret = BridgeRuntime::Instance().SetArtifactConfig(config, reason);
  if (ret != GE_PY_PASS_SUCCESS) {
    Log(GE_PY_PASS_LOG_ERROR, reason);
    SetError(error, reason);
  }
  return ret;
}

/// Reads the plugins' descriptors (each plugin isolated unless strict); Python errors are
/// reported into `failures`. False when the round itself failed (strict import error, ...).
bool CollectDescriptors(std::vector<DescriptorRecord> &records, std::vector<std::string> &failures,
                        bool &strict, std::string &error) {
  GilGuard gil;
  try {
    py::dict report = BridgeRuntime::Instance().BridgeModule().attr(
        "load_pass_descriptors_with_report")(py::arg("strict") = strict);
    strict = report["strict"].cast<bool>();
    for (const py::handle &item : report["errors"]) {
      const std::string text = py::str(item).cast<std::string>();
      Log(GE_PY_PASS_LOG_ERROR, "Python pass plugin skipped: " + text);
      failures.push_back(text);
    }
    for (const py::handle &raw : report["descriptors"]) {
      DescriptorRecord record;
      std::string reason;
      if (!ToRecord(py::reinterpret_borrow<py::dict>(raw), record, reason)) {
        Log(GE_PY_PASS_LOG_ERROR, reason);
        failures.push_back(reason);
        continue;
      }
      records.push_back(record);
    }
  } catch (py::error_already_set &exc) {
    error = "Load python pass plugins failed: " + FormatPythonError(exc);
    return false;
  }
  return true;
}

uint32_t RegisterPasses(const PythonFusionPassRegistrar *registrar, char **error) {
  if (registrar == nullptr || registrar->register_pass == nullptr) {
    SetError(error, "python pass registrar is null");
    return GE_PY_PASS_FAILED;
  }
  SetLogFunction(registrar->log);
  std::string reason;
  if (BridgeRuntime::Instance().EnsureReady(reason) != GE_PY_PASS_SUCCESS) {
    Log(GE_PY_PASS_LOG_ERROR, reason);
    SetError(error, reason);
    return GE_PY_PASS_FAILED;
  }
  std::vector<DescriptorRecord> records;
  std::vector<std::string> failures;
  bool strict = registrar->strict != 0;
  if (!CollectDescriptors(records, failures, strict, reason)) {
    Log(GE_PY_PASS_LOG_ERROR, reason);
    SetError(error, reason);
    return GE_PY_PASS_FAILED;
  }
  // Registration runs without the GIL: it only touches C++ registries.
  for (const DescriptorRecord &record : records) {
    std::vector<const char *> op_types;
    const PythonPassDescriptor descriptor = record.View(op_types);
    char *register_error = nullptr;
    if (registrar->register_pass(&descriptor, &GetBridgeCallbacks(), &register_error) == 0) {
      std::string text = "Register python pass[" + record.pass_name + "] failed";
      if (register_error != nullptr) {
        text += std::string(": ") + register_error;
        std::free(register_error);
      }
      Log(GE_PY_PASS_LOG_ERROR, text);
      failures.push_back(text);
    }
  }
  if (strict && !failures.empty()) {
    std::string text;
    for (const std::string &failure : failures) {
      text += (text.empty() ? "" : "\n") + failure;
    }
    SetError(error, text);
    return GE_PY_PASS_FAILED;
  }
  Log(GE_PY_PASS_LOG_INFO, "Registered " + std::to_string(records.size()) +
                               " python pass descriptor(s), " + std::to_string(failures.size()) +
                               " failure(s).");
  return GE_PY_PASS_SUCCESS;
}

void ResetBridgeState() { BridgeRuntime::Instance().Reset(); }
void ShutdownBridge() { BridgeRuntime::Instance().Shutdown(); }

}  // namespace
}  // namespace bridge
}  // namespace ge

extern "C" __attribute__((visibility("default"))) const PythonFusionPassBridgeApi *
GeGetPythonFusionPassBridgeApi() {
  static const PythonFusionPassBridgeApi api = [] {
    PythonFusionPassBridgeApi value{};
    value.abi_version = GE_PYTHON_PASS_BRIDGE_ABI_VERSION;
    value.set_artifact_config = &ge::bridge::SetArtifactConfig;
    value.register_passes = &ge::bridge::RegisterPasses;
    value.reset_bridge_state = &ge::bridge::ResetBridgeState;
    value.shutdown_bridge = &ge::bridge::ShutdownBridge;
    return value;
  }();
  return &api;
}
