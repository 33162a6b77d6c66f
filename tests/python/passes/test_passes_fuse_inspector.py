"""FuseCheckResult and the can_fuse wrapper."""

from __future__ import annotations

import dataclasses

import pytest
from passes_support import requires_es, requires_native

from ge.passes import FuseCheckResult, can_fuse


def test_fuse_check_result_is_a_frozen_value():
    assert FuseCheckResult(ok=True) == FuseCheckResult(True, "")
    assert FuseCheckResult(False, "why") != FuseCheckResult(False, "other")
    result = FuseCheckResult(ok=True, reason="")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.ok = False


@pytest.mark.parametrize("nodes", [[object()], ("Add",), (x for x in [1])])
def test_can_fuse_rejects_items_that_are_not_nodes(nodes):
    with pytest.raises(TypeError, match=r"^nodes must contain only ge\.graph\.Node objects$"):
        can_fuse(nodes)


def _two_chained_adds(name="fuse_graph"):
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder(name)
    a, b = builder.create_inputs(2)
    graph = builder.build_and_reset([(a + b) + b])
    return [node for node in graph.get_all_nodes() if node.type == "Add"], graph


@requires_native
def test_can_fuse_of_nothing_is_rejected_with_a_reason():
    result = can_fuse([])
    assert result.ok is False
    assert "empty" in result.reason


@requires_native
@requires_es
def test_can_fuse_accepts_any_iterable_of_chained_nodes():
    adds, graph = _two_chained_adds()
    assert can_fuse(node for node in adds) == FuseCheckResult(ok=True, reason="")


@requires_native
@requires_es
def test_can_fuse_rejects_different_stream_labels():
    adds, graph = _two_chained_adds()
    adds[0].set_attr("_user_stream_label", "stream_a")
    adds[1].set_attr("_user_stream_label", "stream_b")
    result = can_fuse(adds)
    assert result.ok is False
    assert "stream_a" in result.reason and "stream_b" in result.reason


@requires_native
@requires_es
def test_can_fuse_rejects_nodes_of_different_graphs():
    first, g1 = _two_chained_adds("g1")
    second, g2 = _two_chained_adds("g2")
    result = can_fuse([first[0], second[0]])
    assert result.ok is False
    assert "different graphs" in result.reason


@requires_native
def test_report_fuse_is_the_native_function():
    import ge.passes
    from ge.passes import _native

    assert ge.passes.report_fuse is _native.report_fuse
