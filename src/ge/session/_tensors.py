"""Moving ``Tensor`` lists in and out of the C runtime calls."""

from __future__ import annotations

import ctypes
from typing import List

from ge.graph import Tensor

__all__ = ["check_inputs", "tensor_array", "take_outputs"]


def check_inputs(inputs) -> None:
    if not isinstance(inputs, list):
        raise TypeError("inputs must be a list of Tensor")
    if not all(isinstance(t, Tensor) for t in inputs):
        raise TypeError("All elements in inputs must be the type of Tensor")


def tensor_array(inputs: List[Tensor]):
    """A ``void*[]`` of the tensors' handles (None when empty)."""
    if not inputs:
        return None
    return (ctypes.c_void_p * len(inputs))(*[t._handle.value for t in inputs])


def take_outputs(array, count: int, free_array) -> List[Tensor]:
    """Owned Tensors for the ``count`` handles of ``array``; the array itself is always freed."""
    try:
        return [Tensor._create_from(ctypes.c_void_p(array[i])) for i in range(count)]
    finally:
        if array:
            free_array(array)
