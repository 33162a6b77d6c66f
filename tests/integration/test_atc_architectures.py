"""End-to-end: the real atc on the CNN architectures of tests/models/architectures.py. Each model
compiles to an .om whose description (--mode=6) keeps one input (the image; the initializers the
opset 9 models also list as inputs are weights) and a Conv2D for every ONNX Conv."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import onnx
import pytest

_MODELS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "models")
sys.path.insert(0, _MODELS_DIR)
try:
    import architectures
finally:
    sys.path.remove(_MODELS_DIR)

SUCCESS = "ATC run success, welcome to the next use."


@pytest.fixture(scope="module")
def architecture_dir(tmp_path_factory) -> str:
    directory = str(tmp_path_factory.mktemp("architectures"))
    script = os.path.join(_MODELS_DIR, "architectures.py")
    subprocess.run([sys.executable, script, directory], check=True, capture_output=True)
    return directory


@pytest.mark.parametrize("name", sorted(architectures.MODELS))
def test_architecture_compiles_to_an_om(run_atc, architecture_dir, tmp_path, name):
    path = os.path.join(architecture_dir, name)
    model = onnx.load(path)
    output = str(tmp_path / os.path.splitext(name)[0])
    run = run_atc(
        f"--model={path}", "--framework=5", "--soc_version=Ascend910B1", f"--output={output}"
    )
    assert run.returncode == 0, run.output
    assert run.stdout.splitlines()[-1] == SUCCESS

    info = run_atc("--mode=6", f"--om={output}.om")
    assert info.returncode == 0, info.output
    assert "framework_type[5(ONNX)]" in info.stdout
    shape = ", ".join(str(d.dim_value) for d in model.graph.input[0].type.tensor_type.shape.dim)
    assert f"input  [0]: input DT_FLOAT [{shape}] NCHW" in info.stdout, info.stdout
    assert "input  [1]" not in info.stdout, info.stdout
    convs = sum(node.op_type == "Conv" for node in model.graph.node)
    assert re.search(rf"\bConv2D\[{convs}\]", info.stdout), info.stdout
