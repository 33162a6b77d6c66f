"""A small ResNet-style CNN: the op set of a torchvision ResNet-50 export, at toy size."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


class _Builder:
    """Collects nodes and initializers; names nodes like an exporter (`/layer1/conv1/Conv`)."""

    def __init__(self):
        self.r = _common.rng()
        self.nodes = []
        self.inits = []

    def weight(self, name, shape, scale=0.1):
        self.inits.append(
            _common.initializer(name, (self.r.standard_normal(shape) * scale).astype(np.float32))
        )
        return name

    def conv_bn(self, prefix, x, cin, cout, kernel, stride, relu):
        pad = kernel // 2
        w = self.weight(f"{prefix}.conv.weight", [cout, cin, kernel, kernel])
        conv_out = f"{prefix}/conv_out"
        self.nodes.append(
            helper.make_node(
                "Conv",
                [x, w],
                [conv_out],
                name=f"/{prefix}/Conv",
                kernel_shape=[kernel, kernel],
                strides=[stride, stride],
                pads=[pad, pad, pad, pad],
                dilations=[1, 1],
                group=1,
            )
        )
        scale = f"{prefix}.bn.weight"
        self.inits.append(
            _common.initializer(
                scale, (1.0 + 0.1 * self.r.standard_normal(cout)).astype(np.float32)
            )
        )
        bias = self.weight(f"{prefix}.bn.bias", [cout])
        mean = self.weight(f"{prefix}.bn.running_mean", [cout])
        var = f"{prefix}.bn.running_var"
        self.inits.append(
            _common.initializer(var, (1.0 + 0.1 * self.r.random(cout)).astype(np.float32))
        )
        bn_out = f"{prefix}/bn_out"
        self.nodes.append(
            helper.make_node(
                "BatchNormalization",
                [conv_out, scale, bias, mean, var],
                [bn_out],
                name=f"/{prefix}/BatchNormalization",
                epsilon=1e-5,
                momentum=0.9,
            )
        )
        if not relu:
            return bn_out
        out = f"{prefix}/relu_out"
        self.nodes.append(helper.make_node("Relu", [bn_out], [out], name=f"/{prefix}/Relu"))
        return out

    def basic_block(self, prefix, x, cin, cout, stride):
        h = self.conv_bn(f"{prefix}/conv1", x, cin, cout, 3, stride, relu=True)
        h = self.conv_bn(f"{prefix}/conv2", h, cout, cout, 3, 1, relu=False)
        shortcut = x
        if stride != 1 or cin != cout:
            shortcut = self.conv_bn(f"{prefix}/downsample", x, cin, cout, 1, stride, relu=False)
        added = f"{prefix}/add_out"
        self.nodes.append(helper.make_node("Add", [h, shortcut], [added], name=f"/{prefix}/Add"))
        out = f"{prefix}/out"
        self.nodes.append(helper.make_node("Relu", [added], [out], name=f"/{prefix}/Relu"))
        return out


def build_model(opset: int = 13, batch: int = 1, classes: int = 10):
    """Writes stem Conv7x7/2 + BN + ReLU + MaxPool3x3/2, two basic blocks (the second strided with a
    1x1 downsample), GlobalAveragePool, Flatten and Gemm(transB=1). Input "input" [N, 3, 32, 32]."""
    b = _Builder()
    h = b.conv_bn("stem", "input", 3, 16, 7, 2, relu=True)
    b.nodes.append(
        helper.make_node(
            "MaxPool",
            [h],
            ["pool_out"],
            name="/maxpool/MaxPool",
            kernel_shape=[3, 3],
            strides=[2, 2],
            pads=[1, 1, 1, 1],
            ceil_mode=0,
        )
    )
    h = b.basic_block("layer1", "pool_out", 16, 16, 1)
    h = b.basic_block("layer2", h, 16, 32, 2)
    b.nodes.append(helper.make_node("GlobalAveragePool", [h], ["gap"], name="/avgpool/GAP"))
    b.nodes.append(helper.make_node("Flatten", ["gap"], ["flat"], name="/Flatten", axis=1))
    fc_w = b.weight("fc.weight", [classes, 32])
    fc_b = b.weight("fc.bias", [classes])
    b.nodes.append(
        helper.make_node(
            "Gemm", ["flat", fc_w, fc_b], ["output"], name="/fc/Gemm", alpha=1.0, beta=1.0, transB=1
        )
    )
    x = helper.make_tensor_value_info("input", TensorProto.FLOAT, [batch, 3, 32, 32])
    y = helper.make_tensor_value_info("output", TensorProto.FLOAT, [batch, classes])
    graph = helper.make_graph(b.nodes, "resnet_small", [x], [y], initializer=b.inits)
    return _common.finish(graph, opset, "ge_py.tests.models.resnet_small")


def main(argv=None) -> int:
    def extra(parser):
        parser.add_argument("--opset", type=int, default=13)
        parser.add_argument("--batch", type=int, default=1)

    return _common.run_cli(build_model, "resnet_small.onnx", argv, extra)


if __name__ == "__main__":
    _common.exit_with(main())
