"""ge.onnx_plugin._bridge: the functions the bridge library calls."""

from __future__ import annotations

import ctypes
from types import SimpleNamespace

import pytest

from ge.onnx_plugin import _bridge, onnx_plugin


@pytest.fixture
def recorded_operator(monkeypatch):
    """The Operator C functions replaced by recorders (the handle is never dereferenced)."""
    from ge.graph import operator

    calls = []

    def record(kind):
        def call(handle, name, *rest):
            calls.append((kind, name.decode(), *[getattr(v, "value", v) for v in rest[:1]]))
            return 0

        return call

    lib = operator.graph_lib
    monkeypatch.setattr(lib, "GeApiWrapper_Operator_SetAttr", record("attr"))
    monkeypatch.setattr(lib, "GeApiWrapper_Operator_DynamicInputRegister", record("dynamic_input"))
    monkeypatch.setattr(lib, "GeApiWrapper_Operator_InputRegister", record("input"))
    return calls


def _node(**attrs):
    return SimpleNamespace(
        name="n",
        origin_type="test.domain::1::Source",
        inputs=("a", "b"),
        outputs=("y",),
        attrs=attrs,
    )


def test_call_parse_node_dispatches_and_invalidates_the_operator(recorded_operator):
    seen = {}

    @onnx_plugin(source="Source", domain="test.domain", opsets=(1,), target="T").parse_node
    def parse(node, target):
        seen["node"], seen["target"] = node, target
        target.set_attr("alpha", node.attrs["alpha"])
        target.register_dynamic_input("x", len(node.inputs))
        target.set_attr("N", len(node.inputs))

    node = _node(alpha=0.5)
    assert _bridge.call_parse_node("test.domain::1::Source", node, 0x1234) is None
    assert seen["node"] is node
    assert [call[:2] for call in recorded_operator] == [
        ("attr", "alpha"),
        ("dynamic_input", "x"),
        ("attr", "N"),
    ]
    assert recorded_operator[1][2] == 2
    with pytest.raises(RuntimeError, match="only valid inside parse_node"):
        _ = seen["target"].name


def test_unknown_origin_type_raises_before_any_operator_exists(monkeypatch):
    from ge.graph import operator

    monkeypatch.setattr(operator, "create_operator", None)
    with pytest.raises(KeyError, match=r"not registered.*test\.domain::1::Missing"):
        _bridge.call_parse_node("test.domain::1::Missing", _node(), ctypes.c_void_p(1))


def test_a_raising_callback_propagates_and_the_operator_is_invalidated(recorded_operator):
    kept = []

    @onnx_plugin(source="Source", domain="test.domain", opsets=(1,), target="T").parse_node
    def parse(node, target):
        kept.append(target)
        raise LookupError("no such thing")

    with pytest.raises(LookupError, match="no such thing"):
        _bridge.call_parse_node("test.domain::1::Source", _node(), 0x1234)
    with pytest.raises(RuntimeError, match="only valid inside parse_node"):
        kept[0].set_attr("a", 1)


@pytest.mark.parametrize("result", [False, 0, "", object()])
def test_a_result_other_than_none_is_an_error(recorded_operator, result):
    @onnx_plugin(source="Source", domain="test.domain", opsets=(1,), target="T").parse_node
    def parse(node, target):
        return result

    with pytest.raises(TypeError, match=r"^ONNX Plugin parse_node callback must return None$"):
        _bridge.call_parse_node("test.domain::1::Source", _node(), 0x1234)


def test_bad_handles_are_refused():
    @onnx_plugin(source="Source", domain="test.domain", opsets=(1,), target="T").parse_node
    def parse(node, target):
        pass

    for handle, message in ((None, "cannot be None"), (0, "cannot be null")):
        with pytest.raises(ValueError, match=message):
            _bridge.call_parse_node("test.domain::1::Source", _node(), handle)


def test_load_and_get_descriptors_reads_the_path(tmp_path, monkeypatch):
    plugin = tmp_path / "bridge_source.py"
    plugin.write_text(
        "from ge.onnx_plugin import onnx_plugin\n"
        "@onnx_plugin(source='BridgeSource', domain='test.domain', opsets=(1,), target='T')"
        ".parse_node\n"
        "def parse(node, target):\n    pass\n"
    )
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(plugin))
    (descriptor,) = _bridge.load_and_get_onnx_plugin_descriptors()
    assert descriptor["source"] == "BridgeSource"
    assert descriptor["origin_types"] == ["test.domain::1::BridgeSource"]


def test_the_plugin_table_has_one_row_per_origin_type_and_isolates_failures(tmp_path, monkeypatch):
    good = tmp_path / "good.py"
    good.write_text(
        "from ge.onnx_plugin import onnx_plugin\n"
        "@onnx_plugin(source='S', domain='d', opsets=(1, 3), target='T',"
        " override_builtin=True).parse_node\n"
        "def parse(node, target):\n    pass\n"
    )
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from ge.onnx_plugin import onnx_plugin\n"
        "@onnx_plugin(source='Half', domain='d', opsets=(1,), target='T').parse_node\n"
        "def parse(node, target):\n    pass\n"
        "raise RuntimeError('broken plugin')\n"
    )
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", f"{good}:{bad}:{tmp_path / 'opp_root'}")
    table = _bridge._load_plugin_table(False)
    assert [(row["origin_type"], row["opset"]) for row in table["rows"]] == [
        ("d::1::S", 1),
        ("d::3::S", 3),
    ]
    row = table["rows"][0]
    assert row["plugin_file"] == str(good) and row["qualname"] == "parse"
    assert row["override_builtin"] is True and row["target"] == "T"
    (error,) = table["errors"]
    assert str(bad) in error and "RuntimeError: broken plugin" in error
    with pytest.raises(RuntimeError, match="broken plugin"):
        _bridge._load_plugin_table(True)
