"""ge.es.tensor_like helpers."""

from __future__ import annotations

import pytest

from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import _flatten_and_infer_shape
from ge.es.tensor_like import (
    Number,
    TensorLike,
    _unflatten,
    convert_to_tensor_holder,
    resolve_builder,
)
from ge.graph import DataType


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([], ([], [0])),
        ([1, 2, 3], ([1, 2, 3], [3])),
        ([[1, 2], [3, 4]], ([1, 2, 3, 4], [2, 2])),
        ([[[1.5], [2]]], ([1.5, 2], [1, 2, 1])),
        (7, ([7], [])),
    ],
)
def test_flatten_and_infer_shape(value, expected):
    assert _flatten_and_infer_shape(value) == expected


def test_flatten_rejects_ragged_lists():
    with pytest.raises(
        ValueError, match="Irregular nested list: all sub-lists must have the same shape"
    ):
        _flatten_and_infer_shape([[1, 2], [3]])


@pytest.mark.parametrize("value", [["1"], [[]], [None], "abc"])
def test_flatten_rejects_non_numeric_leaves(value):
    with pytest.raises(TypeError, match=r"Value must be int\|float or nested lists of int\|float"):
        _flatten_and_infer_shape(value)


def test_unflatten():
    assert _unflatten([1, 2, 3, 4, 5, 6], [2, 3]) == [[1, 2, 3], [4, 5, 6]]
    assert _unflatten([1, 2, 3, 4, 5, 6], [3, 2, 1]) == [[[1], [2]], [[3], [4]], [[5], [6]]]
    with pytest.raises(ValueError, match="Shape cannot be empty"):
        _unflatten([1], [])
    with pytest.raises(ValueError, match="Length of list 3 does not match shape 4"):
        _unflatten([1, 2, 3], [2, 2])


def test_conversion_of_numbers_and_lists(builder):
    holder = builder.create_input(0)
    assert convert_to_tensor_holder(None, builder) is None
    assert convert_to_tensor_holder(holder, builder) is holder
    int_scalar = convert_to_tensor_holder(3, builder)._get_node_snapshot().get_attr("value")
    assert (int_scalar.get_data_type(), int_scalar.get_shape()) == (DataType.DT_INT64, [])
    as_bool = convert_to_tensor_holder(True, builder)._get_node_snapshot().get_attr("value")
    assert as_bool.get_data_type() == DataType.DT_INT64
    float_scalar = convert_to_tensor_holder(2.5, builder)._get_node_snapshot().get_attr("value")
    assert float_scalar.get_data_type() == DataType.DT_FLOAT
    ints = convert_to_tensor_holder([[1, 2], [3, 4]], builder)._get_node_snapshot()
    assert ints.get_attr("value").get_data_type() == DataType.DT_INT64
    assert ints.get_attr("value").get_shape() == [2, 2]
    mixed = convert_to_tensor_holder([1, 2.5], builder)._get_node_snapshot()
    assert mixed.get_attr("value").get_data_type() == DataType.DT_FLOAT


def test_conversion_type_error(builder):
    with pytest.raises(
        TypeError,
        match=r"Value must be TensorHolder or int\|float or nested lists of int\|float or None",
    ):
        convert_to_tensor_holder("1", builder)


def test_resolve_builder():
    first = GraphBuilder("first")
    second = GraphBuilder("second")
    held = second.create_input(0)
    assert resolve_builder(None, first, held) is first
    assert resolve_builder(1, held, first) is second
    with pytest.raises(
        ValueError, match="At least one argument is required to resolve GraphBuilder"
    ):
        resolve_builder()
    with pytest.raises(
        ValueError,
        match="Please ensure at least one input tensor or an explicit owner_builder is provided "
        "when supported",
    ):
        resolve_builder(None, 1, [2.0])


def test_number_and_tensor_like_aliases():
    # GE code annotates with these; Number is a scalar, TensorLike also a nested list of them.
    assert set(Number.__args__) == {int, float}
    assert set(Number.__args__) < set(TensorLike.__args__)
