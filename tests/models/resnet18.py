"""ResNet-18: the layer structure of torchvision's resnet18 (stem, four stages of two basic blocks
with the residual Add, 1x1 downsample where the shape changes, classifier)."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

_STAGES = (64, 128, 256, 512)


def _basic_block(net, prefix, x, cin, cout, stride):
    h = net.conv_bn_relu(f"{prefix}/conv1", x, cin, cout, 3, stride)
    h = net.conv_bn_relu(f"{prefix}/conv2", h, cout, cout, 3, relu=False, gamma=0.2)
    shortcut = x
    if stride != 1 or cin != cout:
        shortcut = net.conv_bn_relu(f"{prefix}/downsample", x, cin, cout, 1, stride, relu=False)
    return net.relu(prefix, net.add(prefix, h, shortcut))


def build_model(
    opset: int = 13,
    batch: int = 1,
    size: int = 224,
    width: int = 1,
    classes: int = 1000,
    initializers_as_inputs: bool = False,
):
    """Conv7x7/2 + BN + ReLU + MaxPool3x3/2, stages of 2 basic blocks at 64/128/256/512 channels
    (divided by `width`), GlobalAveragePool, Flatten, Gemm. Input "input" [batch, 3, size, size]."""
    net = _cnn.Net(opset)
    channels = [c // width for c in _STAGES]
    h = net.conv_bn_relu("stem", "input", 3, channels[0], 7, 2, 3)
    h = net.max_pool("maxpool", h, 3, 2, 1)
    cin = channels[0]
    for stage, cout in enumerate(channels):
        for block in range(2):
            stride = 2 if stage > 0 and block == 0 else 1
            h = _basic_block(net, f"layer{stage + 1}/{block}", h, cin, cout, stride)
            cin = cout
    h = net.classifier("fc", net.global_pool_flatten(h), cin, classes)
    return net.finish(
        "resnet18", h, [batch, 3, size, size], [batch, classes], initializers_as_inputs
    )


def main(argv=None) -> int:
    def extra(parser):
        parser.add_argument("--initializers-as-inputs", action="store_true")

    return _cnn.run_cli(build_model, "resnet18.onnx", argv, opset=13, extra=extra)


if __name__ == "__main__":
    _common.exit_with(main())
