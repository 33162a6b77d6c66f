// GeUtils functions of the C API (GE's utils library): whole-graph shape inference, the AICore
// support check and the soc_version it uses. Defined in compiler/c_api/utils_c_api.cc.
#ifndef GE_C_API_UTILS_H_
#define GE_C_API_UTILS_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Infers every shape of `g` from n_shapes input shapes given flattened: shape i is the next
/// ranks[i] values of dims[n_dims] (the ranks must add up to n_dims).
uint32_t GeApiWrapper_GeUtils_InferShape(GeGraphHandle *g, const int64_t *dims, size_t n_dims,
                                         const size_t *ranks, size_t n_shapes);
/// *supported = whether `n` runs on AICore of the current soc_version; when not and `reason` is
/// not NULL, *reason = a malloc'd explanation (free with GeApiWrapper_GeUtils_FreeString).
uint32_t GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(GeNodeHandle *n, bool *supported,
                                                       char **reason);
void GeApiWrapper_GeUtils_FreeString(char *text);
/// Fails for a soc_version without a platform table.
uint32_t GeApiWrapper_GeUtils_SetSocVersion(const char *soc_version);
/// Malloc'd; free with GeApiWrapper_GeUtils_FreeString.
char *GeApiWrapper_GeUtils_GetSocVersion(void);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_UTILS_H_
