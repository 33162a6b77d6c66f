"""Python ONNX plugins for the custom domain com.example (the model of
tests/models/custom_domain.py): each maps one custom op to existing GE operators.

List this file (or its directory) in ASCEND_CUSTOM_OPP_PATH; atc --framework=5, pyatc and
ge.parser.parse_onnx then import such models (docs/onnx_plugins.md).
"""

from ge.onnx_plugin import onnx_plugin

# ScaledSum(x...; scale) = scale * sum(x): only scale 1.0 maps onto AccumulateNV2.
scaled_sum = onnx_plugin(
    source="ScaledSum", domain="com.example", opsets=(1,), target="AccumulateNV2"
)


@scaled_sum.parse_node
def parse_scaled_sum(node, target):
    scale = node.attrs.get("scale", 1.0)
    if scale != 1.0:
        raise ValueError(f"ScaledSum with scale {scale} has no GE mapping here")
    count = len([name for name in node.inputs if name])
    target.register_dynamic_input("x", count)
    target.set_attr("N", count)


# Project(x, w, bias?) = x @ w (+ bias): MatMul's ports are x1, x2 and the optional bias.
project = onnx_plugin(source="Project", domain="com.example", opsets=(1,), target="MatMul")


@project.parse_node
def parse_project(node, target):
    target.set_attr("transpose_x2", bool(node.attrs.get("transpose_w", 0)))
