// ge.runtime.TensorDesc: an owned shape + data type, what infer_meta receives and returns.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "runtime_types.h"

namespace ge {
namespace runtime_native {
namespace {

constexpr const char *kBadShape = "shape must be a StorageShape, list of integers, or None";
constexpr const char *kTooManyDims = "shape exceeds maximum dimension count";

// A StorageShape (copied), a list of exact ints (origin = storage) or None (a scalar). Tuples,
// bools and floats are refused rather than converted, as GE does.
gert::StorageShape ParseShape(const py::handle &shape) {
  if (shape.is_none()) {
    return gert::StorageShape();
  }
  if (py::isinstance<NativeStorageShape>(shape)) {
    return shape.cast<const NativeStorageShape &>().Get();
  }
  if (!PyList_CheckExact(shape.ptr())) {
    throw py::type_error(kBadShape);
  }
  std::vector<int64_t> dims;
  for (const py::handle item : shape) {
    if (!PyLong_CheckExact(item.ptr())) {
      throw py::type_error(kBadShape);
    }
    dims.push_back(item.cast<int64_t>());
  }
  const gert::Shape parsed = DimsToShape(dims, kTooManyDims);
  return gert::StorageShape(parsed, parsed);
}

}  // namespace

void BindTensorDesc(py::module_ &m) {
  py::class_<NativeTensorDesc>(m, "TensorDesc",
                               "A tensor description owned by Python: storage shape and data "
                               "type. infer_meta receives one per input and returns one per "
                               "output.")
      .def(py::init([](const py::object &shape, const py::object &data_type) {
             TensorDescValue value;
             value.shape = ParseShape(shape);
             value.data_type = DataTypeFromPython(data_type);
             return NativeTensorDesc(value);
           }),
           py::arg("shape"), py::arg("data_type"))
      .def_property(
          "shape", &NativeTensorDesc::Shape,
          [](const NativeTensorDesc &self, const py::object &shape) {
            self.Mutable().shape = ParseShape(shape);
          },
          "A view of the desc's StorageShape, valid while the desc is alive; assigning copies.")
      .def_property(
          "data_type",
          [](const NativeTensorDesc &self) { return DataTypeToPython(self.Get().data_type); },
          [](const NativeTensorDesc &self, const py::object &data_type) {
            self.Mutable().data_type = DataTypeFromPython(data_type);
          })
      .def("__repr__", [](const NativeTensorDesc &self) {
        const TensorDescValue &value = self.Get();
        return "TensorDesc(origin_shape=" +
               py::repr(py::cast(ShapeToDims(value.shape.GetOriginShape()))).cast<std::string>() +
               ", storage_shape=" +
               py::repr(py::cast(ShapeToDims(value.shape.GetStorageShape()))).cast<std::string>() +
               ", data_type=" + py::str(DataTypeToPython(value.data_type)).cast<std::string>() +
               ")";
      });
}

}  // namespace runtime_native
}  // namespace ge
