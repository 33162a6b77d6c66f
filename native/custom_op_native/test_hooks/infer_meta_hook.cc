// Test-only module: InferMetaFixture owns an InferMetaContext built from Python values, as the
// compiler owns the one it lends to infer_meta, so pytest can borrow it through
// _ge_custom_op_native._borrow_infer_meta_context.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ge/custom_op/infer_meta_context.h"
#include "ge/custom_op/runtime_attrs.h"

namespace {

namespace py = pybind11;
using ge::custom_op::AttrKind;
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
    RuntimeAttrs values;
    for (const py::handle item : attrs) {
      const auto pair = item.cast<py::tuple>();
      values.Append(ToValue(pair[0].cast<int32_t>(), pair[1]));
    }
    context_ = std::make_unique<InferMetaContext>(input_counts, std::move(descs), std::move(values),
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
}
