"""OnnxNode: the read-only snapshot a plugin's parse_node receives (built as the bridge does)."""

from __future__ import annotations

import types

import pytest

from .onnx_node_views import make_node


def test_node_has_no_python_constructor():
    from ge.onnx_plugin import OnnxNode, _native

    assert not hasattr(_native, "create_onnx_node")
    with pytest.raises(TypeError):
        OnnxNode()


def test_properties_are_fresh_snapshots():
    node = make_node(b"conv1", b"com.example::2::Project", [b"x", b"", b"w"], [b"y", b""])
    assert node.name == "conv1"
    assert node.origin_type == "com.example::2::Project"
    assert node.inputs == ("x", "", "w")
    assert node.outputs == ("y", "")
    assert node.inputs is not node.inputs
    assert not hasattr(node, "domain") and not hasattr(node, "op_type")


def test_attribute_kinds():
    node = make_node(
        b"n",
        b"d::1::T",
        [],
        [],
        [
            (b"alpha", 1, 0.1),
            (b"axis", 2, -1),
            (b"mode", 3, b"nearest"),
            (b"scales", 6, [0.5, 2.0]),
            (b"axes", 7, [1, 2]),
            (b"names", 8, [b"a", b"b"]),
            (b"empty", 7, []),
            (b"axis", 2, 3),
        ],
    )
    attrs = node.attrs
    assert isinstance(attrs, types.MappingProxyType)
    assert list(attrs) == ["alpha", "axis", "mode", "scales", "axes", "names", "empty"]
    assert attrs["alpha"] == 0.10000000149011612
    assert attrs["axis"] == 3  # a repeated name keeps the last
    assert attrs["mode"] == "nearest"
    assert attrs["scales"] == [0.5, 2.0]
    assert attrs["axes"] == [1, 2]
    assert attrs["names"] == ["a", "b"]
    assert attrs["empty"] == []
    attrs_again = node.attrs
    assert attrs_again is not attrs
    with pytest.raises(TypeError):
        attrs["new"] = 1


@pytest.mark.parametrize("onnx_type", [0, 4, 5, 9, 10, 11])
def test_an_unsupported_attribute_makes_attrs_unreadable(onnx_type):
    node = make_node(b"n", b"d::1::T", [], [], [(b"ok", 2, 1), (b"bad", onnx_type, 0)])
    with pytest.raises(
        TypeError, match=r"^OnnxNode attrs only supports int, float, string and homogeneous lists$"
    ):
        _ = node.attrs
    assert node.name == "n"


def test_empty_attribute_name_and_invalid_utf8():
    node = make_node(b"n", b"d::1::T", [], [], [(b"", 2, 1)])
    with pytest.raises(ValueError, match=r"^OnnxNode attribute name must be a non-empty string$"):
        _ = node.attrs
    node = make_node(b"n", b"d::1::T", [], [], [(b"s", 3, b"\xff")])
    with pytest.raises(UnicodeDecodeError):
        _ = node.attrs
