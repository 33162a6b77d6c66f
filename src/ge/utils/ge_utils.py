"""GeUtils: whole-graph shape inference and the AICore support check.

The C library is looked up at call time through the module attribute ``ge_utils_lib`` (here or in
``ge._capi.pyge_utils_wrapper``), so tests can monkeypatch either.
"""

from __future__ import annotations

import ctypes
from typing import List, Tuple

from ge._capi import pyge_utils_wrapper
from ge._capi.pyge_utils_wrapper import ge_utils_lib
from ge.error import get_ge_error_msg

__all__ = ["GeUtils"]

_LOADED_LIB = ge_utils_lib


def _lib():
    """The library to call: a monkeypatched ``ge_utils_lib`` (of this module or of the binding
    module) wins over the loaded one."""
    if ge_utils_lib is not _LOADED_LIB:
        return ge_utils_lib
    return pyge_utils_wrapper.ge_utils_lib


class GeUtils:
    """Static helpers over a built ``ge.graph.Graph`` / ``ge.graph.Node``."""

    @staticmethod
    def infer_shape(graph, input_shapes: List[List[int]]) -> None:
        """Infers every shape of ``graph`` from ``input_shapes`` (input_shapes[i] is the shape of
        the Data node with index i). Only shape inference runs: no constant folding or other
        optimisation. Descs are updated in place."""
        if not isinstance(input_shapes, list) or any(
            not isinstance(shape, list) for shape in input_shapes
        ):
            raise TypeError("input_shapes must be a list of shape lists")
        dims: List[int] = []
        ranks: List[int] = []
        for shape in input_shapes:
            for dim in shape:
                if not isinstance(dim, int):
                    raise TypeError("each shape dim must be an integer")
            dims.extend(shape)
            ranks.append(len(shape))
        dims_array = (ctypes.c_int64 * len(dims))(*dims) if dims else None
        ranks_array = (ctypes.c_size_t * len(ranks))(*ranks) if ranks else None
        ret = _lib().GeApiWrapper_GeUtils_InferShape(
            graph._handle, dims_array, len(dims), ranks_array, len(ranks)
        )
        if ret != 0:
            # GE's text first; the core's reason (node, op type, cause) after it.
            reason = get_ge_error_msg()
            raise RuntimeError(
                f"Failed to infer shape: {reason}" if reason else "Failed to infer shape"
            )

    @staticmethod
    def check_node_support_on_aicore(node) -> Tuple[bool, str]:
        """(supported, reason) for running ``node`` on AICore of the current soc_version; the
        reason is "" when the library gives none."""
        lib = _lib()
        supported = ctypes.c_bool(False)
        reason = ctypes.c_char_p()
        try:
            ret = lib.GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(
                node._handle, ctypes.byref(supported), ctypes.byref(reason)
            )
            text = reason.value.decode("utf-8", errors="replace") if reason.value else ""
        finally:
            lib.GeApiWrapper_GeUtils_FreeString(reason)
        if ret != 0:
            raise RuntimeError("Failed to check node support on AICore")
        return bool(supported.value), text
