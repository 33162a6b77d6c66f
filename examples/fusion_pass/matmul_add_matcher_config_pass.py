"""``MatMul(a, b) + Const`` -> ``GEMM(a, b, Const, 1, 1)``, matched strictly through a
``PatternMatcherConfig``.

Two switches make the matcher stricter than "same op types and topology":

- ``enable_const_value_match()``: the Add's Const must hold exactly the pattern's value
  (bit for bit, same dtype and shape), here ``[[0.1, 0.1], [0.1, 0.1]]`` float32;
- ``enable_ir_attr_match()``: the MatMul's IR attributes must equal the pattern's, here
  ``transpose_x1=False, transpose_x2=False``.

A MatMul with ``transpose_x1=True`` or an Add of another constant is left alone. Because the
constant is fixed by the match, the replacement builds the same constant again.
"""

from ge.es.all import GEMM, MatMul

from ge.es.graph_builder import GraphBuilder
from ge.passes import (
    PassStage,
    PatternFusionPass,
    PatternMatcherConfigBuilder,
    create_pattern,
    create_replacement,
    register_fusion_pass,
)

BIAS = [0.1, 0.1, 0.1, 0.1]
BIAS_SHAPE = [2, 2]


@register_fusion_pass(name="PythonMatMulAddMatcherConfigPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonMatMulAddMatcherConfigPass(PatternFusionPass):
    def __init__(self):
        config = (
            PatternMatcherConfigBuilder().enable_const_value_match().enable_ir_attr_match().build()
        )
        super().__init__(config)

    def patterns(self):
        builder = GraphBuilder("matmul_add_const_pattern")
        a, b = builder.create_inputs(2)
        bias = builder.create_const_float(BIAS, BIAS_SHAPE)
        product = MatMul(a, b, None, transpose_x1=False, transpose_x2=False)
        return [create_pattern(builder.build_and_reset([product + bias]))]

    def replacement(self, match_result):
        builder = GraphBuilder("gemm_replacement")
        a, b = builder.create_inputs(2)
        bias = builder.create_const_float(BIAS, BIAS_SHAPE)
        alpha = builder.create_scalar_float(1.0)
        beta = builder.create_scalar_float(1.0)
        return create_replacement(builder.build_and_reset([GEMM(a, b, bias, alpha, beta)]))
