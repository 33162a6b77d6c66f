"""The ``inputs`` object of @pattern methods and expression replacements."""

from __future__ import annotations

import pytest
from passes_support import requires_es

from ge.passes.pattern import PatternInputs

# The error paths are decided before any input is created, so no builder is needed for them.
NO_BUILDER = None


def test_negative_index_is_rejected():
    with pytest.raises(ValueError, match=r"^PatternInputs index must be non-negative$"):
        PatternInputs(NO_BUILDER)[-1]


@pytest.mark.parametrize("key", ["0", 1.0, None, (0, 1)])
def test_non_integer_index_is_rejected(key):
    with pytest.raises(TypeError, match=r"^PatternInputs index must be an integer or slice$"):
        PatternInputs(NO_BUILDER)[key]


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (slice(0, 3, 2), "PatternInputs slice step must be 1"),
        (slice(1, None), "PatternInputs slice must provide a stop index, for example inputs[:3]"),
        (slice(-1, 2), "PatternInputs slice indices must be non-negative"),
        (slice(0, -2), "PatternInputs slice indices must be non-negative"),
        (slice(3, 1), "PatternInputs slice stop must be greater than or equal to start"),
    ],
)
def test_invalid_slices_are_rejected(key, message):
    with pytest.raises(ValueError) as info:
        PatternInputs(NO_BUILDER)[key]
    assert str(info.value) == message


def test_slice_with_a_non_integer_bound_is_a_type_error():
    with pytest.raises(TypeError, match=r"^PatternInputs index must be an integer or slice$"):
        PatternInputs(NO_BUILDER)[0:"2"]


def test_empty_slice_creates_nothing():
    inputs = PatternInputs(NO_BUILDER)
    assert inputs[:0] == []
    assert inputs[2:2] == []
    assert inputs.created() == []


def test_step_one_is_accepted():
    assert PatternInputs(NO_BUILDER)[0:0:1] == []


ITERATION_MESSAGE = (
    "PatternInputs cannot be iterated because the input count is unknown; use inputs[:N]"
)


def test_iteration_unpacking_and_membership_are_refused():
    inputs = PatternInputs(NO_BUILDER)
    with pytest.raises(TypeError) as info:
        iter(inputs)
    assert str(info.value) == ITERATION_MESSAGE
    with pytest.raises(TypeError, match="cannot be iterated"):
        a, b = inputs
    with pytest.raises(TypeError, match="cannot be iterated"):
        0 in inputs  # noqa: B015
    assert not hasattr(inputs, "__len__")


@requires_es
def test_indexing_creates_inputs_contiguously_and_reuses_them():
    from ge.es.graph_builder import GraphBuilder

    inputs = PatternInputs(GraphBuilder("inputs_test"))
    third = inputs[2]
    created = inputs.created()
    assert len(created) == 3
    assert created[2] is third
    assert inputs[2] is third
    assert inputs[True] is created[1]  # bool is an int index
    assert inputs[:2] == created[:2]
    assert inputs[1:4][:2] == created[1:3]
    assert len(inputs.created()) == 4


@requires_es
def test_created_inputs_are_data_nodes_named_by_index():
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("inputs_names")
    inputs = PatternInputs(builder)
    a, b = inputs[:2]
    graph = builder.build_and_reset([a + b])
    data = sorted(node.name for node in graph.get_all_nodes() if node.type == "Data")
    assert data == ["input_0", "input_1"]
