// The tensors of a node's IR ports for compile-time custom-op callbacks.
#include "python_custom_op/node_ports.h"

#include <string>
#include <utility>

#include "python_custom_op/ir_view.h"

namespace ge {
namespace python_custom_op {
namespace {

gert::Shape ToShape(const GeShape &shape) {
  gert::Shape result;
  for (const int64_t dim : shape.GetDims()) {
    result.AppendDim(dim);
  }
  return result;
}

}  // namespace

NodePorts::NodePorts(const Node &node, const AddressOf &address_of) {
  const OpDesc &op_desc = node.GetOpDesc();
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
        compile_port.instances.push_back(Add(*op_desc.GetInputDesc(i), address_of(true, i)));
      }
    }
    inputs_.push_back(std::move(compile_port));
    port += ports;
  }
  port = 0;
  for (size_t count : IrOutputCounts(op_desc)) {
    custom_op::CompilePort compile_port;
    for (size_t i = port; i < port + count; ++i) {
      compile_port.instances.push_back(Add(*op_desc.GetOutputDesc(i), address_of(false, i)));
    }
    outputs_.push_back(std::move(compile_port));
    port += count;
  }
}

const gert::Tensor *NodePorts::Add(const GeTensorDesc &desc, uint64_t address) {
  const gert::Shape storage = ToShape(desc.GetShape());
  const gert::Shape origin =
      desc.IsOriginShapeInitialized() ? ToShape(desc.GetOriginShape()) : storage;
  auto tensor = std::make_unique<gert::Tensor>(
      gert::StorageShape(origin, storage),
      gert::StorageFormat(desc.GetOriginFormat(), desc.GetFormat(), {}), desc.GetDataType());
  if (address != 0U) {
    // A logical address (declare_launch_args): never dereferenced, only reported.
    tensor->MutableTensorData().SetAddr(reinterpret_cast<void *>(static_cast<uintptr_t>(address)),
                                        0U);
  }
  tensors_.push_back(std::move(tensor));
  return tensors_.back().get();
}

}  // namespace python_custom_op
}  // namespace ge
