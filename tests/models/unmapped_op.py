"""A model whose middle node uses an op the importer has no mapping for (negative tests)."""

from __future__ import annotations

from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


def build_model(opset: int = 13, op_type: str = "RandomUniformLike"):
    """Writes Relu -> RandomUniformLike (named "the_unmapped_node") -> Relu on x float32 [2, 3].

    A random op: the host runtime has no random number source, so the importer leaves it
    unmapped."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])
    if op_type == "RandomUniformLike":
        middle = helper.make_node(
            "RandomUniformLike", ["r"], ["e"], name="the_unmapped_node", high=2.0
        )
    else:
        middle = helper.make_node(op_type, ["r"], ["e"], name="the_unmapped_node")
    nodes = [
        helper.make_node("Relu", ["x"], ["r"], name="relu_in"),
        middle,
        helper.make_node("Relu", ["e"], ["y"], name="relu_out"),
    ]
    graph = helper.make_graph(nodes, "unmapped_op", [x], [y])
    return _common.finish(graph, opset, "ge_py.tests.models.unmapped_op")


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "unmapped_op.onnx",
        argv,
        lambda p: p.add_argument("--opset", type=int, default=13),
    )


if __name__ == "__main__":
    _common.exit_with(main())
