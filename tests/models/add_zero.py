"""Add(x, 0): the smallest useful model (one graph input, one initializer, one op)."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


def build_model(opset: int = 13):
    """Writes y = Add(x, zeros) with x float32 [1, 3, 4, 4]."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 4, 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 3, 4, 4])
    zero = _common.initializer("zero", np.zeros([1], dtype=np.float32))
    node = helper.make_node("Add", ["x", "zero"], ["y"], name="add_zero")
    graph = helper.make_graph([node], "add_zero", [x], [y], initializer=[zero])
    return _common.finish(graph, opset, "ge_py.tests.models.add_zero")


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "add_zero.onnx",
        argv,
        lambda p: p.add_argument("--opset", type=int, default=13),
    )


if __name__ == "__main__":
    _common.exit_with(main())
