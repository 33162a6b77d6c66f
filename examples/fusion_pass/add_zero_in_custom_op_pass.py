"""Delete ``AddCustom(x, 0)``: a pattern written with a custom op's generated ES function.

``AddCustom`` (z = x + y) is the custom-op example of the op catalog; ``ge.es.custom`` holds the
function generated for it, as for any prototype, so the pattern is written like a built-in one.
The matched add becomes an ``Identity`` of its non-constant input.

Run: ``ASCEND_GE_PY_PASS_PATH=examples/fusion_pass/add_zero_in_custom_op_pass.py pyatc ...``
"""

from ge.es.all import Identity
from ge.es.custom import AddCustom

from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass


def _is_scalar_zero(tensor):
    value = tensor.data
    while isinstance(value, list):
        if len(value) != 1:
            return False
        value = value[0]
    return isinstance(value, (int, float)) and value == 0


@register_fusion_pass(name="PythonAddZeroInCustomOpPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonAddZeroInCustomOpPass(PatternFusionPass):
    @pattern
    def add_custom_zero(self, inputs):
        # The 0 becomes a Const in the pattern; its value is checked in meet_requirements.
        return AddCustom(inputs[0], 0)

    def meet_requirements(self, match_result):
        consts = [n for n in match_result.get_matched_nodes() if n.type == "Const"]
        return len(consts) == 1 and _is_scalar_zero(consts[0].get_attr("value"))

    def replacement(self, inputs):
        return Identity(inputs[0])
