"""onnx_plugin(), OnnxPlugin.parse_node and the descriptor registry."""

from __future__ import annotations

import dataclasses
import sys

import pytest

import ge.onnx_plugin
from ge.onnx_plugin import OnnxPlugin, onnx_plugin, registry


def test_public_names():
    assert ge.onnx_plugin.__all__ == ["OnnxNode", "OnnxPlugin", "onnx_plugin"]
    assert "Operator" in __import__("ge.graph", fromlist=["x"]).__all__
    for name in ("decompose", "reset", "reload"):
        assert not hasattr(OnnxPlugin, name)


def test_binding_expands_normalized_opsets_into_origin_types():
    plugin = onnx_plugin(source="Elu", domain="ai.onnx", opsets=[13, 11, 13], target="Elu")
    assert isinstance(plugin, OnnxPlugin)
    assert registry.get_registered_onnx_plugins() == []

    def parse_elu(node, target):
        target.set_attr("alpha", 1.0)

    assert plugin.parse_node(parse_elu) is parse_elu
    (descriptor,) = registry.get_registered_onnx_plugins()
    assert parse_elu.__ge_onnx_plugin_descriptor__ is descriptor
    assert descriptor.opsets == (11, 13)
    assert descriptor.origin_types == ("ai.onnx::11::Elu", "ai.onnx::13::Elu")
    assert descriptor.parser_node is parse_elu
    assert descriptor.module_name == __name__
    qualname = "test_binding_expands_normalized_opsets_into_origin_types.<locals>.parse_elu"
    assert descriptor.descriptor_key == f"{__name__}:{qualname}:ai.onnx:Elu:11,13"
    assert registry.get_registered_onnx_plugin_dicts() == [descriptor.to_bridge_dict()]
    assert descriptor.to_bridge_dict() == {
        "descriptor_key": descriptor.descriptor_key,
        "source": "Elu",
        "domain": "ai.onnx",
        "opsets": [11, 13],
        "target": "Elu",
        "origin_types": ["ai.onnx::11::Elu", "ai.onnx::13::Elu"],
        "module_name": __name__,
    }
    assert registry.get_registered_onnx_plugin_by_origin_type("ai.onnx::13::Elu") is descriptor
    assert registry.get_registered_onnx_plugin_by_origin_type("ai.onnx::12::Elu") is None


def test_descriptor_is_frozen_and_compares_without_the_callback():
    @onnx_plugin(source="S", domain="d", opsets=(1,), target="T").parse_node
    def parse(node, target):
        pass

    descriptor = parse.__ge_onnx_plugin_descriptor__
    with pytest.raises(dataclasses.FrozenInstanceError):
        descriptor.target = "Other"
    assert descriptor == dataclasses.replace(descriptor, parser_node=print)


def test_disjoint_opsets_register_side_by_side():
    @onnx_plugin(source="Source", domain="test.domain", opsets=(1, 2), target="T").parse_node
    def first(node, target):
        pass

    @onnx_plugin(source="Source", domain="test.domain", opsets=(3,), target="T").parse_node
    def second(node, target):
        pass

    assert len(registry.get_registered_onnx_plugins()) == 2
    found = registry.get_registered_onnx_plugin_by_origin_type("test.domain::3::Source")
    assert found.parser_node is second


def test_overlapping_registration_is_atomic():
    @onnx_plugin(source="Source", domain="test.domain", opsets=(2,), target="T").parse_node
    def first(node, target):
        pass

    plugin = onnx_plugin(source="Source", domain="test.domain", opsets=(1, 2), target="T")

    def second(node, target):
        pass

    with pytest.raises(ValueError, match=r"origin type already exists.*test\.domain::2::Source"):
        plugin.parse_node(second)
    assert len(registry.get_registered_onnx_plugins()) == 1
    assert registry.get_registered_onnx_plugin_by_origin_type("test.domain::1::Source") is None
    found = registry.get_registered_onnx_plugin_by_origin_type("test.domain::2::Source")
    assert found.parser_node is first
    assert not hasattr(second, "__ge_onnx_plugin_descriptor__")


def test_parse_node_binds_once():
    plugin = onnx_plugin(source="S", domain="d", opsets=(1,), target="T")
    plugin.parse_node(lambda node, target: None)
    with pytest.raises(ValueError, match="parse_node is already bound"):
        plugin.parse_node(lambda node, target: None)
    assert len(registry.get_registered_onnx_plugins()) == 1


@pytest.mark.parametrize("field", ["source", "domain", "target"])
@pytest.mark.parametrize("value", [None, "", 3])
def test_string_fields_must_be_non_empty_strings(field, value):
    kwargs = {"source": "S", "domain": "d", "opsets": (1,), "target": "T", field: value}
    with pytest.raises(TypeError, match=rf"^onnx_plugin {field} must be a non-empty string$"):
        onnx_plugin(**kwargs)


@pytest.mark.parametrize("field", ["source", "domain"])
def test_source_and_domain_must_not_contain_the_separator(field):
    kwargs = {"source": "S", "domain": "d", "opsets": (1,), "target": "a::b", field: "x::y"}
    with pytest.raises(TypeError, match=rf"^onnx_plugin {field} must not contain '::'$"):
        onnx_plugin(**kwargs)


def test_fields_are_checked_in_order():
    with pytest.raises(TypeError, match="source"):
        onnx_plugin(source="", domain="", opsets=(), target="")
    with pytest.raises(TypeError, match="domain"):
        onnx_plugin(source="S", domain="", opsets=(), target="")
    with pytest.raises(ValueError, match="opsets"):
        onnx_plugin(source="S", domain="d", opsets=(), target="")


@pytest.mark.parametrize(
    ("opsets", "error", "message"),
    [
        ((), ValueError, "onnx_plugin opsets must not be empty"),
        ((True,), TypeError, "onnx_plugin opsets must contain only integers"),
        ((1.0,), TypeError, "onnx_plugin opsets must contain only integers"),
        ((0,), ValueError, "onnx_plugin opsets must contain only positive integers"),
        ((-1,), ValueError, "onnx_plugin opsets must contain only positive integers"),
        ((0, True), ValueError, "onnx_plugin opsets must contain only positive integers"),
        ((True, 0), TypeError, "onnx_plugin opsets must contain only integers"),
        ("1", TypeError, "onnx_plugin opsets must be a collection of positive integers"),
        (b"\x01", TypeError, "onnx_plugin opsets must be a collection of positive integers"),
        ((i for i in (1,)), TypeError, "onnx_plugin opsets must be a collection of positive"),
    ],
)
def test_invalid_opsets(opsets, error, message):
    with pytest.raises(error, match="^" + message):
        onnx_plugin(source="S", domain="d", opsets=opsets, target="T")


def test_opsets_accept_any_collection_and_are_sorted_and_unique():
    for opsets in ([3, 1, 3], {1, 3}, range(1, 4, 2), {1: "a", 3: "b"}):
        plugin = onnx_plugin(source="S", domain="d", opsets=opsets, target="T")
        assert plugin._opsets == (1, 3)


def test_keywords_are_required():
    with pytest.raises(TypeError):
        onnx_plugin("S", "d", (1,), "T")
    with pytest.raises(TypeError):
        onnx_plugin(source="S", domain="d", opsets=(1,))


def test_override_builtin_must_be_a_bool_and_stays_out_of_the_bridge_dict():
    with pytest.raises(TypeError, match=r"^onnx_plugin override_builtin must be a bool$"):
        onnx_plugin(source="S", domain="d", opsets=(1,), target="T", override_builtin=1)

    @onnx_plugin(source="S", domain="d", opsets=(1,), target="T", override_builtin=True).parse_node
    def parse(node, target):
        pass

    descriptor = parse.__ge_onnx_plugin_descriptor__
    assert descriptor.override_builtin is True
    assert "override_builtin" not in descriptor.to_bridge_dict()
    assert "True" not in descriptor.descriptor_key


def test_parse_node_rejects_non_functions_without_registering():
    plugin = onnx_plugin(source="S", domain="d", opsets=(1,), target="T")
    for candidate in (object(), print, str.upper, staticmethod(lambda n, t: None)):
        with pytest.raises(TypeError, match="expects a Python function"):
            plugin.parse_node(candidate)
    assert registry.get_registered_onnx_plugins() == []


def test_clear_keeps_bound_plugins_bound():
    plugin = onnx_plugin(source="S", domain="d", opsets=(1,), target="T")

    @plugin.parse_node
    def parse(node, target):
        pass

    registry.clear_registered_onnx_plugins()
    assert registry.get_registered_onnx_plugins() == []
    assert parse.__ge_onnx_plugin_descriptor__ is not None
    with pytest.raises(ValueError, match="already bound"):
        plugin.parse_node(lambda n, t: None)


def test_a_stale_descriptor_is_replaced(tmp_path):
    import types

    module = types.ModuleType("_ge_py_onnx_plugin_stale_probe")
    sys.modules[module.__name__] = module
    try:
        exec(
            "from ge.onnx_plugin import onnx_plugin\n"
            "@onnx_plugin(source='S', domain='d', opsets=(1,), target='T').parse_node\n"
            "def parse(node, target):\n    pass\n",
            module.__dict__,
        )
        old = module.parse.__ge_onnx_plugin_descriptor__
        # The module is executed again under the same name (a purge of another plugin kind).
        fresh = types.ModuleType(module.__name__)
        sys.modules[module.__name__] = fresh
        exec(
            "from ge.onnx_plugin import onnx_plugin\n"
            "@onnx_plugin(source='S', domain='d', opsets=(1,), target='T').parse_node\n"
            "def parse(node, target):\n    pass\n",
            fresh.__dict__,
        )
        (descriptor,) = registry.get_registered_onnx_plugins()
        assert descriptor.parser_node is fresh.parse and descriptor is not old
        with pytest.raises(ValueError, match="descriptor_key already exists"):
            exec(
                "from ge.onnx_plugin import onnx_plugin\n"
                "@onnx_plugin(source='S', domain='d', opsets=(1,), target='T').parse_node\n"
                "def parse(node, target):\n    pass\n",
                fresh.__dict__,
            )
    finally:
        sys.modules.pop(module.__name__, None)
