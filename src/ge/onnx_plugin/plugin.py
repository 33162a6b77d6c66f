"""``onnx_plugin(...)`` and ``OnnxPlugin``: the decorator that maps one ONNX op to a GE op."""

from __future__ import annotations

import collections.abc
import inspect
from typing import Any, Collection, Tuple

from .registry import OnnxPluginDescriptor, register_onnx_plugin

__all__ = ["OnnxPlugin", "onnx_plugin"]


def _normalize_name(field: str, value: Any, *, allow_separator: bool = False) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"onnx_plugin {field} must be a non-empty string")
    if not allow_separator and "::" in value:
        raise TypeError(f"onnx_plugin {field} must not contain '::'")
    return value


def _normalize_opsets(opsets: Any) -> Tuple[int, ...]:
    if isinstance(opsets, (str, bytes)) or not isinstance(opsets, collections.abc.Collection):
        raise TypeError("onnx_plugin opsets must be a collection of positive integers")
    if len(opsets) == 0:
        raise ValueError("onnx_plugin opsets must not be empty")
    for item in opsets:
        if type(item) is not int:
            raise TypeError("onnx_plugin opsets must contain only integers")
        if item <= 0:
            raise ValueError("onnx_plugin opsets must contain only positive integers")
    return tuple(sorted(set(opsets)))


class OnnxPlugin:
    """One (source, domain, opsets) -> target mapping; ``parse_node`` binds its callback."""

    __slots__ = ("_descriptor", "_domain", "_opsets", "_source", "_target", "_override_builtin")

    def __init__(self, *, source, domain, opsets, target, override_builtin=False):
        self._source = source
        self._domain = domain
        self._opsets = opsets
        self._target = target
        self._override_builtin = override_builtin
        self._descriptor = None

    def parse_node(self, fn):
        if self._descriptor is not None:
            raise ValueError("OnnxPlugin parse_node is already bound")
        if not inspect.isfunction(fn):
            raise TypeError("OnnxPlugin parse_node expects a Python function")
        opsets = tuple(self._opsets)
        origin_types = tuple(f"{self._domain}::{opset}::{self._source}" for opset in opsets)
        key = (
            f"{fn.__module__}:{fn.__qualname__}:{self._domain}:{self._source}:"
            f"{','.join(str(opset) for opset in opsets)}"
        )
        descriptor = OnnxPluginDescriptor(
            descriptor_key=key,
            source=self._source,
            domain=self._domain,
            opsets=opsets,
            target=self._target,
            origin_types=origin_types,
            module_name=fn.__module__,
            parser_node=fn,
            override_builtin=self._override_builtin,
        )
        register_onnx_plugin(descriptor)
        self._descriptor = descriptor
        fn.__ge_onnx_plugin_descriptor__ = descriptor
        return fn


def onnx_plugin(
    *,
    source: str,
    domain: str,
    opsets: Collection[int],
    target: str,
    override_builtin: bool = False,
) -> OnnxPlugin:
    """A plugin mapping ONNX op ``source`` of ``domain`` at ``opsets`` to GE op ``target``.

    ``override_builtin=True`` (a ge_py addition) lets a default-domain plugin replace ge_py's own
    mapping of that op (docs/onnx_plugins.md, "Lookup order").
    """
    source = _normalize_name("source", source)
    domain = _normalize_name("domain", domain)
    normalized = _normalize_opsets(opsets)
    target = _normalize_name("target", target, allow_separator=True)
    if type(override_builtin) is not bool:
        raise TypeError("onnx_plugin override_builtin must be a bool")
    return OnnxPlugin(
        source=source,
        domain=domain,
        opsets=normalized,
        target=target,
        override_builtin=override_builtin,
    )
