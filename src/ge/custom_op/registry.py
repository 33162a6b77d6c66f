"""Implementation classes: ``register_op_impl`` and the implementation registry.

An implementation is a plain class offering any of three capabilities, found by reflection on the
class: ``execute`` (run on the host), ``compile`` (called at compile time) and
``declare_launch_args`` (the kernel launches of the op's task). Nothing here imports native code;
signatures are checked against the op's prototype only when the bridge loads the class.
"""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass, field
from typing import Callable

__all__ = [
    "INTERFACE_ANNOTATED_ARGS",
    "INTERFACE_COMPILABLE",
    "INTERFACE_EAGER_EXECUTE",
    "OpImplDescriptor",
    "clear_registered_op_impls",
    "get_registered_op_impl_by_descriptor_key",
    "get_registered_op_impl_by_op_type",
    "get_registered_op_impl_dicts",
    "get_registered_op_impls",
    "register_op_impl",
]

INTERFACE_EAGER_EXECUTE = "eager_execute"
INTERFACE_COMPILABLE = "compilable"
INTERFACE_ANNOTATED_ARGS = "annotated_args"

# Method name -> interface, in the order interface lists always have.
METHOD_INTERFACES = (
    ("execute", INTERFACE_EAGER_EXECUTE),
    ("compile", INTERFACE_COMPILABLE),
    ("declare_launch_args", INTERFACE_ANNOTATED_ARGS),
)
_ABSENT = object()


@dataclass(frozen=True)
class OpImplDescriptor:
    descriptor_key: str
    op_type: str
    module_name: str
    class_name: str
    interfaces: list[str]
    cls: type | None = field(default=None, compare=False, repr=False)

    def to_bridge_dict(self) -> dict:
        return {
            "descriptor_key": self.descriptor_key,
            "op_type": self.op_type,
            "module_name": self.module_name,
            "class_name": self.class_name,
            "interfaces": list(self.interfaces),
        }


_LOCK = threading.RLock()
_BY_KEY: dict[str, OpImplDescriptor] = {}  # insertion order is the registration order
_BY_OP_TYPE: dict[str, OpImplDescriptor] = {}


def _interfaces(cls: type) -> list[str]:
    found = []
    for method, interface in METHOD_INTERFACES:
        value = getattr(cls, method, _ABSENT)
        if method == "compile" and value is not _ABSENT and not callable(value):
            raise TypeError("compile must be callable")
        if value is not _ABSENT and callable(value):
            found.append(interface)
    return found


def register_op_impl(*, op_type: str) -> Callable[[type], type]:
    """Register the decorated class as the implementation of ``op_type`` (instantiated later
    without arguments, once per loaded op type)."""
    if not isinstance(op_type, str) or not op_type:
        raise TypeError("register_op_impl op_type must be a non-empty string")

    def decorator(cls: type) -> type:
        if not inspect.isclass(cls):
            raise TypeError("register_op_impl expects a class")
        if inspect.isabstract(cls):
            raise TypeError("register_op_impl expects a concrete class")
        interfaces = _interfaces(cls)
        if not interfaces:
            raise TypeError(
                f"register_op_impl class '{cls.__module__}.{cls.__qualname__}' must implement at "
                "least one supported method: execute, compile, declare_launch_args"
            )
        descriptor = OpImplDescriptor(
            descriptor_key=f"{cls.__module__}:{cls.__name__}:{op_type}",
            op_type=op_type,
            module_name=cls.__module__,
            class_name=cls.__name__,
            interfaces=interfaces,
            cls=cls,
        )
        with _LOCK:
            if descriptor.descriptor_key in _BY_KEY:
                raise ValueError(
                    f"python op impl descriptor_key already exists: {descriptor.descriptor_key}"
                )
            if op_type in _BY_OP_TYPE:
                raise ValueError(f"python op impl type already exists: {op_type}")
            _BY_KEY[descriptor.descriptor_key] = descriptor
            _BY_OP_TYPE[op_type] = descriptor
        cls.__ge_op_impl_descriptor__ = descriptor
        return cls

    return decorator


def clear_registered_op_impls() -> None:
    with _LOCK:
        _BY_KEY.clear()
        _BY_OP_TYPE.clear()


def get_registered_op_impls() -> list[OpImplDescriptor]:
    """Registered implementations in registration order."""
    with _LOCK:
        return list(_BY_KEY.values())


def get_registered_op_impl_dicts() -> list[dict]:
    return [descriptor.to_bridge_dict() for descriptor in get_registered_op_impls()]


def get_registered_op_impl_by_descriptor_key(descriptor_key: str) -> OpImplDescriptor | None:
    with _LOCK:
        return _BY_KEY.get(descriptor_key)


def get_registered_op_impl_by_op_type(op_type: str) -> OpImplDescriptor | None:
    with _LOCK:
        return _BY_OP_TYPE.get(op_type)
