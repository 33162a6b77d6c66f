// InferMetaContext and RuntimeAttrs of _ge_custom_op_native: views of the compiler's values lent
// to one infer_meta call. Both share one validity flag, ended by InferMetaContext._invalidate();
// tensors read from the attributes are ge.runtime views under a scope ended at the same time.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.h"
#include "ge/custom_op/infer_meta_context.h"
#include "ge/custom_op/runtime_attrs.h"

namespace ge {
namespace custom_op_native {
namespace {

namespace py = pybind11;
using custom_op::AttrKind;
using custom_op::InferMetaContext;
using custom_op::InferMetaInput;
using custom_op::RuntimeAttrs;

py::object GraphDataType(DataType value) {
  return py::module_::import("ge.graph.types").attr("DataType")(static_cast<int32_t>(value));
}

std::vector<int64_t> Dims(const gert::Shape &shape) {
  std::vector<int64_t> dims;
  for (size_t i = 0U; i < shape.GetDimNum(); ++i) {
    dims.push_back(shape.GetDim(i));
  }
  return dims;
}

/// What the views of one lent context share.
struct Loan {
  std::shared_ptr<bool> valid = std::make_shared<bool>(true);
  py::object tensor_scope;  // ge.runtime._BorrowScope, made on first tensor attribute
};

class RuntimeAttrsView {
 public:
  RuntimeAttrsView(const RuntimeAttrs *attrs, std::shared_ptr<Loan> loan)
      : attrs_(attrs), loan_(std::move(loan)) {}

  const RuntimeAttrs &Get() const {
    if (!*loan_->valid) {
      throw std::runtime_error("Borrowed runtime attrs have expired");
    }
    return *attrs_;
  }

  template <typename T>
  static const T &Require(const T *value, AttrKind kind, size_t index) {
    if (value == nullptr) {
      throw std::runtime_error(std::string("Failed to get runtime attr type[") +
                               custom_op::AttrKindName(kind) + "] at index[" +
                               std::to_string(index) + "]");
    }
    return *value;
  }

  py::object GetTensor(size_t index) const {
    const gert::Tensor &tensor = Require(Get().GetTensor(index), AttrKind::kTensor, index);
    py::module_ native = py::module_::import("ge.runtime._native");
    if (!loan_->tensor_scope) {
      loan_->tensor_scope = native.attr("_BorrowScope")();
    }
    // Attribute tensors are never written through: read-only views.
    return native.attr("_borrow_tensor")(reinterpret_cast<uintptr_t>(&tensor), loan_->tensor_scope,
                                         true);
  }

  py::list GetListDataType(size_t index) const {
    py::list values;
    for (const DataType value :
         Require(Get().GetListDataType(index), AttrKind::kListDataType, index)) {
      values.append(GraphDataType(value));
    }
    return values;
  }

 private:
  const RuntimeAttrs *attrs_;
  std::shared_ptr<Loan> loan_;
};

class InferMetaContextView {
 public:
  explicit InferMetaContextView(const InferMetaContext *context)
      : context_(context), loan_(std::make_shared<Loan>()) {}

  const InferMetaContext &Get() const {
    if (!*loan_->valid) {
      throw std::runtime_error("Borrowed infer shape context has expired");
    }
    return *context_;
  }

  void Invalidate() {
    *loan_->valid = false;
    if (loan_->tensor_scope) {
      loan_->tensor_scope.attr("_invalidate")();
    }
  }

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
  using View = RuntimeAttrsView;
  py::class_<View>(m, "RuntimeAttrs",
                   "The attribute values of the running callback's node, by IR attribute index "
                   "(valid during the callback only).")
      .def("get_attr_num", [](const View &self) { return self.Get().GetAttrNum(); })
      .def(
          "get_int",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetInt(i), AttrKind::kInt, i);
          },
          py::arg("index"))
      .def(
          "get_float",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetFloat(i), AttrKind::kFloat, i);
          },
          py::arg("index"))
      .def(
          "get_bool",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetBool(i), AttrKind::kBool, i);
          },
          py::arg("index"))
      .def(
          "get_str",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetStr(i), AttrKind::kString, i);
          },
          py::arg("index"))
      .def(
          "get_data_type",
          [](const View &self, size_t i) {
            return GraphDataType(View::Require(self.Get().GetDataType(i), AttrKind::kDataType, i));
          },
          py::arg("index"))
      .def("get_tensor", &View::GetTensor, py::arg("index"))
      .def(
          "get_list_int",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetListInt(i), AttrKind::kListInt, i);
          },
          py::arg("index"))
      .def(
          "get_list_float",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetListFloat(i), AttrKind::kListFloat, i);
          },
          py::arg("index"))
      .def(
          "get_list_bool",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetListBool(i), AttrKind::kListBool, i);
          },
          py::arg("index"))
      .def(
          "get_list_str",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetListStr(i), AttrKind::kListString, i);
          },
          py::arg("index"))
      .def("get_list_data_type", &View::GetListDataType, py::arg("index"))
      .def(
          "get_list_list_int",
          [](const View &self, size_t i) {
            return View::Require(self.Get().GetListListInt(i), AttrKind::kListListInt, i);
          },
          py::arg("index"));

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
