"""DenseNet-121: the layer structure of torchvision's densenet121 (four dense blocks of 6, 12, 24
and 16 bottleneck layers, each reading the Concat of every earlier feature map of its block,
transition layers with 1x1 Conv and AveragePool between them)."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

BLOCKS = (6, 12, 24, 16)


def _dense_layer(net, prefix, features, cin, growth, bottleneck):
    # torchvision concatenates the block's features at the start of every layer (a one-input
    # Concat for the first).
    h = net.concat(f"{prefix}/cat", features)
    h = net.relu(f"{prefix}/relu1", net.bn(f"{prefix}/norm1", h, cin))
    h = net.conv(f"{prefix}/conv1", h, cin, bottleneck, 1, bias=False)
    h = net.relu(f"{prefix}/relu2", net.bn(f"{prefix}/norm2", h, bottleneck))
    return net.conv(f"{prefix}/conv2", h, bottleneck, growth, 3, bias=False)


def _transition(net, prefix, x, cin, cout):
    h = net.relu(prefix, net.bn(f"{prefix}/norm", x, cin))
    h = net.conv(f"{prefix}/conv", h, cin, cout, 1, bias=False)
    return net.avg_pool(f"{prefix}/pool", h, 2, 2)


def build_model(
    opset: int = 13, batch: int = 1, size: int = 224, width: int = 1, classes: int = 1000
):
    """Stem Conv7x7/2 + BN + ReLU + MaxPool3x3/2 (64 channels), dense blocks with growth rate 32
    and 4 x 32 bottleneck channels, transitions halving the channels, final BN + ReLU,
    GlobalAveragePool, Flatten, Gemm. Channel counts divided by `width`. Input "input"
    [batch, 3, size, size]."""
    net = _cnn.Net(opset)
    growth = 32 // width
    channels = 64 // width
    h = net.conv_bn_relu("features/stem", "input", 3, channels, 7, 2, 3)
    h = net.max_pool("features/pool0", h, 3, 2, 1)
    for b, layers in enumerate(BLOCKS):
        features = [h]
        for layer in range(layers):
            prefix = f"features/denseblock{b + 1}/denselayer{layer + 1}"
            cin = channels + layer * growth
            features.append(_dense_layer(net, prefix, features, cin, growth, 4 * growth))
        h = net.concat(f"features/denseblock{b + 1}/cat", features)
        channels += layers * growth
        if b + 1 < len(BLOCKS):
            h = _transition(net, f"features/transition{b + 1}", h, channels, channels // 2)
            channels //= 2
    h = net.relu("features/relu5", net.bn("features/norm5", h, channels))
    h = net.classifier("classifier", net.global_pool_flatten(h), channels, classes)
    return net.finish("densenet121", h, [batch, 3, size, size], [batch, classes])


def main(argv=None) -> int:
    return _cnn.run_cli(build_model, "densenet121.onnx", argv, opset=13)


if __name__ == "__main__":
    _common.exit_with(main())
