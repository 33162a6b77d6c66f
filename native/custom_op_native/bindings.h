// One Bind* function per area of the _ge_custom_op_native module.
#ifndef GE_PY_NATIVE_CUSTOM_OP_NATIVE_BINDINGS_H_
#define GE_PY_NATIVE_CUSTOM_OP_NATIVE_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace ge {
namespace custom_op_native {

void BindRuntimeAttrs(pybind11::module_ &m);
void BindInferMeta(pybind11::module_ &m);
void BindEagerExecute(pybind11::module_ &m);
void BindCompile(pybind11::module_ &m);
void BindAnnotatedArgs(pybind11::module_ &m);

}  // namespace custom_op_native
}  // namespace ge

#endif  // GE_PY_NATIVE_CUSTOM_OP_NATIVE_BINDINGS_H_
