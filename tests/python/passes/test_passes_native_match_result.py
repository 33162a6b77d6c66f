"""Borrowed MatchResult objects over real matches of the C++ PatternMatcher.

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
def test_matched_nodes_own_their_handles_and_outlive_the_graph_safely():
    import gc
    import weakref

    from ge.graph import Node
    from ge.passes import _native

    target = _target_graph()
    matches = _Matches(_add_pattern(), target)
    (address,) = matches.all_addresses()
    result = _native.borrow_match_result(address)
    (node,) = result.get_matched_nodes()
    assert type(node) is Node and node.type == "Add"
    # The handle belongs to the capsule in `_keeper`, never to Node.__del__ (no double free).
    assert node._owns_handle is False and type(node._keeper).__name__ == "PyCapsule"
    probe = weakref.ref(node)
    result._invalidate()
    del matches, target, result
    gc.collect()
    with pytest.raises(RuntimeError, match=r"^Failed to get Node type$"):
        _ = node.type
    with pytest.raises(RuntimeError, match=r"^Failed to get Node name$"):
        _ = node.name
    del node  # frees the handle through the capsule
    assert probe() is None


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


@requires_native_hooks
def test_bridge_hooks_with_real_handles_expire_what_the_pass_kept(monkeypatch, write_plugin):
    import ctypes

    from ge.graph import Graph
    from ge.passes import _bridge

    path = write_plugin(
        "keeper.py",
        """
        from ge.es.graph_builder import GraphBuilder
        from ge.passes import PassStage, PatternFusionPass, register_fusion_pass

        @register_fusion_pass(name="Keeper", stage=PassStage.BEFORE_INFER_SHAPE)
        class Keeper(PatternFusionPass):
            kept = []

            def patterns(self):
                builder = GraphBuilder("keeper_pattern")
                a, b = builder.create_inputs(2)
                return [builder.build_and_reset([a + b])]

            def meet_requirements(self, match_result):
                Keeper.kept.append(match_result)
                return match_result.get_matched_nodes()[0].type == "Add"

            def replacement(self, match_result):
                Keeper.kept.append(match_result)
                builder = GraphBuilder("keeper_replacement")
                a, b = builder.create_inputs(2)
                return builder.build_and_reset([a * b])
        """,
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    (descriptor,) = _bridge.load_and_get_pass_descriptors()
    key = descriptor["descriptor_key"]
    _bridge.create_pass_holder(f"{key}#1", key)
    (pattern_address,) = _bridge.get_pass_patterns(f"{key}#1")
    target = _target_graph()
    run = native_test_hooks().MatchRun(pattern_address, target._handle.value, 0)
    address = run.next()
    assert _bridge.call_meet_requirements(f"{key}#1", address) is True
    graph_address = _bridge.call_replacement(f"{key}#1", address)
    adopted = Graph._create_from(ctypes.c_void_p(graph_address), owns_handle=True)
    assert adopted.name == "keeper_replacement"
    keeper = _bridge._holder(f"{key}#1").instance
    assert len(keeper.kept) == 2
    del run  # the C++ results are gone; the kept views must not reach them
    for kept in keeper.kept:
        with pytest.raises(RuntimeError, match=_EXPIRED):
            kept.get_matched_nodes()
    assert _bridge.destroy_pass_holder(f"{key}#1") is True


@requires_native_hooks
def test_decompose_hooks_receive_a_real_node(monkeypatch, write_plugin):
    from ge.passes import _bridge

    path = write_plugin(
        "decompose.py",
        """
        from ge.es.graph_builder import GraphBuilder
        from ge.passes import DecomposePass, PassStage, register_decompose_pass

        @register_decompose_pass(name="SplitAdd", stage=PassStage.BEFORE_INFER_SHAPE,
                                 op_types=["Add"])
        class SplitAdd(DecomposePass):
            seen = []

            def meet_requirements(self, node):
                SplitAdd.seen.append((node.type, node.get_inputs_size()))
                return True
        """,
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    (descriptor,) = _bridge.load_and_get_pass_descriptors()
    key = descriptor["descriptor_key"]
    _bridge.create_pass_holder(f"{key}#1", key)
    target = _target_graph()
    add = _node(target, "Add")
    ref = native_test_hooks().NodeRef(add._handle.value)
    assert _bridge.call_decompose_meet_requirements(f"{key}#1", ref.address()) is True
    assert _bridge._holder(f"{key}#1").instance.seen == [("Add", 2)]
