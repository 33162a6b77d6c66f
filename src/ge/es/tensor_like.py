"""TensorLike values: Python numbers and nested lists accepted wherever an op takes a tensor
(as GE accepts them). They become scalar or constant nodes of the owning GraphBuilder."""

from __future__ import annotations

from typing import Any, List, Union

from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import _NO_BUILDER_MESSAGE, TensorHolder, convert_to_tensor_holder

__all__ = ["Number", "TensorLike", "convert_to_tensor_holder", "resolve_builder"]

Number = Union[int, float]
TensorLike = Union[Number, List[Any]]


def _unflatten(values: list, shape: list) -> list:
    """The nested list of ``shape`` holding ``values`` in row-major order."""
    if not shape:
        raise ValueError("Shape cannot be empty")
    size = 1
    for dim in shape:
        size *= dim
    if len(values) != size:
        raise ValueError(f"Length of list {len(values)} does not match shape {size}")

    def build(offset: int, dims: list) -> list:
        if len(dims) == 1:
            return list(values[offset : offset + dims[0]])
        step = 1
        for dim in dims[1:]:
            step *= dim
        return [build(offset + i * step, dims[1:]) for i in range(dims[0])]

    return build(0, list(shape))


def resolve_builder(*values: Any):
    """The GraphBuilder of the first GraphBuilder or TensorHolder among ``values``."""
    if not values:
        raise ValueError("At least one argument is required to resolve GraphBuilder")
    for value in values:
        if isinstance(value, GraphBuilder):
            return value
        if isinstance(value, TensorHolder):
            return value.get_owner_builder()
    raise ValueError(_NO_BUILDER_MESSAGE)
