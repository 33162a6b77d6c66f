// Host-runtime executor functions of the C API (ge_py additions, no GE counterpart): run a graph
// or a saved .om model directly on the host runtime that Sessions use. Executors travel as
// `void *`. Defined in compiler/c_api/runtime_c_api.cc and, for Model_LoadOm,
// compiler/c_api/session_c_api.cc.
#ifndef GE_C_API_RUNTIME_H_
#define GE_C_API_RUNTIME_H_

#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new executor for `graph` (planned, kernels checked); free with GeRuntime_DestroyExecutor.
void *GeRuntime_CreateExecutor(const GeGraphHandle *graph);
/// A new executor for the model saved in the .om file `path`; free with GeRuntime_DestroyExecutor.
void *GeApiWrapper_Model_LoadOm(const char *path);
void GeRuntime_DestroyExecutor(void *executor);
/// Number of model inputs (0 for NULL).
size_t GeRuntime_GetInputCount(const void *executor);
/// Number of model outputs (0 for NULL).
size_t GeRuntime_GetOutputCount(const void *executor);
/// *outputs = a malloc'd array of *n_out new tensor handles: free each with
/// GeApiWrapper_Tensor_DestroyEsCTensor and the array with GeRuntime_FreeTensorArray, or both
/// with GeRuntime_FreeOutputs. NULL and 0 on failure.
uint32_t GeRuntime_Run(void *executor, GeTensorHandle **inputs, size_t n, GeTensorHandle ***outputs,
                       size_t *n_out);
/// Frees only the array of GeRuntime_Run.
void GeRuntime_FreeTensorArray(GeTensorHandle **array);
/// Frees the `n` handles of a GeRuntime_Run array and the array.
void GeRuntime_FreeOutputs(GeTensorHandle **array, size_t n);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_RUNTIME_H_
