"""Layer helpers of the CNN architecture scripts (resnet18.py, densenet121.py, ...).

A `Net` collects nodes and initializers the way a framework exporter writes them: node names like
`/layer1/0/conv1/conv/Conv`, weights named after the layer. Weights are random with He scaling
(standard deviation sqrt(2 / fan_in)) and batch-norm statistics near 1, so activations keep unit
size through a hundred layers and the outputs compare meaningfully between runtimes.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common


def conv_out(size: int, kernel: int, stride: int, pad_begin: int, pad_end: int, ceil=False) -> int:
    """ONNX's output size of a convolution or pooling window along one axis."""
    span = size + pad_begin + pad_end - kernel
    steps = -(-span // stride) if ceil else span // stride
    return steps + 1


class Net:
    """One model under construction. `opset` decides how version-dependent ops are written
    (Dropout's ratio as an attribute or an input; MaxPool's ceil_mode from opset 10)."""

    def __init__(self, opset: int):
        self.opset = opset
        self.r = _common.rng()
        self.nodes: list = []
        self.inits: list = []
        self._names: set = set()

    # ---- weights ----
    def _init(self, name: str, array: np.ndarray) -> str:
        # (numpy_helper directly for a scalar: ascontiguousarray would make it 1-D.)
        tensor = (
            numpy_helper.from_array(array, name=name)
            if array.ndim == 0
            else _common.initializer(name, array)
        )
        self.inits.append(tensor)
        return name

    def weight(self, name: str, shape: Sequence[int], fan_in: int) -> str:
        scale = np.sqrt(2.0 / fan_in)
        return self._init(name, (self.r.standard_normal(shape) * scale).astype(np.float32))

    def small(self, name: str, shape: Sequence[int]) -> str:
        return self._init(name, (0.05 * self.r.standard_normal(shape)).astype(np.float32))

    def int64s(self, name: str, values: Sequence[int]) -> str:
        return self._init(name, np.asarray(values, dtype=np.int64))

    # ---- nodes ----
    def node(self, op: str, inputs: Sequence[str], prefix: str, **attrs) -> str:
        """Appends `op` named `/<prefix>/<op>`; returns its (single) output name."""
        name = f"/{prefix}/{op}"
        if name in self._names:
            raise ValueError(f"node name {name} is used twice")
        self._names.add(name)
        out = f"{name}_output_0"
        self.nodes.append(helper.make_node(op, list(inputs), [out], name=name, **attrs))
        return out

    def conv(
        self,
        prefix: str,
        x: str,
        cin: int,
        cout: int,
        kernel: int | Sequence[int],
        stride: int = 1,
        pad: int | Sequence[int] | None = None,
        group: int = 1,
        bias: bool = True,
    ) -> str:
        kh, kw = (kernel, kernel) if isinstance(kernel, int) else kernel
        if pad is None:
            pad = (kh // 2, kw // 2)
        ph, pw = (pad, pad) if isinstance(pad, int) else pad
        name = prefix.replace("/", ".")
        inputs = [
            x,
            self.weight(f"{name}.weight", [cout, cin // group, kh, kw], cin // group * kh * kw),
        ]
        if bias:
            inputs.append(self.small(f"{name}.bias", [cout]))
        return self.node(
            "Conv",
            inputs,
            prefix,
            kernel_shape=[kh, kw],
            strides=[stride, stride],
            pads=[ph, pw, ph, pw],
            dilations=[1, 1],
            group=group,
        )

    def bn(self, prefix: str, x: str, channels: int, gamma: float = 1.0) -> str:
        """BatchNormalization with scale near `gamma` (small on a residual branch's last BN, as
        zero-initialised residuals train, keeps a deep sum of branches near unit size)."""
        name = prefix.replace("/", ".")
        scale = self._init(
            f"{name}.weight",
            (gamma * (1.0 + 0.1 * self.r.standard_normal(channels))).astype(np.float32),
        )
        bias = self.small(f"{name}.bias", [channels])
        mean = self.small(f"{name}.running_mean", [channels])
        var = self._init(
            f"{name}.running_var", (1.0 + 0.1 * self.r.random(channels)).astype(np.float32)
        )
        return self.node(
            "BatchNormalization", [x, scale, bias, mean, var], prefix, epsilon=1e-5, momentum=0.9
        )

    def relu(self, prefix: str, x: str) -> str:
        return self.node("Relu", [x], prefix)

    def conv_bn_relu(
        self, prefix, x, cin, cout, kernel, stride=1, pad=None, group=1, relu=True, gamma=1.0
    ):
        h = self.conv(f"{prefix}/conv", x, cin, cout, kernel, stride, pad, group, bias=False)
        h = self.bn(f"{prefix}/bn", h, cout, gamma)
        return self.relu(prefix, h) if relu else h

    def max_pool(self, prefix: str, x: str, kernel: int, stride: int, pad: int = 0, ceil=False):
        attrs = {"kernel_shape": [kernel, kernel], "strides": [stride, stride]}
        attrs["pads"] = [pad] * 4
        if ceil:
            if self.opset < 10:
                raise ValueError("MaxPool's ceil_mode needs opset 10")
            attrs["ceil_mode"] = 1
        return self.node("MaxPool", [x], prefix, **attrs)

    def avg_pool(self, prefix, x, kernel, stride, pad=0, count_include_pad=False, ceil=False):
        attrs = {"kernel_shape": [kernel, kernel], "strides": [stride, stride], "pads": [pad] * 4}
        if count_include_pad:
            attrs["count_include_pad"] = 1
        if ceil:
            attrs["ceil_mode"] = 1
        return self.node("AveragePool", [x], prefix, **attrs)

    def lrn(self, prefix: str, x: str) -> str:
        # AlexNet's and GoogLeNet's LRN: 5 channels, alpha 1e-4, beta 0.75, k 1.
        return self.node("LRN", [x], prefix, size=5, alpha=1e-4, beta=0.75, bias=1.0)

    def concat(self, prefix: str, xs: Sequence[str]) -> str:
        return self.node("Concat", xs, prefix, axis=1)

    def add(self, prefix: str, a: str, b: str) -> str:
        return self.node("Add", [a, b], prefix)

    def dropout(self, prefix: str, x: str, ratio: float) -> str:
        if self.opset < 12:
            return self.node("Dropout", [x], prefix, ratio=ratio)
        value = self._init(f"{prefix.replace('/', '.')}.ratio", np.array(ratio, dtype=np.float32))
        return self.node("Dropout", [x, value], prefix)

    def reshape(self, prefix: str, x: str, shape: Sequence[int]) -> str:
        target = self.int64s(f"{prefix.replace('/', '.')}.shape", shape)
        return self.node("Reshape", [x, target], prefix)

    def transpose(self, prefix: str, x: str, perm: Sequence[int]) -> str:
        return self.node("Transpose", [x], prefix, perm=list(perm))

    def classifier(self, prefix: str, x: str, cin: int, cout: int) -> str:
        """Gemm(transB=1) with a bias, as exporters write nn.Linear."""
        name = prefix.replace("/", ".")
        w = self.weight(f"{name}.weight", [cout, cin], cin)
        b = self.small(f"{name}.bias", [cout])
        return self.node("Gemm", [x, w, b], prefix, alpha=1.0, beta=1.0, transB=1)

    def global_pool_flatten(self, x: str) -> str:
        h = self.node("GlobalAveragePool", [x], "avgpool")
        return self.node("Flatten", [h], "flatten", axis=1)

    def softmax(self, prefix: str, x: str) -> str:
        return self.node("Softmax", [x], prefix, axis=1)

    # ---- the model ----
    def finish(
        self,
        name: str,
        output: str,
        input_shape: Sequence[int],
        output_shape: Sequence[int],
        initializers_as_inputs: bool = False,
    ) -> onnx.ModelProto:
        """The checked model; the first node reads graph input "input". The last node's output is
        renamed "output". With `initializers_as_inputs` every initializer is also listed as a
        graph input, as the opset 9 era model zoo wrote models (IR version 3: onnxruntime then
        treats them as constants)."""
        self._rename_output(output, "output")
        inputs = [helper.make_tensor_value_info("input", TensorProto.FLOAT, list(input_shape))]
        if initializers_as_inputs:
            inputs += [
                helper.make_tensor_value_info(t.name, t.data_type, list(t.dims)) for t in self.inits
            ]
        outputs = [helper.make_tensor_value_info("output", TensorProto.FLOAT, list(output_shape))]
        graph = helper.make_graph(self.nodes, name, inputs, outputs, initializer=self.inits)
        return _common.finish(
            graph,
            self.opset,
            f"ge_py.tests.models.{name}",
            ir_version=3 if initializers_as_inputs else None,
        )

    def _rename_output(self, old: str, new: str) -> None:
        for node in self.nodes:
            for i, value in enumerate(node.output):
                if value == old:
                    node.output[i] = new
            for i, value in enumerate(node.input):
                if value == old:
                    node.input[i] = new


def run_cli(build_model, default_name: str, argv=None, *, opset: int, extra=None) -> int:
    """The architecture scripts' command line: `_common.run_cli`'s, plus --opset (default
    `opset`), --batch, --size and --width (every channel count divided by it)."""

    def flags(parser):
        if extra is not None:
            extra(parser)
        parser.add_argument("--opset", type=int, default=opset)
        parser.add_argument("--batch", type=int, default=1)
        parser.add_argument("--size", type=int, default=224)
        parser.add_argument("--width", type=int, default=1, help="divide every channel count")

    return _common.run_cli(build_model, default_name, argv, flags)
