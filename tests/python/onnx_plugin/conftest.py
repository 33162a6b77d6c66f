"""Fixtures of the ge.onnx_plugin tests: an empty registry, no plugin modules and no plugin path
around each test (a plugin file already executed is not executed again, so its registrations would
not come back after a clear)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def empty_onnx_registry(monkeypatch):
    from ge._internal.plugin_loader import purge_loaded_modules
    from ge.onnx_plugin.bootstrap import MODULE_PREFIX
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
    purge_loaded_modules(MODULE_PREFIX)
