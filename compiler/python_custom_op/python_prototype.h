// A Python prototype (`register_op`) as a catalog op: its ports and attributes (with defaults),
// and its infer_meta as the op's shape/dtype inference (docs/custom_ops.md §6).
#ifndef GE_PYTHON_CUSTOM_OP_PYTHON_PROTOTYPE_H_
#define GE_PYTHON_CUSTOM_OP_PYTHON_PROTOTYPE_H_

#include <string>

#include "ge/custom_op/custom_op_bridge_abi.h"
#include "ops/op_catalog.h"

namespace ge {
namespace python_custom_op {

/// The catalog prototype of `view` (deep-copied). False with `error` set when a name is empty or
/// duplicated, a kind is invalid, a default is inconsistent or out of range, or the view has no
/// infer_meta callback.
bool MaterialisePrototype(const GeCustomOpProtoView &view, OpPrototype &prototype,
                          std::string &error);

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_PYTHON_PROTOTYPE_H_
