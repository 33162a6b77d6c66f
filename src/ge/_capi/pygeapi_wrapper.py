"""ctypes binding of the runtime library: GEInitialize, GEFinalize, IsGEInitialized.

Same configured library as the other runtime binding modules (see ``ge._capi._runtime_lib``).
"""

from __future__ import annotations

import ctypes

from ge._capi._runtime_lib import runtime_lib

__all__ = ["geapi_lib", "get_geapi_lib", "is_geapi_lib_loaded"]

geapi_lib = runtime_lib


def get_geapi_lib() -> ctypes.CDLL:
    return geapi_lib


def is_geapi_lib_loaded() -> bool:
    return geapi_lib is not None
