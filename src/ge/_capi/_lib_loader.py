"""Locating and loading the native libraries behind the ctypes bindings.

Every binding module of ``ge._capi`` resolves to one Python-neutral library, ``libge_compiler.so``,
shipped by the ``ge_compiler`` package. ``GE_PY_COMPILER_LIB`` (a path to the library) overrides the
lookup, which is how development trees and tests point at a fresh build.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import List, Optional

__all__ = ["COMPILER_LIB_NAME", "get_compiler_lib", "get_compiler_lib_path", "load_lib_from_path"]

COMPILER_LIB_NAME = "libge_compiler.so"
_ENV_OVERRIDE = "GE_PY_COMPILER_LIB"

_lock = threading.Lock()
_compiler_lib: Optional[ctypes.CDLL] = None


def load_lib_from_path(lib_name: str, lib_dir: Optional[str], mode: Optional[int] = None):
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


def get_compiler_lib_path() -> str:
    """Path of libge_compiler.so: ``$GE_PY_COMPILER_LIB`` or the ge_compiler package's copy."""
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
