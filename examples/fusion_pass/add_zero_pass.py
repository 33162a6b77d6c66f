"""Delete ``Add(x, 0)``: the smallest PatternFusionPass.

Run: ``ASCEND_GE_PY_PASS_PATH=examples/fusion_pass/add_zero_pass.py pyatc --model=m.onnx ...``
"""

from math import fabs

from ge.graph.types import DataType
from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass


def _scalar_value(value):
    # A Const holding [[0]] or [0] is still a scalar zero; anything with more elements is not.
    while isinstance(value, list):
        if len(value) != 1:
            return None
        value = value[0]
    return value


def _is_zero(tensor):
    value = _scalar_value(tensor.data)
    if value is None:
        return False
    if tensor.data_type == DataType.DT_FLOAT:
        return fabs(float(value)) < 1e-6
    if tensor.data_type == DataType.DT_DOUBLE:
        return fabs(float(value)) < 1e-15
    if tensor.data_type in (DataType.DT_INT32, DataType.DT_INT64):
        return int(value) == 0
    return False


@register_fusion_pass(name="PythonAddZeroPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonAddZeroPass(PatternFusionPass):
    @pattern
    def add_zero(self, inputs):
        # The 0th external input plus a constant; the matcher compares op types, not values.
        return inputs[0] + 0

    def meet_requirements(self, match_result):
        # The value check happens here, with a tolerance the strict const-value matcher lacks.
        for node in match_result.get_matched_nodes():
            if node.type != "Const":
                continue
            return _is_zero(node.get_attr("value"))
        return False

    def replacement(self, inputs):
        # Output 0 of the match is replaced by external input 0: the Add disappears.
        return inputs[0]
