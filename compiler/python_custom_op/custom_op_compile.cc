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

namespace ge {
namespace python_custom_op {
namespace {

gert::Tensor ToCompileTensor(const GeTensorDesc &desc) {
  gert::Shape storage;
  for (const int64_t dim : desc.GetShape().GetDims()) {
    storage.AppendDim(dim);
  }
  gert::Shape origin = storage;
  if (desc.IsOriginShapeInitialized()) {
    origin = gert::Shape();
    for (const int64_t dim : desc.GetOriginShape().GetDims()) {
      origin.AppendDim(dim);
    }
  }
  return gert::Tensor(gert::StorageShape(origin, storage),
                      gert::StorageFormat(desc.GetOriginFormat(), desc.GetFormat(), {}),
                      desc.GetDataType());
}

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
  // Every tensor the ports point at lives here until the call returns.
  std::vector<std::unique_ptr<gert::Tensor>> tensors;
  auto instance = [&tensors](const GeTensorDesc &desc) {
    tensors.push_back(std::make_unique<gert::Tensor>(ToCompileTensor(desc)));
    return tensors.back().get();
  };
  std::vector<custom_op::CompilePort> inputs;
  size_t port = 0;
  for (const auto &ir_input : op_desc.GetIrInputs()) {
    size_t ports = 1;
    if (ir_input.second == IrInputType::kDynamic) {
      ports = 0;
      while (port + ports < op_desc.GetInputsSize() &&
             op_desc.GetInputName(port + ports) == ir_input.first + std::to_string(ports)) {
        ++ports;
      }
    }
    custom_op::CompilePort compile_port;
    for (size_t i = port; i < port + ports; ++i) {
      if (node.GetInDataPeer(i).node != nullptr) {  // an absent optional input has no instance
        compile_port.instances.push_back(instance(*op_desc.GetInputDesc(i)));
      }
    }
    inputs.push_back(std::move(compile_port));
    port += ports;
  }
  std::vector<custom_op::CompilePort> outputs;
  port = 0;
  for (size_t count : IrOutputCounts(op_desc)) {
    custom_op::CompilePort compile_port;
    for (size_t i = port; i < port + count; ++i) {
      compile_port.instances.push_back(instance(*op_desc.GetOutputDesc(i)));
    }
    outputs.push_back(std::move(compile_port));
    port += count;
  }
  custom_op::RuntimeAttrs attrs;
  std::string error;
  if (!ReadRuntimeAttrs(op_desc, prototype->attrs, attrs, error)) {
    return Fail(label + ": " + error);
  }
  const std::unique_ptr<custom_op::CompilePlatformInfo> platform = CurrentPlatform();
  custom_op::OpCompileContext context(std::move(inputs), std::move(outputs), &attrs, options,
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
