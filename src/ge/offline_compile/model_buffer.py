"""``ModelBuffer``: a compiled model (or bundle) held by the core until saved."""

from __future__ import annotations

import ctypes

from ge._capi import pyoffline_compile_wrapper

__all__ = ["ModelBuffer"]


class ModelBuffer:
    """Owns a core ``ModelBufferData``; made only by ``build_model`` / ``bundle_build_model``."""

    def __init__(self):
        raise RuntimeError("ModelBuffer objects should not be created directly")

    @classmethod
    def _create_from(cls, handle) -> ModelBuffer:
        """Takes ownership of a core model buffer handle."""
        if not handle:
            raise ValueError("Failed to create ModelBuffer")
        buffer = cls.__new__(cls)
        buffer._handle = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)
        return buffer

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            # The binding module may already be torn down at interpreter exit.
            lib = getattr(pyoffline_compile_wrapper, "offline_compile_lib", None)
            if lib is not None:
                lib.GeApiWrapper_ModelBuffer_Destroy(handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("ModelBuffer does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("ModelBuffer does not support deepcopy")

    def get_length(self) -> int:
        """Size in bytes of the serialized model (what ``save_model`` writes)."""
        return int(
            pyoffline_compile_wrapper.offline_compile_lib.GeApiWrapper_ModelBuffer_GetLength(
                self._handle
            )
        )

    @property
    def length(self) -> int:
        return self.get_length()

    def __repr__(self) -> str:
        return f"ModelBuffer(length={self.get_length()})"
