// Attribute values across the custom-op boundary: a prototype's default (ABI view) into the
// catalog's attribute definition, and a node's attribute values into the RuntimeAttrs a callback
// reads, in IR order.
#ifndef GE_PYTHON_CUSTOM_OP_ATTR_CONVERSION_H_
#define GE_PYTHON_CUSTOM_OP_ATTR_CONVERSION_H_

#include <string>
#include <vector>

#include "ge/custom_op/custom_op_bridge_abi.h"
#include "ge/custom_op/runtime_attrs.h"
#include "graph/op_desc.h"
#include "ops/op_catalog.h"

namespace ge {
namespace python_custom_op {

/// The catalog definition of one prototype attribute: the type of its kind and, when optional,
/// its default (floats as float32, DataType defaults as GE dtypes). False with `error` set for an
/// invalid kind, an inconsistent required/default pair, a finite float default beyond float32
/// range or a DataType outside [0, DT_MAX).
bool ToAttrDef(const GeCustomOpProtoAttr &attr, OpAttrDef &def, std::string &error);

/// The values of `attrs` on `op_desc` (the default where the node has none), in order. False
/// with `error` naming the attribute when a value is missing or of another type.
bool ReadRuntimeAttrs(const OpDesc &op_desc, const std::vector<OpAttrDef> &attrs,
                      custom_op::RuntimeAttrs &values, std::string &error);

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_ATTR_CONVERSION_H_
