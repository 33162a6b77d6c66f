"""Grouped and depthwise convolutions with ReLU6, as in a MobileNetV2 inverted residual."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


def build_model(opset: int = 13):
    """Writes Conv(group=2) -> Clip(0,6) -> depthwise Conv(group=C) -> Clip(0,6) -> 1x1 Conv + Add.

    x is float32 [1, 8, 16, 16]; the output y is [1, 8, 16, 16].
    """
    r = _common.rng()
    channels = 8
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, channels, 16, 16])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, channels, 16, 16])

    def weight(name, shape):
        return _common.initializer(name, (r.standard_normal(shape) * 0.1).astype(np.float32))

    inits = [
        weight("group_w", [16, channels // 2, 3, 3]),
        weight("group_b", [16]),
        weight("dw_w", [16, 1, 3, 3]),
        weight("pw_w", [channels, 16, 1, 1]),
        weight("pw_b", [channels]),
        _common.initializer("relu6_min", np.array(0.0, dtype=np.float32)),
        _common.initializer("relu6_max", np.array(6.0, dtype=np.float32)),
    ]
    nodes = [
        helper.make_node(
            "Conv",
            ["x", "group_w", "group_b"],
            ["g"],
            name="group_conv",
            group=2,
            kernel_shape=[3, 3],
            pads=[1, 1, 1, 1],
            strides=[1, 1],
        ),
        helper.make_node("Clip", ["g", "relu6_min", "relu6_max"], ["g6"], name="relu6_a"),
        helper.make_node(
            "Conv",
            ["g6", "dw_w"],
            ["d"],
            name="depthwise_conv",
            group=16,
            kernel_shape=[3, 3],
            pads=[1, 1, 1, 1],
            dilations=[1, 1],
        ),
        helper.make_node("Clip", ["d", "relu6_min", "relu6_max"], ["d6"], name="relu6_b"),
        helper.make_node("Conv", ["d6", "pw_w", "pw_b"], ["p"], name="pointwise_conv"),
        helper.make_node("Add", ["p", "x"], ["y"], name="residual_add"),
    ]
    graph = helper.make_graph(nodes, "grouped_conv", [x], [y], initializer=inits)
    return _common.finish(graph, opset, "ge_py.tests.models.grouped_conv")


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "grouped_conv.onnx",
        argv,
        lambda p: p.add_argument("--opset", type=int, default=13),
    )


if __name__ == "__main__":
    _common.exit_with(main())
