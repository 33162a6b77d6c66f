"""Locating and loading the native libraries behind the ctypes bindings.

Every binding module of ``ge._capi`` resolves to one Python-neutral library, ``libge_compiler.so``,
shipped by the ``ge_compiler`` package. ``GE_PY_COMPILER_LIB`` (a path to the library) overrides the
lookup, which is how development trees and tests point at a fresh build.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import List

__all__ = [
    "COMPILER_LIB_NAME",
    "declare_signatures",
    "get_compiler_lib",
    "get_compiler_lib_path",
    "load_lib_from_path",
]

COMPILER_LIB_NAME = "libge_compiler.so"
_ENV_OVERRIDE = "GE_PY_COMPILER_LIB"

_lock = threading.Lock()
_compiler_lib: ctypes.CDLL | None = None


def load_lib_from_path(lib_name: str, lib_dir: str | None, mode: int | None = None):
    """Load ``lib_name``: an absolute name alone, else ``lib_dir/lib_name`` then the bare name.

    Raises OSError listing every attempt (``try to load {path} failed: {exc}``, one per line).
    """
    candidates: List[str] = []
    if os.path.isabs(lib_name):
        candidates.append(lib_name)
    else:
        if lib_dir:
            candidates.append(os.path.join(lib_dir, lib_name))
        candidates.append(lib_name)
    errors = []
    for path in candidates:
        try:
            if mode is None:
                return ctypes.CDLL(path)
            return ctypes.CDLL(path, mode=mode)
        except OSError as exc:
            errors.append(f"try to load {path} failed: {exc}")
    raise OSError("\n".join(errors))


def _already_mapped_compiler_lib() -> str | None:
    """Path of a libge_compiler.so already mapped into this process, else None.

    When Python runs inside the compiler (atc embedding the interpreter for Python passes), the
    ctypes bindings must use the very library the compiler runs on: a second copy would have its
    own registries and graphs, and handles passed between the two would be meaningless.
    """
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.rstrip("\n").split(None, 5)[-1] if line.count(" ") >= 5 else ""
                if path.endswith("/" + COMPILER_LIB_NAME) and os.path.isfile(path):
                    return path
    except OSError:
        pass
    return None


def get_compiler_lib_path() -> str:
    """Path of libge_compiler.so: the copy already loaded in this process (if any), else
    ``$GE_PY_COMPILER_LIB``, else the ge_compiler package's copy."""
    mapped = _already_mapped_compiler_lib()
    if mapped is not None:
        return mapped
    override = os.environ.get(_ENV_OVERRIDE)
    if override:
        return os.path.abspath(override)
    import ge_compiler

    return ge_compiler.get_lib_path()


def get_compiler_lib() -> ctypes.CDLL:
    """The process-wide handle of libge_compiler.so, loaded once with RTLD_GLOBAL so that
    plugins and native modules loaded later bind to the same copy."""
    global _compiler_lib
    with _lock:
        if _compiler_lib is None:
            path = get_compiler_lib_path()
            _compiler_lib = load_lib_from_path(path, None, ctypes.RTLD_GLOBAL)
        return _compiler_lib


def declare_signatures(lib: ctypes.CDLL, signatures: dict, prefix: str = "") -> ctypes.CDLL:
    """Sets ``restype`` and ``argtypes`` of each ``prefix + name`` of ``lib`` from ``signatures``
    (name -> (restype, argtypes)) and returns ``lib``. A missing symbol raises AttributeError
    naming it, so a library older than its binding fails at import, not at the first call."""
    for name, (restype, argtypes) in signatures.items():
        func = getattr(lib, prefix + name)
        func.restype = restype
        func.argtypes = argtypes
    return lib
