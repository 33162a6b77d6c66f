"""Fixtures of the ge.es tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def builder(es):
    return es.GraphBuilder("test_graph")


@pytest.fixture
def three_output_graph(es):
    """Data ``test_input`` [1,3,224,224], ``Const_0`` (float 1.0), ``Const_1`` (int64 10), with
    the three of them as outputs."""
    b = es.GraphBuilder()
    data = b.create_input(0, name="test_input", shape=[1, 3, 224, 224])
    c0 = b.create_const_float(1.0)
    c1 = b.create_const_int64(10)
    return b.build_and_reset([data, c0, c1])
