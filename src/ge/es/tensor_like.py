"""TensorLike values: Python numbers and nested lists accepted wherever an op takes a tensor
(as GE accepts them). They become scalar or constant nodes of the owning GraphBuilder."""

from __future__ import annotations

from typing import Any, List, Tuple, Union

__all__ = ["Number", "TensorLike", "convert_to_tensor_holder", "resolve_builder"]

Number = Union[int, float]
TensorLike = Union[Number, List[Any]]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float))


def _flatten(value: Any) -> Tuple[list, list]:
    # A leaf is a number; an inner empty list has no shape to infer, so it is rejected.
    if _is_number(value):
        return [value], []
    if not isinstance(value, list) or not value:
        raise TypeError("Value must be int|float or nested lists of int|float")
    flat: list = []
    inner_shape = None
    for element in value:
        element_flat, element_shape = _flatten(element)
        if inner_shape is None:
            inner_shape = element_shape
        elif element_shape != inner_shape:
            raise ValueError("Irregular nested list: all sub-lists must have the same shape")
        flat.extend(element_flat)
    return flat, [len(value)] + inner_shape


def _flatten_and_infer_shape(value: Any) -> Tuple[list, list]:
    """``[[1, 2], [3, 4]]`` -> ``([1, 2, 3, 4], [2, 2])``; ``[]`` -> ``([], [0])``."""
    if isinstance(value, list) and not value:
        return [], [0]
    return _flatten(value)


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
    from ge.es.graph_builder import GraphBuilder
    from ge.es.tensor_holder import TensorHolder

    if not values:
        raise ValueError("At least one argument is required to resolve GraphBuilder")
    for value in values:
        if isinstance(value, GraphBuilder):
            return value
        if isinstance(value, TensorHolder):
            return value.get_owner_builder()
    raise ValueError(
        "Please ensure at least one input tensor or an explicit owner_builder is provided "
        "when supported"
    )


def convert_to_tensor_holder(value: Any, owner_builder):
    """``value`` as a TensorHolder of ``owner_builder``: holders and None pass through, ints
    become int64 scalars, floats float scalars, nested lists int64 or float constants (float
    when any leaf is a float). The dtype of the other operand is deliberately not consulted,
    as in GE."""
    from ge.es.tensor_holder import TensorHolder

    if value is None or isinstance(value, TensorHolder):
        return value
    if isinstance(value, (int, float, list)) and owner_builder is None:
        resolve_builder(value)  # raises the standard "Please ensure ..." ValueError
    if isinstance(value, int):
        return owner_builder.create_scalar_int64(value)
    if isinstance(value, float):
        return owner_builder.create_scalar_float(value)
    if isinstance(value, list):
        flat, shape = _flatten_and_infer_shape(value)
        if any(isinstance(v, float) for v in flat):
            return owner_builder.create_const_float(flat, shape)
        return owner_builder.create_const_int64(flat, shape)
    raise TypeError("Value must be TensorHolder or int|float or nested lists of int|float or None")
