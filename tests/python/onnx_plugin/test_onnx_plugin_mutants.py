"""Corrupt custom-domain models through Python ONNX plugins: import (the plugins of
examples/onnx_plugins see damaged names and attributes), then compile and a host run. Every
mutant must import and run, or fail with a GeError; none may crash or fail otherwise. The C++
campaign over the built-in mappings is compiler/tools/mutated_onnx_model_test.cc."""

from __future__ import annotations

import os
import random

import pytest

from ge.error import GeError
from ge.parser import parse_onnx

from .test_onnx_plugin_import import _EXAMPLE_PLUGINS, _model_script

onnx = pytest.importorskip("onnx", reason="the test models are written with onnx")
np = pytest.importorskip("numpy")


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three edits: truncation, a random byte, a flipped bit, inserted bytes, 0x7f/0xff."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not data:
            break
        pos = rng.randrange(len(data))
        kind = rng.randrange(5)
        if kind == 0:
            del data[pos:]
        elif kind == 1:
            data[pos] = rng.randrange(256)
        elif kind == 2:
            data[pos] ^= 1 << rng.randrange(8)
        elif kind == 3:
            data[pos:pos] = bytes([rng.randrange(256)]) * rng.randint(1, 4)
        else:
            data[pos] = rng.choice((0x7F, 0xFF))
    return bytes(data)


def test_every_mutant_imports_and_runs_or_fails_with_a_ge_error(tmp_path, monkeypatch):
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.session import Session

    original = _model_script("custom_domain").build_model().SerializeToString()
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", _EXAMPLE_PLUGINS)
    rng = random.Random(20261207)
    counts = {"rejected": 0, "by a plugin": 0, "compile or run failed": 0, "ran": 0}
    inputs = [Tensor.from_numpy(np.ones([2, 3], dtype=np.float32)) for _ in range(2)]
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        for index in range(300):
            path = os.path.join(tmp_path, f"mutant_{index}.onnx")
            with open(path, "wb") as out:
                out.write(_mutate(original, rng))
            try:
                graph = parse_onnx(path)
            except GeError as error:
                counts["rejected"] += 1
                counts["by a plugin"] += "after python ONNX Plugin" in str(error) or (
                    "(E11010)" in str(error)
                )
                continue
            try:
                session = Session()
                session.add_graph(index, graph)
                session.run_graph(index, inputs)
                counts["ran"] += 1
            except GeError:
                counts["compile or run failed"] += 1
    finally:
        GeApi.ge_finalize()
    print(counts)
    assert counts["rejected"] > 0 and counts["by a plugin"] > 0 and counts["ran"] > 0, counts
