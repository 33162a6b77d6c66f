"""Delete ``Add(x, 0)``, and say why a match is refused: the pass the tracer example debugs.

``meet_requirements`` tells the match tracer why it refuses a match through
``context.set_error_message``; without a trace nobody reads the message.
"""

from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass


def _scalar(value):
    while isinstance(value, list):
        if len(value) != 1:
            return None
        value = value[0]
    return value


@register_fusion_pass(name="DebugAddZeroPass", stage=PassStage.BEFORE_INFER_SHAPE)
class DebugAddZeroPass(PatternFusionPass):
    @pattern
    def add_zero(self, inputs):
        return inputs[0] + 0

    def meet_requirements(self, match_result, context):
        for node in match_result.get_matched_nodes():
            if node.type == "Const":
                value = _scalar(node.get_attr("value").data)
                if value != 0:
                    context.set_error_message(f"{node.name} holds {value}, not 0")
                    return False
        return True

    def replacement(self, inputs):
        return inputs[0]
