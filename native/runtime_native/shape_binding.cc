// ge.runtime.Shape (a view, never constructed from Python) and ge.runtime.StorageShape.
#include <pybind11/stl.h>

#include "runtime_types.h"

namespace ge {
namespace runtime_native {
namespace {

constexpr const char *kIndexOutOfRange = "shape dimension index out of range";
constexpr const char *kTooManyDims = "shape dimension number exceeds gert::Shape::kMaxDimNum";

int64_t GetDim(const NativeShape &self, size_t index) {
  const gert::Shape &shape = self.Get();
  if (index >= shape.GetDimNum()) {
    throw py::value_error(kIndexOutOfRange);
  }
  return shape.GetDim(index);
}

void SetDim(const NativeShape &self, size_t index, int64_t value) {
  gert::Shape &shape = self.Mutable();
  if (index >= shape.GetDimNum()) {
    throw py::value_error(kIndexOutOfRange);
  }
  shape.SetDim(index, value);
}

}  // namespace

void BindShapes(py::module_ &m) {
  py::class_<NativeShape>(m, "Shape",
                          "The dimensions of a tensor shape; a view of the shape it was read "
                          "from (StorageShape, TensorDesc or Tensor), valid while that is.")
      .def_property_readonly("dims",
                             [](const NativeShape &self) { return ShapeToDims(self.Get()); })
      .def_property_readonly("dim_num",
                             [](const NativeShape &self) { return self.Get().GetDimNum(); })
      .def_property_readonly(
          "size", [](const NativeShape &self) { return self.Get().GetShapeSize(); },
          "The element count (1 for a scalar).")
      .def("is_scalar", [](const NativeShape &self) { return self.Get().IsScalar(); })
      .def("get_dim", &GetDim, py::arg("index"))
      .def("set_dim", &SetDim, py::arg("index"), py::arg("value"))
      .def(
          "append_dim",
          [](NativeShape &self, int64_t value) -> NativeShape & {
            self.Mutable().AppendDim(value);  // no-op at gert::Shape::kMaxDimNum dims
            return self;
          },
          py::arg("value"), py::return_value_policy::reference_internal)
      .def("set_scalar", [](const NativeShape &self) { self.Mutable().SetScalar(); })
      .def("__repr__", [](const NativeShape &self) {
        return "Shape(" + py::repr(py::cast(ShapeToDims(self.Get()))).cast<std::string>() + ")";
      });

  py::class_<NativeStorageShape>(m, "StorageShape",
                                 "A tensor's origin (logical) shape and storage (memory layout) "
                                 "shape.")
      .def(py::init<>(), "Scalar origin and storage shapes.")
      .def(
          py::init([](const std::vector<int64_t> &origin_shape,
                      const std::vector<int64_t> &storage_shape) {
            return NativeStorageShape(gert::StorageShape(DimsToShape(origin_shape, kTooManyDims),
                                                         DimsToShape(storage_shape, kTooManyDims)));
          }),
          py::arg("origin_shape"), py::arg("storage_shape"))
      .def_property_readonly("origin_shape", &NativeStorageShape::OriginShape)
      .def_property_readonly("storage_shape", &NativeStorageShape::StorageShape)
      .def(
          "set_origin_shape",
          [](const NativeStorageShape &self, const NativeShape &shape) {
            const gert::Shape copy = shape.Get();
            self.Mutable().MutableOriginShape() = copy;
          },
          py::arg("shape"))
      .def(
          "set_storage_shape",
          [](const NativeStorageShape &self, const NativeShape &shape) {
            const gert::Shape copy = shape.Get();
            self.Mutable().MutableStorageShape() = copy;
          },
          py::arg("shape"))
      .def("__repr__", [](const NativeStorageShape &self) {
        const gert::StorageShape &value = self.Get();
        return "StorageShape(origin_shape=" +
               py::repr(py::cast(ShapeToDims(value.GetOriginShape()))).cast<std::string>() +
               ", storage_shape=" +
               py::repr(py::cast(ShapeToDims(value.GetStorageShape()))).cast<std::string>() + ")";
      });
}

}  // namespace runtime_native
}  // namespace ge
