// Session functions of the C API (GE's runtime library): sessions that compile and run graphs on
// the host runtime, and the per-stream allocators their device tensors come from. Sessions and
// streams travel as `void *`, as in GE. Defined in compiler/c_api/session_c_api.cc.
#ifndef GE_C_API_SESSION_H_
#define GE_C_API_SESSION_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// External allocator callbacks: malloc(key, size) -> block (NULL on failure), free(key, block),
/// get_addr(block) -> the block's address, on_destroy(key) once the allocator is gone.
typedef void *(*GeAllocatorMallocFunc)(void *key, size_t size);
typedef void (*GeAllocatorFreeFunc)(void *key, void *block);
typedef void *(*GeAllocatorGetAddrFunc)(void *block);
typedef void (*GeAllocatorOnDestroyFunc)(void *key);

/// A new session; free with GeApiWrapper_Session_DestroySession.
void *GeApiWrapper_Session_CreateSession(void);
/// A new session with `size` key/value options.
void *GeApiWrapper_Session_CreateSessionWithOptions(const char **keys, const char **values,
                                                    int size);
void GeApiWrapper_Session_DestroySession(void *session);
/// Adds a copy of `graph` under `graph_id`.
uint32_t GeApiWrapper_Session_AddGraph(void *session, uint32_t graph_id,
                                       const GeGraphHandle *graph);
uint32_t GeApiWrapper_Session_AddGraphWithOptions(void *session, uint32_t graph_id,
                                                  const GeGraphHandle *graph, const char **keys,
                                                  const char **values, int size);
uint32_t GeApiWrapper_Session_RemoveGraph(void *session, uint32_t graph_id);
/// inputs: input_num GeTensorHandle *. *outputs = a malloc'd array of *output_num new tensor
/// handles: free each with GeApiWrapper_Tensor_DestroyEsCTensor, the array with
/// GeApiWrapper_Session_FreeTensorArray.
uint32_t GeApiWrapper_Session_RunGraph(void *session, uint32_t graph_id, void **inputs,
                                       int input_num, void ***outputs, size_t *output_num);
/// As RunGraph, with device outputs placed in the memory of `stream`'s allocator.
uint32_t GeApiWrapper_Session_RunGraphWithStreamAsync(void *session, uint32_t graph_id,
                                                      void *stream, void **inputs, int input_num,
                                                      void ***outputs, size_t *output_num);
/// Frees only the array of RunGraph / RunGraphWithStreamAsync.
void GeApiWrapper_Session_FreeTensorArray(void **array);
uint32_t GeApiWrapper_Session_RegisterDefaultAllocator(void *session, void *stream);
/// malloc_cb, free_cb and get_addr_cb are required; on_destroy_cb (may be NULL) gets `key` once,
/// when neither the stream nor any device buffer refers to the allocator any more.
uint32_t GeApiWrapper_Session_RegisterExternalAllocator(
    void *session, void *stream, GeAllocatorMallocFunc malloc_cb, GeAllocatorFreeFunc free_cb,
    GeAllocatorGetAddrFunc get_addr_cb, GeAllocatorOnDestroyFunc on_destroy_cb, void *key);
uint32_t GeApiWrapper_Session_UnregisterExternalAllocator(void *session, void *stream);
bool GeApiWrapper_HasExternalAllocator(void *stream);
bool GeApiWrapper_HasDefaultAllocator(void *stream);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_SESSION_H_
