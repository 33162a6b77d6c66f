"""Match-only queries: a pattern's matches in a graph, without a pass and without rewriting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List

from . import _graph_api

if TYPE_CHECKING:
    from ge.graph import Graph

    from ._ge_pass_native import MatchResult, PatternMatcherConfig

__all__ = ["find_matches"]


def find_matches(
    pattern: Any, graph: Graph, matcher_config: PatternMatcherConfig | None = None
) -> List[MatchResult]:
    """Every match of ``pattern`` in ``graph``, in the order a PatternFusionPass meets them.

    ``pattern`` is a ``Pattern`` (left usable) or a pattern ``Graph`` (consumed, as
    ``create_pattern`` does); ``graph`` is not changed. Each ``MatchResult`` is the one the pass's
    ``meet_requirements`` and ``replacement`` would receive (same matched nodes, same captures)
    and, unlike theirs, stays valid for as long as it is referenced. Nothing is rewritten, so
    matches may overlap where a pass rewriting the first would never meet the second.
    """
    from . import _native

    if _graph_api.is_graph(pattern):
        pattern = _native.Pattern(pattern)
    elif not isinstance(pattern, _native.Pattern):
        raise TypeError("find_matches: pattern must be a Pattern or a Graph")
    if not _graph_api.is_graph(graph):
        raise TypeError("find_matches: graph must be a ge.graph.Graph")
    if matcher_config is not None and not isinstance(matcher_config, _native.PatternMatcherConfig):
        raise TypeError("find_matches: matcher_config must be PatternMatcherConfig or None")
    return _native.find_matches(pattern, graph, matcher_config)
