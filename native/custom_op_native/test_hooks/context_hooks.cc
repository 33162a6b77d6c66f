// Test-only module: InferMetaFixture and EagerFixture own contexts built from Python values, as
// the compiler and the host runtime own the ones they lend to callbacks, so pytest can borrow
// them through _ge_custom_op_native._borrow_*_context.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ge/custom_op/annotated_args_context.h"
#include "ge/custom_op/eager_op_execution_context.h"
#include "ge/custom_op/infer_meta_context.h"
#include "ge/custom_op/op_compile_context.h"
#include "ge/custom_op/runtime_attrs.h"

namespace {

namespace py = pybind11;
using ge::custom_op::AttrKind;
using ge::custom_op::EagerOpExecutionContext;
using ge::custom_op::InferMetaContext;
using ge::custom_op::InferMetaInput;
using ge::custom_op::RuntimeAttrs;

gert::Shape ToShape(const std::vector<int64_t> &dims) {
  gert::Shape shape;
  for (const int64_t dim : dims) {
    shape.AppendDim(dim);
  }
  return shape;
}

std::vector<ge::DataType> ToDataTypes(const py::handle &values) {
  std::vector<ge::DataType> types;
  for (const py::handle value : values) {
    types.push_back(static_cast<ge::DataType>(value.cast<int32_t>()));
  }
  return types;
}

// (kind, value) -> the attribute; a tensor is (dims, data_type, bytes).
RuntimeAttrs::Value ToValue(int32_t kind, const py::handle &value) {
  switch (static_cast<AttrKind>(kind)) {
    case AttrKind::kInt: return value.cast<int64_t>();
    case AttrKind::kFloat: return value.cast<float>();
    case AttrKind::kBool: return value.cast<bool>();
    case AttrKind::kString: return value.cast<std::string>();
    case AttrKind::kDataType: return static_cast<ge::DataType>(value.cast<int32_t>());
    case AttrKind::kTensor: {
      const auto parts = value.cast<py::tuple>();
      const gert::Shape shape = ToShape(parts[0].cast<std::vector<int64_t>>());
      const std::string bytes = parts[2].cast<std::string>();
      return std::make_shared<ge::custom_op::TensorAttr>(
          gert::StorageShape(shape, shape), static_cast<ge::DataType>(parts[1].cast<int32_t>()),
          std::vector<uint8_t>(bytes.begin(), bytes.end()));
    }
    case AttrKind::kListInt: return value.cast<std::vector<int64_t>>();
    case AttrKind::kListFloat: return value.cast<std::vector<float>>();
    case AttrKind::kListBool: return value.cast<std::vector<bool>>();
    case AttrKind::kListString: return value.cast<std::vector<std::string>>();
    case AttrKind::kListDataType: return ToDataTypes(value);
    case AttrKind::kListListInt: return value.cast<std::vector<std::vector<int64_t>>>();
  }
  throw py::value_error("unknown attr kind " + std::to_string(kind));
}

RuntimeAttrs ToAttrs(const py::list &attrs) {
  RuntimeAttrs values;
  for (const py::handle item : attrs) {
    const auto pair = item.cast<py::tuple>();
    values.Append(ToValue(pair[0].cast<int32_t>(), pair[1]));
  }
  return values;
}

class BlockAllocator : public ge::custom_op::HostMemoryAllocator {
 public:
  void *Allocate(size_t size) override {
    blocks_.emplace_back(size);
    return blocks_.back().data();
  }

 private:
  std::vector<std::vector<uint8_t>> blocks_;
};

// Host input tensors (dims, data_type, bytes), attributes and `output_num` empty outputs; the
// outputs are read back after execute.
class EagerFixture {
 public:
  EagerFixture(const std::vector<size_t> &input_counts, const py::list &inputs,
               const py::list &attrs, size_t output_num)
      : attrs_(ToAttrs(attrs)), outputs_(output_num) {
    for (const py::handle item : inputs) {
      const auto parts = item.cast<py::tuple>();
      const gert::Shape shape = ToShape(parts[0].cast<std::vector<int64_t>>());
      const std::string bytes = parts[2].cast<std::string>();
      buffers_.emplace_back(bytes.begin(), bytes.end());
      inputs_.emplace_back(gert::StorageShape(shape, shape), gert::StorageFormat(),
                           static_cast<ge::DataType>(parts[1].cast<int32_t>()));
    }
    std::vector<gert::Tensor *> input_ptrs;
    for (size_t i = 0U; i < inputs_.size(); ++i) {
      inputs_[i].MutableTensorData().SetAddr(buffers_[i].data(), buffers_[i].size());
      input_ptrs.push_back(&inputs_[i]);
    }
    std::vector<gert::Tensor *> output_ptrs;
    for (gert::Tensor &output : outputs_) {
      output_ptrs.push_back(&output);
    }
    context_ = std::make_unique<EagerOpExecutionContext>(input_counts, input_ptrs, &attrs_,
                                                         output_ptrs, &allocator_, 42U);
  }

  uintptr_t Address() const { return reinterpret_cast<uintptr_t>(context_.get()); }
  py::bytes OutputBytes(size_t index) const {
    const gert::Tensor &output = outputs_.at(index);
    return py::bytes(static_cast<const char *>(output.GetAddr()), output.GetSize());
  }
  uintptr_t OutputAddress(size_t index) const {
    return reinterpret_cast<uintptr_t>(outputs_.at(index).GetAddr());
  }
  uintptr_t InputAddress(size_t index) const {
    return reinterpret_cast<uintptr_t>(inputs_.at(index).GetAddr());
  }
  int32_t OutputDataType(size_t index) const {
    return static_cast<int32_t>(outputs_.at(index).GetDataType());
  }

 private:
  std::vector<std::vector<uint8_t>> buffers_;
  std::vector<gert::Tensor> inputs_;
  RuntimeAttrs attrs_;
  std::vector<gert::Tensor> outputs_;
  BlockAllocator allocator_;
  std::unique_ptr<EagerOpExecutionContext> context_;
};

// Ports as lists of (dims, data_type) instances per IR index, attributes, compile options and a
// platform (soc_version, resources, default core num, core nums, ai core num) or None.
class CompileFixture {
 public:
  CompileFixture(const py::list &inputs, const py::list &outputs, const py::list &attrs,
                 const std::map<std::string, std::string> &options, const py::object &platform)
      : attrs_(ToAttrs(attrs)) {
    if (!platform.is_none()) {
      const auto parts = platform.cast<py::tuple>();
      platform_ = std::make_unique<ge::custom_op::CompilePlatformInfo>(
          parts[0].cast<std::string>(),
          parts[1].cast<std::map<std::string, std::map<std::string, std::string>>>(),
          parts[2].cast<int64_t>(), parts[3].cast<std::map<std::string, int64_t>>(),
          parts[4].cast<int64_t>());
    }
    context_ = std::make_unique<ge::custom_op::OpCompileContext>(Ports(inputs), Ports(outputs),
                                                                 &attrs_, options, platform_.get());
  }

  uintptr_t Address() const { return reinterpret_cast<uintptr_t>(context_.get()); }

 private:
  std::vector<ge::custom_op::CompilePort> Ports(const py::list &ports) {
    std::vector<ge::custom_op::CompilePort> result;
    for (const py::handle port : ports) {
      ge::custom_op::CompilePort compile_port;
      for (const py::handle item : port) {
        const auto pair = item.cast<py::tuple>();
        const gert::Shape shape = ToShape(pair[0].cast<std::vector<int64_t>>());
        tensors_.emplace_back(gert::StorageShape(shape, shape), gert::StorageFormat(),
                              static_cast<ge::DataType>(pair[1].cast<int32_t>()));
        compile_port.instances.push_back(&tensors_.back());
      }
      result.push_back(compile_port);
    }
    return result;
  }

  std::deque<gert::Tensor> tensors_;  // stable addresses while ports are added
  RuntimeAttrs attrs_;
  std::unique_ptr<ge::custom_op::CompilePlatformInfo> platform_;
  std::unique_ptr<ge::custom_op::OpCompileContext> context_;
};

// The context of a node with one input and one output tensor at logical addresses 0x100 and
// 0x200, on stream 3; the declared launches are read back.
class ArgsFixture {
 public:
  ArgsFixture() {
    input_.MutableTensorData().SetAddr(reinterpret_cast<void *>(0x100), 0U);
    output_.MutableTensorData().SetAddr(reinterpret_cast<void *>(0x200), 0U);
    context_ = std::make_unique<ge::custom_op::AnnotatedArgsContext>(
        std::vector<ge::custom_op::CompilePort>{{{&input_}}},
        std::vector<ge::custom_op::CompilePort>{{{&output_}}}, &attrs_, 3U, 0x1000U);
  }
  uintptr_t Address() const { return reinterpret_cast<uintptr_t>(context_.get()); }
  // Per launch: (kernel_name, block_dim, stream_id, [(kind, index, value)]).
  py::list Launches() const {
    py::list launches;
    for (const auto &launch : context_->GetLaunches()) {
      py::list args;
      for (const auto &slot : launch.args) {
        args.append(py::make_tuple(static_cast<int32_t>(slot.kind), slot.index, slot.value));
      }
      launches.append(py::make_tuple(launch.info.GetKernelName(), launch.info.GetBlockDim(),
                                     launch.info.GetStreamId(), args));
    }
    return launches;
  }
  std::vector<size_t> WorkspaceSizes() const { return context_->GetWorkspaceSizes(); }

 private:
  gert::Tensor input_;
  gert::Tensor output_;
  RuntimeAttrs attrs_;
  std::unique_ptr<ge::custom_op::AnnotatedArgsContext> context_;
};

class InferMetaFixture {
 public:
  // inputs: (dims or None for an unknown shape, data_type) per instance; attrs: (kind, value).
  InferMetaFixture(const std::vector<size_t> &input_counts, const py::list &inputs,
                   const py::list &attrs, const std::vector<size_t> &output_counts) {
    std::vector<InferMetaInput> descs;
    for (const py::handle item : inputs) {
      const auto pair = item.cast<py::tuple>();
      InferMetaInput input;
      input.has_shape = !pair[0].is_none();
      if (input.has_shape) {
        const gert::Shape shape = ToShape(pair[0].cast<std::vector<int64_t>>());
        input.shape = gert::StorageShape(shape, shape);
      }
      input.data_type = static_cast<ge::DataType>(pair[1].cast<int32_t>());
      descs.push_back(input);
    }
    context_ = std::make_unique<InferMetaContext>(input_counts, std::move(descs), ToAttrs(attrs),
                                                  output_counts);
  }

  uintptr_t Address() const { return reinterpret_cast<uintptr_t>(context_.get()); }

 private:
  std::unique_ptr<InferMetaContext> context_;
};

}  // namespace

PYBIND11_MODULE(_ge_custom_op_native_test_hooks, m) {
  py::class_<InferMetaFixture>(m, "InferMetaFixture")
      .def(py::init<const std::vector<size_t> &, const py::list &, const py::list &,
                    const std::vector<size_t> &>(),
           py::arg("input_counts"), py::arg("inputs"), py::arg("attrs"), py::arg("output_counts"))
      .def_property_readonly("address", &InferMetaFixture::Address);
  py::class_<ArgsFixture>(m, "ArgsFixture")
      .def(py::init<>())
      .def_property_readonly("address", &ArgsFixture::Address)
      .def("launches", &ArgsFixture::Launches)
      .def("workspace_sizes", &ArgsFixture::WorkspaceSizes);
  py::class_<CompileFixture>(m, "CompileFixture")
      .def(py::init<const py::list &, const py::list &, const py::list &,
                    const std::map<std::string, std::string> &, const py::object &>(),
           py::arg("inputs"), py::arg("outputs"), py::arg("attrs"), py::arg("options"),
           py::arg("platform"))
      .def_property_readonly("address", &CompileFixture::Address);
  py::class_<EagerFixture>(m, "EagerFixture")
      .def(py::init<const std::vector<size_t> &, const py::list &, const py::list &, size_t>(),
           py::arg("input_counts"), py::arg("inputs"), py::arg("attrs"), py::arg("output_num"))
      .def_property_readonly("address", &EagerFixture::Address)
      .def("output_bytes", &EagerFixture::OutputBytes, py::arg("index"))
      .def("output_address", &EagerFixture::OutputAddress, py::arg("index"))
      .def("input_address", &EagerFixture::InputAddress, py::arg("index"))
      .def("output_data_type", &EagerFixture::OutputDataType, py::arg("index"));
}
