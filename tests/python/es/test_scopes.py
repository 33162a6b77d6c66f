"""attr_scope and control_dependency_scope."""

from __future__ import annotations

import pytest

from ge.es import _scopes, graph_builder
from ge.es.graph_builder import attr_scope, control_dependency_scope


def _node(holder):
    return holder._get_node_snapshot()


def test_attrs_apply_only_inside_the_scope(builder):
    with attr_scope({"_stage": "encoder", "_id": 3}):
        inside = builder.create_const_int64(1)
    outside = builder.create_const_int64(2)
    assert _node(inside).get_attr("_stage") == "encoder"
    assert _node(inside).get_attr("_id") == 3
    with pytest.raises(RuntimeError, match="Failed to get attribute '_stage' from Node"):
        _node(outside).get_attr("_stage")


def test_nested_scopes_override_and_restore(builder):
    with attr_scope({"a": 1, "b": "outer"}):
        with attr_scope({"b": "inner"}):
            inner = builder.create_input(0)
        after = builder.create_scalar_float(1.0)
    assert _node(inner).get_attr("a") == 1
    assert _node(inner).get_attr("b") == "inner"
    assert _node(after).get_attr("b") == "outer"


def test_scope_applies_to_arithmetic_and_promoted_scalars(builder):
    x = builder.create_input(0)
    with attr_scope({"tag": True}):
        y = x + 1.0
    assert _node(y).get_attr("tag") is True
    promoted = _node(y).get_in_data_nodes_and_port_indexes(1)[0]
    assert promoted.get_attr("tag") is True


def test_unsupported_attr_values_fail_at_creation(builder):
    with attr_scope({"bad": {"k": 1}}):
        with pytest.raises(ValueError, match="Unsupported attribute type: <class 'dict'>"):
            builder.create_const_int64(1)
    with attr_scope({"mixed": [1, "hello", True, 3.14]}):
        with pytest.raises(
            ValueError,
            match=r"Unsupported attribute type: <class 'list'> for value: "
            r"\[1, 'hello', True, 3.14\]",
        ):
            builder.create_input(0)


def test_control_dependencies_in_order(builder):
    a = builder.create_const_int64(1)
    b = builder.create_const_int64(2)
    x = builder.create_input(0)
    with control_dependency_scope([a, b]):
        result = x + 1.0
    assert [n.name for n in _node(result).get_in_control_nodes()] == ["Const_0", "Const_1"]
    # The promoted scalar is created inside the scope too.
    scalar = _node(result).get_in_data_nodes_and_port_indexes(1)[0]
    assert [n.name for n in scalar.get_in_control_nodes()] == ["Const_0", "Const_1"]


def test_nested_control_dependencies_accumulate_outer_first(builder):
    a = builder.create_const_int64(1)
    b = builder.create_const_int64(2)
    with control_dependency_scope([b]):
        with control_dependency_scope([a]):
            inner = builder.create_const_int64(3)
        outer = builder.create_const_int64(4)
    after = builder.create_const_int64(5)
    assert [n.name for n in _node(inner).get_in_control_nodes()] == ["Const_1", "Const_0"]
    assert [n.name for n in _node(outer).get_in_control_nodes()] == ["Const_1"]
    assert _node(after).get_in_control_nodes() == []


def test_slot_name_constants_name_the_scope_slots(builder):
    assert graph_builder.slot_name_custom_node_attrs == "custom_node_attrs"
    assert graph_builder.slot_name_control_dependency_nodes == "control_dependency_nodes"
    dep = builder.create_input(0)
    state = _scopes.scope_state
    with attr_scope({"k": 1}), control_dependency_scope([dep]):
        assert getattr(state, graph_builder.slot_name_custom_node_attrs) == {"k": 1}
        assert getattr(state, graph_builder.slot_name_control_dependency_nodes) == [dep]
    assert getattr(state, graph_builder.slot_name_custom_node_attrs) == {}
    assert getattr(state, graph_builder.slot_name_control_dependency_nodes) == []
