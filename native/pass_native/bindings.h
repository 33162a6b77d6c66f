// One Bind* function per area of the _ge_pass_native module.
#ifndef GE_PY_NATIVE_PASS_NATIVE_BINDINGS_H_
#define GE_PY_NATIVE_PASS_NATIVE_BINDINGS_H_

#include <pybind11/pybind11.h>

namespace ge {
namespace pass_native {

void BindPassContext(pybind11::module_ &m);
void BindMatchResult(pybind11::module_ &m);
void BindPattern(pybind11::module_ &m);
void BindMatcherConfig(pybind11::module_ &m);
void BindSubgraph(pybind11::module_ &m);
void BindFuseInspector(pybind11::module_ &m);
void BindInferShape(pybind11::module_ &m);
void BindHandles(pybind11::module_ &m);

}  // namespace pass_native
}  // namespace ge

#endif  // GE_PY_NATIVE_PASS_NATIVE_BINDINGS_H_
