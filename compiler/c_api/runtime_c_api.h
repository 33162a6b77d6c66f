// Host-runtime section of the extern "C" API (implemented in runtime_c_api.cc). The Session layer
// and ctypes bind these names; all are NULL-safe and report failures via GEGetErrorMsg().
#ifndef GE_C_API_RUNTIME_C_API_H_
#define GE_C_API_RUNTIME_C_API_H_

#include <cstddef>
#include <cstdint>

#include "c_api/c_api_handles.h"

extern "C" {
void *GeRuntime_CreateExecutor(const GeGraphHandle *graph);
void GeRuntime_DestroyExecutor(void *executor);
size_t GeRuntime_GetInputCount(const void *executor);
size_t GeRuntime_GetOutputCount(const void *executor);
uint32_t GeRuntime_Run(void *executor, GeTensorHandle **inputs, size_t n, GeTensorHandle ***outputs,
                       size_t *n_out);
void GeRuntime_FreeTensorArray(GeTensorHandle **array);
void GeRuntime_FreeOutputs(GeTensorHandle **array, size_t n);
}

#endif  // GE_C_API_RUNTIME_C_API_H_
