"""MatMul + Add: a fully connected layer written the way exporters write nn.Linear."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


def build_model(opset: int = 13):
    """Writes y = MatMul(x, W) + b with x float32 [2, 8], W [8, 4], b [4]."""
    r = _common.rng()
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 8])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])
    weight = _common.initializer("W", r.standard_normal([8, 4]).astype(np.float32))
    bias = _common.initializer("b", r.standard_normal([4]).astype(np.float32))
    nodes = [
        helper.make_node("MatMul", ["x", "W"], ["xw"], name="matmul"),
        helper.make_node("Add", ["xw", "b"], ["y"], name="bias_add"),
    ]
    graph = helper.make_graph(nodes, "matmul_add", [x], [y], initializer=[weight, bias])
    return _common.finish(graph, opset, "ge_py.tests.models.matmul_add")


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "matmul_add.onnx",
        argv,
        lambda p: p.add_argument("--opset", type=int, default=13),
    )


if __name__ == "__main__":
    _common.exit_with(main())
