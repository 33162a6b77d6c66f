"""Replacement-graph helper."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import _graph_api

if TYPE_CHECKING:  # pragma: no cover
    from ge.graph import Graph

__all__ = ["create_replacement"]


def create_replacement(graph: Graph) -> Graph:
    """Return ``graph`` after checking that it is a ge.graph.Graph."""
    if not _graph_api.is_graph(graph):
        raise TypeError("replacement graph must be a ge.graph.Graph")
    return graph
