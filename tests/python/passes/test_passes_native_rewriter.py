"""Subgraph boundaries, SubgraphRewriter.replace on real graphs, can_fuse / report_fuse and
infer_shape failures."""

from __future__ import annotations

import pytest
from passes_support import (
    borrow_pass_context,
    native_test_hooks,
    requires_es,
    requires_native,
    requires_native_hooks,
)

pytestmark = [requires_native, requires_es]

_FAILED = 0xFFFFFFFF


def _node(graph, node_type):
    return next(node for node in graph.get_all_nodes() if node.type == node_type)


def _types(graph):
    return sorted(node.type for node in graph.get_all_nodes())


def _add_zero_times_y():
    """(x + 0) * y: the Add-zero to remove sits between input_0 and the Mul."""
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("target")
    x, y = builder.create_inputs(2)
    return builder.build_and_reset([(x + builder.create_const_float([0.0], shape=[1])) * y])


def _pass_through(name="identity"):
    """One Data straight to NetOutput: an N->0 replacement."""
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder(name)
    return builder.build_and_reset([builder.create_input(0)])


def _add_zero_boundary(graph):
    from ge.passes import SubgraphBoundary, SubgraphInput, SubgraphOutput

    add = _node(graph, "Add")
    boundary = SubgraphBoundary()
    assert boundary.add_input(0, SubgraphInput([(add, 0)])) == 0
    assert boundary.add_output(0, SubgraphOutput(add, 0)) == 0
    return boundary


def _producer(node, index):
    producer, port = node.get_in_data_nodes_and_port_indexes(index)
    return producer.name, port


# ---- boundary pieces -----------------------------------------------------------------------


@pytest.mark.parametrize("items", [[[None, 0]], [("a", 0, 1)], 5, [(None, "0")]])
def test_subgraph_input_needs_node_index_pairs(items):
    from ge.passes import SubgraphInput

    with pytest.raises(RuntimeError, match=r"^SubgraphInput expects iterable of \(node, index\)$"):
        SubgraphInput(items)


def test_boundary_statuses_are_ints():
    from ge.passes import SubgraphBoundary, SubgraphInput, SubgraphOutput

    graph = _add_zero_times_y()
    add, mul = _node(graph, "Add"), _node(graph, "Mul")
    subgraph_input = SubgraphInput()
    assert subgraph_input.add_input(add, 0) == 0
    assert subgraph_input.add_input(mul, 1) == _FAILED  # fed by another tensor
    assert subgraph_input.add_input(add, 7) == _FAILED  # no such port
    output = SubgraphOutput()
    assert output.set_output(mul, 0) == 0
    assert output.set_output(mul, 0) == _FAILED  # already set
    boundary = SubgraphBoundary()
    assert boundary.add_input(0, subgraph_input) == 0
    assert boundary.add_input(0, subgraph_input) == _FAILED
    assert boundary.add_output(0, output) == 0
    assert boundary.add_output(0, output) == _FAILED


# ---- SubgraphRewriter.replace ---------------------------------------------------------------


def test_replace_removes_add_zero_and_rewires_its_consumer():
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    replacement = _pass_through()
    assert SubgraphRewriter.replace(_add_zero_boundary(graph), replacement) == 0
    assert _types(graph) == ["Data", "Data", "Mul", "NetOutput"]
    mul = _node(graph, "Mul")
    assert _producer(mul, 0) == ("input_0", 0)
    assert _producer(mul, 1) == ("input_1", 0)
    # The replacement was copied, not consumed.
    assert replacement.name == "identity"
    assert _types(replacement) == ["Data", "NetOutput"]


def test_replace_failure_returns_a_status_and_leaves_the_graph_alone():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    before = _types(graph)
    builder = GraphBuilder("two_inputs")
    a, b = builder.create_inputs(2)
    two_inputs = builder.build_and_reset([a + b])  # 2 inputs for a 1-input boundary
    assert SubgraphRewriter.replace(_add_zero_boundary(graph), two_inputs) == _FAILED
    assert _types(graph) == before


def test_replace_needs_a_live_replacement_graph():
    from ge.graph import Graph
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    owner = _pass_through()
    expired_view = Graph._create_from(owner._handle, owns_handle=False, owner=owner)
    expired_view._handle = None
    with pytest.raises(RuntimeError, match=r"^Graph handle is empty$"):
        SubgraphRewriter.replace(_add_zero_boundary(graph), expired_view)


@requires_native_hooks
def test_replace_with_context_reports_the_fusion_on_the_new_nodes():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    builder = GraphBuilder("relu_like")
    d = builder.create_input(0)
    replacement = builder.build_and_reset([d * builder.create_const_float([1.0], shape=[1])])
    owner = native_test_hooks().Context({}, "AddZeroPass")
    context = borrow_pass_context(owner)
    assert SubgraphRewriter.replace(_add_zero_boundary(graph), replacement, context=context) is None
    assert "Add" not in _types(graph)
    new_mul = next(
        n for n in graph.get_all_nodes() if n.type == "Mul" and _producer(n, 1)[0] != "input_1"
    )
    assert "AddZeroPass" in new_mul.get_attr("pass_name")
    assert owner.error_message() == ""


@requires_native_hooks
def test_replace_with_context_failure_raises_and_sets_the_context_message():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    before = _types(graph)
    builder = GraphBuilder("two_inputs")
    a, b = builder.create_inputs(2)
    owner = native_test_hooks().Context({}, "AddZeroPass")
    context = borrow_pass_context(owner)
    expected = (
        f"SubgraphRewriter::Replace with context failed, pass_name=AddZeroPass, status={_FAILED}"
    )
    with pytest.raises(RuntimeError) as info:
        SubgraphRewriter.replace(
            _add_zero_boundary(graph), builder.build_and_reset([a + b]), context=context
        )
    assert str(info.value) == expected
    assert owner.error_message() == expected
    assert _types(graph) == before


@requires_native_hooks
def test_replace_context_is_keyword_only_and_typed():
    from ge.passes import SubgraphRewriter

    graph = _add_zero_times_y()
    owner = native_test_hooks().Context({}, "P")
    context = borrow_pass_context(owner)
    with pytest.raises(TypeError):
        SubgraphRewriter.replace(_add_zero_boundary(graph), _pass_through(), context)
    with pytest.raises(TypeError):
        SubgraphRewriter.replace(_add_zero_boundary(graph), _pass_through(), context={})
    context._invalidate()
    with pytest.raises(RuntimeError, match=r"^PassContext handle has expired$"):
        SubgraphRewriter.replace(_add_zero_boundary(graph), _pass_through(), context=context)
    assert "Add" in _types(graph)


# ---- can_fuse / report_fuse ------------------------------------------------------------------


def _chain_of_three_adds():
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("chain")
    x, y = builder.create_inputs(2)
    first = x + y
    second = first + y
    third = second + y
    graph = builder.build_and_reset([third])
    by_name = {n.name: n for n in graph.get_all_nodes()}
    return graph, [by_name[h.name] for h in (first, second, third)]


def test_can_fuse_refuses_a_set_that_would_create_a_cycle():
    from ge.passes import can_fuse

    graph, (first, second, third) = _chain_of_three_adds()
    result = can_fuse([first, third])  # second sits outside, between them
    assert result.ok is False
    assert "cycle" in result.reason
    assert can_fuse([first, second, third]).ok is True


def test_can_fuse_of_an_expired_node_raises():
    from ge.passes import can_fuse

    graph, (first, second, third) = _chain_of_three_adds()
    graph.remove_node(second)
    with pytest.raises(RuntimeError, match=r"^Node handle is empty$"):
        can_fuse([first, second])


@requires_native_hooks
def test_report_fuse_checks_items_and_context():
    from ge.passes import report_fuse

    graph, (first, second, third) = _chain_of_three_adds()
    owner = native_test_hooks().Context({}, "P")
    context = borrow_pass_context(owner)
    with pytest.raises(
        TypeError, match=r"^nodes_before must contain only ge\.graph\.Node objects$"
    ):
        report_fuse([first, "x"], [], context)
    with pytest.raises(TypeError, match=r"^nodes_after must contain only ge\.graph\.Node objects$"):
        report_fuse([first], [object()], context)
    with pytest.raises(TypeError):
        report_fuse([first], [], {"pass_name": "P"})


@requires_native_hooks
def test_report_fuse_records_provenance_and_reports_failures_through_the_context():
    from ge.passes import report_fuse

    graph, (first, second, third) = _chain_of_three_adds()
    owner = native_test_hooks().Context({}, "HandPass")
    context = borrow_pass_context(owner)
    assert report_fuse([first, second], [third], context) is None
    assert "HandPass" in third.get_attr("pass_name")
    assert sorted(third.get_attr("_datadump_original_op_names")) == sorted(
        [first.name, second.name]
    )
    expected = f"Failed to report fusion result, pass_name=HandPass, status={_FAILED}"
    with pytest.raises(RuntimeError) as info:
        report_fuse([], [third], context)
    assert str(info.value) == expected
    assert context.get_error_message() == expected == owner.error_message()


# ---- infer_shape failures --------------------------------------------------------------------


def _add_graph():
    from ge.es.graph_builder import GraphBuilder
    from ge.graph.types import DataType

    builder = GraphBuilder("source")
    a, b = (builder.create_input(i, data_type=DataType.DT_FLOAT, shape=[4]) for i in range(2))
    graph = builder.build_and_reset([a + b])
    return graph, _node(graph, "Add")


def _replacement_with_inputs(count, name="replacement"):
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder(name)
    inputs = builder.create_inputs(count)
    total = inputs[0]
    for item in inputs[1:]:
        total = total + item
    return builder.build_and_reset([total])


def test_infer_shape_with_a_node_source_infers_the_whole_replacement():
    from ge.graph.types import DataType
    from ge.passes import infer_shape

    graph, add = _add_graph()
    replacement = _replacement_with_inputs(2)
    infer_shape(replacement, add)
    desc = _node(replacement, "Add").get_output_desc(0)
    assert (list(desc.get_shape()), desc.get_data_type()) == ([4], DataType.DT_FLOAT)


def test_infer_shape_failure_names_graph_source_type_and_node():
    from ge.passes import SubgraphBoundary, SubgraphInput, infer_shape

    graph, add = _add_graph()
    replacement = _replacement_with_inputs(3, "three")  # Data index 2 has no boundary input
    with pytest.raises(RuntimeError) as info:
        infer_shape(replacement, add)
    assert str(info.value) == (
        f"infer_shape failed, replacement_graph=three, source_type=Node, source_name={add.name}"
    )
    boundary = SubgraphBoundary()
    boundary.add_input(0, SubgraphInput([(add, 0)]))
    with pytest.raises(RuntimeError) as info:
        infer_shape(replacement, boundary)
    assert (
        str(info.value)
        == "infer_shape failed, replacement_graph=three, source_type=SubgraphBoundary"
    )


def test_infer_shape_native_errors_for_dead_handles():
    from ge.passes import _native, infer_shape

    graph, add = _add_graph()
    replacement = _replacement_with_inputs(2)
    graph.remove_node(add)
    with pytest.raises(RuntimeError, match=r"^source Node handle is empty$"):
        infer_shape(replacement, add)
    from ge.graph import Graph

    graph, add = _add_graph()
    expired_view = Graph._create_from(replacement._handle, owns_handle=False, owner=replacement)
    expired_view._handle = None
    with pytest.raises(RuntimeError, match=r"^replacement Graph handle is empty$"):
        _native.infer_shape(expired_view, add)
    with pytest.raises(TypeError, match=r"^source must be MatchResult, Node, or SubgraphBoundary$"):
        _native.infer_shape(_replacement_with_inputs(2), "add")
