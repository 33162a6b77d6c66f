"""TensorHolder: one output of a node of a graph under construction.

The C holder is owned by the C builder; the Python object keeps its GraphBuilder alive.
Arithmetic builds Add/Sub/Mul/Div nodes, promoting Python numbers and nested lists to constants.
"""

from __future__ import annotations

import ctypes
from typing import Any, List, Tuple

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es._scopes import apply_scopes

__all__ = ["TensorHolder", "convert_to_tensor_holder"]

# resolve_builder's error (ge.es.tensor_like), also raised when a number has no builder to live in.
_NO_BUILDER_MESSAGE = (
    "Please ensure at least one input tensor or an explicit owner_builder is provided "
    "when supported"
)


class TensorHolder:
    """A tensor of a GraphBuilder's graph; created only by GraphBuilder and op functions."""

    def __init__(self) -> None:
        raise RuntimeError("TensorHolder objects should not be created directly")

    @classmethod
    def _create_from(cls, handle, owner_builder) -> TensorHolder:
        if not handle:
            raise ValueError("Tensor handle cannot be None")
        if owner_builder is None:
            raise ValueError("Owner builder cannot be None")
        holder = cls.__new__(cls)
        holder._handle = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)
        holder._builder = owner_builder
        return holder

    def __copy__(self):
        raise RuntimeError("TensorHolder does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("TensorHolder does not support deepcopy")

    # ---- identity ----
    def get_owner_builder(self):
        return self._builder

    def _get_node_snapshot(self):
        """A non-owning Node view of the producer (the handle belongs to the C holder)."""
        from ge.graph import Node

        handle = _w.get_esb_lib().EsGetProducer(self._handle)
        if not handle:
            raise RuntimeError("Failed to get producer node")
        return Node._create_from(ctypes.c_void_p(handle), owns_handle=False)

    @property
    def name(self) -> str:
        return self._get_node_snapshot().name

    # ---- desc setters (chainable) ----
    def set_data_type(self, data_type) -> TensorHolder:
        from ge.graph.types import DataType

        self._builder._check_not_built("set data type")
        if not isinstance(data_type, DataType):
            raise TypeError("Data type must be a DataType enum")
        if _w.get_esb_lib().EsSetDataType(self._handle, int(data_type)) != 0:
            raise RuntimeError("Failed to set data type")
        return self

    def set_format(self, format) -> TensorHolder:
        from ge.graph.types import Format

        self._builder._check_not_built("set format")
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format enum")
        if _w.get_esb_lib().EsSetFormat(self._handle, int(format)) != 0:
            raise RuntimeError("Failed to set format")
        return self

    def set_shape(self, shape: List[int]) -> TensorHolder:
        self._builder._check_not_built("set shape")
        if not isinstance(shape, list):
            raise TypeError("Shape must be a list of integers")
        if not all(isinstance(d, int) for d in shape):
            raise TypeError("All shape dimensions must be integers")
        dims = (ctypes.c_int64 * len(shape))(*shape) if shape else None
        if _w.get_esb_lib().EsSetShape(self._handle, dims, len(shape)) != 0:
            raise RuntimeError("Failed to set shape")
        return self

    # ---- arithmetic ----
    def _get_math_operator_lib(self):
        """The library exporting EsAdd/EsSub/EsMul/EsDiv (tests monkeypatch this)."""
        for lib_name in (_w.DEFAULT_GENERATED_LIB_NAME, _w.MATH_LIB_NAME):
            try:
                return _w.get_generated_lib(lib_name)
            except RuntimeError:
                continue
        raise RuntimeError(
            "Math operators (Add/Sub/Mul/Div) not available: neither libes_math.so nor "
            "libes_all.so could be loaded. Please ensure at least one is accessible."
        )

    def _binary(self, op: str, other: Any, self_first: bool) -> TensorHolder:
        other = convert_to_tensor_holder(other, self._builder)
        if other._builder is not self._builder:
            raise ValueError(
                f"Cannot perform {op}: tensors from different GraphBuilders "
                f"('{self._builder.name}' vs '{other._builder.name}')"
            )
        other._builder._check_not_built(op)
        self._builder._check_not_built(op)
        lib = self._get_math_operator_lib()
        lhs, rhs = (self, other) if self_first else (other, self)
        func = getattr(lib, "Es" + op.capitalize())
        handle = func(lhs._handle, rhs._handle)
        if not handle:
            raise RuntimeError(f"Failed to create {op} operation")
        return apply_scopes(TensorHolder._create_from(handle, self._builder))

    def add(self, other) -> TensorHolder:
        return self._binary("add", other, True)

    def sub(self, other) -> TensorHolder:
        return self._binary("sub", other, True)

    def mul(self, other) -> TensorHolder:
        return self._binary("mul", other, True)

    def div(self, other) -> TensorHolder:
        return self._binary("div", other, True)

    __add__ = add
    __sub__ = sub
    __mul__ = mul
    __truediv__ = div

    # GE keeps the operand order for - and / but swaps it for + and *: x + a is
    # Add(a, x). Both are commutative, so only node wiring differs.
    def __radd__(self, other) -> TensorHolder:
        return self._binary("add", other, True)

    def __rmul__(self, other) -> TensorHolder:
        return self._binary("mul", other, True)

    def __rsub__(self, other) -> TensorHolder:
        return self._binary("sub", other, False)

    def __rtruediv__(self, other) -> TensorHolder:
        return self._binary("div", other, False)


# ---- promotion of Python numbers and nested lists ----------------------------------------------


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


def convert_to_tensor_holder(value: Any, owner_builder):
    """``value`` as a TensorHolder of ``owner_builder``: holders and None pass through, ints
    become int64 scalars, floats float scalars, nested lists int64 or float constants (float
    when any leaf is a float). The dtype of the other operand is deliberately not consulted,
    as in GE."""
    if value is None or isinstance(value, TensorHolder):
        return value
    if isinstance(value, (int, float, list)) and owner_builder is None:
        raise ValueError(_NO_BUILDER_MESSAGE)
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
