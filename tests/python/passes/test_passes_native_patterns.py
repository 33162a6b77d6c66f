"""Behaviours that need the native module and ge.es: patterns, captures, matcher config,
bridge round trips and infer_shape."""

from __future__ import annotations

import pytest
from passes_support import requires_es, requires_native

from ge.passes import (
    PatternFusionPass,
    _bridge,
    pattern,
)

pytestmark = [requires_native, requires_es]


def _data_captures(pat):
    return [(io.node.type, io.index) for io in pat.get_captured_tensors()]


def _capture_names(pat):
    return [(io.node.name, io.index) for io in pat.get_captured_tensors()]


def test_matcher_config_builder_enables_both_matches():
    from ge.passes import PatternMatcherConfigBuilder

    config = PatternMatcherConfigBuilder().enable_const_value_match().enable_ir_attr_match().build()
    assert config.is_enable_const_value_match() is True
    assert config.is_enable_ir_attr_match() is True
    default = PatternMatcherConfigBuilder().build()
    assert default.is_enable_const_value_match() is False


def test_plugin_matcher_config_reaches_the_bridge_as_a_cpp_copy(monkeypatch, write_plugin):
    path = write_plugin(
        "config_plugin.py",
        """
        from ge.passes import (PassStage, PatternFusionPass, PatternMatcherConfigBuilder, pattern,
                               register_fusion_pass)

        @register_fusion_pass(name="ConfigPass", stage=PassStage.BEFORE_INFER_SHAPE)
        class ConfigPass(PatternFusionPass):
            def __init__(self):
                super().__init__(PatternMatcherConfigBuilder().enable_const_value_match().build())

            @pattern
            def p(self, inputs):
                return inputs[0] + 0

            def replacement(self, inputs):
                return inputs[0]
        """,
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    (descriptor,) = _bridge.load_and_get_pass_descriptors()
    instance_id = f"{descriptor['descriptor_key']}#1"
    assert _bridge.create_pass_holder(instance_id, descriptor["descriptor_key"]) is True
    handle = _bridge.get_pattern_matcher_config(instance_id)
    assert isinstance(handle, int) and handle != 0
    assert _bridge.destroy_pass_holder(instance_id) is True


def _identity_graph(name="pattern_graph"):
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder(name)
    data = builder.create_input(0)
    return builder.build_and_reset([data]), data


def test_pattern_captures_a_data_node_and_releases_to_cpp():
    from ge.passes import Pattern

    graph, _ = _identity_graph()
    data_node = next(node for node in graph.get_all_nodes() if node.type == "Data")
    pat = Pattern(graph)
    assert pat.capture_tensor(data_node, 0) is pat
    assert _data_captures(pat) == [("Data", 0)]
    released = pat.release()
    assert isinstance(released, int) and released != 0
    assert pat.is_valid() is False
    with pytest.raises(RuntimeError, match=r"^Pattern handle has been released$"):
        pat.release()
    # The released pointer is owned by C++ now; tests hand it back through the bridge path only.


def test_capture_tensor_accepts_a_tensor_holder_after_build():
    from ge.passes import Pattern

    graph, holder = _identity_graph()
    pat = Pattern(graph)
    pat.capture_tensor(holder)
    assert _data_captures(pat) == [("Data", 0)]


def test_ensure_pattern_takes_pattern_or_graph_by_keyword():
    from ge.passes import Pattern
    from ge.passes.pattern import ensure_pattern

    graph, _ = _identity_graph()
    converted = ensure_pattern(pattern_or_graph=graph)  # GE's parameter name
    assert isinstance(converted, Pattern) and graph._handle is None  # the graph moved in
    assert ensure_pattern(pattern_or_graph=converted) is converted
    with pytest.raises(TypeError, match="^PatternFusionPass.patterns must return Pattern or Graph"):
        ensure_pattern(pattern_or_graph="graph")


def test_pattern_with_expression_replacement_captures_input_and_output():
    from ge.graph import Graph

    class Identity(PatternFusionPass):
        @pattern
        def p(self, inputs):
            return inputs[0]

        def replacement(self, inputs):
            return inputs[0]

    (pat,) = Identity().patterns()
    assert _data_captures(pat) == [("Data", 0), ("Data", 0)]
    assert isinstance(Identity().replacement(None), Graph)


def test_pattern_outputs_are_captured_after_inputs_in_return_order():
    class Swap(PatternFusionPass):
        @pattern
        def p(self, inputs):
            a, b = inputs[:2]
            return [b, a]

    (pat,) = Swap().patterns()
    assert _capture_names(pat) == [("input_0", 0), ("input_1", 0), ("input_1", 0), ("input_0", 0)]


def test_each_pattern_method_gives_one_pattern_in_declaration_order():
    class Two(PatternFusionPass):
        @pattern
        def first(self, inputs):
            return inputs[0]

        @pattern
        def second(self, inputs):
            return inputs[0]

    patterns = Two().patterns()
    assert len(patterns) == 2
    assert [_data_captures(p) for p in patterns] == [[("Data", 0)] * 2] * 2


def test_pattern_method_returning_several_graphs_is_rejected_when_patterns_run():
    from ge.graph import Graph

    class Several(PatternFusionPass):
        @pattern
        def p(self, inputs):
            return [Graph("a"), Graph("b")]

    with pytest.raises(TypeError, match="supports a single pattern only"):
        Several().patterns()


@pytest.mark.parametrize("result", [None, [], 3])
def test_pattern_method_returning_no_holder_is_rejected(result):
    class Nothing(PatternFusionPass):
        @pattern
        def p(self, inputs):
            return result

    with pytest.raises(TypeError, match=r"^Expression-style patterns must return a TensorHolder"):
        Nothing().patterns()


def test_legacy_patterns_are_returned_unchanged():
    from ge.graph import Graph

    graphs = [Graph("a"), Graph("b")]

    class Legacy(PatternFusionPass):
        def patterns(self):
            return graphs

    assert Legacy().patterns() is graphs


def test_bridge_round_trip_from_a_plugin_file(monkeypatch, write_plugin):
    path = write_plugin(
        "round_trip.py",
        """
        from ge.es.graph_builder import GraphBuilder
        from ge.passes import PassStage, PatternFusionPass, register_fusion_pass

        @register_fusion_pass(name="RoundTrip", stage=PassStage.BEFORE_INFER_SHAPE)
        class RoundTrip(PatternFusionPass):
            def patterns(self):
                builder = GraphBuilder("round_trip_pattern")
                return [builder.build_and_reset([builder.create_input(0)])]

            def meet_requirements(self, match_result):
                return True

            def replacement(self, match_result):
                builder = GraphBuilder("replacement_graph")
                return builder.build_and_reset([builder.create_input(0)])
        """,
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    (descriptor,) = _bridge.load_and_get_pass_descriptors()
    key = descriptor["descriptor_key"]
    assert _bridge.create_pass_holder(f"{key}#1", key) is True
    (pattern_handle,) = _bridge.get_pass_patterns(f"{key}#1")
    assert isinstance(pattern_handle, int) and pattern_handle != 0

    fakes = []

    class FakeMatch:
        def __init__(self):
            self.invalid = False
            fakes.append(self)

        def _invalidate(self):
            self.invalid = True

    released = []
    monkeypatch.setattr(_bridge, "borrow_match_result", lambda handle: FakeMatch())
    monkeypatch.setattr(_bridge, "release_graph", lambda g: released.append(g.name) or 99)
    assert _bridge.call_meet_requirements(f"{key}#1", 1) is True
    assert _bridge.call_replacement(f"{key}#1", 1) == 99
    assert released == ["replacement_graph"]
    assert [fake.invalid for fake in fakes] == [True, True]
    assert _bridge.destroy_pass_holder(f"{key}#1") is True


def _add_graph():
    from ge.es.graph_builder import GraphBuilder
    from ge.graph.types import DataType, Format

    builder = GraphBuilder("source")
    a = builder.create_input(
        0, data_type=DataType.DT_FLOAT16, format=Format.FORMAT_NCHW, shape=[2, 3]
    )
    b = builder.create_input(
        1, data_type=DataType.DT_FLOAT, format=Format.FORMAT_NHWC, shape=[4, 5]
    )
    graph = builder.build_and_reset([a + b])
    return graph, next(node for node in graph.get_all_nodes() if node.type == "Add")


def _replacement_graph():
    from ge.es.graph_builder import GraphBuilder
    from ge.graph.types import DataType

    builder = GraphBuilder("replacement")
    x, y = (builder.create_input(i, data_type=DataType.DT_INT32, shape=[1]) for i in range(2))
    return builder.build_and_reset([x, y])


def _data_descs(graph):
    data = sorted(
        (node for node in graph.get_all_nodes() if node.type == "Data"), key=lambda n: n.name
    )
    return [
        (
            list(d.get_output_desc(0).get_shape()),
            d.get_output_desc(0).get_data_type(),
            d.get_output_desc(0).get_format(),
        )
        for d in data
    ]


def test_infer_shape_from_a_node_copies_its_input_descriptions():
    from ge.graph.types import DataType, Format
    from ge.passes import infer_shape

    graph, add = _add_graph()
    replacement = _replacement_graph()
    assert infer_shape(replacement, add) is None
    assert _data_descs(replacement) == [
        ([2, 3], DataType.DT_FLOAT16, Format.FORMAT_NCHW),
        ([4, 5], DataType.DT_FLOAT, Format.FORMAT_NHWC),
    ]


def test_infer_shape_from_a_subgraph_boundary():
    from ge.graph.types import DataType, Format
    from ge.passes import SubgraphBoundary, SubgraphInput, infer_shape

    graph, add = _add_graph()
    boundary = SubgraphBoundary()
    assert boundary.add_input(0, SubgraphInput([(add, 0)])) == 0
    assert boundary.add_input(1, SubgraphInput([(add, 1)])) == 0
    replacement = _replacement_graph()
    infer_shape(replacement, boundary)
    assert _data_descs(replacement) == [
        ([2, 3], DataType.DT_FLOAT16, Format.FORMAT_NCHW),
        ([4, 5], DataType.DT_FLOAT, Format.FORMAT_NHWC),
    ]


def test_infer_shape_argument_errors_leave_the_replacement_untouched():
    from ge.graph import Graph
    from ge.passes import infer_shape

    graph, add = _add_graph()
    replacement = _replacement_graph()
    before = _data_descs(replacement)
    with pytest.raises(TypeError, match=r"^replacement must be a ge\.graph\.Graph$"):
        infer_shape("graph", add)
    with pytest.raises(TypeError, match=r"^source must be MatchResult, Node, or SubgraphBoundary$"):
        infer_shape(replacement, "add")
    assert _data_descs(replacement) == before
    with pytest.raises(RuntimeError, match=r"^replacement graph is empty$"):
        infer_shape(Graph("empty"), add)
