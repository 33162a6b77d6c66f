"""Borrowed MatchResult objects over real matches of the C++ PatternMatcher (spec §10.3, §9.3).

The matcher is driven through the test-only ``_ge_pass_native_test_hooks`` module, which hands out
raw ``MatchResult*`` addresses exactly as the bridge does.
"""

from __future__ import annotations

import pytest
from passes_support import native_test_hooks, requires_es, requires_native, requires_native_hooks

pytestmark = [requires_native, requires_es]

_EXPIRED = r"^MatchResult handle has expired$"


def _target_graph():
    """(x + y) * z with described inputs."""
    from ge.es.graph_builder import GraphBuilder
    from ge.graph.types import DataType, Format

    builder = GraphBuilder("target")
    x = builder.create_input(
        0, data_type=DataType.DT_FLOAT16, format=Format.FORMAT_NCHW, shape=[2, 3]
    )
    y = builder.create_input(
        1, data_type=DataType.DT_FLOAT16, format=Format.FORMAT_NCHW, shape=[2, 3]
    )
    z = builder.create_input(2, data_type=DataType.DT_FLOAT16, shape=[2, 3])
    return builder.build_and_reset([(x + y) * z])


def _add_pattern():
    """a + b capturing a, b and the sum (the order @pattern uses)."""
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import Pattern

    builder = GraphBuilder("add_pattern")
    a, b = builder.create_inputs(2)
    total = a + b
    pat = Pattern(builder.build_and_reset([total]))
    for holder in (a, b, total):
        pat.capture_tensor(holder)
    return pat


class _Matches:
    """Runs a pattern over a graph; keeps the C++ results alive while the test borrows them."""

    def __init__(self, pat, graph, config=None):
        from ge.passes import _native

        config_address = 0 if config is None else _native.clone_pattern_matcher_config(config)
        self.run = native_test_hooks().MatchRun(pat.release(), graph._handle.value, config_address)

    def all_addresses(self):
        addresses = []
        while True:
            address = self.run.next()
            if address == 0:
                return addresses
            addresses.append(address)


def _node(graph, node_type):
    return next(node for node in graph.get_all_nodes() if node.type == node_type)


def test_match_result_has_no_python_constructor_and_null_is_refused():
    from ge.passes import MatchResult, _native

    with pytest.raises(TypeError):
        MatchResult()
    with pytest.raises(RuntimeError, match=r"^MatchResult handle cannot be null$"):
        _native.borrow_match_result(0)


@requires_native_hooks
def test_a_real_match_exposes_nodes_captures_and_pattern_name():
    from ge.passes import NodeIo, _native

    target = _target_graph()
    matches = _Matches(_add_pattern(), target)
    (address,) = matches.all_addresses()
    result = _native.borrow_match_result(address)

    add = _node(target, "Add")
    assert [(n.name, n.type) for n in result.get_matched_nodes()] == [(add.name, "Add")]
    captures = [result.get_captured_tensor(i) for i in range(3)]
    assert all(isinstance(io, NodeIo) for io in captures)
    assert [(io.node.name, io.index) for io in captures] == [
        ("input_0", 0),
        ("input_1", 0),
        (add.name, 0),
    ]
    for bad in (3, -1):
        with pytest.raises(RuntimeError, match=r"^Failed to get captured tensor from MatchResult$"):
            result.get_captured_tensor(bad)
    assert result.get_pattern_graph_name() == "add_pattern"
    text = str(result)
    assert text.startswith("[PatternName:add_pattern][MatchNodesPair]")
    assert add.name in text


@requires_native_hooks
def test_an_invalidated_match_result_raises_but_values_taken_from_it_survive():
    from ge.passes import _native

    target = _target_graph()
    matches = _Matches(_add_pattern(), target)
    (address,) = matches.all_addresses()
    result = _native.borrow_match_result(address)
    nodes = result.get_matched_nodes()
    capture = result.get_captured_tensor(2)
    result._invalidate()
    del matches  # the C++ MatchResult is destroyed; the view must not reach it
    for call in (
        result.get_matched_nodes,
        lambda: result.get_captured_tensor(0),
        result.get_pattern_graph_name,
        lambda: str(result),
    ):
        with pytest.raises(RuntimeError, match=_EXPIRED):
            call()
    assert nodes[0].type == "Add" and capture.node.type == "Add"


@requires_native_hooks
def test_infer_shape_from_a_match_result_uses_the_match_boundary():
    from ge.es.graph_builder import GraphBuilder
    from ge.graph.types import DataType, Format
    from ge.passes import _native, infer_shape

    target = _target_graph()
    matches = _Matches(_add_pattern(), target)
    (address,) = matches.all_addresses()
    result = _native.borrow_match_result(address)
    builder = GraphBuilder("fused")
    a, b = builder.create_inputs(2)
    replacement = builder.build_and_reset([a * b])
    assert infer_shape(replacement, result) is None
    mul = _node(replacement, "Mul")
    desc = mul.get_output_desc(0)
    assert list(desc.get_shape()) == [2, 3]
    assert desc.get_data_type() == DataType.DT_FLOAT16
    data = _node(replacement, "Data")
    assert data.get_output_desc(0).get_format() == Format.FORMAT_NCHW
    result._invalidate()
    with pytest.raises(RuntimeError, match=_EXPIRED):
        infer_shape(replacement, result)


@requires_native_hooks
def test_every_occurrence_is_found_and_each_borrow_is_independent():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import _native

    builder = GraphBuilder("two_adds")
    x, y = builder.create_inputs(2)
    target = builder.build_and_reset([x + y, (x + y) * y])
    matches = _Matches(_add_pattern(), target)
    addresses = matches.all_addresses()
    assert len(addresses) == 2
    first, second = (_native.borrow_match_result(a) for a in addresses)
    first._invalidate()
    assert [n.type for n in second.get_matched_nodes()] == ["Add"]
    with pytest.raises(RuntimeError, match=_EXPIRED):
        first.get_matched_nodes()


@requires_native_hooks
def test_a_cloned_config_drives_const_value_matching():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import Pattern, PatternMatcherConfigBuilder

    def add_const(name, value):
        builder = GraphBuilder(name)
        x = builder.create_input(0)
        return builder.build_and_reset([x + builder.create_const_float([value], shape=[1])])

    builder = GraphBuilder("target")
    x = builder.create_input(0)
    target = builder.build_and_reset(
        [
            x + builder.create_const_float([0.0], shape=[1]),
            x + builder.create_const_float([1.0], shape=[1]),
        ]
    )
    strict = PatternMatcherConfigBuilder().enable_const_value_match().build()
    assert len(_Matches(Pattern(add_const("zero", 0.0)), target, strict).all_addresses()) == 1
    loose = PatternMatcherConfigBuilder().build()
    assert len(_Matches(Pattern(add_const("zero", 0.0)), target, loose).all_addresses()) == 2
