// Status codes returned across the compiler core. Status is uint32_t as in GE; 0 is success.
#ifndef GE_GE_ERROR_CODES_H_
#define GE_GE_ERROR_CODES_H_

#include <cstdint>

namespace ge {

using Status = uint32_t;
using graphStatus = uint32_t;

constexpr Status SUCCESS = 0U;
constexpr Status FAILED = 0xFFFFFFFFU;
constexpr graphStatus GRAPH_SUCCESS = 0U;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFFU;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649U;
/// A pass that looked at the graph and left it as it was.
constexpr Status NOT_CHANGED = 1343242304U;
constexpr Status PARAM_INVALID = 1343225857U;

}  // namespace ge

#endif  // GE_GE_ERROR_CODES_H_
