"""Delete ``Add(x, 0.0)`` using the matcher's strict Const-value comparison.

Strict means bit-exact: ``0.0`` float matches only a float Const holding exactly 0.0 (no tolerance,
no int/float normalization). Use ``meet_requirements`` (see add_zero_pass.py) when you need either.
"""

from ge.passes import (
    PassStage,
    PatternFusionPass,
    PatternMatcherConfigBuilder,
    pattern,
    register_fusion_pass,
)


@register_fusion_pass(name="PythonAddZeroConstValueMatchPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonAddZeroConstValueMatchPass(PatternFusionPass):
    def __init__(self):
        super().__init__(PatternMatcherConfigBuilder().enable_const_value_match().build())

    @pattern
    def add_zero(self, inputs):
        return inputs[0] + 0.0

    def replacement(self, inputs):
        return inputs[0]
