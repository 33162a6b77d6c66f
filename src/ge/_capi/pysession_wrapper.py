"""ctypes binding of the runtime library: Session and allocator functions.

Same configured library as the other runtime binding modules (see ``ge._capi._runtime_lib``).
"""

from __future__ import annotations

import ctypes

from ge._capi._runtime_lib import runtime_lib

__all__ = ["session_lib", "get_session_lib", "is_session_lib_loaded"]

session_lib = runtime_lib


def get_session_lib() -> ctypes.CDLL:
    return session_lib


def is_session_lib_loaded() -> bool:
    return session_lib is not None
