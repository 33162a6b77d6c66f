"""The steps of creating an op node from Python that both ways of calling ``EsCreateOp`` share:
the general ``_op_runtime.call_op`` and the straight-line code ``_codegen`` generates per op.

Every check of an op call and every message it raises is written here once. The generated code
only inlines the case that needs no check (an input that already is a ``TensorHolder``) and
calls these functions for everything else, so both ways accept and reject the same arguments
with the same exceptions.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es._scopes import apply_scopes as _apply_scopes
from ge.es._scopes import scope_state as _scope_state
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import convert_to_tensor_holder, resolve_builder

__all__ = [
    "check_not_built",
    "first_input_builder",
    "input_handle",
    "creation_error",
    "holder",
    "apply_scopes",
]

_VP = ctypes.c_void_p


def check_not_built(builder, op: str) -> None:
    """The ``Cannot create <op>: GraphBuilder has already been built...`` RuntimeError."""
    builder._check_not_built(f"create {op}")


def first_input_builder(spec: Dict[str, Any], first: Any):
    """The owner of an op without TensorLike inputs: the builder of its first input (the first
    element of a dynamic one)."""
    op = spec["type"]
    _name, kind, param = spec["inputs"][0]
    if kind == "dynamic":
        if not isinstance(first, list):
            raise TypeError(f"{op}: input '{param}' must be a list")
        first = first[0] if first else None
    if first is None:
        resolve_builder(None)  # the standard "Please ensure ..." ValueError
    if not isinstance(first, TensorHolder):
        raise TypeError(f"{op}: input '{param}' must be a TensorHolder")
    return first.get_owner_builder()


def input_handle(spec: Dict[str, Any], index: int, value: Any, builder):
    """The C handle of ``value`` given for input ``index`` (one element of a dynamic input),
    after TensorLike conversion for TensorLike ops; None for an absent optional input."""
    _name, kind, param = spec["inputs"][index]
    tensor_like = spec["tensor_like"]
    if tensor_like:
        value = convert_to_tensor_holder(value, builder)
    if value is None and kind == "optional":
        return None
    if not isinstance(value, TensorHolder):
        expected = "TensorHolder or TensorLike" if tensor_like else "TensorHolder"
        raise TypeError(
            f"{spec['type']}: input '{param}' must be a {expected}, got {type(value).__name__}"
        )
    return value._handle


def creation_error(op: str) -> ValueError:
    """The error of a failed ``EsCreateOp``: GE's NULL-handle text plus the core's reason."""
    return ValueError(f"Tensor handle cannot be None (failed to create {op}: {_w.last_error()})")


def holder(handle, builder) -> TensorHolder:
    """The TensorHolder of an output handle ``EsCreateOp`` returned for ``builder``."""
    if not handle:
        raise ValueError("Tensor handle cannot be None")
    result = TensorHolder.__new__(TensorHolder)
    result._handle = _VP(handle)
    result._builder = builder
    return result


def apply_scopes(first_output) -> None:
    """Applies the active attr and control-dependency scopes to the first output's producer."""
    if first_output is not None and (
        _scope_state.custom_node_attrs or _scope_state.control_dependency_nodes
    ):
        _apply_scopes(first_output)
