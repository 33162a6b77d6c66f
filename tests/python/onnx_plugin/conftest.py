"""Fixtures of the ge.onnx_plugin tests: an empty registry and no plugin path around each test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def empty_onnx_registry(monkeypatch):
    from ge.onnx_plugin.registry import clear_registered_onnx_plugins

    for name in (
        "ASCEND_CUSTOM_OPP_PATH",
        "GE_PY_ONNX_PLUGIN_STRICT",
        "GE_PY_ONNX_PLUGIN_OVERRIDE",
    ):
        monkeypatch.delenv(name, raising=False)
    clear_registered_onnx_plugins()
    yield
    clear_registered_onnx_plugins()
