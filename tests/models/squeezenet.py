"""SqueezeNet 1.1: the layer structure of the model zoo's squeezenet1.1 (Conv3x3/2, eight fire
modules of a 1x1 squeeze Conv and Concat-ed 1x1 / 3x3 expand Convs, MaxPools between them,
Dropout, a 1x1 Conv classifier, GlobalAveragePool, Softmax)."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

# (name, squeeze, expand 1x1, expand 3x3); "pool" = MaxPool 3x3/2.
LAYOUT = (
    "pool",
    ("fire2", 16, 64, 64),
    ("fire3", 16, 64, 64),
    "pool",
    ("fire4", 32, 128, 128),
    ("fire5", 32, 128, 128),
    "pool",
    ("fire6", 48, 192, 192),
    ("fire7", 48, 192, 192),
    ("fire8", 64, 256, 256),
    ("fire9", 64, 256, 256),
)


def _conv_relu(net, prefix, x, cin, cout, kernel, stride=1):
    return net.relu(prefix, net.conv(f"{prefix}/conv", x, cin, cout, kernel, stride))


def _fire(net, prefix, x, cin, squeeze, e1, e3):
    s = _conv_relu(net, f"{prefix}/squeeze", x, cin, squeeze, 1)
    a = _conv_relu(net, f"{prefix}/expand1x1", s, squeeze, e1, 1)
    b = _conv_relu(net, f"{prefix}/expand3x3", s, squeeze, e3, 3)
    return net.concat(prefix, [a, b])


def build_model(
    opset: int = 9,
    batch: int = 1,
    size: int = 224,
    width: int = 1,
    classes: int = 1000,
    initializers_as_inputs: bool = True,
):
    """Channel counts divided by `width`. By default written the old way: opset 9, initializers
    also graph inputs (IR 3). Input "input" [batch, 3, size, size]; output the class
    probabilities [batch, classes]."""
    net = _cnn.Net(opset)
    cin = 64 // width
    h = _conv_relu(net, "conv1", "input", 3, cin, 3, 2)
    pools = 0
    for spec in LAYOUT:
        if spec == "pool":
            pools += 1
            h = net.max_pool(f"pool{pools}", h, 3, 2)
            continue
        name, squeeze, e1, e3 = spec
        h = _fire(net, name, h, cin, squeeze // width, e1 // width, e3 // width)
        cin = (e1 + e3) // width
    h = net.dropout("drop9", h, 0.5)
    h = _conv_relu(net, "conv10", h, cin, classes, 1)
    h = net.node("GlobalAveragePool", [h], "pool10")
    h = net.softmax("prob", net.node("Flatten", [h], "flatten", axis=1))
    return net.finish(
        "squeezenet1_1", h, [batch, 3, size, size], [batch, classes], initializers_as_inputs
    )


def main(argv=None) -> int:
    return _cnn.run_cli(build_model, "squeezenet1_1.onnx", argv, opset=9)


if __name__ == "__main__":
    _common.exit_with(main())
