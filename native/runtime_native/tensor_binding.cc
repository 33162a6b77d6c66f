// ge.runtime.Tensor (borrowed only) with its zero-copy NumPy view, and the private borrowing
// entry points other native code and the bridge use: _BorrowScope and _borrow_tensor.
#include <pybind11/numpy.h>

#include <cstdint>
#include <string>
#include <vector>

#include "runtime_types.h"

namespace ge {
namespace runtime_native {
namespace {

// NumPy's name for a data type whose elements NumPy can address directly; nullptr otherwise
// (sub-byte, 8-bit float and quantised types have no NumPy equivalent).
const char *NumpyTypeName(DataType data_type) {
  switch (data_type) {
    case DT_FLOAT: return "float32";
    case DT_FLOAT16: return "float16";
    case DT_DOUBLE: return "float64";
    case DT_INT8: return "int8";
    case DT_INT16: return "int16";
    case DT_INT32: return "int32";
    case DT_INT64: return "int64";
    case DT_UINT8: return "uint8";
    case DT_UINT16: return "uint16";
    case DT_UINT32: return "uint32";
    case DT_UINT64: return "uint64";
    case DT_BOOL: return "bool";
    case DT_COMPLEX64: return "complex64";
    case DT_COMPLEX128: return "complex128";
    default: return nullptr;
  }
}

void RequireNumpy() {
  try {
    py::module_::import("numpy");
  } catch (const py::error_already_set &error) {
    if (!error.matches(PyExc_ImportError)) {
      throw;
    }
    throw py::import_error(
        "ge.runtime.Tensor.numpy() needs NumPy, which cannot be imported (pip install numpy)");
  }
}

// The array shares the tensor's memory and keeps the Python Tensor alive, not the memory: like
// the tensor, it is only valid during the callback that handed the tensor out.
py::object TensorToNumpy(const py::object &self) {
  const auto &handle = self.cast<const NativeTensor &>();
  const gert::Tensor &tensor = handle.Get();
  const gert::TensorPlacement placement = tensor.GetPlacement();
  if (placement != gert::kOnHost && placement != gert::kFollowing) {
    throw std::runtime_error("Tensor.numpy() needs a tensor in host memory; this tensor is on " +
                             py::cast(placement).attr("name").cast<std::string>());
  }
  const char *type_name = NumpyTypeName(tensor.GetDataType());
  if (type_name == nullptr) {
    throw py::type_error("Tensor.numpy() does not support data type " +
                         DataTypeToPython(tensor.GetDataType()).attr("name").cast<std::string>());
  }
  RequireNumpy();
  const py::dtype dtype(type_name);
  std::vector<py::ssize_t> dims;
  for (const int64_t dim : ShapeToDims(tensor.GetStorageShape())) {
    if (dim < 0) {
      throw py::value_error("Tensor.numpy() needs a static shape, the storage shape has dim " +
                            std::to_string(dim));
    }
    dims.push_back(static_cast<py::ssize_t>(dim));
  }
  const auto needed =
      static_cast<uint64_t>(tensor.GetShapeSize()) * static_cast<uint64_t>(dtype.itemsize());
  if (needed > tensor.GetSize()) {
    throw py::value_error("Tensor.numpy(): the tensor holds " + std::to_string(tensor.GetSize()) +
                          " bytes, its shape needs " + std::to_string(needed));
  }
  if (needed > 0U && tensor.GetAddr() == nullptr) {
    throw std::runtime_error("Tensor.numpy(): the tensor has no memory");
  }
  py::array array(dtype, dims, {}, needed == 0U ? nullptr : tensor.GetAddr(), self);
  if (handle.IsReadOnly()) {
    array.attr("setflags")(py::arg("write") = false);
  }
  return std::move(array);
}

}  // namespace

void BindTensor(py::module_ &m) {
  py::class_<BorrowScope>(m, "_BorrowScope",
                          "The validity of the views borrowed during one callback (for the "
                          "bridge and native modules).")
      .def(py::init<>())
      .def("_invalidate", &BorrowScope::Invalidate)
      .def_property_readonly("valid", &BorrowScope::IsValid);

  py::class_<NativeTensor>(m, "Tensor",
                           "A runtime tensor lent to a callback: valid during that callback "
                           "only, read-only during compile.")
      .def_property_readonly("addr",
                             [](const NativeTensor &self) {
                               return reinterpret_cast<uintptr_t>(self.Get().GetAddr());
                             })
      .def_property_readonly("size", [](const NativeTensor &self) { return self.Get().GetSize(); })
      .def_property_readonly("shape_size",
                             [](const NativeTensor &self) { return self.Get().GetShapeSize(); })
      .def_property_readonly("shape", &NativeTensor::Shape)
      .def_property_readonly("storage_shape",
                             [](const NativeTensor &self) { return self.Shape().StorageShape(); })
      .def_property_readonly("origin_shape",
                             [](const NativeTensor &self) { return self.Shape().OriginShape(); })
      .def_property_readonly("format", &NativeTensor::Format)
      .def_property_readonly(
          "storage_format",
          [](const NativeTensor &self) { return FormatToPython(self.Get().GetStorageFormat()); })
      .def_property_readonly(
          "origin_format",
          [](const NativeTensor &self) { return FormatToPython(self.Get().GetOriginFormat()); })
      .def_property_readonly(
          "expand_dims_type",
          [](const NativeTensor &self) { return self.Format().ExpandDimsType(); })
      .def_property_readonly(
          "data_type",
          [](const NativeTensor &self) { return DataTypeToPython(self.Get().GetDataType()); })
      .def_property_readonly("placement",
                             [](const NativeTensor &self) { return self.Get().GetPlacement(); })
      .def("numpy", &TensorToNumpy,
           "A NumPy array over the tensor's host memory (no copy; read-only when the tensor is). "
           "Valid during the callback only: copy it to keep the data.");

  m.def(
      "_borrow_tensor",
      [](uintptr_t tensor_address, const BorrowScope &scope, bool read_only) {
        if (tensor_address == 0U) {
          throw py::value_error("tensor_address is null");
        }
        return NativeTensor::Borrow(reinterpret_cast<gert::Tensor *>(tensor_address), scope.Flag(),
                                    read_only);
      },
      py::arg("tensor_address"), py::arg("scope"), py::arg("read_only") = false,
      "A Tensor view of the gert::Tensor at `tensor_address`, valid while `scope` is.");
}

}  // namespace runtime_native
}  // namespace ge
