"""ctypes binding of the GeUtils C API.

GE ships this as ``libge_utils_wrapper.so``; ge_py builds it into ``libge_compiler.so``, so
``ge_utils_lib`` is the one process-wide compiler library with these signatures declared.
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = ["ge_utils_lib", "get_ge_utils_lib", "is_ge_utils_lib_loaded"]

_VP = ctypes.c_void_p
_U32 = ctypes.c_uint32
_SIZE = ctypes.c_size_t

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "GeUtils_InferShape": (
        _U32,
        [_VP, ctypes.POINTER(ctypes.c_int64), _SIZE, ctypes.POINTER(_SIZE), _SIZE],
    ),
    "GeUtils_CheckNodeSupportOnAicore": (
        _U32,
        [_VP, ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(ctypes.c_char_p)],
    ),
    "GeUtils_FreeString": (None, [ctypes.c_char_p]),
    "GeUtils_SetSocVersion": (_U32, [ctypes.c_char_p]),
    # Returns a malloc'd string, so it comes back as a raw pointer to free.
    "GeUtils_GetSocVersion": (ctypes.POINTER(ctypes.c_char), []),
}


ge_utils_lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GeApiWrapper_")


def get_ge_utils_lib() -> ctypes.CDLL:
    return ge_utils_lib


def is_ge_utils_lib_loaded() -> bool:
    return ge_utils_lib is not None
