// GE initialisation and the error text of the C API (GE's runtime library: GEInitialize,
// GEFinalize, IsGEInitialized, GEGetErrorMsg). Every function of every ge/c_api header reports its
// failures through GeApiWrapper_GEGetErrorMsg. Defined in compiler/c_api/session_c_api.cc and
// compiler/c_api/error_c_api.cc.
#ifndef GE_C_API_GE_API_H_
#define GE_C_API_GE_API_H_

#include <stdbool.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Global options as `size` key/value pairs (size 0 with NULL arrays is fine).
uint32_t GeApiWrapper_GEInitialize(const char **keys, const char **values, int size);
uint32_t GeApiWrapper_GEFinalize(void);
bool GeApiWrapper_IsGEInitialized(void);

/// This thread's last error text ("" when none): owned by the library, never freed, valid until
/// the next failing call on this thread.
const char *GeApiWrapper_GEGetErrorMsg(void);
void GeApiWrapper_ClearErrorMsg(void);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_GE_API_H_
