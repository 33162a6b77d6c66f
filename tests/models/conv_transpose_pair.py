"""NCHW Conv whose output is computed on in NHWC between a Transpose pair: the model that
examples/fusion_pass/modify_conv_data_format_pass.py switches to NHWC."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common

# Non-square input, unequal strides and dilations: a pass that switches the layout must reorder
# them, or the numbers change.
_INPUT = [1, 3, 9, 12]
_OUT_CHANNELS = 4
_STRIDES = [1, 2]
_DILATIONS = [2, 1]
_PADS = [1, 1, 1, 1]


def _conv_output_dims() -> list:
    dims = []
    for size, stride, dilation in zip(_INPUT[2:], _STRIDES, _DILATIONS):
        dims.append((size + 2 - dilation * 2 - 1) // stride + 1)  # kernel 3, one pad per side
    return dims


def build_model(opset: int = 13, relu_tail: bool = False, input_as_output: bool = False):
    """Writes Conv(x, w, b) (NCHW) -> Transpose(0,2,3,1) -> Add(per-channel bias, NHWC) ->
    Transpose(0,3,1,2), x float32 [1, 3, 9, 12]. Variants the NHWC pass must leave alone:
    `relu_tail` puts a Relu after the second Transpose, `input_as_output` also returns x."""
    rng = _common.rng()
    height, width = _conv_output_dims()
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, _INPUT)
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, _OUT_CHANNELS, height, width])
    outputs = [y]
    if input_as_output:
        outputs.append(helper.make_tensor_value_info("x_out", TensorProto.FLOAT, _INPUT))
    weight = rng.standard_normal([_OUT_CHANNELS, _INPUT[1], 3, 3]).astype(np.float32)
    bias = rng.standard_normal([_OUT_CHANNELS]).astype(np.float32)
    # Broadcast over the last axis: correct only while the data between the Transposes is NHWC.
    channel_bias = rng.standard_normal([_OUT_CHANNELS]).astype(np.float32)
    nodes = [
        helper.make_node(
            "Conv",
            ["x", "w", "b"],
            ["conv"],
            name="conv",
            kernel_shape=[3, 3],
            strides=_STRIDES,
            dilations=_DILATIONS,
            pads=_PADS,
        ),
        helper.make_node("Transpose", ["conv"], ["nhwc"], name="to_nhwc", perm=[0, 2, 3, 1]),
        helper.make_node("Add", ["nhwc", "channel_bias"], ["shifted"], name="add_channel_bias"),
        helper.make_node(
            "Transpose",
            ["shifted"],
            ["nchw" if relu_tail else "y"],
            name="to_nchw",
            perm=[0, 3, 1, 2],
        ),
    ]
    if relu_tail:
        nodes.append(helper.make_node("Relu", ["nchw"], ["y"], name="relu"))
    if input_as_output:
        nodes.append(helper.make_node("Identity", ["x"], ["x_out"], name="x_identity"))
    initializers = [
        _common.initializer("w", weight),
        _common.initializer("b", bias),
        _common.initializer("channel_bias", channel_bias),
    ]
    graph = helper.make_graph(nodes, "conv_transpose_pair", [x], outputs, initializer=initializers)
    return _common.finish(graph, opset, "ge_py.tests.models.conv_transpose_pair")


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "conv_transpose_pair.onnx",
        argv,
        lambda p: (
            p.add_argument("--opset", type=int, default=13),
            p.add_argument("--relu-tail", action="store_true"),
            p.add_argument("--input-as-output", action="store_true"),
        ),
    )


if __name__ == "__main__":
    _common.exit_with(main())
