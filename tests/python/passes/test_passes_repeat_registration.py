"""repeat_until_unchanged, ge_py's registration keyword for repeating a pass (docs/python_passes.md,
"Repeating a pass"): checked at decoration time, carried to the bridge only when given."""

from __future__ import annotations

import pytest

from ge.passes import (
    DecomposePass,
    FusionBasePass,
    PassStage,
    get_registered_pass_dicts,
    get_registered_passes,
    register_decompose_pass,
    register_fusion_pass,
    registry,
)

STAGE = PassStage.BEFORE_INFER_SHAPE


def test_default_registration_is_unchanged():
    register_fusion_pass(name="Once", stage=STAGE)(type("Once", (FusionBasePass,), {}))
    (descriptor,) = get_registered_passes()
    assert registry.get_repeat_until_unchanged(descriptor) is None
    (as_dict,) = get_registered_pass_dicts()
    assert sorted(as_dict) == [
        "class_name",
        "descriptor_key",
        "kind",
        "module_name",
        "op_types",
        "pass_name",
        "stage",
    ]


def test_fusion_pass_bound_reaches_the_descriptor_and_the_bridge_dict():
    cls = type("Repeated", (FusionBasePass,), {})
    assert register_fusion_pass(name="Repeated", stage=STAGE, repeat_until_unchanged=8)(cls) is cls
    (descriptor,) = get_registered_passes()
    assert registry.get_repeat_until_unchanged(descriptor) == 8
    assert get_registered_pass_dicts()[0]["repeat_until_unchanged"] == 8
    registry.clear_registered_passes()
    assert registry.get_repeat_until_unchanged(descriptor) is None


def test_decompose_pass_takes_the_keyword_too():
    cls = type("RepeatedDecompose", (DecomposePass,), {})
    register_decompose_pass(
        name="RepeatedDecompose", stage=STAGE, op_types=["Relu"], repeat_until_unchanged=2
    )(cls)
    (as_dict,) = get_registered_pass_dicts()
    assert as_dict["repeat_until_unchanged"] == 2 and as_dict["op_types"] == ["Relu"]


@pytest.mark.parametrize("value", [True, 3.0, "3"])
def test_a_bound_that_is_not_an_int_is_a_type_error(value):
    with pytest.raises(TypeError, match="repeat_until_unchanged must be an int"):
        register_fusion_pass(name="Bad", stage=STAGE, repeat_until_unchanged=value)
    assert get_registered_passes() == []


@pytest.mark.parametrize("value", [-1, 0, 1, 2**32])
def test_a_bound_below_two_runs_or_too_large_is_a_value_error(value):
    with pytest.raises(ValueError, match="repeat_until_unchanged must be at least 2"):
        register_decompose_pass(
            name="Bad", stage=STAGE, op_types=["Relu"], repeat_until_unchanged=value
        )
    assert get_registered_passes() == []
