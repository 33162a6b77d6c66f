"""ge.graph._attr._AttrValue: typed setters and getters, inference by Python type."""

from __future__ import annotations

import copy

import pytest

from ge.graph import DataType, Tensor
from ge.graph._attr import _AttrValue
from ge.graph.types import AttrValueType


@pytest.mark.parametrize("text", ["hello", "", "中文 ünïcode ✓", "tab\tnew\nline\\quote'\""])
def test_strings_round_trip(text):
    av = _AttrValue()
    assert av.set_string(text) is True
    assert av.get_string() == text
    assert av.get_value() == text


@pytest.mark.parametrize("value", [0, 1, -1, 2**63 - 1, -(2**63), True])
def test_int64_range_round_trips(value):
    av = _AttrValue()
    assert av.set_int(value) is True
    assert av.get_int() == int(value)


def test_int_out_of_range_is_rejected():
    with pytest.raises(ValueError):
        _AttrValue().set_int(2**63)


@pytest.mark.parametrize("value", [1e-6, 1e10, 1e-10, -3.5, 0.0])
def test_floats_round_trip_as_float32(value):
    av = _AttrValue()
    av.set_float(value)
    assert av.get_float() == pytest.approx(value, rel=1e-6)


def test_bools_round_trip():
    av = _AttrValue()
    av.set_bool(False)
    assert av.get_bool() is False
    av.set_bool(True)
    assert av.get_value() is True


@pytest.mark.parametrize(
    "setter, getter, values",
    [
        ("set_list_float", "get_list_float", [0.5, 1.5, -2.0]),
        ("set_list_int", "get_list_int", [1, -2, 2**62]),
        ("set_list_bool", "get_list_bool", [True, False, True]),
        ("set_list_string", "get_list_string", ["a", "", "ü"]),
    ],
)
def test_lists_round_trip(setter, getter, values):
    av = _AttrValue()
    assert getattr(av, setter)(values) is True
    assert getattr(av, getter)() == values
    assert av.get_value() == values


def test_bool_list_through_set_list_int_compares_equal():
    av = _AttrValue()
    av.set_list_int([True, False, True])
    assert av.get_list_int() == [True, False, True]
    assert av.get_value_type() == AttrValueType.VT_LIST_INT


@pytest.mark.parametrize(
    "setter",
    ["set_list_float", "set_list_int", "set_list_bool", "set_list_data_type", "set_list_string"],
)
def test_empty_lists_are_rejected(setter):
    with pytest.raises(ValueError, match="^Empty list is not supported$"):
        getattr(_AttrValue(), setter)([])


def test_data_type_scalar_and_list():
    av = _AttrValue()
    av.set_data_type(DataType.DT_INT64)
    assert av.get_data_type() is DataType.DT_INT64
    assert av.get_value() is DataType.DT_INT64
    av.set_list_data_type([DataType.DT_FLOAT, DataType.DT_INT8])
    values = av.get_list_data_type()
    assert values == [0, 2] and all(type(v) is int for v in values)


def test_set_value_maps_data_type_list_to_list_int():
    av = _AttrValue()
    av.set_value([DataType.DT_FLOAT, DataType.DT_INT8])
    assert av.get_value_type() == AttrValueType.VT_LIST_INT


def test_tensor_attr_is_copied():
    tensor = Tensor([7], data_type=DataType.DT_INT32, shape=[])
    av = _AttrValue()
    assert av.set_tensor(tensor) is True
    read = av.get_tensor()
    assert read is not tensor
    assert read.get_data_type() == DataType.DT_INT32 and read.get_data() == 7
    assert tensor.get_data() == 7  # the caller keeps its own tensor
    assert av.get_value_type() == AttrValueType.VT_TENSOR


@pytest.mark.parametrize(
    "setter, value, message",
    [
        ("set_string", None, "^Value must be a string$"),
        ("set_float", "1", "^Value must be a number$"),
        ("set_bool", 1, "^Value must be a boolean$"),
        ("set_int", 3.14, "^Value must be an integer$"),
        ("set_data_type", 0, "^Value must be a DataType$"),
        ("set_tensor", [1], "^Value must be a Tensor$"),
        ("set_list_float", (1.0,), "^Values must be a list$"),
        ("set_list_float", [1.0, "a"], "^All values must be numbers$"),
        ("set_list_int", [1, 2.0], "^All values must be integers$"),
        ("set_list_bool", [True, 1], "^All values must be booleans$"),
        ("set_list_data_type", [0], "^All values must be DataTypes$"),
        ("set_list_string", ["a", 1], "^All values must be strings$"),
    ],
)
def test_setter_type_errors(setter, value, message):
    with pytest.raises(TypeError, match=message):
        getattr(_AttrValue(), setter)(value)


def test_float_list_accepts_ints():
    av = _AttrValue()
    av.set_list_float([1, 2.5])
    assert av.get_list_float() == [1.0, 2.5]


@pytest.mark.parametrize(
    "value", [{"a": 1}, [1, "hello", True, 3.14], [1.0, 2], None, (1, 2), [[1]]]
)
def test_set_value_rejects_unsupported_values(value):
    with pytest.raises(ValueError, match="^Unsupported attribute type: "):
        _AttrValue().set_value(value)


def test_set_value_rejects_empty_list():
    with pytest.raises(ValueError, match="^Empty list is not supported$"):
        _AttrValue().set_value([])


@pytest.mark.parametrize(
    "getter, message",
    [
        ("get_string", "Failed to get string value"),
        ("get_float", "Failed to get float value"),
        ("get_bool", "Failed to get bool value"),
        ("get_int", "Failed to get int value"),
        ("get_data_type", "Failed to get DataType value"),
        ("get_tensor", "Failed to get Tensor value"),
        ("get_list_int", "Failed to get list value"),
        ("get_list_float", "Failed to get list value"),
        ("get_list_string", "Failed to get list_string value"),
    ],
)
def test_getter_on_wrong_type_fails(getter, message):
    av = _AttrValue()
    av.set_bool(True) if getter != "get_bool" else av.set_int(1)
    with pytest.raises(RuntimeError, match=f"^{message}$"):
        getattr(av, getter)()


def test_unset_value_cannot_be_read():
    av = _AttrValue()
    assert av.get_value_type() == AttrValueType.VT_NONE
    with pytest.raises(RuntimeError, match="^Unsupported attribute type: 0$"):
        av.get_value()
    assert str(av) == "AttrValue(<error reading value>)"


def test_cache_is_filled_by_reads_and_cleared_by_writes():
    av = _AttrValue()
    av.set_int(5)
    assert av._cached_value is None
    assert av.get_int() == 5
    assert (av._value_type, av._cached_value) == (AttrValueType.VT_INT, 5)
    av.set_string("x")
    assert av._cached_value is None and av._value_type is None
    assert av.get_string() == "x" and av.value_type == AttrValueType.VT_STRING


def test_str_and_repr():
    av = _AttrValue()
    av.set_string("hi")
    assert str(av) == "AttrValue(type: string, value: 'hi')"
    av.set_list_int([1, 2])
    assert repr(av) == "AttrValue(type: list_int, value: [1, 2])"


def test_instances_are_independent():
    first, second = _AttrValue(), _AttrValue()
    first.set_int(1)
    second.set_int(2)
    assert (first.get_int(), second.get_int()) == (1, 2)


def test_attr_value_cannot_be_copied():
    with pytest.raises(RuntimeError, match="^AttrValue does not support copy$"):
        copy.copy(_AttrValue())
    with pytest.raises(RuntimeError, match="^AttrValue does not support deepcopy$"):
        copy.deepcopy(_AttrValue())
