"""ctypes binding of the runtime library: Tensor_ToHost, Tensor_ToDevice.

Same configured library as the other runtime binding modules (see ``ge._capi._runtime_lib``).
"""

from __future__ import annotations

import ctypes

from ge._capi._runtime_lib import runtime_lib

__all__ = ["tensor_runtime_lib", "get_tensor_runtime_lib", "is_tensor_runtime_lib_loaded"]

tensor_runtime_lib = runtime_lib


def get_tensor_runtime_lib() -> ctypes.CDLL:
    return tensor_runtime_lib


def is_tensor_runtime_lib_loaded() -> bool:
    return tensor_runtime_lib is not None
