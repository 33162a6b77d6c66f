"""Registry, descriptors and the registration decorators."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from ge.passes import (
    DecomposePass,
    FusionBasePass,
    PassStage,
    PatternFusionPass,
    bootstrap,
    clear_registered_passes,
    get_registered_pass_by_descriptor_key,
    get_registered_pass_dicts,
    get_registered_passes,
    register_decompose_pass,
    register_fusion_pass,
    registry,
)

STAGE = PassStage.BEFORE_INFER_SHAPE


def _fusion(name: str, base=FusionBasePass, class_name: str = "Local", **kwargs):
    cls = type(class_name, (base,), {})
    return register_fusion_pass(name=name, stage=STAGE, **kwargs)(cls)


def test_register_fusion_pass_returns_the_same_class_and_records_a_descriptor():
    class MyPass(FusionBasePass):
        def run(self, graph, context):
            return None

    assert register_fusion_pass(name="MyPassName", stage=STAGE)(MyPass) is MyPass
    (descriptor,) = get_registered_passes()
    assert isinstance(descriptor, registry.PassDescriptor)
    assert descriptor.descriptor_key == f"{__name__}:MyPass:MyPassName"
    assert descriptor.pass_name == "MyPassName"
    assert descriptor.module_name == __name__
    assert descriptor.class_name == "MyPass"
    assert descriptor.stage is STAGE
    assert descriptor.kind == registry.PASS_KIND_FUSION_BASE == "fusion_base"
    assert descriptor.cls is MyPass
    assert descriptor.op_types == []
    assert MyPass.__ge_pass_descriptor__ is descriptor


def test_descriptor_key_uses_the_class_name_not_the_qualified_name():
    cls = _fusion("Nested", class_name="Inner")
    cls.__qualname__ = "Outer.Inner"
    assert get_registered_passes()[0].descriptor_key == f"{cls.__module__}:Inner:Nested"


def test_descriptor_is_a_frozen_dataclass_with_fields_in_reference_order():
    order = [
        "descriptor_key",
        "pass_name",
        "module_name",
        "class_name",
        "stage",
        "kind",
        "cls",
        "op_types",
    ]
    assert [field.name for field in dataclasses.fields(registry.PassDescriptor)] == order
    _fusion("Frozen")
    descriptor = get_registered_passes()[0]
    values = [getattr(descriptor, name) for name in order]
    rebuilt = registry.PassDescriptor(*values)
    assert rebuilt == descriptor and rebuilt is not descriptor
    assert rebuilt != registry.PassDescriptor(*values[:-1], ["Add"])
    assert (
        repr(descriptor)
        == "PassDescriptor("
        + ", ".join(f"{name}={value!r}" for name, value in zip(order, values))
        + ")"
    )
    assert registry.PassDescriptor(*values[:-1]).op_types == []
    with pytest.raises(TypeError):  # op_types is a list: unhashable, like the dataclass
        hash(descriptor)
    assert copy.copy(descriptor) == descriptor
    assert copy.deepcopy(descriptor) == descriptor
    with pytest.raises(dataclasses.FrozenInstanceError):
        descriptor.pass_name = "other"
    with pytest.raises(dataclasses.FrozenInstanceError):
        del descriptor.kind


def test_bridge_dict_has_exactly_the_bridge_keys_and_a_fresh_op_types_list():
    cls = register_decompose_pass(name="Dec", stage=PassStage.AFTER_INFER_SHAPE, op_types=["Add"])(
        type("Dec", (DecomposePass,), {})
    )
    descriptor = get_registered_passes()[0]
    bridge_dict = descriptor.to_bridge_dict()
    assert bridge_dict == {
        "descriptor_key": f"{cls.__module__}:Dec:Dec",
        "pass_name": "Dec",
        "module_name": cls.__module__,
        "class_name": "Dec",
        "stage": "AfterInferShape",
        "kind": "decompose",
        "op_types": ["Add"],
    }
    assert type(bridge_dict["stage"]) is str
    bridge_dict["op_types"].append("Mul")
    assert descriptor.op_types == ["Add"]


def test_kind_defaults_follow_the_base_class():
    _fusion("Base")
    _fusion("Pattern", base=PatternFusionPass, class_name="PatternLocal")
    assert [d["kind"] for d in get_registered_pass_dicts()] == ["fusion_base", "pattern_fusion"]


def test_listing_keeps_registration_order_and_is_a_snapshot():
    for name in ("C", "A", "B"):
        _fusion(name, class_name=f"Cls{name}")
    snapshot = get_registered_passes()
    assert [d.pass_name for d in snapshot] == ["C", "A", "B"]
    snapshot.clear()
    assert len(get_registered_passes()) == 3


def test_duplicate_descriptor_key_is_rejected_before_the_name():
    cls = type("Dup", (FusionBasePass,), {})
    register_fusion_pass(name="DupName", stage=STAGE)(cls)
    with pytest.raises(ValueError) as info:
        register_fusion_pass(name="DupName", stage=STAGE)(cls)
    assert str(info.value) == (
        f"python pass descriptor_key already exists: {cls.__module__}:Dup:DupName"
    )


def test_duplicate_pass_name_is_rejected_across_kinds_and_changes_nothing():
    _fusion("Shared", class_name="First")
    with pytest.raises(ValueError, match=r"^python pass name already exists: Shared$"):
        register_decompose_pass(name="Shared", stage=STAGE, op_types=["Add"])(
            type("Second", (DecomposePass,), {})
        )
    assert [d.class_name for d in get_registered_passes()] == ["First"]


def test_lookup_by_descriptor_key():
    cls = _fusion("Lookup")
    key = f"{cls.__module__}:Local:Lookup"
    assert get_registered_pass_by_descriptor_key(key).cls is cls
    assert get_registered_pass_by_descriptor_key("missing:key:x") is None


def test_clear_empties_the_registry_but_classes_keep_their_descriptor():
    cls = _fusion("Cleared")
    clear_registered_passes()
    assert get_registered_passes() == []
    assert cls.__ge_pass_descriptor__.pass_name == "Cleared"
    _fusion("Cleared")  # the name is free again


def test_register_fusion_pass_arguments_are_keyword_only():
    with pytest.raises(TypeError):
        register_fusion_pass("Name", STAGE)
    with pytest.raises(TypeError):
        register_decompose_pass("Name", STAGE, ["Add"])


@pytest.mark.parametrize("target", [object(), 3, FusionBasePass().run, type("NotAPass", (), {})])
def test_register_fusion_pass_requires_a_fusion_base_pass_subclass(target):
    with pytest.raises(
        TypeError, match=r"^register_fusion_pass expects a FusionBasePass subclass$"
    ):
        register_fusion_pass(name="X", stage=STAGE)(target)


def test_register_fusion_pass_refuses_decompose_classes():
    with pytest.raises(TypeError, match=r"use register_decompose_pass$"):
        register_fusion_pass(name="X", stage=STAGE)(type("Dec", (DecomposePass,), {}))
    assert get_registered_passes() == []


def test_explicit_kind_must_be_known_and_match_the_class():
    with pytest.raises(ValueError, match=r"kind must be 'fusion_base' or 'pattern_fusion'"):
        register_fusion_pass(name="X", stage=STAGE, kind="legacy")
    with pytest.raises(TypeError, match=r"does not match class"):
        _fusion("X", kind="pattern_fusion")
    cls = _fusion("Y", base=PatternFusionPass, kind="pattern_fusion")
    assert cls.__ge_pass_descriptor__.kind == "pattern_fusion"


@pytest.mark.parametrize(
    ("name", "error"), [(None, TypeError), (3, TypeError), ("", ValueError), ("  ", ValueError)]
)
def test_pass_name_must_be_a_non_empty_string(name, error):
    with pytest.raises(error, match=r"^register_fusion_pass name must be"):
        register_fusion_pass(name=name, stage=STAGE)


def test_stage_strings_equal_to_a_stage_value_are_converted():
    cls = register_fusion_pass(name="FromString", stage="AfterInferShape")(
        type("FromString", (FusionBasePass,), {})
    )
    assert cls.__ge_pass_descriptor__.stage is PassStage.AFTER_INFER_SHAPE


@pytest.mark.parametrize("stage", ["AfterAssignLogicStream", "bogus", 0, None])
def test_unknown_stage_is_rejected_at_decoration_time(stage):
    with pytest.raises(TypeError, match=r"^register_decompose_pass stage must be one of"):
        register_decompose_pass(name="X", stage=stage, op_types=["Add"])


@pytest.mark.parametrize("op_types", ["Add", b"Add", 3, None])
def test_op_types_must_be_an_iterable_of_strings(op_types):
    with pytest.raises(
        TypeError, match=r"^register_decompose_pass op_types must be an iterable of strings$"
    ):
        register_decompose_pass(name="X", stage=STAGE, op_types=op_types)


def test_op_types_must_not_be_empty():
    with pytest.raises(
        ValueError, match=r"^register_decompose_pass requires at least one op type$"
    ):
        register_decompose_pass(name="X", stage=STAGE, op_types=[])


@pytest.mark.parametrize("op_types", [["Add", ""], ["Add", 3], [None]])
def test_op_types_must_contain_non_empty_strings(op_types):
    with pytest.raises(
        TypeError, match=r"^register_decompose_pass op_types must contain non-empty strings$"
    ):
        register_decompose_pass(name="X", stage=STAGE, op_types=op_types)


def test_op_types_generator_is_materialized_once_at_factory_call():
    consumed = []

    def generate():
        for op_type in ("Add", "Mul"):
            consumed.append(op_type)
            yield op_type

    decorator = register_decompose_pass(name="Gen", stage=STAGE, op_types=generate())
    assert consumed == ["Add", "Mul"]
    cls = decorator(type("Gen", (DecomposePass,), {}))
    assert cls.op_types == ["Add", "Mul"]
    assert cls.__ge_pass_descriptor__.op_types == ["Add", "Mul"]
    assert cls.__ge_pass_descriptor__.kind == registry.PASS_KIND_DECOMPOSE


def test_register_decompose_pass_requires_a_decompose_subclass():
    with pytest.raises(
        TypeError, match=r"^register_decompose_pass expects a DecomposePass subclass$"
    ):
        register_decompose_pass(name="X", stage=STAGE, op_types=["Add"])(
            type("NotDecompose", (PatternFusionPass,), {})
        )


def test_op_types_survive_a_duplicate_registration_failure():
    _fusion("Taken")
    cls = type("Late", (DecomposePass,), {})
    with pytest.raises(ValueError, match="name already exists"):
        register_decompose_pass(name="Taken", stage=STAGE, op_types=["Relu"])(cls)
    assert cls.op_types == ["Relu"]


def test_bootstrap_get_registered_passes_returns_dicts_unlike_the_package_function():
    _fusion("Dicts")
    assert bootstrap.get_registered_passes() == get_registered_pass_dicts()
    assert isinstance(bootstrap.get_registered_passes()[0], dict)
    assert isinstance(get_registered_passes()[0], registry.PassDescriptor)
