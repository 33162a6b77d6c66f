"""PassStage values sent to the C++ bridge."""

from __future__ import annotations

from enum import Enum

from ge.passes import PassStage


def test_pass_stage_is_a_str_enum_with_the_bridge_values():
    assert issubclass(PassStage, str) and issubclass(PassStage, Enum)
    assert [(m.name, m.value) for m in PassStage] == [
        ("BEFORE_INFER_SHAPE", "BeforeInferShape"),
        ("AFTER_INFER_SHAPE", "AfterInferShape"),
        ("AFTER_BUILTIN_FUSION_PASS", "AfterBuiltinFusionPass"),
        ("AFTER_ORIGIN_GRAPH_OPTIMIZE", "AfterOriginGraphOptimize"),
    ]


def test_pass_stage_members_compare_equal_to_their_string_value():
    assert PassStage.BEFORE_INFER_SHAPE == "BeforeInferShape"
    assert PassStage("AfterInferShape") is PassStage.AFTER_INFER_SHAPE
