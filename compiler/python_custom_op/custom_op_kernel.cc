// The Python custom-op host kernel.
#include "python_custom_op/custom_op_kernel.h"

#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "ge/custom_op/eager_op_execution_context.h"
#include "python_bridge/bridge_library.h"
#include "python_custom_op/attr_conversion.h"

namespace ge {
namespace python_custom_op {
namespace {

// Host memory of one execute: inputs' private copies, outputs and workspace, freed once the
// outputs were copied into the node's output tensors.
class CallMemory : public custom_op::HostMemoryAllocator {
 public:
  void *Allocate(size_t size) override {
    blocks_.emplace_back(new (std::nothrow) uint8_t[size == 0 ? 1 : size]);
    return blocks_.back().get();
  }

 private:
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
};

gert::Shape ToShape(const DimsView &dims) {
  gert::Shape shape;
  for (const int64_t dim : dims) {
    shape.AppendDim(dim);
  }
  return shape;
}

gert::Tensor ToRuntimeTensor(const GeTensor &tensor, CallMemory &memory) {
  const GeTensorDesc &desc = tensor.GetTensorDesc();
  const gert::Shape shape = ToShape(desc.GetShape().GetDims());
  gert::Tensor value(gert::StorageShape(shape, shape),
                     gert::StorageFormat(desc.GetOriginFormat(), desc.GetFormat(), {}),
                     desc.GetDataType());
  void *bytes = nullptr;
  if (tensor.GetSize() != 0) {
    bytes = memory.Allocate(tensor.GetSize());
    if (bytes != nullptr) {
      std::memcpy(bytes, tensor.GetData(), tensor.GetSize());
    }
  }
  value.MutableTensorData() = gert::TensorData(bytes, tensor.GetSize(), gert::kOnHost);
  return value;
}

GeTensor ToGeTensor(const gert::Tensor &value) {
  std::vector<int64_t> dims;
  const gert::Shape &shape = value.GetStorageShape();
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    dims.push_back(shape.GetDim(i));
  }
  std::vector<int64_t> origin;
  for (size_t i = 0; i < value.GetOriginShape().GetDimNum(); ++i) {
    origin.push_back(value.GetOriginShape().GetDim(i));
  }
  GeTensorDesc desc(GeShape(dims), value.GetStorageFormat(), value.GetDataType());
  desc.SetOriginShape(GeShape(origin));
  desc.SetOriginFormat(value.GetOriginFormat());
  return GeTensor(std::move(desc), value.GetAddr(), value.GetSize());
}

Status Execute(runtime::KernelContext &ctx) { return PythonCustomOps::Instance().Execute(ctx); }

}  // namespace

runtime::KernelDef PythonCustomOpKernel() {
  runtime::KernelDef def;
  def.fn = &Execute;
  return def;
}

Status RunExecute(const ImplEntry &entry, runtime::KernelContext &ctx) {
  const OpDesc &op_desc = ctx.GetOpDesc();
  const OpPrototype *prototype = OpCatalog::Instance().Find(entry.op_type);
  if (prototype == nullptr) {
    return ctx.Error("the op catalog has no prototype for this python custom op");
  }
  CallMemory memory;
  std::vector<gert::Tensor> inputs;
  std::vector<size_t> input_counts;
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
    size_t count = 0;
    for (size_t i = port; i < port + ports; ++i) {
      const GeTensor *tensor = ctx.GetInput(i);
      if (tensor != nullptr) {
        inputs.push_back(ToRuntimeTensor(*tensor, memory));
        ++count;
      }
    }
    input_counts.push_back(count);
    port += ports;
  }
  custom_op::RuntimeAttrs attrs;
  std::string error;
  if (!ReadRuntimeAttrs(op_desc, prototype->attrs, attrs, error)) {
    return ctx.Error(error);
  }
  std::vector<gert::Tensor> outputs(ctx.GetOutputsSize());
  std::vector<gert::Tensor *> input_pointers;
  for (gert::Tensor &input : inputs) {
    input_pointers.push_back(&input);
  }
  std::vector<gert::Tensor *> output_pointers;
  for (gert::Tensor &output : outputs) {
    output_pointers.push_back(&output);
  }
  custom_op::EagerOpExecutionContext eager(std::move(input_counts), std::move(input_pointers),
                                           &attrs, std::move(output_pointers), &memory, 0);
  char *message = nullptr;
  if (entry.callbacks.execute(entry.holder, &eager, &message) != GE_CUSTOM_OP_SUCCESS) {
    return ctx.Error("python custom op execute failed (" + entry.descriptor_key + "):\n" +
                     python_bridge::TakeBridgeString(message));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].GetDataType() == DT_UNDEFINED) {
      return ctx.Error("python custom op execute left output " + std::to_string(i) +
                       " unset (call malloc_output_tensor or make_output_ref_input)");
    }
    if (ctx.SetOutput(i, ToGeTensor(outputs[i])) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

}  // namespace python_custom_op
}  // namespace ge
