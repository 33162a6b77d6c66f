// Conversions between the compiler's enums and shapes and their Python forms (ge.graph enums,
// lists of int).
#include <stdexcept>

#include "runtime_types.h"

namespace ge {
namespace runtime_native {
namespace {

// Looked up per call, never cached: the bridge may finalize the interpreter and start another.
py::object GraphTypes() { return py::module_::import("ge.graph.types"); }

}  // namespace

py::object DataTypeToPython(DataType value) {
  return GraphTypes().attr("DataType")(static_cast<int32_t>(value));
}

py::object FormatToPython(Format value) {
  return GraphTypes().attr("Format")(static_cast<int32_t>(value));
}

DataType DataTypeFromPython(const py::handle &value) {
  if (!py::isinstance(value, GraphTypes().attr("DataType"))) {
    throw py::type_error("data_type must be a DataType");
  }
  const auto number = value.cast<int64_t>();
  if (number >= static_cast<int64_t>(DT_MAX) || number < 0) {
    throw py::value_error("data_type must be less than DataType.DT_MAX");
  }
  return static_cast<DataType>(number);
}

gert::Shape DimsToShape(const std::vector<int64_t> &dims, const char *too_many) {
  if (dims.size() > gert::Shape::kMaxDimNum) {
    throw py::value_error(too_many);
  }
  gert::Shape shape;
  for (const int64_t dim : dims) {
    shape.AppendDim(dim);
  }
  return shape;
}

std::vector<int64_t> ShapeToDims(const gert::Shape &shape) {
  std::vector<int64_t> dims;
  dims.reserve(shape.GetDimNum());
  for (size_t i = 0U; i < shape.GetDimNum(); ++i) {
    dims.push_back(shape.GetDim(i));
  }
  return dims;
}

}  // namespace runtime_native
}  // namespace ge
