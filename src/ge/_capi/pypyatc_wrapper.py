"""ctypes binding of the pyatc entry (GeApiWrapper_Atc_Main).

GE ships ``libpyatc_wrapper.so`` (loaded RTLD_GLOBAL|RTLD_NOW); ge_py builds the ATC main routine
into ``libge_compiler.so``, which ``get_compiler_lib`` loads once with RTLD_GLOBAL, so
``pyatc_lib`` is that library with ``GeApiWrapper_Atc_Main`` declared.
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = ["pyatc_lib", "get_pyatc_lib", "is_pyatc_lib_loaded"]

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "Atc_Main": (ctypes.c_int, [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]),
}


pyatc_lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GeApiWrapper_")


def get_pyatc_lib() -> ctypes.CDLL:
    return pyatc_lib


def is_pyatc_lib_loaded() -> bool:
    return pyatc_lib is not None
