"""ctypes binding of the offline compile C API.

GE ships this as ``liboffline_compile_wrapper.so``; ge_py builds it into ``libge_compiler.so``,
so ``offline_compile_lib`` is the one process-wide compiler library with these signatures.
Model buffers travel as opaque ``c_void_p`` handles (freed by ``ModelBuffer_Destroy``).
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = ["offline_compile_lib", "get_offline_compile_lib", "is_offline_compile_lib_loaded"]

_VP = ctypes.c_void_p
_U32 = ctypes.c_uint32
_INT = ctypes.c_int
_STR = ctypes.c_char_p
_STRP = ctypes.POINTER(ctypes.c_char_p)
_STRPP = ctypes.POINTER(_STRP)

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "OfflineCompile_BuildInitialize": (_U32, [_STRP, _STRP, _INT]),
    "OfflineCompile_BuildFinalize": (_U32, []),
    "OfflineCompile_BuildModel": (_U32, [_VP, _STRP, _STRP, _INT, ctypes.POINTER(_VP)]),
    "OfflineCompile_SaveModel": (_U32, [_STR, _VP]),
    "OfflineCompile_BundleBuildModel": (
        _U32,
        [ctypes.POINTER(_VP), _STRPP, _STRPP, ctypes.POINTER(_INT), _INT, ctypes.POINTER(_VP)],
    ),
    "OfflineCompile_BundleSaveModel": (_U32, [_STR, _VP]),
    "ModelBuffer_Destroy": (None, [_VP]),
    "ModelBuffer_GetLength": (ctypes.c_uint64, [_VP]),
}


offline_compile_lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GeApiWrapper_")


def get_offline_compile_lib() -> ctypes.CDLL:
    return offline_compile_lib


def is_offline_compile_lib_loaded() -> bool:
    return offline_compile_lib is not None
