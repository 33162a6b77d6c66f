// The tensors of a node's IR ports as a custom-op callback at compile time sees them (compile,
// declare_launch_args): one port per IR input / output, its instances in anchor order (an absent
// optional input has none), shapes, formats and data types from the node's tensor descriptions.
#ifndef GE_PYTHON_CUSTOM_OP_NODE_PORTS_H_
#define GE_PYTHON_CUSTOM_OP_NODE_PORTS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "exe_graph/runtime/tensor.h"
#include "ge/custom_op/op_compile_context.h"
#include "graph/node.h"

namespace ge {
namespace python_custom_op {

class NodePorts {
 public:
  /// The address of input (`is_input`) or output anchor `index`; 0 leaves the tensor without
  /// memory.
  using AddressOf = std::function<uint64_t(bool is_input, size_t index)>;

  NodePorts(const Node &node, const AddressOf &address_of);
  NodePorts(const NodePorts &) = delete;
  NodePorts &operator=(const NodePorts &) = delete;

  /// Moved out once; the tensors they point at live as long as this object.
  std::vector<custom_op::CompilePort> TakeInputs() { return std::move(inputs_); }
  std::vector<custom_op::CompilePort> TakeOutputs() { return std::move(outputs_); }

 private:
  const gert::Tensor *Add(const GeTensorDesc &desc, uint64_t address);

  std::vector<std::unique_ptr<gert::Tensor>> tensors_;
  std::vector<custom_op::CompilePort> inputs_;
  std::vector<custom_op::CompilePort> outputs_;
};

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_NODE_PORTS_H_
