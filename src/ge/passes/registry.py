"""Process-wide registry of Python pass classes and the registration decorators."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Type, TypeVar

from .base import DecomposePass, FusionBasePass, PassStage, PatternFusionPass

_PassT = TypeVar("_PassT", bound=type)

__all__ = [
    "PASS_KIND_DECOMPOSE",
    "PASS_KIND_FUSION_BASE",
    "PASS_KIND_PATTERN_FUSION",
    "PassDescriptor",
    "clear_registered_passes",
    "get_registered_pass_by_descriptor_key",
    "get_registered_pass_dicts",
    "get_registered_passes",
    "get_repeat_until_unchanged",
    "register_decompose_pass",
    "register_fusion_pass",
]

PASS_KIND_FUSION_BASE = "fusion_base"
PASS_KIND_PATTERN_FUSION = "pattern_fusion"
PASS_KIND_DECOMPOSE = "decompose"


@dataclass(frozen=True)
class PassDescriptor:
    """Static identity of a registered pass; ``descriptor_key`` routes C++ creators to it."""

    descriptor_key: str
    pass_name: str
    module_name: str
    class_name: str
    stage: PassStage
    kind: str
    cls: Type[FusionBasePass]
    op_types: List[str] = field(default_factory=list)

    def to_bridge_dict(self) -> dict:
        """The plain dict handed to the C++ bridge (fresh op_types list)."""
        result = {
            "descriptor_key": self.descriptor_key,
            "pass_name": self.pass_name,
            "module_name": self.module_name,
            "class_name": self.class_name,
            "stage": self.stage.value,
            "kind": self.kind,
            "op_types": list(self.op_types),
        }
        bound = get_repeat_until_unchanged(self)
        if bound is not None:
            result["repeat_until_unchanged"] = bound
        return result


_LOCK = threading.RLock()
_BY_KEY: Dict[str, PassDescriptor] = {}  # insertion order = registration order
_BY_NAME: Dict[str, PassDescriptor] = {}
# ge_py extension, kept beside the descriptors so that PassDescriptor keeps GE's fields:
# descriptor_key -> repeat_until_unchanged bound of a registered pass.
_REPEAT_BOUNDS: Dict[str, int] = {}


def _check_name(decorator: str, name: object) -> str:
    # Checked at decoration time: the C++ side would otherwise reject the whole registration round.
    if not isinstance(name, str):
        raise TypeError(f"{decorator} name must be a string, got {type(name).__name__}")
    if not name.strip():
        raise ValueError(f"{decorator} name must be a non-empty string")
    return name


def _check_stage(decorator: str, stage: object) -> PassStage:
    # A plain string equal to a stage value is accepted and converted; anything else would only
    # fail later, when the descriptor is sent to C++.
    if isinstance(stage, PassStage):
        return stage
    if isinstance(stage, str):
        try:
            return PassStage(stage)
        except ValueError:
            pass
    choices = ", ".join(f"PassStage.{member.name}" for member in PassStage)
    raise TypeError(f"{decorator} stage must be one of {choices}; got {stage!r}")


def _check_repeat(decorator: str, repeat_until_unchanged: object) -> int | None:
    # Checked at decoration time, like the name: the bound is a count of runs, at least 2.
    if repeat_until_unchanged is None:
        return None
    if isinstance(repeat_until_unchanged, bool) or not isinstance(repeat_until_unchanged, int):
        raise TypeError(
            f"{decorator} repeat_until_unchanged must be an int (the most runs), "
            f"got {type(repeat_until_unchanged).__name__}"
        )
    if not 2 <= repeat_until_unchanged <= 0xFFFFFFFF:
        raise ValueError(
            f"{decorator} repeat_until_unchanged must be at least 2 (the most runs), "
            f"got {repeat_until_unchanged}"
        )
    return repeat_until_unchanged


def _register(
    cls: type,
    name: str,
    stage: PassStage,
    kind: str,
    op_types: List[str],
    repeat_until_unchanged: int | None = None,
) -> None:
    module_name = cls.__module__
    class_name = cls.__name__
    descriptor = PassDescriptor(
        descriptor_key=f"{module_name}:{class_name}:{name}",
        pass_name=name,
        module_name=module_name,
        class_name=class_name,
        stage=stage,
        kind=kind,
        cls=cls,
        op_types=list(op_types),
    )
    with _LOCK:
        if descriptor.descriptor_key in _BY_KEY:
            raise ValueError(
                f"python pass descriptor_key already exists: {descriptor.descriptor_key}"
            )
        if name in _BY_NAME:
            raise ValueError(f"python pass name already exists: {name}")
        _BY_KEY[descriptor.descriptor_key] = descriptor
        _BY_NAME[name] = descriptor
        if repeat_until_unchanged is not None:
            _REPEAT_BOUNDS[descriptor.descriptor_key] = repeat_until_unchanged
    cls.__ge_pass_descriptor__ = descriptor


def register_fusion_pass(
    *,
    name: str,
    stage: PassStage,
    kind: str | None = None,
    repeat_until_unchanged: int | None = None,
) -> Callable[[_PassT], _PassT]:
    """Class decorator registering a FusionBasePass or PatternFusionPass subclass under ``name``.

    ``repeat_until_unchanged=N`` (ge_py extension) runs the pass again while a run changes the
    graph, at most N times; a run N that still changes it fails the compile.
    """
    name = _check_name("register_fusion_pass", name)
    stage = _check_stage("register_fusion_pass", stage)
    repeat = _check_repeat("register_fusion_pass", repeat_until_unchanged)
    if kind is not None and kind not in (PASS_KIND_FUSION_BASE, PASS_KIND_PATTERN_FUSION):
        raise ValueError(
            f"register_fusion_pass kind must be {PASS_KIND_FUSION_BASE!r} or "
            f"{PASS_KIND_PATTERN_FUSION!r}, got {kind!r}"
        )

    def decorator(cls: _PassT) -> _PassT:
        if not isinstance(cls, type) or not issubclass(cls, FusionBasePass):
            raise TypeError("register_fusion_pass expects a FusionBasePass subclass")
        if issubclass(cls, DecomposePass):
            # Registered as fusion_base it would run DecomposePass.run(), which cannot work.
            raise TypeError(
                f"register_fusion_pass cannot register DecomposePass subclass {cls.__name__}; "
                "use register_decompose_pass"
            )
        is_pattern = issubclass(cls, PatternFusionPass)
        resolved = kind or (PASS_KIND_PATTERN_FUSION if is_pattern else PASS_KIND_FUSION_BASE)
        if (resolved == PASS_KIND_PATTERN_FUSION) != is_pattern:
            raise TypeError(
                f"register_fusion_pass kind {resolved!r} does not match class {cls.__name__} "
                f"({'a' if is_pattern else 'not a'} PatternFusionPass subclass)"
            )
        _register(cls, name, stage, resolved, [], repeat)
        return cls

    return decorator


def _check_op_types(op_types: object) -> List[str]:
    if isinstance(op_types, (str, bytes)):
        raise TypeError("register_decompose_pass op_types must be an iterable of strings")
    try:
        items = list(op_types)  # type: ignore[call-overload]  # generators: materialized once
    except TypeError:
        raise TypeError("register_decompose_pass op_types must be an iterable of strings") from None
    if not items:
        raise ValueError("register_decompose_pass requires at least one op type")
    if any(not isinstance(item, str) or not item for item in items):
        raise TypeError("register_decompose_pass op_types must contain non-empty strings")
    return items


def register_decompose_pass(
    *,
    name: str,
    stage: PassStage,
    op_types: Iterable[str],
    repeat_until_unchanged: int | None = None,
) -> Callable[[_PassT], _PassT]:
    """Class decorator registering a DecomposePass subclass for nodes of ``op_types``.

    ``repeat_until_unchanged`` as for :func:`register_fusion_pass`.
    """
    checked_op_types = _check_op_types(op_types)
    name = _check_name("register_decompose_pass", name)
    stage = _check_stage("register_decompose_pass", stage)
    repeat = _check_repeat("register_decompose_pass", repeat_until_unchanged)

    def decorator(cls: _PassT) -> _PassT:
        if not isinstance(cls, type) or not issubclass(cls, DecomposePass):
            raise TypeError("register_decompose_pass expects a DecomposePass subclass")
        cls.op_types = list(checked_op_types)
        _register(cls, name, stage, PASS_KIND_DECOMPOSE, checked_op_types, repeat)
        return cls

    return decorator


def get_registered_passes() -> List[PassDescriptor]:
    """Snapshot of the descriptors, in registration order."""
    with _LOCK:
        return list(_BY_KEY.values())


def get_registered_pass_dicts() -> List[dict]:
    """``to_bridge_dict()`` of every descriptor, in registration order."""
    return [descriptor.to_bridge_dict() for descriptor in get_registered_passes()]


def get_repeat_until_unchanged(descriptor: PassDescriptor) -> int | None:
    """The ``repeat_until_unchanged`` bound of ``descriptor``; None: it runs once."""
    with _LOCK:
        return _REPEAT_BOUNDS.get(descriptor.descriptor_key)


def get_registered_pass_by_descriptor_key(descriptor_key: str) -> PassDescriptor | None:
    with _LOCK:
        return _BY_KEY.get(descriptor_key)


def unregister_passes_where(predicate) -> List[PassDescriptor]:
    """Remove every descriptor for which ``predicate(descriptor)`` is true; returns them."""
    with _LOCK:
        removed = [d for d in _BY_KEY.values() if predicate(d)]
        for descriptor in removed:
            _BY_KEY.pop(descriptor.descriptor_key, None)
            _REPEAT_BOUNDS.pop(descriptor.descriptor_key, None)
            if _BY_NAME.get(descriptor.pass_name) is descriptor:
                _BY_NAME.pop(descriptor.pass_name, None)
        return removed


def clear_registered_passes() -> None:
    """Forget every registration (classes keep their ``__ge_pass_descriptor__``)."""
    with _LOCK:
        _BY_KEY.clear()
        _BY_NAME.clear()
        _REPEAT_BOUNDS.clear()
