// The task plan of Python custom ops with declare_launch_args.
#include "python_custom_op/custom_op_launch_args.h"

#include <utility>
#include <vector>

#include "common/error.h"
#include "ge/custom_op/annotated_args_context.h"
#include "python_bridge/bridge_library.h"
#include "python_custom_op/attr_conversion.h"
#include "python_custom_op/node_ports.h"

namespace ge {
namespace python_custom_op {
namespace {

// Device memory blocks are 512-byte aligned, as GE lays them out.
constexpr uint64_t kBlockAlign = 512U;
constexpr uint64_t kLogicalBase = 0x10000000U;
// The host runtime runs every node on one stream.
constexpr uint32_t kStreamId = 0U;

uint64_t AlignUp(uint64_t bytes) { return (bytes + kBlockAlign - 1U) / kBlockAlign * kBlockAlign; }

// Byte size of a tensor description; -1 when its shape or element size is not known.
int64_t TensorBytes(const GeTensorDesc &desc) {
  const int64_t elements = desc.GetShape().GetShapeSize();
  const int32_t element_size = GetSizeByDataType(desc.GetDataType());
  if (elements < 0 || element_size <= 0) {
    return -1;
  }
  return elements * element_size;
}

bool HasUnknownShape(const OpDesc &op_desc) {
  for (size_t i = 0; i < op_desc.GetInputsSize(); ++i) {
    if (op_desc.GetInputDesc(i)->GetShape().IsUnknownShape()) {
      return true;
    }
  }
  for (size_t i = 0; i < op_desc.GetOutputsSize(); ++i) {
    if (op_desc.GetOutputDesc(i)->GetShape().IsUnknownShape()) {
      return true;
    }
  }
  return false;
}

std::string SlotToken(const custom_op::KernelArgSlot &slot) {
  switch (slot.kind) {
    case custom_op::KernelArgSlot::Kind::kInput: return "{i" + std::to_string(slot.index) + "}";
    case custom_op::KernelArgSlot::Kind::kOutput: return "{o" + std::to_string(slot.index) + "}";
    case custom_op::KernelArgSlot::Kind::kWorkspace:
      return "{ws" + std::to_string(slot.index) + "}";
    case custom_op::KernelArgSlot::Kind::kScalar: return "{c}";
  }
  return "{?}";
}

void RecordPlan(const custom_op::AnnotatedArgsContext &context, OpDesc &op_desc) {
  const std::vector<custom_op::KernelLaunch> &launches = context.GetLaunches();
  for (size_t i = 0; i < launches.size(); ++i) {
    const custom_op::AnnotatedKernelLaunchInfo &info = launches[i].info;
    const std::string prefix = kAttrLaunchPrefix + std::to_string(i) + "_";
    std::string format;
    std::vector<int64_t> values;
    for (const custom_op::KernelArgSlot &slot : launches[i].args) {
      format += SlotToken(slot);
      values.push_back(static_cast<int64_t>(slot.value));
    }
    op_desc.SetAttr(prefix + "kernel_name", info.GetKernelName());
    op_desc.SetAttr(prefix + "kernel_bin", Bytes{info.GetKernelBin()});
    op_desc.SetAttr(prefix + "block_dim", static_cast<int64_t>(info.GetBlockDim()));
    op_desc.SetAttr(prefix + "stream_id", static_cast<int64_t>(info.GetStreamId()));
    op_desc.SetAttr(prefix + "args_format", format);
    op_desc.SetAttr(prefix + "args", std::move(values));
  }
  std::vector<int64_t> workspaces;
  for (const size_t bytes : context.GetWorkspaceSizes()) {
    workspaces.push_back(static_cast<int64_t>(bytes));
  }
  op_desc.SetAttr(kAttrWorkspaceBytes, std::move(workspaces));
  op_desc.SetAttr(kAttrTaskArgsMode, "AnnotatedArgs");
  op_desc.SetAttr(kAttrTaskPlan, static_cast<int64_t>(launches.size()));
}

}  // namespace

LogicalMemory::LogicalMemory(const ComputeGraph &graph) : next_(kLogicalBase) {
  for (const Node *node : graph.GetAllNodes()) {
    const OpDesc &op_desc = node->GetOpDesc();
    for (size_t i = 0; i < op_desc.GetOutputsSize(); ++i) {
      const int64_t bytes = TensorBytes(*op_desc.GetOutputDesc(i));
      if (bytes >= 0) {
        outputs_[{node, i}] = next_;
        // An empty tensor still takes a block, so that no two tensors share an address.
        next_ += bytes == 0 ? kBlockAlign : AlignUp(static_cast<uint64_t>(bytes));
      }
    }
  }
}

uint64_t LogicalMemory::OutputAddress(const Node *node, size_t index) const {
  const auto found = outputs_.find({node, index});
  return found == outputs_.end() ? 0U : found->second;
}

uint64_t LogicalMemory::TakeWorkspace(uint64_t bytes) {
  const uint64_t start = next_;
  next_ += AlignUp(bytes);
  return start;
}

Status DeclareCustomOpLaunchArgs(ComputeGraph &graph,
                                 const std::map<std::string, std::string> & /*options*/) {
  return PythonCustomOps::Instance().DeclareLaunchArgs(graph);
}

Status RunDeclareLaunchArgs(const ImplEntry &entry, Node &node, LogicalMemory &memory) {
  OpDesc &op_desc = node.MutableOpDesc();
  if (op_desc.HasAttr(kAttrTaskPlan) || HasUnknownShape(op_desc)) {
    return SUCCESS;
  }
  const std::string label = "custom op '" + entry.op_type + "' (node '" + node.GetName() + "')";
  const OpPrototype *prototype = OpCatalog::Instance().Find(entry.op_type);
  if (prototype == nullptr) {
    return Fail(label + ": the op catalog has no prototype for it");
  }
  NodePorts ports(node, [&node, &memory](bool is_input, size_t index) {
    if (!is_input) {
      return memory.OutputAddress(&node, index);
    }
    const InDataPeer peer = node.GetInDataPeer(index);
    return memory.OutputAddress(peer.node, static_cast<size_t>(peer.out_index));
  });
  custom_op::RuntimeAttrs attrs;
  std::string error;
  if (!ReadRuntimeAttrs(op_desc, prototype->attrs, attrs, error)) {
    return Fail(label + ": " + error);
  }
  custom_op::AnnotatedArgsContext context(ports.TakeInputs(), ports.TakeOutputs(), &attrs,
                                          kStreamId, memory.WorkspaceStart());
  char *message = nullptr;
  if (entry.callbacks.declare_launch_args(entry.holder, &context, &message) !=
      GE_CUSTOM_OP_SUCCESS) {
    return Fail(label + ": python declare_launch_args failed (" + entry.descriptor_key + "):\n" +
                python_bridge::TakeBridgeString(message));
  }
  if (context.GetLaunches().empty()) {
    return Fail(label + ": declare_launch_args did not call AddLaunch");
  }
  uint64_t workspace_bytes = 0U;
  for (const size_t bytes : context.GetWorkspaceSizes()) {
    workspace_bytes += AlignUp(bytes);
  }
  (void)memory.TakeWorkspace(workspace_bytes);
  RecordPlan(context, op_desc);
  return SUCCESS;
}

}  // namespace python_custom_op
}  // namespace ge
