"""Writes the CNN architecture models the tests use into one directory: every architecture at its
real layer structure, with channel counts divided by a width factor and small inputs so a host
run takes well under a second. The opset 9 models list their initializers as graph inputs too
(IR 3), as the model zoo's old exports do."""

from __future__ import annotations

import argparse
import os
import sys

try:
    from . import (
        _common,
        alexnet,
        densenet121,
        inception,
        resnet18,
        shufflenet,
        squeezenet,
        vgg16,
    )
except ImportError:  # run as a script
    import _common
    import alexnet
    import densenet121
    import inception
    import resnet18
    import shufflenet
    import squeezenet
    import vgg16

_SMALL = {"width": 4, "classes": 10}

# file name -> (builder, keyword arguments)
MODELS = {
    "resnet18.onnx": (resnet18.build_model, {"size": 64, **_SMALL}),
    "resnet18_opset9.onnx": (
        resnet18.build_model,
        {"size": 64, "opset": 9, "initializers_as_inputs": True, **_SMALL},
    ),
    "densenet121.onnx": (densenet121.build_model, {"size": 32, **_SMALL}),
    "inception_v1.onnx": (inception.build_model, {"version": 1, "size": 64, **_SMALL}),
    "inception_v2.onnx": (inception.build_model, {"version": 2, "size": 64, **_SMALL}),
    "shufflenet_v1.onnx": (shufflenet.build_model, {"size": 64, **_SMALL}),
    "squeezenet1_1.onnx": (squeezenet.build_model, {"size": 64, **_SMALL}),
    "vgg16.onnx": (vgg16.build_model, {"size": 32, "width": 8, "classes": 10}),
    "alexnet.onnx": (alexnet.build_model, {"size": 127, "width": 8, "classes": 10}),
}


def generate(directory: str) -> list:
    return [
        _common.save(build(**kwargs), os.path.join(directory, name))
        for name, (build, kwargs) in MODELS.items()
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default="architectures_out")
    args = parser.parse_args(argv)
    for path in generate(args.directory):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
