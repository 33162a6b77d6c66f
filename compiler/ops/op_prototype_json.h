// OpPrototype <-> JSON, for the catalog C API (ES code generation, custom ops registered at run
// time) and tools. Schema in docs/op_catalog.md.
#ifndef GE_OPS_OP_PROTOTYPE_JSON_H_
#define GE_OPS_OP_PROTOTYPE_JSON_H_

#include <string>

#include "common/json.h"
#include "ops/op_catalog.h"

namespace ge {

/// {type, module, doc, inputs, outputs, attrs, subgraphs} (see docs/op_catalog.md).
JsonValue PrototypeToJson(const OpPrototype &prototype);

/// Builds a prototype from its JSON form; a null attribute default means no default. Optional
/// member "infer" selects a shape rule:
/// {"rule": "unknown"} (default: outputs of unknown rank), {"rule": "same_as_input",
/// "input": i} (every output copies input i), or {"rule": "broadcast"} (output 0 = broadcast of
/// all inputs, dtype of input 0). Fails naming the offending member.
Status PrototypeFromJson(const JsonValue &json, OpPrototype *prototype);

/// Attribute value as JSON (tensors, graphs, bytes, tensor descs, named attrs -> null).
JsonValue AttrValueToJson(const GeAttrValue &value);
/// The inverse for the JSON-representable types; fails for a value that does not fit `type`.
Status AttrValueFromJson(const JsonValue &json, AttrValueType type, GeAttrValue *value);

/// "int" <-> AttrValueType::kInt, ...; kNone when the name is unknown.
AttrValueType AttrValueTypeFromName(const std::string &name);

}  // namespace ge

#endif  // GE_OPS_OP_PROTOTYPE_JSON_H_
