"""ctypes binding of the ES graph-builder C API and the generated-library registry.

In GE the base builder and the generated per-op functions live in separate libraries
(``libeager_style_graph_builder_base.so``, ``libes_all.so``, ``libes_math.so``, ...). ge_py
builds all of them into the one ``libge_compiler.so``: ``esb_lib`` is that library and every
generated-library name ``libes_<module>.so`` of a known op module resolves to it as well.
"""

from __future__ import annotations

import ctypes
import os
import re
from typing import Dict, List, Set

from ge._capi import pyop_catalog_wrapper
from ge._capi._lib_loader import get_compiler_lib, get_compiler_lib_path, load_lib_from_path

__all__ = [
    "BASE_LIB_NAME",
    "DEFAULT_GENERATED_LIB_NAME",
    "MATH_LIB_NAME",
    "EsCTensorHolder",
    "EsCGraphBuilder",
    "EsCGraph",
    "EsCTensor",
    "EsCTensorHolderPtr",
    "EsCGraphBuilderPtr",
    "EsCTensorPtr",
    "get_esb_lib",
    "get_generated_lib",
    "is_generated_lib_available",
    "get_loaded_lib_names",
    "clear_lib_cache",
]

BASE_LIB_NAME = "libeager_style_graph_builder_base.so"
DEFAULT_GENERATED_LIB_NAME = "libes_all.so"
MATH_LIB_NAME = "libes_math.so"


class EsCTensorHolder(ctypes.Structure):
    """Opaque C tensor holder (owned by its builder)."""


class EsCGraphBuilder(ctypes.Structure):
    """Opaque C graph builder."""


class EsCGraph(ctypes.Structure):
    """Opaque C graph handle."""


class EsCTensor(ctypes.Structure):
    """Opaque C tensor handle."""


EsCTensorHolderPtr = ctypes.POINTER(EsCTensorHolder)
EsCGraphBuilderPtr = ctypes.POINTER(EsCGraphBuilder)
EsCTensorPtr = ctypes.POINTER(EsCTensor)

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64
_I64P = ctypes.POINTER(ctypes.c_int64)
_U32 = ctypes.c_uint32
_I32 = ctypes.c_int32
_STR = ctypes.c_char_p

# name -> (restype, argtypes). Handles travel as void pointers so that objects coming from
# ge.graph (which uses c_void_p) pass without casts.
_BASE_SIGNATURES = {
    "EsCreateGraphBuilder": (_VP, [_STR]),
    "EsDestroyGraphBuilder": (None, [_VP]),
    "EsCreateGraphInputWithDetails": (_VP, [_VP, _I64, _STR, _STR, _I32, _I32, _I64P, _I64]),
    "EsCreateGraphInput": (_VP, [_VP, _I64]),
    "EsCreateConstInt64": (_VP, [_VP, _I64P, _I64P, _I64]),
    "EsCreateConstFloat": (_VP, [_VP, ctypes.POINTER(ctypes.c_float), _I64P, _I64]),
    "EsCreateConstUInt64": (_VP, [_VP, ctypes.POINTER(ctypes.c_uint64), _I64P, _I64]),
    "EsCreateConstInt32": (_VP, [_VP, ctypes.POINTER(ctypes.c_int32), _I64P, _I64]),
    "EsCreateConstUInt32": (_VP, [_VP, ctypes.POINTER(ctypes.c_uint32), _I64P, _I64]),
    "EsCreateVectorInt64": (_VP, [_VP, _I64P, _I64]),
    "EsCreateScalarInt64": (_VP, [_VP, _I64]),
    "EsCreateScalarInt32": (_VP, [_VP, ctypes.c_int32]),
    "EsCreateScalarFloat": (_VP, [_VP, ctypes.c_float]),
    "EsCreateScalarUInt64": (_VP, [_VP, ctypes.c_uint64]),
    "EsCreateScalarUInt32": (_VP, [_VP, ctypes.c_uint32]),
    "EsCreateVariable": (_VP, [_VP, _I32, _STR]),
    "EsBuildGraphAndReset": (_VP, [_VP]),
    "EsGetProducer": (_VP, [_VP]),
    "EsGetOwnerBuilder": (_VP, [_VP]),
    "EsSetDataType": (_U32, [_VP, _I32]),
    "EsSetFormat": (_U32, [_VP, _I32]),
    "EsSetShape": (_U32, [_VP, _I64P, _I64]),
    "EsSetGraphOutput": (_U32, [_VP, _I64]),
    "EsSetInt64AttrForGraph": (_U32, [_VP, _STR, _I64]),
    "EsSetStringAttrForGraph": (_U32, [_VP, _STR, _STR]),
    "EsSetBoolAttrForGraph": (_U32, [_VP, _STR, ctypes.c_bool]),
    "EsSetInt64AttrForTensor": (_U32, [_VP, _STR, _I64]),
    "EsSetStringAttrForTensor": (_U32, [_VP, _STR, _STR]),
    "EsSetBoolAttrForTensor": (_U32, [_VP, _STR, ctypes.c_bool]),
    "EsSetInt64AttrForNode": (_U32, [_VP, _STR, _I64]),
    "EsSetStringAttrForNode": (_U32, [_VP, _STR, _STR]),
    "EsSetBoolAttrForNode": (_U32, [_VP, _STR, ctypes.c_bool]),
    "EsAddControlEdge": (_U32, [_VP, ctypes.POINTER(_VP), _I64]),
    "EsCreateEsCTensor": (_VP, [_VP, _I64P, _I64, _I32, _I32]),
    "EsCreateEsCTensorFromFile": (_VP, [_STR, _I64P, _I64, _I32, _I32]),
    "EsCreateOp": (
        _U32,
        [
            _VP,  # builder
            _STR,  # op type
            ctypes.POINTER(_VP),  # flattened input holders
            _I64P,  # per-IR-input counts
            _I64,
            _I64P,  # dynamic output counts
            _I64,
            ctypes.POINTER(_VP),  # flattened subgraph handles
            _I64P,  # per-IR-subgraph counts
            _I64,
            ctypes.POINTER(_STR),  # attr names
            ctypes.POINTER(_VP),  # attr value handles
            _I64,
            ctypes.POINTER(_VP),  # output holders
            _I64,
            _I64P,  # number of outputs
        ],
    ),
    "EsBuilderAdoptGraph": (_U32, [_VP, _VP]),
    "EsBuilderAdoptTensor": (_U32, [_VP, _VP]),
    "EsAttrValueSetListListInt": (_U32, [_VP, ctypes.POINTER(_I64P), _I64, _I64P]),
    "EsAttrValueSetEmptyList": (_U32, [_VP, _I32]),
    "EsBuildInputPassThroughGraph": (_VP, [_STR, _I64, _I64P, _I64]),
    "GeApiWrapper_GEGetErrorMsg": (_STR, []),
}

# The generated-library functions a library other than the compiler's may provide.
_MATH_SIGNATURES = {name: (_VP, [_VP, _VP]) for name in ("EsAdd", "EsSub", "EsMul", "EsDiv")}


# Builder calls a Python pass's replacement makes per match: short, no Python callbacks. Bound as
# PyDLL functions, which keep the GIL across the call (releasing and re-taking it is a measurable
# part of such a ctypes call).
_HOLD_GIL = (
    "EsCreateGraphBuilder",
    "EsDestroyGraphBuilder",
    "EsCreateGraphInputWithDetails",
    "EsSetGraphOutput",
    "EsBuildGraphAndReset",
    "EsBuildInputPassThroughGraph",
)


def _declare(lib, signatures) -> None:
    hold_gil = ctypes.PyDLL(lib._name, handle=lib._handle)
    for name, (restype, argtypes) in signatures.items():
        func = getattr(lib, name)
        if name in _HOLD_GIL:
            func = getattr(hold_gil, name)
            setattr(lib, name, func)  # what lib.<name> returns from now on
        func.restype = restype
        func.argtypes = argtypes


_esb_lib: ctypes.CDLL | None = None


def get_esb_lib() -> ctypes.CDLL:
    """The ES base library (the compiler library), with every ``Es*`` signature declared."""
    global _esb_lib
    lib = _esb_lib
    if lib is not None:
        # Every builder call comes here: after the first one it is a global read (no loader
        # lock, no getattr probe).
        return lib
    lib = get_compiler_lib()
    if not getattr(lib, "_ge_es_configured", False):
        _declare(lib, _BASE_SIGNATURES)
        lib._ge_es_configured = True
    _esb_lib = lib
    return lib


def last_error() -> str:
    """The compiler core's last error of this thread (empty when none)."""
    msg = get_esb_lib().GeApiWrapper_GEGetErrorMsg()
    return msg.decode("utf-8", "replace") if msg else ""


# ---- generated-library registry -------------------------------------------------------------

_dir = os.path.dirname(os.path.abspath(__file__))
_lib_cache: Dict[str, ctypes.CDLL] = {}
_configured_lib_ids: Set[int] = set()
_default_lib: ctypes.CDLL | None = None
_default_lib_available = False

_GENERATED_NAME = re.compile(r"^libes_([A-Za-z0-9_]+)\.so$")


def _known_modules() -> Set[str]:
    return {"all", "math"} | set(pyop_catalog_wrapper.list_modules())


def _load(target: str) -> ctypes.CDLL:
    match = _GENERATED_NAME.match(os.path.basename(target))
    if not os.path.isabs(target) and match is not None:
        # Generated op libraries are part of libge_compiler.so (docs/es_builder.md).
        if match.group(1) not in _known_modules():
            raise OSError(f"no op module named '{match.group(1)}' in the op catalog")
        return get_esb_lib()
    if os.path.isabs(target) and os.path.abspath(target) == get_compiler_lib_path():
        return get_esb_lib()
    return load_lib_from_path(target, _dir, os.RTLD_GLOBAL | os.RTLD_NOW)


def _configure_generated_lib(lib: ctypes.CDLL) -> None:
    """Declares EsAdd/EsSub/EsMul/EsDiv (holder, holder) -> holder once per library object."""
    if id(lib) in _configured_lib_ids:
        return
    for name, (restype, argtypes) in _MATH_SIGNATURES.items():
        func = getattr(lib, name, None)
        if func is not None:
            func.restype = restype
            func.argtypes = argtypes
    _configured_lib_ids.add(id(lib))


def get_generated_lib(lib_name: str | None = None) -> ctypes.CDLL:
    """The generated op library ``lib_name`` (default ``libes_all.so``), loaded once and cached.

    Raises RuntimeError ``Generated library {target} is not available: {exc}``.
    """
    global _default_lib, _default_lib_available
    target = lib_name or DEFAULT_GENERATED_LIB_NAME
    if target == DEFAULT_GENERATED_LIB_NAME and _default_lib_available and _default_lib is not None:
        return _default_lib
    if target in _lib_cache:
        return _lib_cache[target]
    try:
        lib = _load(target)
    except Exception as exc:  # any loader failure is reported the same way
        raise RuntimeError(f"Generated library {target} is not available: {exc}") from exc
    _configure_generated_lib(lib)
    _lib_cache[target] = lib
    if target == DEFAULT_GENERATED_LIB_NAME:
        _default_lib = lib
        _default_lib_available = True
    return lib


def is_generated_lib_available() -> bool:
    """True when the default generated library can be loaded."""
    try:
        get_generated_lib()
    except RuntimeError:
        return False
    return True


def get_loaded_lib_names() -> List[str]:
    return list(_lib_cache.keys())


def clear_lib_cache() -> None:
    """Forgets cached libraries (the default library record is kept, as in GE)."""
    _lib_cache.clear()


def __getattr__(name: str):
    # `esb_lib` loads lazily so that importing the module never fails on a missing library.
    if name == "esb_lib":
        return get_esb_lib()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
