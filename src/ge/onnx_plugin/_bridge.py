"""The functions the bridge library calls (docs/onnx_plugins.md, "How the importer calls
Python"): load the plugins and report the table, and run one callback on a borrowed operator."""

from __future__ import annotations

from typing import Any, Dict, List

from .bootstrap import is_strict_mode, load_onnx_plugins, load_onnx_plugins_isolated
from .registry import (
    get_registered_onnx_plugin_by_origin_type,
    get_registered_onnx_plugin_dicts,
    get_registered_onnx_plugins,
)

__all__ = ["call_parse_node", "load_and_get_onnx_plugin_descriptors"]


def load_and_get_onnx_plugin_descriptors() -> list:
    """Import the plugins of ASCEND_CUSTOM_OPP_PATH, then every registered descriptor as a dict."""
    load_onnx_plugins()
    return get_registered_onnx_plugin_dicts()


def call_parse_node(origin_type: str, node, operator_handle) -> None:
    """Run the callback registered for ``origin_type`` on ``node`` and a borrowed Operator."""
    descriptor = get_registered_onnx_plugin_by_origin_type(origin_type)
    if descriptor is None:
        raise KeyError(f"python ONNX Plugin is not registered: {origin_type}")
    from ge.graph.operator import create_operator

    with create_operator(operator_handle) as target:
        result = descriptor.parser_node(node, target)
        if result is not None:
            raise TypeError("ONNX Plugin parse_node callback must return None")


def _load_plugin_table(strict: bool) -> Dict[str, Any]:
    """The bridge's load step: plugins imported (each failure isolated unless strict), then one
    row per live registered origin type, with the callback's file and qualname."""
    strict = strict or is_strict_mode()
    if strict:
        load_onnx_plugins()
        errors: List[str] = []
    else:
        errors = load_onnx_plugins_isolated()[1]
    rows = []
    for descriptor in get_registered_onnx_plugins():
        code = getattr(descriptor.parser_node, "__code__", None)
        for opset, origin_type in zip(descriptor.opsets, descriptor.origin_types):
            rows.append(
                {
                    "descriptor_key": descriptor.descriptor_key,
                    "domain": descriptor.domain,
                    "source": descriptor.source,
                    "target": descriptor.target,
                    "origin_type": origin_type,
                    "opset": opset,
                    "override_builtin": descriptor.override_builtin,
                    "plugin_file": code.co_filename if code is not None else "<unknown>",
                    "qualname": getattr(descriptor.parser_node, "__qualname__", "<unknown>"),
                }
            )
    return {"rows": rows, "errors": errors, "strict": strict}
