"""The ONNX side of ScaledAdd: a com.example::ScaledAdd node of an ONNX model becomes a node of
the GE op ScaledAdd (the Python custom op of scaled_add.py), so atc and pyatc compile models that
use it (tests/models/scaled_add_custom_op.py)."""

from ge.onnx_plugin import onnx_plugin

scaled_add = onnx_plugin(source="ScaledAdd", domain="com.example", opsets=(1,), target="ScaledAdd")


@scaled_add.parse_node
def parse_scaled_add(node, target):
    target.set_attr("alpha", float(node.attrs.get("alpha", 1.0)))
