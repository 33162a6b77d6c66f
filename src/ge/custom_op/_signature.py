"""Checking a callback's signature against the op's canonical prototype (``ir_meta``).

Arguments are bound by position and IR order: inputs, then outputs (not for ``execute``, which
allocates its outputs through its context), then the attributes as keyword-only parameters named
like the IR attributes. Annotations are optional; when present they must be the ones the bridge
passes (a ``ge.runtime.Tensor`` per tensor, the attribute's Python type).
"""

from __future__ import annotations

import inspect
import types
import typing
from typing import Any, Optional

from ge.graph.types import DataType
from ge.runtime import Tensor

from ._ir_types import AttrType, InputType, OutputType

_CALLBACKS = ("execute", "compile", "declare_launch_args")
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)

_ATTR_ANNOTATIONS = {
    AttrType.INT: int,
    AttrType.FLOAT: float,
    AttrType.BOOL: bool,
    AttrType.STRING: str,
    AttrType.DATA_TYPE: DataType,
    AttrType.TENSOR: Tensor,
    AttrType.LIST_INT: list[int],
    AttrType.LIST_FLOAT: list[float],
    AttrType.LIST_BOOL: list[bool],
    AttrType.LIST_STRING: list[str],
    AttrType.LIST_DATA_TYPE: list[DataType],
    AttrType.LIST_LIST_INT: list[list[int]],
}
_UNION_TYPES = (typing.Union,) + ((types.UnionType,) if hasattr(types, "UnionType") else ())


def _normalize(annotation: Any) -> Any:
    """A comparable form: ``List[X]`` and ``list[X]`` alike, unions as sets of members."""
    if annotation is None:
        return type(None)
    origin = typing.get_origin(annotation)
    if origin is list:
        return ("list", tuple(_normalize(arg) for arg in typing.get_args(annotation)))
    if origin in _UNION_TYPES:
        return ("union", frozenset(_normalize(arg) for arg in typing.get_args(annotation)))
    return annotation


def _input_annotation(kind: int) -> Any:
    if kind == InputType.REQUIRED:
        return Tensor
    if kind == InputType.OPTIONAL:
        return Optional[Tensor]
    if kind == InputType.DYNAMIC:
        return list[Tensor]
    raise ValueError(f"unsupported custom op IR input kind: {kind}")


def _output_annotation(kind: int) -> Any:
    if kind == OutputType.REQUIRED:
        return Tensor
    if kind == OutputType.DYNAMIC:
        return list[Tensor]
    raise ValueError(f"unsupported custom op IR output kind: {kind}")


def _type_hints(method: Any, drop_return: bool) -> dict[str, Any]:
    function = getattr(method, "__func__", method)
    if getattr(function, "__no_type_check__", False):
        return {}
    annotations = getattr(function, "__annotations__", {})
    if drop_return and isinstance(function, types.FunctionType) and "return" in annotations:
        # A copy without the return annotation: execute's return is never looked at, so an
        # unresolvable one must not fail the check.
        copy = types.FunctionType(
            function.__code__,
            function.__globals__,
            function.__name__,
            function.__defaults__,
            function.__closure__,
        )
        copy.__kwdefaults__ = function.__kwdefaults__
        copy.__annotations__ = {k: v for k, v in annotations.items() if k != "return"}
        function = copy
    return typing.get_type_hints(function)


def _validate_args_signature(
    method: Any, ir_meta: dict, descriptor: Any, *, method_name: str = "declare_launch_args"
) -> None:
    """Raise TypeError when ``method`` (``self`` already bound) cannot take the arguments the
    bridge passes for ``ir_meta``."""
    if method_name not in _CALLBACKS:
        raise ValueError(f"unsupported schema callback: {method_name}")
    is_execute = method_name == "execute"

    def fail(expected: str, actual: str) -> None:
        raise TypeError(
            f"invalid {method_name} signature for op type {descriptor.op_type}, descriptor key "
            f"{descriptor.descriptor_key}, method {method_name}: expected {expected}, "
            f"actual {actual}"
        )

    inputs = [_input_annotation(item["kind"]) for item in ir_meta["inputs"]]
    outputs = (
        [] if is_execute else [_output_annotation(item["kind"]) for item in ir_meta["outputs"]]
    )
    attr_names = [item["name"] for item in ir_meta["attrs"]]
    attrs = [_ATTR_ANNOTATIONS.get(item["type"]) for item in ir_meta["attrs"]]

    params = list(inspect.signature(method).parameters.values())
    for param in params:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            fail("no variadic parameters", f"variadic parameter {param.name}")
    n_positional = len(inputs) + len(outputs)
    if len(params) != n_positional + len(attrs):
        what = "input" if is_execute else "input/output"
        fail(
            f"{n_positional} positional {what} parameters followed by {len(attrs)} "
            "keyword-only attrs",
            f"{len(params)} parameters",
        )
    expected: list[tuple] = []
    for index, param in enumerate(params[: len(inputs)]):
        if param.kind not in _POSITIONAL:
            fail(
                f"positional input parameter at index {index}",
                f"parameter {param.name} kind {param.kind.name}",
            )
        expected.append((param, f"input parameter at index {index}", inputs[index]))
    for index, param in enumerate(params[len(inputs) : n_positional]):
        if param.kind not in _POSITIONAL:
            fail(
                f"positional output parameter at index {index}",
                f"parameter {param.name} kind {param.kind.name}",
            )
        expected.append((param, f"output parameter at index {index}", outputs[index]))
    for index, param in enumerate(params[n_positional:]):
        attr = attr_names[index]
        if param.kind != param.KEYWORD_ONLY:
            fail(
                f"keyword-only attr parameter {attr}",
                f"parameter {param.name} kind {param.kind.name}",
            )
        if param.name != attr:
            fail(f"attr name {attr} at index {index}", f"attr name {param.name}")
        expected.append((param, f"attr parameter {attr}", attrs[index]))

    try:
        hints = _type_hints(method, drop_return=is_execute)
    except Exception as exc:  # whatever evaluating the user's annotations raised
        fail("resolvable type annotations", f"type hint resolution failed: {exc}")
    for param, where, annotation in expected:
        if param.name not in hints:
            continue
        wanted, actual = _normalize(annotation), _normalize(hints[param.name])
        if wanted != actual:
            fail(f"{where} annotation {wanted!r}", f"{actual!r}")
    if not is_execute:
        if "return" not in hints:
            fail("None return annotation", "missing return annotation")
        returned = _normalize(hints["return"])
        if returned is not type(None):
            fail("None return annotation", repr(returned))
