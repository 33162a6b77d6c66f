// ge.runtime.ExpandDimsType, ge.runtime.StorageFormat and the TensorPlacement enum.
#include <string>

#include "runtime_types.h"

namespace ge {
namespace runtime_native {

void BindFormats(py::module_ &m) {
  py::enum_<gert::TensorPlacement>(m, "TensorPlacement", "Where a tensor's bytes live.")
      .value("ON_DEVICE_HBM", gert::kOnDeviceHbm)
      .value("ON_HOST", gert::kOnHost)
      .value("FOLLOWING", gert::kFollowing)
      .value("ON_DEVICE_P2P", gert::kOnDeviceP2p)
      .value("END", gert::kTensorPlacementEnd);

  py::class_<NativeExpandDimsType>(m, "ExpandDimsType",
                                   "The rule that pads a shape to the rank a format needs: '1' "
                                   "marks an inserted axis (e.g. '1001').")
      .def(py::init([] { return NativeExpandDimsType(gert::ExpandDimsType()); }))
      .def(py::init([](const std::string &rule) {
             return NativeExpandDimsType(gert::ExpandDimsType(rule));
           }),
           py::arg("rule"))
      .def(py::init([](int64_t rule) { return NativeExpandDimsType(gert::ExpandDimsType(rule)); }),
           py::arg("rule"),
           "The packed form: the rank in the high 8 bits, the axis flags in the low 56 bits, "
           "first axis highest.")
      .def_property_readonly(
          "full_size", [](const NativeExpandDimsType &self) { return self.Get().GetFullSize(); })
      .def(
          "is_expand_index",
          [](const NativeExpandDimsType &self, uint64_t index) {
            return self.Get().IsExpandIndex(index);
          },
          py::arg("index"))
      .def(
          "set_expand_index",
          [](const NativeExpandDimsType &self, uint64_t index) {
            self.Mutable().SetExpandIndex(index);
          },
          py::arg("index"));

  py::class_<NativeStorageFormat>(m, "StorageFormat",
                                  "A tensor's origin format, storage format and expand-dims rule.")
      .def(py::init([] { return NativeStorageFormat(gert::StorageFormat()); }),
           "ND / ND with an empty expand-dims rule.")
      .def(py::init([](int32_t origin_format, int32_t storage_format,
                       const NativeExpandDimsType &expand_dims_type) {
             return NativeStorageFormat(gert::StorageFormat(static_cast<Format>(origin_format),
                                                            static_cast<Format>(storage_format),
                                                            expand_dims_type.Get()));
           }),
           py::arg("origin_format"), py::arg("storage_format"), py::arg("expand_dims_type"))
      .def_property_readonly("origin_format",
                             [](const NativeStorageFormat &self) {
                               return FormatToPython(self.Get().GetOriginFormat());
                             })
      .def_property_readonly("storage_format",
                             [](const NativeStorageFormat &self) {
                               return FormatToPython(self.Get().GetStorageFormat());
                             })
      .def_property_readonly("expand_dims_type", &NativeStorageFormat::ExpandDimsType)
      .def(
          "set_origin_format",
          [](const NativeStorageFormat &self, int32_t format) {
            self.Mutable().SetOriginFormat(static_cast<Format>(format));
          },
          py::arg("format"))
      .def(
          "set_storage_format",
          [](const NativeStorageFormat &self, int32_t format) {
            self.Mutable().SetStorageFormat(static_cast<Format>(format));
          },
          py::arg("format"))
      .def(
          "set_expand_dims_type",
          [](const NativeStorageFormat &self, const NativeExpandDimsType &expand_dims_type) {
            const gert::ExpandDimsType copy = expand_dims_type.Get();
            self.Mutable().SetExpandDimsType(copy);
          },
          py::arg("expand_dims_type"));
}

}  // namespace runtime_native
}  // namespace ge
