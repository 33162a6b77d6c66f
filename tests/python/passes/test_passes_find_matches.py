"""ge.passes.testing.find_matches over real graphs, with and without commutative matching."""

from __future__ import annotations

import gc

import pytest
from passes_support import requires_es, requires_native

pytestmark = [requires_native, requires_es]


def _target_graph():
    """(x + 1) and (1 + y): one Add per operand order of a const."""
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("target")
    x, y = builder.create_inputs(2)
    one = builder.create_const_float([1.0], [1])
    other = builder.create_const_float([1.0], [1])
    return builder.build_and_reset([x + one, other + y])


def _add_const_pattern():
    """a + Const, capturing a and the const."""
    from ge.es.graph_builder import GraphBuilder
    from ge.passes import Pattern

    builder = GraphBuilder("add_const")
    a = builder.create_input(0)
    const = builder.create_const_float([1.0], [1])
    pat = Pattern(builder.build_and_reset([a + const]))
    pat.capture_tensor(a)
    pat.capture_tensor(const)
    return pat


def _captures(match, count):
    return [match.get_captured_tensor(i).node.type for i in range(count)]


def _data_names(graph):
    return sorted(node.name for node in graph.get_all_nodes() if node.type == "Data")


def test_find_matches_without_the_switch_pairs_inputs_by_index():
    from ge.passes.testing import find_matches

    graph = _target_graph()
    (match,) = find_matches(_add_const_pattern(), graph)
    assert _captures(match, 2) == ["Data", "Const"]
    assert sorted(node.type for node in match.get_matched_nodes()) == ["Add", "Const"]
    assert match.get_captured_tensor(0).node.name == _data_names(graph)[0]


def test_one_commutative_pattern_finds_both_orders_with_captures_in_pattern_order():
    from ge.passes import PatternMatcherConfigBuilder
    from ge.passes.testing import find_matches

    graph = _target_graph()
    config = PatternMatcherConfigBuilder().enable_commutative_match().build()
    matches = find_matches(_add_const_pattern(), graph, config)
    assert len(matches) == 2
    for match in matches:
        assert _captures(match, 2) == ["Data", "Const"]
    names = sorted(match.get_captured_tensor(0).node.name for match in matches)
    assert names == _data_names(graph)
    # Nothing was rewritten.
    assert sorted(node.type for node in graph.get_all_nodes()).count("Add") == 2


def test_results_outlive_the_pattern_and_stay_usable():
    from ge.passes import PatternMatcherConfigBuilder
    from ge.passes.testing import find_matches

    graph = _target_graph()
    pat = _add_const_pattern()
    config = PatternMatcherConfigBuilder().enable_commutative_match().build()
    matches = find_matches(pat, graph, config)
    assert pat.is_valid()  # the Python Pattern is left usable
    assert len(find_matches(pat, graph, config)) == 2
    del pat, config
    gc.collect()
    assert [_captures(match, 2) for match in matches] == [["Data", "Const"]] * 2
    assert all(match.get_pattern_graph_name() == "add_const" for match in matches)
    assert "[PatternName:add_const]" in str(matches[0])


def test_a_pattern_graph_is_taken_as_a_pattern():
    from ge.es.graph_builder import GraphBuilder
    from ge.passes.testing import find_matches

    builder = GraphBuilder("add_any")
    a, b = builder.create_inputs(2)
    pattern_graph = builder.build_and_reset([a + b])
    assert len(find_matches(pattern_graph, _target_graph())) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("not a pattern", None, None), "pattern must be a Pattern or a Graph"),
        ((None, "not a graph", None), "graph must be a ge.graph.Graph"),
        ((None, None, "not a config"), "matcher_config must be PatternMatcherConfig or None"),
    ],
    ids=["pattern", "graph", "config"],
)
def test_find_matches_checks_its_arguments(args, message):
    from ge.passes.testing import find_matches

    pattern, graph, config = args
    with pytest.raises(TypeError, match=message):
        find_matches(
            _add_const_pattern() if pattern is None else pattern,
            _target_graph() if graph is None else graph,
            config,
        )
