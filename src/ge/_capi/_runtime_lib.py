"""Signatures of the runtime-library C API (GE's runtime wrapper library).

GE ships these functions as ``libge_runtime_wrapper.so``; ge_py builds them into
``libge_compiler.so``. ``pygeapi_wrapper``, ``pysession_wrapper`` and ``pytensor_runtime_wrapper``
all expose this one configured library, as GE's three binding modules share one file.
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = [
    "MALLOC_FUNC",
    "FREE_FUNC",
    "GET_ADDR_FUNC",
    "ON_DESTROY_FUNC",
    "runtime_lib",
    "options_to_c",
]

_VP = ctypes.c_void_p
_VPP = ctypes.POINTER(ctypes.c_void_p)
_U32 = ctypes.c_uint32
_SIZE = ctypes.c_size_t
_STRP = ctypes.POINTER(ctypes.c_char_p)

# Allocator callbacks: malloc(key, size) -> block, free(key, block), get_addr(block) -> address,
# on_destroy(key) once the allocator is gone.
MALLOC_FUNC = ctypes.CFUNCTYPE(_VP, _VP, _SIZE)
FREE_FUNC = ctypes.CFUNCTYPE(None, _VP, _VP)
GET_ADDR_FUNC = ctypes.CFUNCTYPE(_VP, _VP)
ON_DESTROY_FUNC = ctypes.CFUNCTYPE(None, _VP)

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "GEInitialize": (_U32, [_STRP, _STRP, ctypes.c_int]),
    "GEFinalize": (_U32, []),
    "IsGEInitialized": (ctypes.c_bool, []),
    "Session_CreateSession": (_VP, []),
    "Session_CreateSessionWithOptions": (_VP, [_STRP, _STRP, ctypes.c_int]),
    "Session_DestroySession": (None, [_VP]),
    "Session_AddGraph": (_U32, [_VP, _U32, _VP]),
    "Session_AddGraphWithOptions": (_U32, [_VP, _U32, _VP, _STRP, _STRP, ctypes.c_int]),
    "Session_RemoveGraph": (_U32, [_VP, _U32]),
    "Session_RunGraph": (
        _U32,
        [_VP, _U32, _VPP, ctypes.c_int, ctypes.POINTER(_VPP), ctypes.POINTER(_SIZE)],
    ),
    "Session_RunGraphWithStreamAsync": (
        _U32,
        [_VP, _U32, _VP, _VPP, ctypes.c_int, ctypes.POINTER(_VPP), ctypes.POINTER(_SIZE)],
    ),
    "Session_FreeTensorArray": (None, [_VPP]),
    "Session_RegisterDefaultAllocator": (_U32, [_VP, _VP]),
    "Session_RegisterExternalAllocator": (
        _U32,
        [_VP, _VP, MALLOC_FUNC, FREE_FUNC, GET_ADDR_FUNC, ON_DESTROY_FUNC, _VP],
    ),
    "Session_UnregisterExternalAllocator": (_U32, [_VP, _VP]),
    "HasExternalAllocator": (ctypes.c_bool, [_VP]),
    "HasDefaultAllocator": (ctypes.c_bool, [_VP]),
    "Tensor_ToHost": (ctypes.c_int, [_VP]),
    "Tensor_ToDevice": (ctypes.c_int, [_VP]),
    "Tensor_ReleaseDeviceMemory": (_U32, [_VP]),
    "Tensor_GetRawData": (_U32, [_VP, _VPP, ctypes.POINTER(_SIZE)]),
    "Model_LoadOm": (_VP, [ctypes.c_char_p]),
}

# The host-runtime executor API (compiler/include/ge/c_api/runtime.h), which runs loaded .om
# models.
_RUNTIME_SIGNATURES = {
    "GeRuntime_DestroyExecutor": (None, [_VP]),
    "GeRuntime_GetInputCount": (_SIZE, [_VP]),
    "GeRuntime_GetOutputCount": (_SIZE, [_VP]),
    "GeRuntime_Run": (_U32, [_VP, _VPP, _SIZE, ctypes.POINTER(_VPP), ctypes.POINTER(_SIZE)]),
    "GeRuntime_FreeTensorArray": (None, [_VPP]),
}


def _configure(lib: ctypes.CDLL) -> ctypes.CDLL:
    declare_signatures(lib, _SIGNATURES, "GeApiWrapper_")
    return declare_signatures(lib, _RUNTIME_SIGNATURES)


runtime_lib = _configure(get_compiler_lib())


def options_to_c(options: dict):
    """(keys, values, count) ctypes arrays of UTF-8 strings; (None, None, 0) when empty."""
    if not options:
        return None, None, 0
    keys = [str(k).encode("utf-8") for k in options]
    values = [str(v).encode("utf-8") for v in options.values()]
    count = len(keys)
    return (ctypes.c_char_p * count)(*keys), (ctypes.c_char_p * count)(*values), count
