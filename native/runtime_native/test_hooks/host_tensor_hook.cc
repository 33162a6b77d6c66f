// Test-only module: HostTensor owns a gert::Tensor over a host buffer, as a callback's context
// owns the tensors it lends, so pytest can borrow it through ge.runtime._borrow_tensor and check
// the views against the bytes behind them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "exe_graph/runtime/tensor.h"

namespace {

namespace py = pybind11;

class HostTensor {
 public:
  HostTensor(const std::vector<int64_t> &origin_dims, const std::vector<int64_t> &storage_dims,
             int32_t data_type, size_t size, int32_t placement, int32_t origin_format,
             int32_t storage_format, const std::string &expand_rule)
      : buffer_(size) {
    gert::Shape origin;
    for (const int64_t dim : origin_dims) {
      origin.AppendDim(dim);
    }
    gert::Shape storage;
    for (const int64_t dim : storage_dims) {
      storage.AppendDim(dim);
    }
    tensor_ = gert::Tensor(gert::StorageShape(origin, storage),
                           gert::StorageFormat(static_cast<ge::Format>(origin_format),
                                               static_cast<ge::Format>(storage_format),
                                               gert::ExpandDimsType(expand_rule)),
                           static_cast<ge::DataType>(data_type));
    tensor_.MutableTensorData().SetAddr(size == 0U ? nullptr : buffer_.data(), size);
    tensor_.MutableTensorData().SetPlacement(static_cast<gert::TensorPlacement>(placement));
  }

  uintptr_t Address() { return reinterpret_cast<uintptr_t>(&tensor_); }
  uintptr_t DataAddress() const { return reinterpret_cast<uintptr_t>(tensor_.GetAddr()); }
  py::bytes Read() const {
    return py::bytes(reinterpret_cast<const char *>(buffer_.data()), buffer_.size());
  }
  void Write(const std::string &bytes) {
    std::memcpy(buffer_.data(), bytes.data(), std::min(bytes.size(), buffer_.size()));
  }
  std::vector<int64_t> StorageDims() const {
    std::vector<int64_t> dims;
    for (size_t i = 0U; i < tensor_.GetStorageShape().GetDimNum(); ++i) {
      dims.push_back(tensor_.GetStorageShape().GetDim(i));
    }
    return dims;
  }
  int32_t StorageFormat() const { return static_cast<int32_t>(tensor_.GetStorageFormat()); }

 private:
  std::vector<uint8_t> buffer_;
  gert::Tensor tensor_;
};

}  // namespace

PYBIND11_MODULE(_ge_runtime_native_test_hooks, m) {
  py::class_<HostTensor>(m, "HostTensor")
      .def(py::init<const std::vector<int64_t> &, const std::vector<int64_t> &, int32_t, size_t,
                    int32_t, int32_t, int32_t, const std::string &>(),
           py::arg("origin_dims"), py::arg("storage_dims"), py::arg("data_type"), py::arg("size"),
           py::arg("placement") = 1, py::arg("origin_format") = 2, py::arg("storage_format") = 2,
           py::arg("expand_rule") = "")
      .def_property_readonly("address", &HostTensor::Address)
      .def_property_readonly("data_address", &HostTensor::DataAddress)
      .def_property_readonly("storage_dims", &HostTensor::StorageDims)
      .def_property_readonly("storage_format", &HostTensor::StorageFormat)
      .def("read", &HostTensor::Read)
      .def("write", &HostTensor::Write, py::arg("data"));
}
