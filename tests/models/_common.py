"""Shared helpers of the ONNX model generator scripts (build a model, check it, save it)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Sequence

import numpy as np
import onnx
from onnx import helper, numpy_helper

# Fixed seed: the same script always writes byte-identical weights.
_SEED = 20240601


def rng() -> np.random.Generator:
    return np.random.default_rng(_SEED)


def initializer(name: str, array: np.ndarray) -> onnx.TensorProto:
    return numpy_helper.from_array(np.ascontiguousarray(array), name=name)


def finish(
    graph: onnx.GraphProto, opset: int, producer: str, ir_version: int | None = None
) -> onnx.ModelProto:
    """Wraps `graph` in a checked model that imports `opset` of the default domain, at
    `ir_version` when given."""
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", opset)],
        producer_name=producer,
    )
    # IR version 8 is readable by every onnx release that supports opset 17.
    model.ir_version = min(model.ir_version, 8) if opset <= 17 else model.ir_version
    if ir_version is not None:
        model.ir_version = ir_version
    onnx.checker.check_model(model, full_check=True)
    return model


def save(model: onnx.ModelProto, path: str, external_data: bool = False) -> str:
    """Writes `model` to `path` (creating the directory). With `external_data`, every
    initializer goes to `<name>.data` next to the model."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    if external_data:
        onnx.save_model(
            model,
            path,
            save_as_external_data=True,
            all_tensors_to_one_file=True,
            location=os.path.basename(path) + ".data",
            size_threshold=0,
        )
    else:
        onnx.save_model(model, path)
    return path


def run_cli(
    build: Callable[..., onnx.ModelProto],
    default_name: str,
    argv: Sequence[str] | None = None,
    extra: Callable[[argparse.ArgumentParser], None] | None = None,
) -> int:
    """Command line shared by the scripts: `<script> [OUTPUT] [--external-data] [extra flags]`."""
    parser = argparse.ArgumentParser(description=(build.__doc__ or "").strip().splitlines()[0])
    parser.add_argument("output", nargs="?", default=default_name, help="model file to write")
    parser.add_argument(
        "--external-data",
        action="store_true",
        help="store initializers in <output>.data (ONNX external data)",
    )
    if extra is not None:
        extra(parser)
    args = vars(parser.parse_args(argv))
    output = args.pop("output")
    external = args.pop("external_data")
    save(build(**args), output, external_data=external)
    print(output)
    return 0


def exit_with(code: int) -> None:
    sys.exit(code)
