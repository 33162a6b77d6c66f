"""A model whose middle node is a Python custom operator: y = Relu(com.example::ScaledAdd(x, b;
alpha=0.5)) for x, b float32 [2, 3]. The ONNX plugin of examples/custom_op/plugins maps the node
onto the GE op ScaledAdd, which the custom op of the same directory defines (prototype,
infer_meta, execute)."""

from __future__ import annotations

import onnx
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common

DOMAIN = "com.example"


def build_model(opset: int = 17):
    """x, b float32 [2, 3] -> com.example::ScaledAdd(x, b; alpha=0.5) -> Relu -> y."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    b = helper.make_tensor_value_info("b", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    nodes = [
        helper.make_node(
            "ScaledAdd", ["x", "b"], ["s"], name="scaled_add", domain=DOMAIN, alpha=0.5
        ),
        helper.make_node("Relu", ["s"], ["y"], name="relu"),
    ]
    graph = helper.make_graph(nodes, "scaled_add_custom_op", [x, b], [y])
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", opset), helper.make_opsetid(DOMAIN, 1)],
        producer_name="ge_py.tests.models.scaled_add_custom_op",
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def build_reference_model(opset: int = 17):
    """The same computation in standard ONNX ops, for onnxruntime: Relu(Add(x, Mul(b, 0.5)))."""
    model = build_model(opset)
    alpha = helper.make_tensor("alpha", TensorProto.FLOAT, [], [0.5])
    nodes = [
        helper.make_node("Mul", ["b", "alpha"], ["scaled"], name="scale"),
        helper.make_node("Add", ["x", "scaled"], ["s"], name="add"),
        helper.make_node("Relu", ["s"], ["y"], name="relu"),
    ]
    graph = helper.make_graph(
        nodes, "scaled_add_reference", model.graph.input, model.graph.output, [alpha]
    )
    reference = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    reference.ir_version = 8
    onnx.checker.check_model(reference)
    return reference


def main(argv=None) -> int:
    return _common.run_cli(build_model, "scaled_add_custom_op.onnx", argv)


if __name__ == "__main__":
    _common.exit_with(main())
