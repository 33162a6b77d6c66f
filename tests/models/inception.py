"""Inception v1 (GoogLeNet) and v2 (BN-Inception): the layer structure of the two papers' networks
as the ONNX model zoo's exports have them.

v1: Conv with bias + ReLU, LRN after the first two stages, nine inception modules of four branches
(1x1; 1x1 -> 3x3; 1x1 -> 5x5; MaxPool 3x3 -> 1x1) joined by Concat, MaxPool 3x3/2 with ceil_mode
between the stages, AveragePool over the last map, Dropout 0.4, Gemm, Softmax.
v2: every Conv followed by BatchNormalization + ReLU, the 5x5 branch replaced by two 3x3 convs,
AveragePool (counting the padding) in the pool branch, and two stride-2 modules (3c, 4e) whose
pool branch is a MaxPool passed through.
"""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

# v1 modules: (name, 1x1, 3x3 reduce, 3x3, 5x5 reduce, 5x5, pool proj); "pool" = MaxPool 3x3/2.
V1_LAYOUT = (
    ("3a", 64, 96, 128, 16, 32, 32),
    ("3b", 128, 128, 192, 32, 96, 64),
    "pool",
    ("4a", 192, 96, 208, 16, 48, 64),
    ("4b", 160, 112, 224, 24, 64, 64),
    ("4c", 128, 128, 256, 24, 64, 64),
    ("4d", 112, 144, 288, 32, 64, 64),
    ("4e", 256, 160, 320, 32, 128, 128),
    "pool",
    ("5a", 256, 160, 320, 32, 128, 128),
    ("5b", 384, 192, 384, 48, 128, 128),
)

# v2 modules: (name, 1x1, 3x3 reduce, 3x3, double 3x3 reduce, double 3x3, pool, pool proj, stride);
# 1x1 = 0 means no such branch; pool proj = 0 passes the pool through.
V2_LAYOUT = (
    ("3a", 64, 64, 64, 64, 96, "avg", 32, 1),
    ("3b", 64, 64, 96, 64, 96, "avg", 64, 1),
    ("3c", 0, 128, 160, 64, 96, "max", 0, 2),
    ("4a", 224, 64, 96, 96, 128, "avg", 128, 1),
    ("4b", 192, 96, 128, 96, 128, "avg", 128, 1),
    ("4c", 160, 128, 160, 128, 160, "avg", 128, 1),
    ("4d", 96, 128, 192, 160, 192, "avg", 128, 1),
    ("4e", 0, 128, 192, 192, 256, "max", 0, 2),
    ("5a", 352, 192, 320, 160, 224, "avg", 128, 1),
    ("5b", 352, 192, 320, 192, 224, "max", 128, 1),
)


class _Inception:
    def __init__(self, net, width):
        self.net = net
        self.width = width

    def c(self, channels):
        return channels // self.width

    def conv_relu(self, prefix, x, cin, cout, kernel, stride=1, pad=None):
        return self.net.relu(
            prefix, self.net.conv(f"{prefix}/conv", x, cin, cout, kernel, stride, pad)
        )

    def v1_module(self, prefix, x, cin, spec):
        _, b1, r3, b3, r5, b5, proj = (spec[0],) + tuple(self.c(v) for v in spec[1:])
        net = self.net
        branch1 = self.conv_relu(f"{prefix}/branch1", x, cin, b1, 1)
        branch2 = self.conv_relu(f"{prefix}/branch2/0", x, cin, r3, 1)
        branch2 = self.conv_relu(f"{prefix}/branch2/1", branch2, r3, b3, 3)
        branch3 = self.conv_relu(f"{prefix}/branch3/0", x, cin, r5, 1)
        branch3 = self.conv_relu(f"{prefix}/branch3/1", branch3, r5, b5, 5)
        branch4 = net.max_pool(f"{prefix}/branch4/pool", x, 3, 1, 1)
        branch4 = self.conv_relu(f"{prefix}/branch4", branch4, cin, proj, 1)
        return net.concat(prefix, [branch1, branch2, branch3, branch4]), b1 + b3 + b5 + proj

    def v2_module(self, prefix, x, cin, spec):
        net = self.net
        b1, r3, b3, rd, bd = (self.c(v) for v in spec[1:6])
        pool, proj, stride = spec[6], self.c(spec[7]), spec[8]
        branches, cout = [], 0
        if b1:
            branches.append(net.conv_bn_relu(f"{prefix}/branch1", x, cin, b1, 1))
            cout += b1
        h = net.conv_bn_relu(f"{prefix}/branch2/0", x, cin, r3, 1)
        branches.append(net.conv_bn_relu(f"{prefix}/branch2/1", h, r3, b3, 3, stride))
        h = net.conv_bn_relu(f"{prefix}/branch3/0", x, cin, rd, 1)
        h = net.conv_bn_relu(f"{prefix}/branch3/1", h, rd, bd, 3)
        branches.append(net.conv_bn_relu(f"{prefix}/branch3/2", h, bd, bd, 3, stride))
        cout += b3 + bd
        if pool == "avg":
            h = net.avg_pool(f"{prefix}/branch4/pool", x, 3, stride, 1, count_include_pad=True)
        else:
            h = net.max_pool(f"{prefix}/branch4/pool", x, 3, stride, 1)
        if proj:
            h = net.conv_bn_relu(f"{prefix}/branch4", h, cin, proj, 1)
            cout += proj
        else:
            cout += cin
        branches.append(h)
        return net.concat(prefix, branches), cout


def build_model(
    version: int = 1,
    opset: int = 13,
    batch: int = 1,
    size: int = 224,
    width: int = 1,
    classes: int = 1000,
):
    """Inception `version` 1 or 2 with every channel count divided by `width`. Input "input"
    [batch, 3, size, size]; output the class probabilities (Softmax) [batch, classes]."""
    net = _cnn.Net(opset)
    inc = _Inception(net, width)
    c = inc.c
    if version == 1:
        h = inc.conv_relu("conv1", "input", 3, c(64), 7, 2, 3)
        h = net.lrn("pool1/norm", net.max_pool("pool1", h, 3, 2, ceil=True))
        h = inc.conv_relu("conv2", h, c(64), c(64), 1)
        h = inc.conv_relu("conv3", h, c(64), c(192), 3)
        h = net.max_pool("pool2", net.lrn("conv3/norm", h), 3, 2, ceil=True)
    else:
        h = net.conv_bn_relu("conv1", "input", 3, c(64), 7, 2, 3)
        h = net.max_pool("pool1", h, 3, 2, ceil=True)
        h = net.conv_bn_relu("conv2", h, c(64), c(64), 1)
        h = net.conv_bn_relu("conv3", h, c(64), c(192), 3)
        h = net.max_pool("pool2", h, 3, 2, ceil=True)
    spatial = _cnn.conv_out(size, 7, 2, 3, 3)
    spatial = _cnn.conv_out(_cnn.conv_out(spatial, 3, 2, 0, 0, True), 3, 2, 0, 0, True)
    cin = c(192)
    layout = V1_LAYOUT if version == 1 else V2_LAYOUT
    pools = 2
    for spec in layout:
        if spec == "pool":
            pools += 1
            h = net.max_pool(f"pool{pools}", h, 3, 2, ceil=True)
            spatial = _cnn.conv_out(spatial, 3, 2, 0, 0, True)
        elif version == 1:
            h, cin = inc.v1_module(f"inception{spec[0]}", h, cin, spec)
        else:
            h, cin = inc.v2_module(f"inception{spec[0]}", h, cin, spec)
            spatial = _cnn.conv_out(spatial, 3, spec[8], 1, 1)
    # The zoo's models pool the last 7x7 map with a 7x7 AveragePool; here, whatever map is left.
    h = net.avg_pool("avgpool", h, spatial, 1)
    if version == 1:
        h = net.dropout("dropout", h, 0.4)
    h = net.node("Flatten", [h], "flatten", axis=1)
    h = net.softmax("prob", net.classifier("fc", h, cin, classes))
    return net.finish(f"inception_v{version}", h, [batch, 3, size, size], [batch, classes])


def main(argv=None) -> int:
    def extra(parser):
        parser.add_argument("--version", type=int, choices=(1, 2), default=1)

    return _cnn.run_cli(build_model, "inception.onnx", argv, opset=13, extra=extra)


if __name__ == "__main__":
    _common.exit_with(main())
