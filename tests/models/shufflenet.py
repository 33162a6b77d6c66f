"""ShuffleNet v1 (groups = 3): the layer structure of the paper's network. Each unit is a grouped
1x1 Conv, the channel shuffle (Reshape to [N, groups, C / groups, H, W], Transpose, Reshape back),
a depthwise 3x3 Conv and a grouped 1x1 Conv; stride-1 units add the input, stride-2 units
Concat an AveragePool of it."""

from __future__ import annotations

try:
    from . import _cnn, _common
except ImportError:  # run as a script
    import _cnn
    import _common

GROUPS = 3
STAGES = ((240, 4), (480, 8), (960, 4))  # (output channels, units) of stages 2, 3, 4


def _shuffle(net, prefix, x, channels, spatial, batch):
    h = net.reshape(f"{prefix}/split", x, [batch, GROUPS, channels // GROUPS, spatial, spatial])
    h = net.transpose(prefix, h, [0, 2, 1, 3, 4])
    return net.reshape(f"{prefix}/merge", h, [batch, channels, spatial, spatial])


def _unit(net, prefix, x, cin, cout, stride, first_groups, spatial, batch):
    """A unit; returns its output and its spatial size."""
    branch_out = cout - cin if stride == 2 else cout
    mid = cout // 4
    h = net.conv_bn_relu(f"{prefix}/gconv1", x, cin, mid, 1, group=first_groups)
    h = _shuffle(net, f"{prefix}/shuffle", h, mid, spatial, batch)
    h = net.conv_bn_relu(f"{prefix}/dwconv", h, mid, mid, 3, stride, group=mid, relu=False)
    out_spatial = _cnn.conv_out(spatial, 3, stride, 1, 1)
    h = net.conv_bn_relu(
        f"{prefix}/gconv2", h, mid, branch_out, 1, group=GROUPS, relu=False, gamma=0.2
    )
    if stride == 2:
        shortcut = net.avg_pool(f"{prefix}/shortcut", x, 3, 2, 1)
        h = net.concat(prefix, [shortcut, h])
    else:
        h = net.add(prefix, h, x)
    return net.relu(prefix, h), out_spatial


def build_model(
    opset: int = 13, batch: int = 1, size: int = 224, width: int = 1, classes: int = 1000
):
    """Conv3x3/2 (24 channels) + BN + ReLU + MaxPool3x3/2, stages of 4, 8 and 4 units at 240, 480
    and 960 channels, GlobalAveragePool, Flatten, Gemm. Channel counts divided by `width` (which
    must keep them multiples of 3 x 4). Input "input" [batch, 3, size, size]."""
    net = _cnn.Net(opset)
    cin = 24 // width
    h = net.conv_bn_relu("conv1", "input", 3, cin, 3, 2)
    h = net.max_pool("maxpool", h, 3, 2, 1)
    spatial = _cnn.conv_out(_cnn.conv_out(size, 3, 2, 1, 1), 3, 2, 1, 1)
    for s, (channels, units) in enumerate(STAGES):
        cout = channels // width
        if cout % (4 * GROUPS) != 0:
            raise ValueError(f"width {width} gives {cout} channels, not a multiple of 12")
        for u in range(units):
            stride = 2 if u == 0 else 1
            # The first unit of stage 2 reads only 24 channels: its first 1x1 Conv is not grouped.
            groups = 1 if s == 0 and u == 0 else GROUPS
            h, spatial = _unit(
                net, f"stage{s + 2}/{u}", h, cin, cout, stride, groups, spatial, batch
            )
            cin = cout
    h = net.classifier("fc", net.global_pool_flatten(h), cin, classes)
    return net.finish("shufflenet_v1", h, [batch, 3, size, size], [batch, classes])


def main(argv=None) -> int:
    return _cnn.run_cli(build_model, "shufflenet_v1.onnx", argv, opset=13)


if __name__ == "__main__":
    _common.exit_with(main())
