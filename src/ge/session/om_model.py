"""Running a saved ``.om`` model (written by ``atc --mode=0``) on the host runtime.

``load_om(path)`` reads the compiled graph and its weights, plans it and checks that every node
has a kernel; ``OmModel.run(inputs)`` runs it. No ``GeApi.ge_initialize`` is needed: the model is
already compiled, so no pass runs.
"""

from __future__ import annotations

import ctypes
from typing import List

from ge._capi.pysession_wrapper import session_lib
from ge.error import raise_ge_error
from ge.graph import Tensor
from ge.session._tensors import check_inputs, take_outputs, tensor_array

__all__ = ["OmModel", "load_om"]


class OmModel:
    """A loaded .om model. Not thread-safe: one ``run`` at a time."""

    def __init__(self):
        raise RuntimeError("OmModel objects should not be created directly; use load_om(path)")

    @classmethod
    def _create(cls, handle, path: str) -> OmModel:
        model = cls.__new__(cls)
        model._handle = ctypes.c_void_p(handle)
        model.path = path
        return model

    @property
    def input_count(self) -> int:
        return int(session_lib.GeRuntime_GetInputCount(self._handle))

    @property
    def output_count(self) -> int:
        return int(session_lib.GeRuntime_GetOutputCount(self._handle))

    def run(self, inputs: List[Tensor]) -> List[Tensor]:
        """Runs the model on host ``inputs`` (in Data-index order); returns host Tensors."""
        check_inputs(inputs)
        if self._handle is None:
            raise RuntimeError(f"model {self.path} is closed")
        outputs = ctypes.POINTER(ctypes.c_void_p)()
        count = ctypes.c_size_t(0)
        ret = session_lib.GeRuntime_Run(
            self._handle,
            tensor_array(inputs),
            len(inputs),
            ctypes.byref(outputs),
            ctypes.byref(count),
        )
        result = take_outputs(outputs, count.value, session_lib.GeRuntime_FreeTensorArray)
        if ret != 0:
            raise_ge_error("RunOmModel", ret, path=self.path)
        return result

    def close(self) -> None:
        if getattr(self, "_handle", None) is not None:
            session_lib.GeRuntime_DestroyExecutor(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __copy__(self):
        raise RuntimeError("OmModel does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("OmModel does not support deepcopy")


def load_om(path: str) -> OmModel:
    """Loads the .om model at ``path``; GeError names the file when it cannot be read or run."""
    if not isinstance(path, str):
        raise TypeError("path must be a string")
    handle = session_lib.GeApiWrapper_Model_LoadOm(path.encode("utf-8"))
    if not handle:
        raise_ge_error("LoadOm", path=path)
    return OmModel._create(handle, path)
