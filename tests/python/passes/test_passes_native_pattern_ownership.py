"""Pattern ownership, captures and matcher configuration of _ge_pass_native."""

from __future__ import annotations

import pytest
from passes_support import requires_es, requires_native

pytestmark = [requires_native, requires_es]


def _add_pattern_graph(name="add_pattern"):
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder(name)
    a, b = builder.create_inputs(2)
    total = a + b
    return builder.build_and_reset([total]), (a, b, total)


def _node(graph, node_type):
    return next(node for node in graph.get_all_nodes() if node.type == node_type)


def test_pattern_takes_the_graph_and_invalidates_the_python_object():
    from ge.passes import Pattern

    graph, _ = _add_pattern_graph()
    add = _node(graph, "Add")
    pat = Pattern(graph)
    assert (graph._handle, graph._owns_handle, graph._owner) == (None, False, None)
    with pytest.raises(RuntimeError, match=r"^graph handle has expired$"):
        graph.get_all_nodes()
    with pytest.raises(RuntimeError, match=r"^Pattern graph handle is empty$"):
        Pattern(graph)  # the graph now lives in the first pattern only
    # Nodes taken before the move stay valid: the pattern keeps the graph alive.
    pat.capture_tensor(add, 0)
    assert [(io.node.name, io.index) for io in pat.get_captured_tensors()] == [(add.name, 0)]


def test_an_empty_graph_makes_a_pattern():
    from ge.graph import Graph
    from ge.passes import Pattern

    pat = Pattern(Graph("g"))
    assert pat.is_valid() is True
    assert pat.get_captured_tensors() == []


def test_capture_sources_node_io_tensor_holder_and_node_keep_call_order():
    from ge.passes import NodeIo, Pattern

    graph, (a, b, total) = _add_pattern_graph()
    add = _node(graph, "Add")
    pat = Pattern(graph)
    assert pat.capture_tensor(NodeIo(add, 0)) is pat
    assert pat.capture_tensor(b) is pat  # TensorHolder -> producer Data, output 0
    assert pat.capture_tensor(a, 0) is pat
    assert pat.capture_tensor(add) is pat  # Node, index defaults to 0
    captures = pat.get_captured_tensors()
    assert all(isinstance(io, NodeIo) for io in captures)
    assert [(io.node.type, io.node.name, io.index) for io in captures] == [
        ("Add", add.name, 0),
        ("Data", "input_1", 0),
        ("Data", "input_0", 0),
        ("Add", add.name, 0),
    ]


def test_capture_of_a_node_io_with_explicit_index_uses_the_node_io_as_a_node_source():
    from ge.passes import NodeIo, Pattern

    graph, _ = _add_pattern_graph()
    pat = Pattern(graph)
    # With an explicit index the NodeIo branch does not apply; a NodeIo has no _handle.
    with pytest.raises(RuntimeError, match=r"^Node object must carry _handle$"):
        pat.capture_tensor(NodeIo(object(), 0), 0)


def test_capture_of_an_expired_node_or_a_bad_index_is_rejected():
    from ge.passes import Pattern

    graph, _ = _add_pattern_graph()
    add = _node(graph, "Add")
    other, _ = _add_pattern_graph("other")
    gone = _node(other, "Add")
    other.remove_node(gone)
    pat = Pattern(graph)
    with pytest.raises(RuntimeError, match=r"^Node handle is empty$"):
        pat.capture_tensor(gone, 0)
    with pytest.raises(TypeError, match=r"^capture_tensor index must be an integer$"):
        pat.capture_tensor(add, "0")
    assert pat.get_captured_tensors() == []


def test_release_transfers_once_and_then_everything_but_is_valid_raises():
    from ge.passes import Pattern

    graph, (a, _, _) = _add_pattern_graph()
    pat = Pattern(graph).capture_tensor(a)
    address = pat.release()
    assert isinstance(address, int) and address != 0
    assert pat.is_valid() is False
    for call in (
        pat.release,
        pat.get_captured_tensors,
        lambda: pat.capture_tensor(a),
    ):
        with pytest.raises(RuntimeError, match=r"^Pattern handle has been released$"):
            call()
    assert pat.is_valid() is False


def test_matcher_config_has_no_constructor_and_defaults_off():
    from ge.passes import PatternMatcherConfig, PatternMatcherConfigBuilder

    with pytest.raises(TypeError):
        PatternMatcherConfig()
    config = PatternMatcherConfigBuilder().build()
    assert config.is_enable_const_value_match() is False
    assert config.is_enable_ir_attr_match() is False


def test_builder_chains_on_itself_and_builds_repeatedly():
    from ge.passes import PatternMatcherConfigBuilder

    builder = PatternMatcherConfigBuilder()
    assert builder.enable_const_value_match() is builder
    first = builder.build()
    assert builder.enable_ir_attr_match() is builder
    second = builder.build()
    assert (first.is_enable_const_value_match(), first.is_enable_ir_attr_match()) == (True, False)
    assert (second.is_enable_const_value_match(), second.is_enable_ir_attr_match()) == (True, True)
    assert builder.enable_commutative_match() is builder
    third = builder.build()
    assert second.is_enable_commutative_match() is False
    assert third.is_enable_commutative_match() is True
    # GE's two switches plus ge_py's commutative matching (docs/pattern_matcher.md).
    assert [n for n in dir(builder) if n.startswith("enable_")] == [
        "enable_commutative_match",
        "enable_const_value_match",
        "enable_ir_attr_match",
    ]


def test_clone_pattern_matcher_config_returns_a_fresh_address_each_time():
    from ge.passes import PatternMatcherConfigBuilder, _native

    config = PatternMatcherConfigBuilder().enable_ir_attr_match().build()
    first = _native.clone_pattern_matcher_config(config)
    second = _native.clone_pattern_matcher_config(config)
    assert isinstance(first, int) and first != 0 and second not in (0, first)
    with pytest.raises(TypeError):
        _native.clone_pattern_matcher_config("config")
