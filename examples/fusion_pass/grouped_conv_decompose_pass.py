"""Decompose a grouped ``Conv2D`` into per-group convolutions (a DecomposePass).

``Conv2D(x, filter[, bias], groups=g)`` (NCHW) becomes: split x along C and filter/bias along
Cout into g pieces, one ``Conv2D(groups=1)`` per piece, and a ``ConcatV2`` along C.
The replacement's Data k binds to the node's input k (x, filter, bias).
"""

from ge.es.all import ConcatV2, Conv2D, Split

from ge.es.graph_builder import GraphBuilder
from ge.passes import DecomposePass, PassStage, register_decompose_pass

_CONV_ATTRS = ("strides", "pads", "dilations")


def _has_input(node, index):
    if index >= node.get_inputs_size():
        return False
    try:
        node.get_in_data_nodes_and_port_indexes(index)
    except RuntimeError:  # optional input declared but not connected
        return False
    return True


@register_decompose_pass(
    name="PythonGroupedConvDecomposePass",
    stage=PassStage.AFTER_INFER_SHAPE,
    op_types=["Conv2D"],
)
class PythonGroupedConvDecomposePass(DecomposePass):
    def meet_requirements(self, node):
        if not node.has_attr("groups") or int(node.get_attr("groups")) <= 1:
            return False
        if node.get_attr("data_format") != "NCHW" or _has_input(node, 3):
            return False  # NHWC filters and int8 offset_w are out of scope for this example
        # Depthwise convolutions (groups == C) have their own kernel: splitting them into C
        # single-channel convolutions would only slow the model down.
        channels = list(node.get_input_desc(0).get_shape())[1]
        return int(node.get_attr("groups")) < channels

    def replacement(self, node):
        groups = int(node.get_attr("groups"))
        attrs = {name: list(node.get_attr(name)) for name in _CONV_ATTRS}
        builder = GraphBuilder(f"{node.name}_decomposed")
        x, weights = builder.create_inputs(2)
        bias = builder.create_input(2) if _has_input(node, 2) else None

        xs = Split(builder.create_scalar_int32(1), x, groups, num_split=groups)
        ws = Split(builder.create_scalar_int32(0), weights, groups, num_split=groups)
        bs = (
            Split(builder.create_scalar_int32(0), bias, groups, num_split=groups)
            if bias is not None
            else [None] * groups
        )
        outputs = [
            Conv2D(xs[g], ws[g], bs[g], None, groups=1, data_format="NCHW", **attrs)
            for g in range(groups)
        ]
        y = ConcatV2(outputs, builder.create_scalar_int32(1), N=groups)
        return builder.build_and_reset([y])
