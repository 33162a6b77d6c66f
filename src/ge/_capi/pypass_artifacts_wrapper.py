"""ctypes binding of Python pass artifact selection (``ge/c_api/python_pass_artifacts.h``).

The compiler's bridge loader decides with the same C++ code, so ``ge.passes.runtime`` and
atc/pyatc choose the same artifact set for the same inputs. The functions below return plain
Python values (strings, dicts of set fields) and raise ``ArtifactSelectionError`` with the C API's
reason when a call fails. The library is loaded on the first call: ``ge.passes.runtime`` imports
this module, and a missing library must surface as its ImportError, not here.
"""

from __future__ import annotations

import ctypes
from typing import Callable, Dict, List, NamedTuple, Sequence

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = [
    "ArtifactSelectionError",
    "FallbackPlan",
    "SetSearch",
    "fallback_cache_root",
    "is_compatible",
    "plan_fallback",
    "platform_tag",
    "python_tag",
    "read_manifest",
    "scan",
    "search",
]

_VP = ctypes.c_void_p
_STR = ctypes.c_char_p
_U32 = ctypes.c_uint32
_U64 = ctypes.c_uint64
_SIZE = ctypes.c_size_t
_OUT = ctypes.POINTER(ctypes.c_void_p)
# Returned strings are malloc'd and must be freed, so they come back as raw pointers.
_CHARP = ctypes.POINTER(ctypes.c_char)

# name (without the GePyPassArtifacts_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "PythonTag": (_U32, [_STR, _STR, ctypes.POINTER(_CHARP)]),
    "PlatformTag": (_U32, [ctypes.POINTER(_CHARP)]),
    "FallbackCacheRoot": (_U32, [ctypes.POINTER(_CHARP)]),
    "FreeString": (None, [_CHARP]),
    "ReadManifest": (_U32, [_STR, _STR, ctypes.c_bool, _OUT]),
    "DestroySet": (None, [_VP]),
    "SetManifestPath": (_STR, [_VP]),
    "SetRoot": (_STR, [_VP]),
    "SetPythonTag": (_STR, [_VP]),
    "SetPlatform": (_STR, [_VP]),
    "SetAbi": (_U64, [_VP]),
    "SetBridgePath": (_STR, [_VP]),
    "SetNativePath": (_STR, [_VP]),
    "IsCompatible": (ctypes.c_bool, [_STR, _STR, _U64, _STR, _U64]),
    "Search": (_U32, [_STR, _STR, _OUT]),
    "Scan": (_U32, [ctypes.POINTER(_STR), _SIZE, _STR, _OUT]),
    "DestroySearch": (None, [_VP]),
    "SearchRootCount": (_SIZE, [_VP]),
    "SearchRoot": (_STR, [_VP, _SIZE]),
    "SearchSetCount": (_SIZE, [_VP]),
    "SearchSet": (_VP, [_VP, _SIZE]),
    "SearchRejectedCount": (_SIZE, [_VP]),
    "SearchRejected": (_STR, [_VP, _SIZE]),
    "SearchCandidateCount": (_SIZE, [_VP]),
    "SearchCandidate": (_VP, [_VP, _SIZE]),
    "PlanFallback": (_U32, [_STR, _STR, _STR, _STR, _STR, _STR, _OUT]),
    "DestroyFallbackPlan": (None, [_VP]),
    "PlanCacheRoot": (_STR, [_VP]),
    "PlanKey": (_STR, [_VP]),
    "PlanSetDir": (_STR, [_VP]),
    "PlanSourcesHash": (_STR, [_VP]),
    "PlanCompilerLib": (_STR, [_VP]),
    "PlanCompilerLibStamp": (_STR, [_VP]),
}
# The reason of a failed call (ge/c_api/ge_api.h).
_ERROR_SIGNATURES = {"GEGetErrorMsg": (_STR, [])}

_LIB: ctypes.CDLL | None = None


class ArtifactSelectionError(ValueError):
    """A failed call; the message is the C API's reason."""


class SetSearch(NamedTuple):
    """What a search saw: roots in order, valid sets, rejection reasons, matching sets."""

    roots: List[str]
    sets: List[Dict[str, object]]
    rejected: List[str]
    candidates: List[Dict[str, object]]


class FallbackPlan(NamedTuple):
    cache_root: str
    key: str
    set_dir: str
    sources_hash: str
    compiler_lib: str
    compiler_lib_stamp: str


def _lib() -> ctypes.CDLL:
    global _LIB
    if _LIB is None:
        lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GePyPassArtifacts_")
        _LIB = declare_signatures(lib, _ERROR_SIGNATURES, "GeApiWrapper_")
    return _LIB


def _call(name: str) -> Callable:
    return getattr(_lib(), "GePyPassArtifacts_" + name)


def _text(value: bytes | None) -> str:
    return "" if value is None else value.decode("utf-8", "surrogateescape")


def _bytes(value: str | None) -> bytes | None:
    return None if value is None else str(value).encode("utf-8", "surrogateescape")


def _check(status: int) -> None:
    if status != 0:
        raise ArtifactSelectionError(_text(_lib().GeApiWrapper_GEGetErrorMsg()))


def _take_string(name: str, *args) -> str:
    out = _CHARP()
    _check(_call(name)(*args, ctypes.byref(out)))
    try:
        return _text(ctypes.string_at(out))
    finally:
        _call("FreeString")(out)


def _set_fields(handle: int) -> Dict[str, object]:
    bridge = _text(_call("SetBridgePath")(handle))
    return {
        "manifest_path": _text(_call("SetManifestPath")(handle)),
        "root": _text(_call("SetRoot")(handle)),
        "python_tag": _text(_call("SetPythonTag")(handle)),
        "platform": _text(_call("SetPlatform")(handle)),
        "abi": int(_call("SetAbi")(handle)),
        "bridge_path": bridge or None,
        "native_path": _text(_call("SetNativePath")(handle)),
    }


def _take_search(handle: int) -> SetSearch:
    def items(kind: str, convert: Callable) -> list:
        count = _call(f"Search{kind}Count")(handle)
        return [convert(_call(f"Search{kind}")(handle, i)) for i in range(count)]

    try:
        return SetSearch(
            roots=items("Root", _text),
            sets=items("Set", _set_fields),
            rejected=items("Rejected", _text),
            candidates=items("Candidate", _set_fields),
        )
    finally:
        _call("DestroySearch")(handle)


def python_tag(implementation: str, version: str) -> str:
    """The artifact tag of an interpreter (``cp311``) from its implementation name and version."""
    return _take_string("PythonTag", _bytes(implementation), _bytes(version))


def platform_tag() -> str:
    """``<system>-<machine>`` of this process."""
    return _take_string("PlatformTag")


def fallback_cache_root() -> str:
    """The per-user directory of fallback-built sets."""
    return _take_string("FallbackCacheRoot")


def read_manifest(manifest_path: str, abi_key: str, require_bridge: bool) -> Dict[str, object]:
    """The set one manifest describes; ArtifactSelectionError naming the problem otherwise."""
    handle = ctypes.c_void_p()
    _check(
        _call("ReadManifest")(
            _bytes(manifest_path), _bytes(abi_key), require_bridge, ctypes.byref(handle)
        )
    )
    try:
        return _set_fields(handle.value)
    finally:
        _call("DestroySet")(handle.value)


def is_compatible(artifact: Dict[str, object], tag: str, abi: int) -> bool:
    """True when the set was built for ``tag``, this platform and ``abi``."""
    return bool(
        _call("IsCompatible")(
            _bytes(artifact["python_tag"]),
            _bytes(artifact["platform"]),
            int(artifact["abi"]),
            _bytes(tag),
            abi,
        )
    )


def search(tag: str, package_root: str | None) -> SetSearch:
    """The bridge loader's search for ``tag``, plus ``package_root`` (the caller's own root)."""
    handle = ctypes.c_void_p()
    _check(_call("Search")(_bytes(tag), _bytes(package_root), ctypes.byref(handle)))
    return _take_search(handle.value)


def scan(roots: Sequence[str], tag: str | None = None) -> SetSearch:
    """Valid sets and rejections under ``roots`` only; candidates match ``tag`` when given."""
    array = (_STR * len(roots))(*(_bytes(root) for root in roots))
    handle = ctypes.c_void_p()
    _check(_call("Scan")(array, len(roots), _bytes(tag), ctypes.byref(handle)))
    return _take_search(handle.value)


def plan_fallback(
    *,
    tag: str,
    executable: str,
    version: str,
    libpython: str,
    ge_py_version: str,
    sources_dir: str,
) -> FallbackPlan:
    """Where the fallback set for this interpreter and these sources lives (its cache key)."""
    handle = ctypes.c_void_p()
    arguments = (tag, executable, version, libpython, ge_py_version, sources_dir)
    _check(_call("PlanFallback")(*map(_bytes, arguments), ctypes.byref(handle)))
    try:
        fields = ("CacheRoot", "Key", "SetDir", "SourcesHash", "CompilerLib", "CompilerLibStamp")
        return FallbackPlan(*(_text(_call(f"Plan{field}")(handle.value)) for field in fields))
    finally:
        _call("DestroyFallbackPlan")(handle.value)
