"""Availability of the pieces some ge.passes tests need; skip reasons name what is missing."""

from __future__ import annotations

import pytest


def _probe(check):
    try:
        check()
    except Exception as exc:  # the reason is shown in the skip message
        text = f"{type(exc).__name__}: {exc}"
        return text if len(text) <= 240 else text[:237] + "..."
    return None


def _native_check():
    from ge.passes.runtime import ensure_native_module

    ensure_native_module()


def _graph_check():
    from ge.graph import Graph  # noqa: F401


def _es_check():
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("probe")
    holder = builder.create_input(0)
    holder + 0  # the arithmetic operators need the generated math op library


_NATIVE_ERROR = _probe(_native_check)
_GRAPH_ERROR = _probe(_graph_check)
_ES_ERROR = _probe(_es_check)

requires_native = pytest.mark.skipif(
    _NATIVE_ERROR is not None,
    reason=f"needs the native module ge.passes._ge_pass_native (not built yet): {_NATIVE_ERROR}",
)
requires_graph = pytest.mark.skipif(
    _GRAPH_ERROR is not None, reason=f"needs ge.graph (Graph/Node over the C API): {_GRAPH_ERROR}"
)
requires_es = pytest.mark.skipif(
    _ES_ERROR is not None,
    reason=f"needs ge.es GraphBuilder/TensorHolder with the generated math ops: {_ES_ERROR}",
)


def _load_native_test_hooks():
    """The test-only ``_ge_pass_native_test_hooks`` module built next to the native module
    (``<build>/python_pass_test_hooks/``, or the directory in ``GE_PY_PASS_TEST_HOOKS_DIR``)."""
    import importlib.util
    import os
    import sys
    from pathlib import Path

    from ge.passes.runtime import ensure_native_module

    name = "_ge_pass_native_test_hooks"
    if name in sys.modules:
        return sys.modules[name]
    configured = os.environ.get("GE_PY_PASS_TEST_HOOKS_DIR")
    if configured:
        directory = Path(configured)
    else:
        # <build>/python_pass_artifacts/<set>/_ge_pass_native.so -> <build>/python_pass_test_hooks
        native_file = Path(ensure_native_module().__file__).resolve()
        directory = native_file.parents[2] / "python_pass_test_hooks"
    path = directory / f"{name}.so"
    if not path.is_file():
        raise FileNotFoundError(f"{path} (build the _ge_pass_native_test_hooks target)")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


_HOOKS_ERROR = _NATIVE_ERROR or _probe(_load_native_test_hooks)

requires_native_hooks = pytest.mark.skipif(
    _HOOKS_ERROR is not None,
    reason=f"needs the test-only module _ge_pass_native_test_hooks: {_HOOKS_ERROR}",
)


def native_test_hooks():
    """The loaded ``_ge_pass_native_test_hooks`` module (use under ``requires_native_hooks``)."""
    return _load_native_test_hooks()


def borrow_pass_context(owner):
    """A PassContext view of a test-owned ``Context`` (hooks module), as the bridge creates it."""
    from ge.passes.runtime import ensure_native_module

    return ensure_native_module()._borrow_pass_context(owner.address())
