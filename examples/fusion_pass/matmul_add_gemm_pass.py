"""Fuse ``MatMul(a, b) + c`` into ``GEMM(a, b, c, 1, 1)`` with expression patterns.

ONNX MatMul is imported as BatchMatMulV2, TensorFlow's as MatMul, so there is one @pattern per
form. Captures are automatic: a, b, c are captured tensors 0..2 and the Add output is 3.
"""

from ge.es.all import GEMM, BatchMatMulV2, MatMul

from ge.passes import PassContext, PassStage, PatternFusionPass, pattern, register_fusion_pass

_TRANSPOSE_ATTRS = {
    "MatMul": ("transpose_x1", "transpose_x2"),
    "BatchMatMulV2": ("adj_x1", "adj_x2"),
}


def _option(context, key):
    try:
        return context.get_option_value(key)
    except RuntimeError:  # option not set
        return ""


@register_fusion_pass(name="PythonMatMulAddToGemmPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonMatMulAddToGemmPass(PatternFusionPass):
    @pattern
    def matmul_add(self, inputs):
        a, b, c = inputs[:3]
        return MatMul(a, b) + c

    @pattern
    def batch_matmul_add(self, inputs):
        a, b, c = inputs[:3]
        return BatchMatMulV2(a, b) + c

    def meet_requirements(self, match_result):
        # GEMM is 2-D only; a batched product must stay as it is.
        a = match_result.get_captured_tensor(0)
        b = match_result.get_captured_tensor(1)
        ranks = [len(io.node.get_output_desc(io.index).get_shape()) for io in (a, b)]
        return ranks == [2, 2]

    def replacement(self, inputs, match_result, context: PassContext):
        # The third parameter is named exactly "context", so it receives the PassContext.
        if context is not None and _option(context, "ge.custom.gemm_keep_matmul") == "1":
            context.set_error_message("GEMM fusion disabled by ge.custom.gemm_keep_matmul")
        a, b, c = inputs[:3]
        transpose_a = transpose_b = False
        for node in match_result.get_matched_nodes():
            names = _TRANSPOSE_ATTRS.get(node.type)
            if names is None:
                continue
            transpose_a = bool(node.get_attr(names[0])) if node.has_attr(names[0]) else False
            transpose_b = bool(node.get_attr(names[1])) if node.has_attr(names[1]) else False
            break
        return GEMM(a, b, c, 1.0, 1.0, transpose_a=transpose_a, transpose_b=transpose_b)
