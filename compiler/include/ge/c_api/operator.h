// Operator functions of the C API (GE's ge.graph.Operator): a borrowed view of the OpDesc of a
// node under construction, handed out only for the duration of a parse callback (an ONNX plugin's
// parse_node). Callers never free the handle. Defined in compiler/c_api/operator_c_api.cc.
#ifndef GE_C_API_OPERATOR_H_
#define GE_C_API_OPERATOR_H_

#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Malloc'd; free with GeApiWrapper_FreeString.
char *GeApiWrapper_Operator_GetName(const GeOperatorHandle *op);
/// Malloc'd; free with GeApiWrapper_FreeString.
char *GeApiWrapper_Operator_GetType(const GeOperatorHandle *op);
/// Moves the value out of `av` (as GE does): `av` is left empty but valid.
uint32_t GeApiWrapper_Operator_SetAttr(const GeOperatorHandle *op, const char *key,
                                       GeAttrValueHandle *av);
uint32_t GeApiWrapper_Operator_InputRegister(const GeOperatorHandle *op, const char *name);
uint32_t GeApiWrapper_Operator_OptionalInputRegister(const GeOperatorHandle *op, const char *name);
uint32_t GeApiWrapper_Operator_OutputRegister(const GeOperatorHandle *op, const char *name);
/// Registers dynamic input `name` with `count` ports named name0 .. name<count-1>.
uint32_t GeApiWrapper_Operator_DynamicInputRegister(const GeOperatorHandle *op, const char *name,
                                                    uint32_t count);
/// Registers dynamic output `name` with `count` ports named name0 .. name<count-1>.
uint32_t GeApiWrapper_Operator_DynamicOutputRegister(const GeOperatorHandle *op, const char *name,
                                                     uint32_t count);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_OPERATOR_H_
