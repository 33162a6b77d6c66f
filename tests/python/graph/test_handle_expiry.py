"""Stale handles: NULL handles fail with the ordinary error, invalidated borrowed
graph views raise "graph handle has expired", removed nodes fail cleanly."""

from __future__ import annotations

import ctypes

import pytest

from ge.graph import DumpFormat, Graph, TensorDesc


def _invalidate(view):
    # What the pass bridge does to a graph view once its callback is over.
    view._owns_handle = False
    view._handle = None
    view._owner = None


GRAPH_CALLS = [
    lambda g: g.name,
    lambda g: g.get_all_nodes(),
    lambda g: g.get_direct_nodes(),
    lambda g: g.get_attr("a"),
    lambda g: g.set_attr("a", 1),
    lambda g: g.dump_to_stream(DumpFormat.kReadable),
    lambda g: g.dump_to_file(),
    lambda g: g.save_to_air("x.air"),
    lambda g: g.load_from_air("x.air"),
    lambda g: g.find_node_by_name("a"),
    lambda g: g.get_all_subgraphs(),
    lambda g: g.get_subgraph("a"),
    lambda g: g.add_subgraph(Graph("s")),
    lambda g: g.remove_subgraph("a"),
    lambda g: str(g),
]


@pytest.mark.parametrize("call", GRAPH_CALLS)
def test_invalidated_borrowed_view_raises_expired(call):
    owner = Graph("owner")
    view = Graph._create_from(owner._handle, owns_handle=False, owner=owner)
    _invalidate(view)
    with pytest.raises(RuntimeError, match="^graph handle has expired$"):
        call(view)
    assert owner.name == "owner"  # the owner's graph is untouched


def test_invalidated_view_rejects_node_edits(add_graph):
    nodes = add_graph.get_all_nodes()
    view = Graph._create_from(add_graph._handle, owns_handle=False, owner=add_graph)
    _invalidate(view)
    for call in (
        lambda: view.remove_node(nodes[0]),
        lambda: view.add_data_edge(nodes[0], 0, nodes[1], 0),
        lambda: view.remove_edge(nodes[0], 0, nodes[1], 0),
        lambda: view.add_control_edge(nodes[0], nodes[1]),
    ):
        with pytest.raises(RuntimeError, match="^graph handle has expired$"):
            call()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: g.name, "^Failed to get Graph name$"),
        (lambda g: g.save_to_air("x.air"), "^Failed to save graph to AIR format$"),
        (lambda g: g.load_from_air("x.air"), "^Failed to load graph from AIR format$"),
        (lambda g: g.find_node_by_name("a"), "^Failed to find Node name a$"),
    ],
)
def test_null_handle_gives_the_ordinary_failure(call, message):
    graph = Graph("g")
    graph._handle = ctypes.c_void_p(None)
    with pytest.raises(RuntimeError, match=message):
        call(graph)


def test_null_handle_lists_are_empty():
    graph = Graph("g")
    graph._handle = ctypes.c_void_p(None)
    assert graph.get_all_nodes() == [] and graph.get_direct_nodes() == []
    assert graph.get_all_subgraphs() == [] and graph.get_subgraph("x") is None


def test_removed_node_handle_fails_cleanly(add_graph):
    node = add_graph.find_node_by_name("Const_1")
    again = add_graph.find_node_by_name("Const_1")
    add_graph.remove_node(node)
    for call in (
        lambda: again.name,
        lambda: again.get_attr("value"),
        lambda: again.set_attr("x", 1),
        lambda: again.get_output_desc(0),
        lambda: again.update_output_desc(0, TensorDesc()),
        lambda: again.get_out_data_nodes_and_port_indexes(0),
        lambda: add_graph.add_control_edge(again, add_graph.get_all_nodes()[0]),
    ):
        with pytest.raises(RuntimeError, match="^Failed to "):
            call()
    assert again.get_inputs_size() == 0 and again.has_attr("value") is False


def test_load_from_air_keeps_old_node_objects_on_the_old_body(add_graph, tmp_path):
    path = str(tmp_path / "g.air")
    add_graph.save_to_air(path)
    old_node = add_graph.get_all_nodes()[0]
    view = add_graph.get_subgraph("none")  # no subgraphs: None
    assert view is None
    add_graph.load_from_air(path)
    # The old body is gone (nothing else held it), so its node handles expired cleanly.
    with pytest.raises(RuntimeError, match="^Failed to get Node name$"):
        _ = old_node.name
    assert add_graph.get_all_nodes()[0].name == "test_input"
