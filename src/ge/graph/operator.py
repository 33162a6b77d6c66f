"""``Operator``: a borrowed, callback-scoped view of a node under construction, e.g. what an ONNX
plugin's ``parse_node`` fills in. Valid only inside the ``with`` block the framework opens around
the callback."""

from __future__ import annotations

import ctypes
from typing import Any

from ge._capi.pygraph_wrapper import graph_lib
from ge.graph._attr import _AttrValue

__all__ = ["Operator", "create_operator"]

_FACTORY_TOKEN = object()
_UINT32_MAX = 0xFFFFFFFF


def _take_string(ptr) -> str | None:
    """A malloc'd string of the C API, freed. Every C function of this module is looked up on
    ``graph_lib`` at call time (as GE's Operator does), so a test may replace any of them."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8", errors="replace")
    finally:
        graph_lib.GeApiWrapper_FreeString(ptr)


def _check_name(name, kind: str) -> None:
    if not isinstance(name, str) or not name:
        raise TypeError(f"Operator {kind} name must be a non-empty string")


class Operator:
    __slots__ = ("_handle", "_valid")

    # Both parameters default so that a bare Operator() is refused by the token check
    # (RuntimeError), as in GE, rather than by Python's argument check (TypeError).
    def __init__(self, handle=None, token=None):
        if token is not _FACTORY_TOKEN:
            raise RuntimeError("Operator objects should not be created directly.")
        if handle is None:
            raise ValueError("Operator handle cannot be None")
        if isinstance(handle, int):
            handle = ctypes.c_void_p(handle)
        if not isinstance(handle, ctypes.c_void_p) or not handle:
            raise ValueError("Operator handle cannot be null")
        self._handle = handle
        self._valid = True

    def __enter__(self) -> Operator:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self._invalidate()

    def _invalidate(self) -> None:
        self._valid = False
        self._handle = None

    def _check(self) -> None:
        if not self._valid:
            raise RuntimeError("Operator is only valid inside parse_node")

    def __copy__(self):
        raise RuntimeError("Operator does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("Operator does not support deepcopy")

    @property
    def name(self) -> str:
        self._check()
        name = _take_string(graph_lib.GeApiWrapper_Operator_GetName(self._handle))
        if name is None:
            raise RuntimeError("Failed to get Operator name or type")
        return name

    @property
    def type(self) -> str:
        self._check()
        op_type = _take_string(graph_lib.GeApiWrapper_Operator_GetType(self._handle))
        if op_type is None:
            raise RuntimeError("Failed to get Operator name or type")
        return op_type

    def set_attr(self, name: str, value: Any) -> None:
        self._check()
        _check_name(name, "attribute")
        av = _AttrValue()
        # Only an explicit False is a failure (GE ignores the result of set_value).
        ok = av.set_value(value)
        if ok is False or graph_lib.GeApiWrapper_Operator_SetAttr(
            self._handle, name.encode(), av._av_ptr
        ):
            raise RuntimeError(f"Failed to set attribute '{name}' on Operator {self.name}")

    def _register(self, func, method: str, name: str, kind: str) -> None:
        self._check()
        _check_name(name, kind)
        if func(self._handle, name.encode()) != 0:
            raise RuntimeError(f"Failed to {method} '{name}' on Operator {self.name}")

    def register_input(self, name: str) -> None:
        self._register(
            graph_lib.GeApiWrapper_Operator_InputRegister, "register_input", name, "input"
        )

    def register_optional_input(self, name: str) -> None:
        self._register(
            graph_lib.GeApiWrapper_Operator_OptionalInputRegister,
            "register_optional_input",
            name,
            "optional input",
        )

    def register_output(self, name: str) -> None:
        self._register(
            graph_lib.GeApiWrapper_Operator_OutputRegister, "register_output", name, "output"
        )

    def _register_dynamic(self, func, direction: str, name: str, count: int) -> None:
        self._check()
        _check_name(name, "dynamic port")
        if type(count) is not int:
            raise TypeError("Operator dynamic port count must be an integer")
        if not 0 <= count <= _UINT32_MAX:
            raise ValueError("Operator dynamic port count must be in uint32 range")
        if func(self._handle, name.encode(), ctypes.c_uint32(count)) != 0:
            raise RuntimeError(
                f"Failed to register dynamic {direction} '{name}' on Operator {self.name}"
            )

    def register_dynamic_input(self, name: str, count: int) -> None:
        self._register_dynamic(
            graph_lib.GeApiWrapper_Operator_DynamicInputRegister, "input", name, count
        )

    def register_dynamic_output(self, name: str, count: int) -> None:
        self._register_dynamic(
            graph_lib.GeApiWrapper_Operator_DynamicOutputRegister, "output", name, count
        )


def create_operator(handle) -> Operator:
    """The only way to build an Operator: wraps a borrowed ``GeOperatorHandle*``."""
    return Operator(handle, _FACTORY_TOKEN)
