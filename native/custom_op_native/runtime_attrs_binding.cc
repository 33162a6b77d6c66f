// RuntimeAttrs of _ge_custom_op_native, and the Loan every context view shares.
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.h"
#include "context_views.h"

namespace ge {
namespace custom_op_native {
namespace {

using custom_op::AttrKind;
using View = RuntimeAttrsView;

template <typename T>
const T &Require(const T *value, AttrKind kind, size_t index) {
  if (value == nullptr) {
    throw std::runtime_error(std::string("Failed to get runtime attr type[") +
                             custom_op::AttrKindName(kind) + "] at index[" + std::to_string(index) +
                             "]");
  }
  return *value;
}

py::list ListDataType(const View &self, size_t index) {
  py::list values;
  for (const DataType value :
       Require(self.Get().GetListDataType(index), AttrKind::kListDataType, index)) {
    values.append(GraphDataType(value));
  }
  return values;
}

// Attribute tensors belong to the node: they are lent read-only.
py::object Tensor(const View &self, size_t index) {
  const gert::Tensor &tensor = Require(self.Get().GetTensor(index), AttrKind::kTensor, index);
  return self.GetLoan().BorrowTensor(&tensor, true);
}

}  // namespace

py::object GraphDataType(DataType value) {
  return py::module_::import("ge.graph.types").attr("DataType")(static_cast<int32_t>(value));
}

void Loan::End() {
  valid_ = false;
  if (tensor_scope_) {
    tensor_scope_.attr("_invalidate")();
  }
}

py::object Loan::BorrowTensor(const gert::Tensor *tensor, bool read_only) {
  py::module_ runtime = py::module_::import("ge.runtime._native");
  if (!tensor_scope_) {
    tensor_scope_ = runtime.attr("_BorrowScope")();
  }
  return runtime.attr("_borrow_tensor")(reinterpret_cast<uintptr_t>(tensor), tensor_scope_,
                                        read_only);
}

void BindRuntimeAttrs(py::module_ &m) {
  py::class_<View>(m, "RuntimeAttrs",
                   "The attribute values of the running callback's node, by IR attribute index "
                   "(valid during the callback only).")
      .def("get_attr_num", [](const View &self) { return self.Get().GetAttrNum(); })
      .def(
          "get_int",
          [](const View &self, size_t i) {
            return Require(self.Get().GetInt(i), AttrKind::kInt, i);
          },
          py::arg("index"))
      .def(
          "get_float",
          [](const View &self, size_t i) {
            return Require(self.Get().GetFloat(i), AttrKind::kFloat, i);
          },
          py::arg("index"))
      .def(
          "get_bool",
          [](const View &self, size_t i) {
            return Require(self.Get().GetBool(i), AttrKind::kBool, i);
          },
          py::arg("index"))
      .def(
          "get_str",
          [](const View &self, size_t i) {
            return Require(self.Get().GetStr(i), AttrKind::kString, i);
          },
          py::arg("index"))
      .def(
          "get_data_type",
          [](const View &self, size_t i) {
            return GraphDataType(Require(self.Get().GetDataType(i), AttrKind::kDataType, i));
          },
          py::arg("index"))
      .def("get_tensor", &Tensor, py::arg("index"))
      .def(
          "get_list_int",
          [](const View &self, size_t i) {
            return Require(self.Get().GetListInt(i), AttrKind::kListInt, i);
          },
          py::arg("index"))
      .def(
          "get_list_float",
          [](const View &self, size_t i) {
            return Require(self.Get().GetListFloat(i), AttrKind::kListFloat, i);
          },
          py::arg("index"))
      .def(
          "get_list_bool",
          [](const View &self, size_t i) {
            return Require(self.Get().GetListBool(i), AttrKind::kListBool, i);
          },
          py::arg("index"))
      .def(
          "get_list_str",
          [](const View &self, size_t i) {
            return Require(self.Get().GetListStr(i), AttrKind::kListString, i);
          },
          py::arg("index"))
      .def("get_list_data_type", &ListDataType, py::arg("index"))
      .def(
          "get_list_list_int",
          [](const View &self, size_t i) {
            return Require(self.Get().GetListListInt(i), AttrKind::kListListInt, i);
          },
          py::arg("index"));
}

}  // namespace custom_op_native
}  // namespace ge
