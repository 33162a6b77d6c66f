// The compile step of Python custom ops.
#include "python_custom_op/custom_op_compile.h"

#include <memory>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ge/custom_op/op_compile_context.h"
#include "ops/platform_info.h"
#include "python_bridge/bridge_library.h"
#include "python_custom_op/attr_conversion.h"
#include "python_custom_op/node_ports.h"

namespace ge {
namespace python_custom_op {
namespace {

// The platform of the compile (the current SoC's table), as compile sees it; null when no SoC
// is selected or its table cannot be loaded.
std::unique_ptr<custom_op::CompilePlatformInfo> CurrentPlatform() {
  std::shared_ptr<const PlatformInfo> table;
  const std::string soc = GetCurrentSocVersion();
  if (soc.empty() || PlatformInfo::Load(soc, &table) != SUCCESS) {
    return nullptr;
  }
  std::map<std::string, custom_op::CompilePlatformInfo::Group> resources;
  resources["version"] = {{"SoC_version", table->GetSocVersion()},
                          {"Short_SoC_version", table->GetShortSocVersion()}};
  resources["SoCInfo"] = {{"ai_core_cnt", std::to_string(table->GetAiCoreCount())},
                          {"vector_core_cnt", std::to_string(table->GetVectorCoreCount())},
                          {"ai_cpu_cnt", std::to_string(table->GetAiCpuCount())}};
  return std::make_unique<custom_op::CompilePlatformInfo>(
      table->GetSocVersion(), std::move(resources), table->GetAiCoreCount(),
      std::map<std::string, int64_t>{{"AiCore", table->GetAiCoreCount()},
                                     {"VectorCore", table->GetVectorCoreCount()}},
      table->GetAiCoreCount());
}

}  // namespace

Status CompileCustomOps(ComputeGraph &graph, const std::map<std::string, std::string> &options) {
  return PythonCustomOps::Instance().Compile(graph, options);
}

Status RunCompile(const ImplEntry &entry, const Node &node,
                  const std::map<std::string, std::string> &options) {
  const OpDesc &op_desc = node.GetOpDesc();
  const std::string label = "custom op '" + entry.op_type + "' (node '" + node.GetName() + "')";
  const OpPrototype *prototype = OpCatalog::Instance().Find(entry.op_type);
  if (prototype == nullptr) {
    return Fail(label + ": the op catalog has no prototype for it");
  }
  // Compile sees the tensors without memory.
  NodePorts ports(node, [](bool, size_t) { return uint64_t{0}; });
  custom_op::RuntimeAttrs attrs;
  std::string error;
  if (!ReadRuntimeAttrs(op_desc, prototype->attrs, attrs, error)) {
    return Fail(label + ": " + error);
  }
  const std::unique_ptr<custom_op::CompilePlatformInfo> platform = CurrentPlatform();
  custom_op::OpCompileContext context(ports.TakeInputs(), ports.TakeOutputs(), &attrs, options,
                                      platform.get());
  char *message = nullptr;
  if (entry.callbacks.compile_impl(entry.holder, &context, &message) != GE_CUSTOM_OP_SUCCESS) {
    return Fail(label + ": python compile failed (" + entry.descriptor_key + "):\n" +
                python_bridge::TakeBridgeString(message));
  }
  return SUCCESS;
}

}  // namespace python_custom_op
}  // namespace ge
