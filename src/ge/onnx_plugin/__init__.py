"""Python ONNX plugins: map an ONNX node (any domain) to a GE operator in a ``.py`` file
(docs/onnx_plugins.md).

``OnnxNode`` comes from the native artifact set and is loaded on first access, so that writing
and registering plugins needs no compiled library.
"""

from __future__ import annotations

from .plugin import OnnxPlugin, onnx_plugin

__all__ = ["OnnxNode", "OnnxPlugin", "onnx_plugin"]


def __getattr__(name):
    if name == "OnnxNode":
        from ._native import OnnxNode

        return OnnxNode
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
