// GeEnvironment implementation.
#include "session/ge_environment.h"

#include <mutex>

#include "common/error.h"
#include "loader/pass_plugin_loader.h"
#include "pipeline/compile_graph.h"
#include "python_custom_op/python_custom_ops.h"

namespace ge {
namespace runtime {
namespace {

struct State {
  std::mutex mutex;
  bool initialized = false;
  OptionMap options;
};

State &GetState() {
  static auto *state = new State();  // leaked: finalize may run during process shutdown
  return *state;
}

}  // namespace

Status GeEnvironment::Initialize(const OptionMap &options) {
  State &state = GetState();
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.initialized) {
    for (const auto &entry : options) {
      state.options[entry.first] = entry.second;
    }
    return SUCCESS;
  }
  if (LoadPassPlugins(IsPythonPassStrictOption(options)) != SUCCESS) {
    return Fail("GEInitialize: loading the pass plugins failed: " + GetLastError());
  }
  // Custom ops load after the pass plugins (GE's order) and stay for the session lifetime: graphs
  // built meanwhile use their prototypes, runs use their host kernels.
  if (python_custom_op::LoadCustomOps() != SUCCESS) {
    const std::string reason = GetLastError();
    (void)UnloadPassPlugins();
    return Fail("GEInitialize: loading the custom ops failed: " + reason);
  }
  state.options = options;
  state.initialized = true;
  return SUCCESS;
}

Status GeEnvironment::Finalize() {
  State &state = GetState();
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.initialized) {
    return SUCCESS;
  }
  state.initialized = false;
  state.options.clear();
  (void)python_custom_op::UnloadCustomOps();
  if (UnloadPassPlugins() != SUCCESS) {
    return Fail("GEFinalize: unloading the pass plugins failed: " + GetLastError());
  }
  return SUCCESS;
}

bool GeEnvironment::IsInitialized() {
  State &state = GetState();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.initialized;
}

OptionMap GeEnvironment::GetGlobalOptions() {
  State &state = GetState();
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.options;
}

}  // namespace runtime
}  // namespace ge
