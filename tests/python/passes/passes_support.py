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
