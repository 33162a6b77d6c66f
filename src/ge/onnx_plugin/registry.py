"""The process-global registry of ONNX plugin descriptors.

Keyed twice: by descriptor key and by origin type (``<domain>::<opset>::<source>``). A
registration is atomic: it inserts every origin type of the descriptor, or nothing.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Tuple

__all__ = [
    "OnnxPluginDescriptor",
    "clear_registered_onnx_plugins",
    "get_registered_onnx_plugin_by_origin_type",
    "get_registered_onnx_plugin_dicts",
    "get_registered_onnx_plugins",
    "register_onnx_plugin",
]


@dataclass(frozen=True)
class OnnxPluginDescriptor:
    descriptor_key: str
    source: str
    domain: str
    opsets: Tuple[int, ...]
    target: str
    origin_types: Tuple[str, ...]
    module_name: str
    parser_node: Callable[..., Any] = field(compare=False, repr=False)
    # ge_py addition: replaces ge_py's own default-domain mapping. Not part of the bridge dict.
    override_builtin: bool = False

    def to_bridge_dict(self) -> Dict[str, Any]:
        return {
            "descriptor_key": self.descriptor_key,
            "source": self.source,
            "domain": self.domain,
            "opsets": list(self.opsets),
            "target": self.target,
            "origin_types": list(self.origin_types),
            "module_name": self.module_name,
        }


_LOCK = threading.RLock()
_BY_KEY: Dict[str, OnnxPluginDescriptor] = {}
_BY_ORIGIN_TYPE: Dict[str, OnnxPluginDescriptor] = {}


def _is_stale(descriptor: OnnxPluginDescriptor) -> bool:
    """True when the module that registered it is gone or was executed again since (a purge of
    another plugin kind's modules may re-execute a shared file under a new module)."""
    module = sys.modules.get(descriptor.module_name)
    if module is None:
        return True
    return getattr(descriptor.parser_node, "__globals__", None) is not module.__dict__


def _remove(descriptor: OnnxPluginDescriptor) -> None:
    _BY_KEY.pop(descriptor.descriptor_key, None)
    for origin_type in descriptor.origin_types:
        if _BY_ORIGIN_TYPE.get(origin_type) is descriptor:
            del _BY_ORIGIN_TYPE[origin_type]


def register_onnx_plugin(descriptor: OnnxPluginDescriptor) -> OnnxPluginDescriptor:
    with _LOCK:
        stale = [
            known
            for known in [_BY_KEY.get(descriptor.descriptor_key)]
            + [_BY_ORIGIN_TYPE.get(origin_type) for origin_type in descriptor.origin_types]
            if known is not None and _is_stale(known)
        ]
        if descriptor.descriptor_key in _BY_KEY and _BY_KEY[descriptor.descriptor_key] not in stale:
            raise ValueError(
                f"python ONNX Plugin descriptor_key already exists: {descriptor.descriptor_key}"
            )
        for origin_type in descriptor.origin_types:
            known = _BY_ORIGIN_TYPE.get(origin_type)
            if known is not None and known not in stale:
                raise ValueError(f"python ONNX Plugin origin type already exists: {origin_type}")
        for known in stale:
            _remove(known)
        _BY_KEY[descriptor.descriptor_key] = descriptor
        for origin_type in descriptor.origin_types:
            _BY_ORIGIN_TYPE[origin_type] = descriptor
        return descriptor


def unregister_onnx_plugins_where(predicate: Callable[[OnnxPluginDescriptor], bool]) -> int:
    """Removes the descriptors matching ``predicate``; returns how many (failed plugin imports)."""
    with _LOCK:
        doomed = [descriptor for descriptor in _BY_KEY.values() if predicate(descriptor)]
        for descriptor in doomed:
            _remove(descriptor)
        return len(doomed)


def clear_registered_onnx_plugins() -> None:
    with _LOCK:
        _BY_KEY.clear()
        _BY_ORIGIN_TYPE.clear()


def get_registered_onnx_plugins() -> List[OnnxPluginDescriptor]:
    with _LOCK:
        return list(_BY_KEY.values())


def get_registered_onnx_plugin_dicts() -> List[Dict[str, Any]]:
    return [descriptor.to_bridge_dict() for descriptor in get_registered_onnx_plugins()]


def get_registered_onnx_plugin_by_origin_type(origin_type: str) -> OnnxPluginDescriptor | None:
    # Lock-free read: registration is finished before any node is parsed.
    return _BY_ORIGIN_TYPE.get(origin_type)
