"""AlexNet: the layer structure of the model zoo's bvlc_alexnet (Conv11x11/4, LRN, MaxPool; Conv5x5
in two groups, LRN, MaxPool; three Conv3x3, the last two grouped; MaxPool; three Gemm layers with
ReLU and Dropout; Softmax)."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common


def _conv_relu(net, prefix, x, cin, cout, kernel, stride=1, pad=None, group=1):
    return net.relu(prefix, net.conv(f"{prefix}/conv", x, cin, cout, kernel, stride, pad, group))


def build_model(
    opset: int = 9,
    batch: int = 1,
    size: int = 224,
    width: int = 1,
    classes: int = 1000,
    initializers_as_inputs: bool = True,
):
    """Channel counts and the 4096 hidden units divided by `width`. By default written the old
    way: opset 9, initializers also graph inputs (IR 3). Input "input" [batch, 3, size, size];
    output the class probabilities [batch, classes]."""
    net = _cnn.Net(opset)
    c1, c2, c3, c5 = 96 // width, 256 // width, 384 // width, 256 // width
    h = _conv_relu(net, "conv1", "input", 3, c1, 11, 4, 2)
    h = net.max_pool("pool1", net.lrn("norm1", h), 3, 2)
    h = _conv_relu(net, "conv2", h, c1, c2, 5, group=2)
    h = net.max_pool("pool2", net.lrn("norm2", h), 3, 2)
    h = _conv_relu(net, "conv3", h, c2, c3, 3)
    h = _conv_relu(net, "conv4", h, c3, c3, 3, group=2)
    h = _conv_relu(net, "conv5", h, c3, c5, 3, group=2)
    h = net.max_pool("pool5", h, 3, 2)
    spatial = _cnn.conv_out(size, 11, 4, 2, 2)
    for _ in range(3):
        spatial = _cnn.conv_out(spatial, 3, 2, 0, 0)
    h = net.node("Flatten", [h], "flatten", axis=1)
    hidden = 4096 // width
    fan_in = c5 * spatial * spatial
    for k in (6, 7):
        h = net.relu(f"fc{k}", net.classifier(f"fc{k}", h, fan_in, hidden))
        h = net.dropout(f"drop{k}", h, 0.5)
        fan_in = hidden
    h = net.softmax("prob", net.classifier("fc8", h, hidden, classes))
    return net.finish(
        "alexnet", h, [batch, 3, size, size], [batch, classes], initializers_as_inputs
    )


def main(argv=None) -> int:
    return _cnn.run_cli(build_model, "alexnet.onnx", argv, opset=9)


if __name__ == "__main__":
    _common.exit_with(main())
