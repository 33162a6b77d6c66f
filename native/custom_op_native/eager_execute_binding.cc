// EagerOpExecutionContext of _ge_custom_op_native: a view of the context the host runtime lends
// to one execute call. Tensors it hands out are mutable ge.runtime views that expire with it.
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "context_views.h"
#include "ge/custom_op/eager_op_execution_context.h"

namespace ge {
namespace custom_op_native {
namespace {

using custom_op::EagerOpExecutionContext;

class EagerContextView {
 public:
  explicit EagerContextView(EagerOpExecutionContext *context)
      : context_(context), loan_(std::make_shared<Loan>("Borrowed native object has expired")) {}

  EagerOpExecutionContext &Get() const {
    loan_->EnsureValid();
    return *context_;
  }
  void Invalidate() { loan_->End(); }
  py::object Lend(const gert::Tensor *tensor, const char *failure) const {
    if (tensor == nullptr) {
      throw std::runtime_error(failure);
    }
    return loan_->BorrowTensor(tensor, false);
  }
  RuntimeAttrsView Attrs() const {
    const custom_op::RuntimeAttrs *attrs = Get().GetAttrs();
    if (attrs == nullptr) {
      throw std::runtime_error("Failed to get runtime attrs");
    }
    return RuntimeAttrsView(attrs, loan_);
  }

 private:
  EagerOpExecutionContext *context_;
  std::shared_ptr<Loan> loan_;
};

gert::Shape ToShape(const py::handle &dims) {
  gert::Shape shape;
  for (const py::handle dim : dims) {
    shape.AppendDim(dim.cast<int64_t>());
  }
  return shape;
}

// ge.runtime values are read through their Python attributes: they belong to another extension
// module, whose C++ types this one does not share.
gert::StorageShape ToStorageShape(const py::handle &shape) {
  return gert::StorageShape(ToShape(shape.attr("origin_shape").attr("dims")),
                            ToShape(shape.attr("storage_shape").attr("dims")));
}

gert::StorageFormat ToStorageFormat(const py::handle &format) {
  const py::object expand = format.attr("expand_dims_type");
  std::string rule;
  const auto size = expand.attr("full_size").cast<size_t>();
  for (size_t i = 0U; i < size; ++i) {
    rule += expand.attr("is_expand_index")(i).cast<bool>() ? '1' : '0';
  }
  return gert::StorageFormat(static_cast<Format>(format.attr("origin_format").cast<int32_t>()),
                             static_cast<Format>(format.attr("storage_format").cast<int32_t>()),
                             gert::ExpandDimsType(rule));
}

py::object MallocOutput(const EagerContextView &self, size_t index, const py::object &shape,
                        const py::object &format, const py::object &data_type) {
  EagerOpExecutionContext &context = self.Get();
  const gert::Tensor *output =
      context.MallocOutputTensor(index, ToStorageShape(shape), ToStorageFormat(format),
                                 static_cast<DataType>(data_type.cast<int32_t>()));
  return self.Lend(output, "Failed to malloc output tensor");
}

}  // namespace

void BindEagerExecute(py::module_ &m) {
  using View = EagerContextView;
  py::class_<View>(m, "EagerOpExecutionContext",
                   "What execute sees of its node on the host runtime: input tensors, attributes, "
                   "outputs to allocate and fill, workspace and stream (valid during the call).")
      .def(
          "get_input_tensor",
          [](const View &self, size_t index) {
            return self.Lend(self.Get().GetInputTensor(index), "Failed to get input tensor");
          },
          py::arg("index"))
      .def("get_input_num", [](const View &self) { return self.Get().GetInputNum(); })
      .def(
          "get_dynamic_input_num",
          [](const View &self, size_t ir_index) {
            size_t num = 0U;
            if (!self.Get().GetDynamicInputNum(ir_index, num)) {
              throw std::runtime_error("Failed to get dynamic input instance info");
            }
            return num;
          },
          py::arg("ir_index"))
      .def("get_attrs", &View::Attrs)
      .def(
          "get_required_input_tensor",
          [](const View &self, size_t ir_index) {
            return self.Lend(self.Get().GetRequiredInputTensor(ir_index),
                             "Failed to get required input tensor");
          },
          py::arg("ir_index"))
      .def(
          "get_optional_input_tensor",
          [](const View &self, size_t ir_index) -> py::object {
            const gert::Tensor *tensor = self.Get().GetOptionalInputTensor(ir_index);
            return tensor == nullptr ? py::none() : self.Lend(tensor, "");
          },
          py::arg("ir_index"))
      .def(
          "get_dynamic_input_tensor",
          [](const View &self, size_t ir_index, size_t relative_index) {
            return self.Lend(self.Get().GetDynamicInputTensor(ir_index, relative_index),
                             "Failed to get dynamic input tensor");
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def("malloc_output_tensor", &MallocOutput, py::arg("index"), py::arg("shape"),
           py::arg("format"), py::arg("dtype"))
      .def(
          "make_output_ref_input",
          [](const View &self, size_t output_index, size_t input_index) {
            if (!self.Get().MakeOutputRefInput(output_index, input_index)) {
              throw std::runtime_error("Failed to make output reference input");
            }
          },
          py::arg("output_index"), py::arg("input_index"))
      .def(
          "malloc_workspace",
          [](const View &self, size_t size) {
            void *memory = self.Get().MallocWorkspace(size);
            if (memory == nullptr && size != 0U) {
              throw std::runtime_error("Failed to malloc workspace");
            }
            return reinterpret_cast<uintptr_t>(memory);
          },
          py::arg("size"))
      .def(
          "get_output_tensor",
          [](const View &self, size_t index) {
            return self.Lend(self.Get().GetOutputTensor(index), "Failed to get output tensor");
          },
          py::arg("index"))
      .def("get_stream", [](const View &self) { return self.Get().GetStream(); })
      .def("_invalidate", &View::Invalidate,
           "Bridge only: end the loan; every later use raises RuntimeError.");

  m.def(
      "_borrow_eager_op_execution_context",
      [](uintptr_t ctx_handle) {
        if (ctx_handle == 0U) {
          throw py::value_error("ctx_handle is null");
        }
        return EagerContextView(reinterpret_cast<EagerOpExecutionContext *>(ctx_handle));
      },
      py::arg("ctx_handle"), "Bridge only: a view of the EagerOpExecutionContext at `ctx_handle`.");
}

}  // namespace custom_op_native
}  // namespace ge
