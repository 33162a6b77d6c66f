// JSON view of op-catalog prototypes for the ge.es generator (src/ge/es/_codegen.py): port
// names and kinds, attribute types (AttrValueType ids), required flags and defaults.
#ifndef GE_ES_OP_PROTOTYPE_JSON_H_
#define GE_ES_OP_PROTOTYPE_JSON_H_

#include <string>

#include "ops/op_catalog.h"

namespace ge {
namespace es {

/// One prototype as a JSON object:
///   {"type": "Add", "module": "math", "doc": "...",
///    "inputs": [["x1", "required"|"optional"|"dynamic"], ...],
///    "outputs": [["y", "required"|"dynamic"], ...],
///    "attrs": [{"name": "axis", "type": 4, "required": false, "default": 0}, ...],
///    "subgraphs": [["then_branch", "static"|"dynamic"], ...]}
/// Defaults JSON cannot express (tensors, NaN/inf, graphs) are null.
std::string PrototypeToJson(const OpPrototype &prototype);

/// A JSON array of every prototype in the catalog, sorted by type.
std::string AllPrototypesToJson();

}  // namespace es
}  // namespace ge

#endif  // GE_ES_OP_PROTOTYPE_JSON_H_
