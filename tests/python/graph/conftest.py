"""Helpers for ge.graph tests."""

from __future__ import annotations

import ctypes

import pytest


@pytest.fixture
def null_handle():
    """A NULL C handle, as tests use to simulate an expired or missing core object."""
    return ctypes.c_void_p(None)


def nodes_by_name(graph):
    return {node.name: node for node in graph.get_all_nodes()}


@pytest.fixture
def find():
    return nodes_by_name
