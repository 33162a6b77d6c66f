"""Python operator prototypes: ``register_op`` and the prototype registry (docs/custom_ops.md).

A prototype is declared as a plain function whose signature *is* the prototype: positional
parameters are inputs, keyword-only parameters are attributes, the return annotation gives the
outputs. The function itself becomes the op's ``infer_meta``; it is never called here, and nothing
reaches the compiler before the custom-op bridge loads the registered descriptors.
"""

from __future__ import annotations

import inspect
import math
import threading
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

from ge.graph.types import DataType
from ge.runtime import Tensor, TensorDesc

from ._ir_types import AttrType, InputType, OutputType

__all__ = [
    "InputType",
    "OpAttr",
    "OpInput",
    "OpOutput",
    "OpProtoDescriptor",
    "OutputType",
    "clear_registered_op_protos",
    "get_registered_op_proto_by_descriptor_key",
    "get_registered_op_proto_by_op_type",
    "get_registered_op_proto_dicts",
    "get_registered_op_protos",
    "register_op",
]


@dataclass(frozen=True)
class OpInput:
    name: str
    index: int
    kind: InputType


@dataclass(frozen=True)
class OpAttr:
    name: str
    index: int
    type: str
    is_required: bool
    default: Any = None


@dataclass(frozen=True)
class OpOutput:
    name: str
    index: int
    kind: OutputType


@dataclass(frozen=True)
class OpProtoDescriptor:
    """One registered prototype; ``infer_func`` is the decorated function."""

    descriptor_key: str
    op_type: str
    module_name: str
    func_name: str
    inputs: tuple[OpInput, ...]
    attrs: tuple[OpAttr, ...]
    outputs: tuple[OpOutput, ...]
    infer_func: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("inputs", "attrs", "outputs"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    def to_bridge_dict(self) -> dict:
        """A fresh dict of plain values (list defaults as lists) for the bridge."""
        return {
            "descriptor_key": self.descriptor_key,
            "op_type": self.op_type,
            "module_name": self.module_name,
            "func_name": self.func_name,
            "inputs": [{"name": i.name, "kind": int(i.kind)} for i in self.inputs],
            "attrs": [
                {
                    "name": a.name,
                    "type": a.type,
                    "is_required": a.is_required,
                    "default": _thaw(a.default),
                }
                for a in self.attrs
            ],
            "outputs": [{"name": o.name, "kind": int(o.kind)} for o in self.outputs],
        }


# --- annotations -----------------------------------------------------------------------------

# Scalar attribute annotations and the exact Python type their defaults must have.
_SCALAR_ATTRS = {
    int: AttrType.INT,
    float: AttrType.FLOAT,
    bool: AttrType.BOOL,
    str: AttrType.STRING,
    DataType: AttrType.DATA_TYPE,
}
_LIST_ATTRS = {
    int: AttrType.LIST_INT,
    float: AttrType.LIST_FLOAT,
    bool: AttrType.LIST_BOOL,
    str: AttrType.LIST_STRING,
    DataType: AttrType.LIST_DATA_TYPE,
}
# Element type of each list attribute (LIST_LIST_INT holds lists of int).
_LIST_ELEMENT = {attr: element for element, attr in _LIST_ATTRS.items()}
_SCALAR_TYPE = {attr: scalar for scalar, attr in _SCALAR_ATTRS.items()}


def _list_item(annotation: Any) -> Any:
    """``X`` for ``List[X]`` / ``list[X]``, else a private sentinel."""
    if typing.get_origin(annotation) is list:
        args = typing.get_args(annotation)
        if len(args) == 1:
            return args[0]
    return _NOT_A_LIST


_NOT_A_LIST = object()


def _is_typing_optional(annotation: Any) -> bool:
    """``typing.Optional[X]`` / ``Union[X, None]``; PEP 604 ``X | None`` is a different type."""
    return typing.get_origin(annotation) is typing.Union and type(None) in typing.get_args(
        annotation
    )


def _optional_item(annotation: Any) -> Any:
    args = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
    return args[0] if len(args) == 1 else _NOT_A_LIST


def _input_kind(name: str, annotation: Any) -> InputType:
    if annotation is TensorDesc:
        return InputType.REQUIRED
    if _is_typing_optional(annotation) and _optional_item(annotation) is TensorDesc:
        return InputType.OPTIONAL
    if _list_item(annotation) is TensorDesc:
        return InputType.DYNAMIC
    raise TypeError(f"unsupported input annotation for '{name}': {annotation!r}")


def _attr_type(name: str, annotation: Any) -> str:
    if annotation in _SCALAR_ATTRS:
        return _SCALAR_ATTRS[annotation]
    if annotation is Tensor:
        return AttrType.TENSOR
    item = _list_item(annotation)
    if item is not _NOT_A_LIST:
        if item in _LIST_ATTRS:
            return _LIST_ATTRS[item]
        if _list_item(item) is int:
            return AttrType.LIST_LIST_INT
    raise TypeError(f"unsupported attr annotation for '{name}': {annotation!r}")


def _output_kind(annotation: Any) -> OutputType | None:
    if annotation is TensorDesc:
        return OutputType.REQUIRED
    if _list_item(annotation) is TensorDesc:
        return OutputType.DYNAMIC
    return None


def _outputs_of(hints: dict[str, Any], has_return: bool) -> list[OutputType]:
    if not has_return:
        raise TypeError("register_op return type annotation is required")
    annotation = hints["return"]
    if annotation is type(None):
        return []
    single = _output_kind(annotation)
    if single is not None:
        return [single]
    if typing.get_origin(annotation) is tuple:
        items = typing.get_args(annotation)
        if items and items != ((),) and Ellipsis not in items:
            kinds = []
            for index, item in enumerate(items):
                kind = _output_kind(item)
                if kind is None:
                    raise TypeError(
                        f"unsupported return annotation at output index {index}: {item!r}"
                    )
                kinds.append(kind)
            return kinds
    raise TypeError(f"unsupported return annotation: {annotation!r}")


# --- attribute defaults ----------------------------------------------------------------------


def _check_scalar_default(name: str, attr_type: str, value: Any) -> None:
    expected = _SCALAR_TYPE[attr_type]
    if type(value) is not expected:
        raise TypeError(
            f"default value for attr '{name}' must be {expected.__name__}, "
            f"got {type(value).__name__}"
        )
    if expected is DataType and value is DataType.DT_MAX:
        raise TypeError(f"default value for attr '{name}' must be a valid DataType")


def _check_list_default(name: str, value: Any, element: type, depth: int) -> None:
    if type(value) is not list:
        raise TypeError(f"default value for attr '{name}' must be list, got {type(value).__name__}")
    for item in value:
        if depth > 1:
            _check_list_default(name, item, element, depth - 1)
            continue
        if type(item) is not element:
            raise TypeError(
                f"default value for attr '{name}' contains {type(item).__name__}, "
                f"expected {element.__name__}"
            )
        if element is DataType and item is DataType.DT_MAX:
            raise TypeError(f"default value for attr '{name}' must contain valid DataType values")


def _check_default(name: str, attr_type: str, value: Any) -> None:
    if attr_type == AttrType.TENSOR:
        raise TypeError(f"Tensor attr '{name}' does not support a default value")
    if attr_type in _SCALAR_TYPE:
        _check_scalar_default(name, attr_type, value)
    elif attr_type == AttrType.LIST_LIST_INT:
        _check_list_default(name, value, int, 2)
    else:
        _check_list_default(name, value, _LIST_ELEMENT[attr_type], 1)


def _freeze(value: Any) -> Any:
    return tuple(_freeze(item) for item in value) if isinstance(value, list) else value


def _thaw(value: Any) -> Any:
    return [_thaw(item) for item in value] if isinstance(value, tuple) else value


# --- mutates_args and output names -----------------------------------------------------------


def _mutation_bindings(
    mutates_args: Any, input_names: Sequence[str], n_outputs: int
) -> dict[int, str]:
    """Output index -> name of the input it updates in place."""
    if not isinstance(mutates_args, (list, tuple)):
        raise TypeError("mutates_args must be a list or tuple")
    items = list(mutates_args)
    if not items:
        return {}
    sequential = [isinstance(item, str) for item in items]
    if any(sequential) and not all(sequential):
        raise TypeError("mutates_args sequential and explicit forms cannot be mixed")
    if all(sequential):
        if len(items) > n_outputs:
            raise ValueError("mutates_args has more entries than outputs")
        pairs = list(zip(items, range(len(items))))
    else:
        pairs = []
        for item in items:
            if not isinstance(item, (list, tuple)) or len(item) != 2:
                raise TypeError("mutates_args explicit entries must be (input_name, output_index)")
            input_name, index = item
            if not isinstance(input_name, str) or type(index) is not int:
                raise TypeError("mutates_args explicit entries must be (str, int)")
            pairs.append((input_name, index))
    bindings: dict[int, str] = {}
    for input_name, index in pairs:
        if not 0 <= index < n_outputs:
            raise ValueError(f"mutates_args output index out of range: {index}")
        if index in bindings:
            raise ValueError(f"mutates_args output index is duplicated: {index}")
        if input_name not in input_names:
            raise ValueError(f"mutates_args input does not exist: '{input_name}'")
        if input_name in bindings.values():
            raise ValueError(f"mutates_args input is duplicated: '{input_name}'")
        bindings[index] = input_name
    return bindings


def _output_names(
    input_names: Sequence[str], n_outputs: int, bindings: dict[int, str]
) -> list[str]:
    """An output updating an input takes its name (how GE sees in-place use); the others are
    ``output<i>``, suffixed ``_1``, ``_2``... while that clashes with an input or earlier output."""
    used = set(input_names)
    names = []
    for index in range(n_outputs):
        name = bindings.get(index)
        if name is None:
            base = name = f"output{index}"
            suffix = 1
            while name in used:
                name = f"{base}_{suffix}"
                suffix += 1
        used.add(name)
        names.append(name)
    return names


# --- building a descriptor -------------------------------------------------------------------


def _resolve_hints(fn: Callable[..., Any]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(fn)
    except (NameError, TypeError) as exc:
        raise TypeError(f"failed to resolve annotations for '{fn.__qualname__}': {exc}") from exc


def _build_descriptor(fn: Callable[..., Any], op_type: str, mutates_args: Any) -> OpProtoDescriptor:
    hints = _resolve_hints(fn)
    inputs: list[OpInput] = []
    attrs: list[OpAttr] = []
    for param in inspect.signature(fn).parameters.values():
        name = param.name
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"register_op does not support variadic parameter '{name}'")
        if param.kind == param.KEYWORD_ONLY:
            if name not in hints:
                raise TypeError(f"attr '{name}' must have a type annotation")
            annotation = hints[name]
            has_default = param.default is not param.empty
            if has_default and param.default is None and _is_typing_optional(annotation):
                annotation = _optional_item(annotation)
            attr_type = _attr_type(name, annotation)
            if has_default:
                _check_default(name, attr_type, param.default)
            attrs.append(
                OpAttr(
                    name=name,
                    index=len(attrs),
                    type=attr_type,
                    is_required=not has_default,
                    default=_freeze(param.default) if has_default else None,
                )
            )
            continue
        if name not in hints:
            raise TypeError(f"input '{name}' must have a type annotation")
        if param.default is not param.empty:
            raise TypeError(f"input '{name}' must not have a default value")
        inputs.append(OpInput(name=name, index=len(inputs), kind=_input_kind(name, hints[name])))
    kinds = _outputs_of(hints, "return" in getattr(fn, "__annotations__", {}))
    input_names = [i.name for i in inputs]
    bindings = _mutation_bindings(mutates_args, input_names, len(kinds))
    names = _output_names(input_names, len(kinds), bindings)
    outputs = [OpOutput(name=n, index=i, kind=k) for i, (n, k) in enumerate(zip(names, kinds))]
    return OpProtoDescriptor(
        descriptor_key=f"{fn.__module__}:{fn.__qualname__}:{op_type}",
        op_type=op_type,
        module_name=fn.__module__,
        func_name=fn.__qualname__,
        inputs=inputs,
        attrs=attrs,
        outputs=outputs,
        infer_func=fn,
    )


# --- the registry ----------------------------------------------------------------------------

_LOCK = threading.RLock()
_BY_KEY: dict[str, OpProtoDescriptor] = {}
_BY_OP_TYPE: dict[str, OpProtoDescriptor] = {}


def _same_value(left: Any, right: Any) -> bool:
    """Exactly-typed, recursive equality in which NaN equals NaN."""
    if type(left) is not type(right):
        return False
    if isinstance(left, tuple):
        return len(left) == len(right) and all(map(_same_value, left, right))
    if isinstance(left, float) and math.isnan(left) and math.isnan(right):
        return True
    return left == right


def _same_definition(left: OpProtoDescriptor, right: OpProtoDescriptor) -> bool:
    if left.op_type != right.op_type:
        return False
    for mine, theirs in ((left.inputs, right.inputs), (left.outputs, right.outputs)):
        if len(mine) != len(theirs) or any(
            (a.name, a.index, int(a.kind)) != (b.name, b.index, int(b.kind))
            for a, b in zip(mine, theirs)
        ):
            return False
    if len(left.attrs) != len(right.attrs):
        return False
    return all(
        (a.name, a.index, a.type, a.is_required) == (b.name, b.index, b.type, b.is_required)
        and _same_value(a.default, b.default)
        for a, b in zip(left.attrs, right.attrs)
    )


def _source(descriptor: OpProtoDescriptor) -> str:
    return (
        f"module_name.func_name '{descriptor.module_name}.{descriptor.func_name}', "
        f"descriptor_key '{descriptor.descriptor_key}'"
    )


def _register(descriptor: OpProtoDescriptor) -> OpProtoDescriptor:
    """The effective descriptor: the existing one for a repeated identical definition."""
    with _LOCK:
        existing = _BY_KEY.get(descriptor.descriptor_key)
        if existing is not None:
            if _same_definition(existing, descriptor):
                return existing
            raise ValueError(
                "python op proto descriptor content changed for descriptor_key "
                f"'{descriptor.descriptor_key}'; existing source: {_source(existing)}; "
                f"current source: {_source(descriptor)}"
            )
        existing = _BY_OP_TYPE.get(descriptor.op_type)
        if existing is not None:
            raise ValueError(
                f"python op proto op type '{descriptor.op_type}' already registered by "
                f"'{existing.descriptor_key}'; existing source: {_source(existing)}; "
                f"current source: {_source(descriptor)}"
            )
        _BY_KEY[descriptor.descriptor_key] = descriptor
        _BY_OP_TYPE[descriptor.op_type] = descriptor
        return descriptor


def register_op(*, op_type: str, mutates_args: Any = ()) -> Callable[[Callable], Callable]:
    """Declare the prototype of ``op_type`` with the decorated function's signature; the function
    is the op's ``infer_meta`` and is returned unchanged."""
    if not isinstance(op_type, str) or not op_type:
        raise TypeError(f"register_op op_type must be a non-empty string, got {op_type!r}")

    def decorator(fn: Callable) -> Callable:
        try:
            if not inspect.isfunction(fn):
                raise TypeError("register_op expects a Python function")
            descriptor = _register(_build_descriptor(fn, op_type, mutates_args))
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"register_op op_type '{op_type}' failed: {exc}") from exc
        fn.__ge_op_proto_descriptor__ = descriptor
        return fn

    return decorator


def clear_registered_op_protos() -> None:
    with _LOCK:
        _BY_KEY.clear()
        _BY_OP_TYPE.clear()


def get_registered_op_protos() -> list[OpProtoDescriptor]:
    """Registered prototypes, sorted by op type."""
    with _LOCK:
        return [_BY_OP_TYPE[op_type] for op_type in sorted(_BY_OP_TYPE)]


def get_registered_op_proto_dicts() -> list[dict]:
    """Bridge dicts of the registered prototypes, sorted by op type (new dicts on every call)."""
    return [descriptor.to_bridge_dict() for descriptor in get_registered_op_protos()]


def get_registered_op_proto_by_descriptor_key(descriptor_key: str) -> OpProtoDescriptor | None:
    with _LOCK:
        return _BY_KEY.get(descriptor_key)


def get_registered_op_proto_by_op_type(op_type: str) -> OpProtoDescriptor | None:
    with _LOCK:
        return _BY_OP_TYPE.get(op_type)
