"""Fixtures shared by every Python test: graphs built with ge.es (skipped while ge.es is absent)."""

from __future__ import annotations

import pytest


@pytest.fixture
def es():
    """The ge.es package; tests that build graphs with it skip when it cannot be imported."""
    return pytest.importorskip("ge.es", reason="ge.es (the graph builder) is not available")


@pytest.fixture
def add_graph(es):
    """Graph "test_graph": Data ``test_input`` [1,3,224,224] -> Add(input, Const_0 = 1.0) ->
    NetOutput, plus ``Const_1`` (int64 10); outputs (Add, Const_0, Const_1). Node order: Data,
    Const_0, Const_1, Add, NetOutput."""
    builder = es.GraphBuilder("test_graph")
    data = builder.create_input(0, name="test_input", shape=[1, 3, 224, 224])
    const_0 = builder.create_const_float(1.0)
    const_1 = builder.create_const_int64(10)
    total = data + const_0
    return builder.build_and_reset([total, const_0, const_1])
