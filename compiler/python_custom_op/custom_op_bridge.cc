// CustomOpBridge implementation.
#include "python_custom_op/custom_op_bridge.h"

#include <cstdlib>

#include "common/error.h"
#include "python_bridge/bridge_library.h"

namespace ge {
namespace python_custom_op {
namespace {

constexpr const char *kBridgeUser = "python custom ops";

void ShutdownAtExit() { CustomOpBridge::Instance().Shutdown(); }

}  // namespace

CustomOpBridge &CustomOpBridge::Instance() {
  static CustomOpBridge instance;
  return instance;
}

Status CustomOpBridge::EnsureApi() {
  if (api_ != nullptr) {
    return SUCCESS;
  }
  python_bridge::BridgeLibrary &library = python_bridge::BridgeLibrary::Instance();
  if (library.Acquire(kBridgeUser) != SUCCESS) {
    return FAILED;
  }
  auto get_api = reinterpret_cast<GetPythonCustomOpBridgeApiFn>(
      library.Symbol(GE_CUSTOM_OP_BRIDGE_GET_API_SYMBOL));
  const PythonCustomOpBridgeApi *api = get_api == nullptr ? nullptr : get_api();
  if (api == nullptr || api->abi_version != GE_CUSTOM_OP_BRIDGE_ABI_VERSION ||
      api->set_artifact_config == nullptr || api->register_custom_ops == nullptr ||
      api->reset_bridge_state == nullptr || api->shutdown_bridge == nullptr) {
    library.Release(kBridgeUser);
    return Fail("the python bridge library " + library.GetLoadedPath() +
                " has no usable custom op entry table (" + GE_CUSTOM_OP_BRIDGE_GET_API_SYMBOL +
                ", ABI " + std::to_string(GE_CUSTOM_OP_BRIDGE_ABI_VERSION) + ")");
  }
  api_ = api;
  static std::once_flag at_exit;
  std::call_once(at_exit, [] { (void)std::atexit(&ShutdownAtExit); });
  return SUCCESS;
}

Status CustomOpBridge::RegisterCustomOps(const GeCustomOpRegistrar &registrar) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (EnsureApi() != SUCCESS) {
    return FAILED;
  }
  char *error = nullptr;
  if (api_->register_custom_ops(&registrar, &error) != GE_CUSTOM_OP_SUCCESS) {
    const std::string reason = python_bridge::TakeBridgeString(error);
    return Fail(reason.empty() ? "loading python custom ops failed" : reason);
  }
  return SUCCESS;
}

void CustomOpBridge::ResetBridgeState() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ != nullptr) {
    api_->reset_bridge_state();
  }
}

void CustomOpBridge::Shutdown() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (api_ == nullptr || api_is_test_table_) {
    return;
  }
  api_ = nullptr;
  python_bridge::BridgeLibrary::Instance().Release(kBridgeUser);
}

void CustomOpBridge::UseTableForTesting(const PythonCustomOpBridgeApi *table) {
  std::lock_guard<std::mutex> lock(mutex_);
  api_ = table;
  api_is_test_table_ = table != nullptr;
}

}  // namespace python_custom_op
}  // namespace ge
