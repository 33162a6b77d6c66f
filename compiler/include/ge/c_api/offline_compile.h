// Offline compile functions of the C API (GE's aclgrphBuildInitialize / BuildModel / SaveModel /
// Bundle* / BuildFinalize), over the compile pipeline atc uses (docs/offline_compile.md). Options
// come as parallel key/value arrays of n entries. Defined in
// compiler/c_api/offline_compile_c_api.cc.
#ifndef GE_C_API_OFFLINE_COMPILE_H_
#define GE_C_API_OFFLINE_COMPILE_H_

#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Starts the builder session with global options and loads the pass plugins once for all
/// builds; a second call replaces the global options.
uint32_t GeApiWrapper_OfflineCompile_BuildInitialize(const char *const *keys,
                                                     const char *const *values, int n);
/// Ends the builder session (succeeds without one).
uint32_t GeApiWrapper_OfflineCompile_BuildFinalize(void);
/// Compiles `g` (left unchanged) with the global options overridden by these; *out = a new buffer
/// (free with GeApiWrapper_ModelBuffer_Destroy).
uint32_t GeApiWrapper_OfflineCompile_BuildModel(const GeGraphHandle *g, const char *const *keys,
                                                const char *const *values, int n,
                                                GeModelBufferData **out);
/// Writes a BuildModel buffer to `<file>.om`.
uint32_t GeApiWrapper_OfflineCompile_SaveModel(const char *file, const GeModelBufferData *model);
/// Compiles graphs[count] (graph i with the sizes[i] options keys[i] / values[i]) into one bundle
/// buffer (free with GeApiWrapper_ModelBuffer_Destroy).
uint32_t GeApiWrapper_OfflineCompile_BundleBuildModel(const GeGraphHandle *const *graphs,
                                                      const char *const *const *keys,
                                                      const char *const *const *values,
                                                      const int *sizes, int count,
                                                      GeModelBufferData **out);
/// Writes a BundleBuildModel buffer to `<file>.om`.
uint32_t GeApiWrapper_OfflineCompile_BundleSaveModel(const char *file,
                                                     const GeModelBufferData *model);
void GeApiWrapper_ModelBuffer_Destroy(GeModelBufferData *model);
/// Size in bytes of the serialized model (0 for NULL).
uint64_t GeApiWrapper_ModelBuffer_GetLength(const GeModelBufferData *model);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_OFFLINE_COMPILE_H_
