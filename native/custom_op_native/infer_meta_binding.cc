// InferMetaContext of _ge_custom_op_native: a view of the compiler's value lent to one
// infer_meta call; its attrs share its loan, ended by _invalidate().
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "context_views.h"
#include "ge/custom_op/infer_meta_context.h"

namespace ge {
namespace custom_op_native {
namespace {

using custom_op::InferMetaContext;
using custom_op::InferMetaInput;

std::vector<int64_t> Dims(const gert::Shape &shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0U; i < shape.GetDimNum(); ++i) {
    dims.push_back(shape.GetDim(i));
  }
  return dims;
}

class InferMetaContextView {
 public:
  explicit InferMetaContextView(const InferMetaContext *context)
      : context_(context),
        loan_(std::make_shared<Loan>("Borrowed infer shape context has expired")) {}

  const InferMetaContext &Get() const {
    loan_->EnsureValid();
    return *context_;
  }

  void Invalidate() { loan_->End(); }

  RuntimeAttrsView Attrs() const { return RuntimeAttrsView(&Get().GetAttrs(), loan_); }

 private:
  const InferMetaContext *context_;
  std::shared_ptr<Loan> loan_;
};

/// An owned ge.runtime.TensorDesc with origin = storage = the instance's inferred shape.
py::object ToTensorDesc(const InferMetaInput &input) {
  return py::module_::import("ge.runtime")
      .attr("TensorDesc")(py::cast(Dims(input.shape.GetStorageShape())),
                          GraphDataType(input.data_type));
}

[[noreturn]] void FailAt(const std::string &what, size_t ir_index) {
  throw std::runtime_error("Failed to get " + what + " at ir index " + std::to_string(ir_index));
}

}  // namespace

void BindInferMeta(py::module_ &m) {
  py::class_<InferMetaContextView>(m, "InferMetaContext",
                                   "What infer_meta sees of its node: input descs by IR index, "
                                   "attributes and dynamic output counts (valid during the "
                                   "call only; the descs it returns are owned copies).")
      .def(
          "get_required_input_tensor",
          [](const InferMetaContextView &self, size_t ir_index) {
            const InferMetaInput *input = self.Get().GetRequiredInput(ir_index);
            if (input == nullptr) {
              FailAt("required input tensor", ir_index);
            }
            return ToTensorDesc(*input);
          },
          py::arg("ir_index"))
      .def(
          "get_optional_input_tensor",
          [](const InferMetaContextView &self, size_t ir_index) -> py::object {
            const InferMetaInput *input = self.Get().GetOptionalInput(ir_index);
            if (input == nullptr || !input->has_shape) {
              return py::none();
            }
            return ToTensorDesc(*input);
          },
          py::arg("ir_index"))
      .def(
          "get_dynamic_input_num",
          [](const InferMetaContextView &self, size_t ir_index) {
            size_t num = 0U;
            if (!self.Get().GetInputInstanceNum(ir_index, num)) {
              FailAt("dynamic input instance info", ir_index);
            }
            return num;
          },
          py::arg("ir_index"))
      .def(
          "get_dynamic_input_tensor",
          [](const InferMetaContextView &self, size_t ir_index, size_t relative_index) {
            const InferMetaInput *input = self.Get().GetDynamicInput(ir_index, relative_index);
            if (input == nullptr) {
              throw std::runtime_error("Failed to get dynamic input tensor at ir index " +
                                       std::to_string(ir_index) + ", relative index " +
                                       std::to_string(relative_index));
            }
            return ToTensorDesc(*input);
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def("get_attrs", &InferMetaContextView::Attrs)
      .def(
          "get_dynamic_output_num",
          [](const InferMetaContextView &self, size_t ir_index) {
            size_t num = 0U;
            if (!self.Get().GetOutputInstanceNum(ir_index, num)) {
              FailAt("dynamic output instance info", ir_index);
            }
            return num;
          },
          py::arg("ir_index"))
      .def("_invalidate", &InferMetaContextView::Invalidate,
           "Bridge only: end the loan; every later use raises RuntimeError.");

  m.def(
      "_borrow_infer_meta_context",
      [](uintptr_t ctx_handle) {
        if (ctx_handle == 0U) {
          throw py::value_error("ctx_handle is null");
        }
        return InferMetaContextView(reinterpret_cast<const InferMetaContext *>(ctx_handle));
      },
      py::arg("ctx_handle"), "Bridge only: a view of the InferMetaContext at `ctx_handle`.");
}

}  // namespace custom_op_native
}  // namespace ge
