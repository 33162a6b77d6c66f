// Entry point of the _ge_runtime_native extension: the ge.runtime types. Views are bound before
// the classes whose properties return them, so docstrings show the Python names.
#include "runtime_types.h"

PYBIND11_MODULE(_ge_runtime_native, m) {
  m.doc() = "Native classes of ge.runtime: tensors, tensor descriptions, shapes and formats.";
  ge::runtime_native::BindShapes(m);
  ge::runtime_native::BindFormats(m);
  ge::runtime_native::BindTensorDesc(m);
  ge::runtime_native::BindTensor(m);
}
