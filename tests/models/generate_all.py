"""Writes every test model (and the variants the tests use) into one directory."""

from __future__ import annotations

import argparse
import os
import sys

try:
    from . import (
        _common,
        add_zero,
        conv_transpose_pair,
        custom_domain,
        grouped_conv,
        matmul_add,
        resnet_small,
        scaled_add_custom_op,
        transformer_block,
        unmapped_op,
    )
except ImportError:  # run as a script
    import _common
    import add_zero
    import conv_transpose_pair
    import custom_domain
    import grouped_conv
    import matmul_add
    import resnet_small
    import scaled_add_custom_op
    import transformer_block
    import unmapped_op

# file name -> (builder, keyword arguments, external data)
MODELS = {
    "add_zero.onnx": (add_zero.build_model, {}, False),
    "matmul_add.onnx": (matmul_add.build_model, {}, False),
    "grouped_conv.onnx": (grouped_conv.build_model, {}, False),
    "conv_transpose_pair.onnx": (conv_transpose_pair.build_model, {}, False),
    "conv_transpose_pair_relu_tail.onnx": (
        conv_transpose_pair.build_model,
        {"relu_tail": True},
        False,
    ),
    "conv_transpose_pair_input_as_output.onnx": (
        conv_transpose_pair.build_model,
        {"input_as_output": True},
        False,
    ),
    "resnet_small.onnx": (resnet_small.build_model, {}, False),
    "resnet_small_opset11.onnx": (resnet_small.build_model, {"opset": 11}, False),
    "resnet_small_external.onnx": (resnet_small.build_model, {}, True),
    "transformer_block.onnx": (transformer_block.build_model, {}, False),
    "transformer_block_tanh_decomposed.onnx": (
        transformer_block.build_model,
        {"gelu": "tanh", "layernorm": "decomposed", "opset": 13, "embedding": True},
        False,
    ),
    "transformer_block_opset18.onnx": (
        transformer_block.build_model,
        {"layernorm": "decomposed", "opset": 18},
        False,
    ),
    "transformer_block_gelu20.onnx": (transformer_block.build_model, {"gelu": "op"}, False),
    "unmapped_op.onnx": (unmapped_op.build_model, {}, False),
    "custom_domain.onnx": (custom_domain.build_model, {}, False),
    "scaled_add_custom_op.onnx": (scaled_add_custom_op.build_model, {}, False),
}


def generate(directory: str) -> list:
    written = []
    for name, (build, kwargs, external) in MODELS.items():
        written.append(_common.save(build(**kwargs), os.path.join(directory, name), external))
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", nargs="?", default="models_out")
    args = parser.parse_args(argv)
    for path in generate(args.directory):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
