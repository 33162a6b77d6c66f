// Runtime-library section of the extern "C" API (GE's runtime wrapper library): GE
// initialisation, Session, external/default allocators per stream, tensor placement, plus two
// ge_py additions for ctypes (raw tensor bytes for numpy, loading a saved .om). All functions are
// NULL-safe and report failures through GeApiWrapper_GEGetErrorMsg().
#ifndef GE_C_API_SESSION_C_API_H_
#define GE_C_API_SESSION_C_API_H_

#include <cstddef>
#include <cstdint>

#include "c_api/c_api_handles.h"

extern "C" {
typedef void *(*GeAllocatorMallocFunc)(void *key, size_t size);
typedef void (*GeAllocatorFreeFunc)(void *key, void *block);
typedef void *(*GeAllocatorGetAddrFunc)(void *block);
typedef void (*GeAllocatorOnDestroyFunc)(void *key);

uint32_t GeApiWrapper_GEInitialize(const char **keys, const char **values, int size);
uint32_t GeApiWrapper_GEFinalize();
bool GeApiWrapper_IsGEInitialized();

void *GeApiWrapper_Session_CreateSession();
void *GeApiWrapper_Session_CreateSessionWithOptions(const char **keys, const char **values,
                                                    int size);
void GeApiWrapper_Session_DestroySession(void *session);
uint32_t GeApiWrapper_Session_AddGraph(void *session, uint32_t graph_id,
                                       const GeGraphHandle *graph);
uint32_t GeApiWrapper_Session_AddGraphWithOptions(void *session, uint32_t graph_id,
                                                  const GeGraphHandle *graph, const char **keys,
                                                  const char **values, int size);
uint32_t GeApiWrapper_Session_RemoveGraph(void *session, uint32_t graph_id);
uint32_t GeApiWrapper_Session_RunGraph(void *session, uint32_t graph_id, void **inputs,
                                       int input_num, void ***outputs, size_t *output_num);
uint32_t GeApiWrapper_Session_RunGraphWithStreamAsync(void *session, uint32_t graph_id,
                                                      void *stream, void **inputs, int input_num,
                                                      void ***outputs, size_t *output_num);
void GeApiWrapper_Session_FreeTensorArray(void **array);
uint32_t GeApiWrapper_Session_RegisterDefaultAllocator(void *session, void *stream);
uint32_t GeApiWrapper_Session_RegisterExternalAllocator(
    void *session, void *stream, GeAllocatorMallocFunc malloc_cb, GeAllocatorFreeFunc free_cb,
    GeAllocatorGetAddrFunc get_addr_cb, GeAllocatorOnDestroyFunc on_destroy_cb, void *key);
uint32_t GeApiWrapper_Session_UnregisterExternalAllocator(void *session, void *stream);
bool GeApiWrapper_HasExternalAllocator(void *stream);
bool GeApiWrapper_HasDefaultAllocator(void *stream);

int GeApiWrapper_Tensor_ToHost(GeTensorHandle *tensor);
int GeApiWrapper_Tensor_ToDevice(GeTensorHandle *tensor);
/// Returns a device tensor's block to its allocator (no-op for host tensors). Call before
/// GeApiWrapper_Tensor_DestroyEsCTensor on tensors that may be on the device.
uint32_t GeApiWrapper_Tensor_ReleaseDeviceMemory(GeTensorHandle *tensor);
/// Borrowed pointer to a host tensor's bytes (valid while the tensor lives and is unchanged).
uint32_t GeApiWrapper_Tensor_GetRawData(const GeTensorHandle *tensor, const void **data,
                                        size_t *size);

/// An executor for the compiled model in an .om file (free with GeRuntime_DestroyExecutor, run
/// with GeRuntime_Run). Errors name the file.
void *GeApiWrapper_Model_LoadOm(const char *path);
}

#endif  // GE_C_API_SESSION_C_API_H_
