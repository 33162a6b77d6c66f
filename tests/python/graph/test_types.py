"""Enumerations of ge.graph: GE's names, numbers and reprs."""

from __future__ import annotations

from enum import Enum, IntEnum

import ge.graph
from ge.graph import DataType, DumpFormat, Format, Placement
from ge.graph._attr import _AttrValue
from ge.graph.types import AttrValueType


def test_public_names():
    assert ge.graph.__all__ == [
        "Graph",
        "Node",
        "Operator",
        "DataType",
        "Format",
        "Placement",
        "Shape",
        "Tensor",
        "TensorDesc",
        "DumpFormat",
    ]


def test_data_type_values_and_repr():
    expected = {
        "DT_FLOAT": 0, "DT_FLOAT16": 1, "DT_INT8": 2, "DT_INT32": 3, "DT_UINT8": 4,
        "DT_INT16": 6, "DT_UINT16": 7, "DT_UINT32": 8, "DT_INT64": 9, "DT_UINT64": 10,
        "DT_DOUBLE": 11, "DT_BOOL": 12, "DT_STRING": 13, "DT_DUAL_SUB_INT8": 14,
        "DT_DUAL_SUB_UINT8": 15, "DT_COMPLEX64": 16, "DT_COMPLEX128": 17, "DT_QINT8": 18,
        "DT_QINT16": 19, "DT_QINT32": 20, "DT_QUINT8": 21, "DT_QUINT16": 22, "DT_RESOURCE": 23,
        "DT_STRING_REF": 24, "DT_DUAL": 25, "DT_VARIANT": 26, "DT_BF16": 27, "DT_UNDEFINED": 28,
        "DT_INT4": 29, "DT_UINT1": 30, "DT_INT2": 31, "DT_UINT2": 32, "DT_COMPLEX32": 33,
        "DT_HIFLOAT8": 34, "DT_FLOAT8_E5M2": 35, "DT_FLOAT8_E4M3FN": 36, "DT_FLOAT8_E8M0": 37,
        "DT_FLOAT6_E3M2": 38, "DT_FLOAT6_E2M3": 39, "DT_FLOAT4_E2M1": 40, "DT_FLOAT4_E1M2": 41,
        "DT_HIFLOAT4": 42, "DT_MAX": 43,
    }  # fmt: skip
    assert {m.name: m.value for m in DataType} == expected
    assert issubclass(DataType, IntEnum)
    assert repr(DataType.DT_FLOAT) == "<DataType.DT_FLOAT: 0>"
    assert DataType.DT_INT32 == 3 and DataType(9) is DataType.DT_INT64
    assert f"{DataType.DT_INT64}" == "9"


def test_format_values():
    assert Format.FORMAT_NCHW == 0 and Format.FORMAT_ND == 2
    assert Format.FORMAT_FRACTAL_NZ == 29 and Format.FORMAT_C1HWNCoC0 == 25
    assert Format.FORMAT_NULL == 42 and Format.FORMAT_END == 52 and Format.FORMAT_MAX == 53
    assert [m.value for m in Format] == list(range(54))
    assert f"{Format.FORMAT_NCHW}" == "0"


def test_placement_values_and_repr():
    assert [(m.name, m.value) for m in Placement] == [
        ("PLACEMENT_HOST", 0),
        ("PLACEMENT_DEVICE", 1),
    ]
    assert repr(Placement.PLACEMENT_DEVICE) == "<Placement.PLACEMENT_DEVICE: 1>"


def test_attr_value_type_values_and_repr():
    assert AttrValueType.VT_NONE == 0 and AttrValueType.VT_LIST_LIST_FLOAT == 12
    assert AttrValueType.VT_LIST_BASE == 1000 and AttrValueType.VT_LIST_DATA_TYPE == 1011
    for name in ["STRING", "FLOAT", "BOOL", "INT", "TENSOR_DESC", "TENSOR", "BYTES", "GRAPH"]:
        assert AttrValueType["VT_LIST_" + name] == 1000 + AttrValueType["VT_" + name]
    assert repr(AttrValueType.VT_INT) == "<AttrValueType.VT_INT: 4>"


def test_typed_setters_report_matching_value_types():
    cases = [
        ("set_string", "s", AttrValueType.VT_STRING),
        ("set_float", 1.5, AttrValueType.VT_FLOAT),
        ("set_bool", True, AttrValueType.VT_BOOL),
        ("set_int", 3, AttrValueType.VT_INT),
        ("set_data_type", DataType.DT_INT8, AttrValueType.VT_DATA_TYPE),
        ("set_list_float", [1.0], AttrValueType.VT_LIST_FLOAT),
        ("set_list_bool", [True], AttrValueType.VT_LIST_BOOL),
        ("set_list_int", [1], AttrValueType.VT_LIST_INT),
        ("set_list_data_type", [DataType.DT_INT8], AttrValueType.VT_LIST_DATA_TYPE),
        ("set_list_string", ["a"], AttrValueType.VT_LIST_STRING),
    ]
    for setter, value, value_type in cases:
        av = _AttrValue()
        assert getattr(av, setter)(value) is True
        assert av.get_value_type() == value_type
        assert av.value_type is value_type


def test_dump_format_is_a_plain_enum():
    assert not issubclass(DumpFormat, IntEnum) and issubclass(DumpFormat, Enum)
    assert [(m.name, m.value) for m in DumpFormat] == [("kOnnx", 0), ("kTxt", 1), ("kReadable", 2)]
    assert f"{DumpFormat.kOnnx}" == "DumpFormat.kOnnx"
