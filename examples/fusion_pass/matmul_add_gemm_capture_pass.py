"""MatMul + Add -> GEMM written the C++ way: explicit ``patterns()``, ``capture_tensor`` and a
matcher configuration.

Use this style when hooks need an intermediate tensor (here the MatMul output) that @pattern would
not capture. The pattern sets ``transpose_x1/x2=False`` and enables IR-attribute matching, so
transposed MatMuls are not matched at all.
"""

from ge.es.all import GEMM, MatMul

from ge.es.graph_builder import GraphBuilder
from ge.graph.types import DataType
from ge.passes import (
    PassStage,
    PatternFusionPass,
    PatternMatcherConfigBuilder,
    create_pattern,
    create_replacement,
    register_fusion_pass,
)

_MATMUL_OUTPUT = 0  # capture order below
_ADD_OUTPUT = 1


@register_fusion_pass(name="PythonMatMulAddToGemmCapturePass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonMatMulAddToGemmCapturePass(PatternFusionPass):
    def __init__(self):
        super().__init__(PatternMatcherConfigBuilder().enable_ir_attr_match().build())

    def patterns(self):
        builder = GraphBuilder("matmul_add_pattern")
        a, b, c = builder.create_inputs(3)
        matmul = MatMul(a, b, transpose_x1=False, transpose_x2=False)
        add = matmul + c
        pat = create_pattern(builder.build_and_reset([add]))
        pat.capture_tensor(matmul)
        pat.capture_tensor(add)
        return [pat]

    def meet_requirements(self, match_result):
        # Only float32 products: read the dtype of the intermediate MatMul output.
        matmul = match_result.get_captured_tensor(_MATMUL_OUTPUT)
        return matmul.node.get_output_desc(matmul.index).get_data_type() == DataType.DT_FLOAT

    def replacement(self, match_result):
        builder = GraphBuilder("gemm_replacement")
        a, b, c = builder.create_inputs(3)
        gemm = GEMM(a, b, c, builder.create_scalar_float(1.0), builder.create_scalar_float(1.0))
        return create_replacement(builder.build_and_reset([gemm]))
