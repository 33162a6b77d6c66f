"""ctypes binding of the op-catalog C API (``GeOpCatalog_*``, docs/op_catalog.md "JSON form").

The catalog lives in ``libge_compiler.so``. Prototypes travel as the JSON text the C++ side
writes and reads (``compiler/ops/op_prototype_json.h``); this module only moves that text and
the module list across the boundary.
"""

from __future__ import annotations

import ctypes
from typing import List

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = [
    "get_op_catalog_lib",
    "list_modules",
    "all_prototypes_json",
    "prototype_json",
    "register_prototypes_json",
]

_VP = ctypes.c_void_p
_STRS = ctypes.POINTER(ctypes.c_char_p)
_SIZE = ctypes.c_size_t

# name -> (restype, argtypes). Returned strings come back as raw pointers: they are freed by
# GeOpCatalog_FreeString after being read.
_SIGNATURES = {
    "GeOpCatalog_ListModules": (_STRS, [ctypes.POINTER(_SIZE)]),
    "GeOpCatalog_FreeTypeList": (None, [_STRS, _SIZE]),
    "GeOpCatalog_GetPrototypeJson": (_VP, [ctypes.c_char_p]),
    "GeOpCatalog_GetAllPrototypesJson": (_VP, []),
    "GeOpCatalog_FreeString": (None, [_VP]),
    "GeOpCatalog_RegisterPrototypeJson": (ctypes.c_uint32, [ctypes.c_char_p, ctypes.c_bool]),
    "GeApiWrapper_GEGetErrorMsg": (ctypes.c_char_p, []),
}

_lib: ctypes.CDLL | None = None


def get_op_catalog_lib() -> ctypes.CDLL:
    """The compiler library with the catalog signatures declared (loaded on first use)."""
    global _lib
    if _lib is None:
        _lib = declare_signatures(get_compiler_lib(), _SIGNATURES)
    return _lib


def _last_error() -> str:
    msg = get_op_catalog_lib().GeApiWrapper_GEGetErrorMsg()
    return msg.decode("utf-8", "replace") if msg else ""


def _take_string(ptr) -> str:
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        get_op_catalog_lib().GeOpCatalog_FreeString(ptr)


def list_modules() -> List[str]:
    """The distinct ``module`` groups of the registered prototypes, sorted."""
    lib = get_op_catalog_lib()
    count = _SIZE(0)
    names = lib.GeOpCatalog_ListModules(ctypes.byref(count))
    if not names:
        raise RuntimeError(f"Failed to list the op catalog's modules: {_last_error()}")
    try:
        return [names[i].decode("utf-8") for i in range(count.value)]
    finally:
        lib.GeOpCatalog_FreeTypeList(names, count)


def all_prototypes_json() -> str:
    """Every prototype as one JSON array, sorted by type."""
    ptr = get_op_catalog_lib().GeOpCatalog_GetAllPrototypesJson()
    if not ptr:
        raise RuntimeError(f"Failed to read the op catalog: {_last_error()}")
    return _take_string(ptr)


def prototype_json(op_type: str) -> str | None:
    """The JSON object of ``op_type``, or None when the catalog has no such type."""
    ptr = get_op_catalog_lib().GeOpCatalog_GetPrototypeJson(op_type.encode("utf-8"))
    return _take_string(ptr) if ptr else None


def register_prototypes_json(text: str, replace: bool) -> None:
    """Registers the prototype (object) or prototypes (array) of ``text``; RuntimeError with the
    catalog's reason when one is rejected."""
    if get_op_catalog_lib().GeOpCatalog_RegisterPrototypeJson(text.encode("utf-8"), replace) != 0:
        raise RuntimeError(_last_error())
