"""VGG-16: the layer structure of the model zoo's vgg16 (13 Conv3x3 + ReLU in five stages closed by
MaxPool 2x2/2, then Flatten and three Gemm layers with ReLU and Dropout between them, Softmax)."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

STAGES = ((64, 2), (128, 2), (256, 3), (512, 3), (512, 3))  # (channels, convs)


def build_model(
    opset: int = 9,
    batch: int = 1,
    size: int = 224,
    width: int = 1,
    classes: int = 1000,
    initializers_as_inputs: bool = True,
):
    """Channel counts and the 4096 hidden units divided by `width`; `size` must be a multiple of
    32. By default written the old way: opset 9, initializers also graph inputs (IR 3). Input
    "input" [batch, 3, size, size]; output the class probabilities [batch, classes]."""
    net = _cnn.Net(opset)
    h, cin = "input", 3
    for s, (channels, convs) in enumerate(STAGES):
        for k in range(convs):
            prefix = f"features/conv{s + 1}_{k + 1}"
            h = net.relu(prefix, net.conv(f"{prefix}/conv", h, cin, channels // width, 3))
            cin = channels // width
        h = net.max_pool(f"features/pool{s + 1}", h, 2, 2)
    spatial = size // 32
    h = net.node("Flatten", [h], "flatten", axis=1)
    hidden = 4096 // width
    features = cin * spatial * spatial
    for k, (fan_in, fan_out) in enumerate(((features, hidden), (hidden, hidden))):
        h = net.relu(
            f"classifier/fc{k + 6}", net.classifier(f"classifier/fc{k + 6}", h, fan_in, fan_out)
        )
        h = net.dropout(f"classifier/drop{k + 6}", h, 0.5)
    h = net.softmax("prob", net.classifier("classifier/fc8", h, hidden, classes))
    return net.finish("vgg16", h, [batch, 3, size, size], [batch, classes], initializers_as_inputs)


def main(argv=None) -> int:
    return _cnn.run_cli(build_model, "vgg16.onnx", argv, opset=9)


if __name__ == "__main__":
    _common.exit_with(main())
