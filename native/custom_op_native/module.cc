// Entry point of the _ge_custom_op_native extension: the context classes of ge.custom_op that
// the compiler lends to callbacks.
#include "bindings.h"

PYBIND11_MODULE(_ge_custom_op_native, m) {
  m.doc() = "Native context classes of ge.custom_op (views of compiler values lent to callbacks).";
  ge::custom_op_native::BindRuntimeAttrs(m);
  ge::custom_op_native::BindInferMeta(m);
  ge::custom_op_native::BindEagerExecute(m);
  ge::custom_op_native::BindCompile(m);
  ge::custom_op_native::BindAnnotatedArgs(m);
}
