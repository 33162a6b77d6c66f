"""``ge-demo``: the main job of ge_py in one command.

Compiles the bundled ONNX model ``matmul_add.onnx`` (y = MatMul(x, W) + b) twice with ATC running in
this Python process (the same code as ``pyatc``): once as is, once with the bundled Python fusion
pass ``matmul_add_gemm_pass.py`` on ``ASCEND_GE_PY_PASS_PATH``. The pass is found by the C++
PatternMatcher and called back through the embedded bridge; it fuses MatMul + Add into one GEMM.
The demo prints the operators of both compiled models and, when the host runtime is available,
checks that both produce the same numbers.

Run ``ge-demo`` (or ``python -m ge._demo``) after ``pip install .``.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import List, Sequence

MODEL_NAME = "matmul_add.onnx"
PASS_NAME = "matmul_add_gemm_pass.py"
SOC_VERSION = "Ascend910B1"


def demo_data_dir() -> Path:
    """``ge/_demo_data`` of an installed wheel, else ``examples/fusion_pass`` of a source tree."""
    installed = Path(__file__).resolve().parent / "_demo_data"
    if (installed / PASS_NAME).is_file():
        return installed
    return Path(__file__).resolve().parents[2] / "examples" / "fusion_pass"


def _model_path(data: Path) -> Path:
    for candidate in (data / MODEL_NAME, data / "models" / MODEL_NAME):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"bundled model {MODEL_NAME} not found under {data}")


def run_atc_in_process(args: Sequence[str]) -> int:
    """ATC main in this process (what ``pyatc`` does), returning its exit status."""
    from ge._capi.pypyatc_wrapper import pyatc_lib

    argv = ["pyatc", *args]
    encoded = [arg.encode("utf-8", "surrogateescape") for arg in argv]
    c_argv = (ctypes.c_char_p * (len(encoded) + 1))(*encoded, None)
    sys.stdout.flush()
    ret = pyatc_lib.GeApiWrapper_Atc_Main(len(encoded), c_argv)
    ctypes.CDLL(None).fflush(None)
    return int(ret)


def compile_model(model: Path, output: Path, pass_path: str) -> List[str]:
    """Compiles ``model`` to ``output``.om with the given pass path; returns its op types."""
    previous = os.environ.get("ASCEND_GE_PY_PASS_PATH")
    os.environ["ASCEND_GE_PY_PASS_PATH"] = pass_path
    try:
        status = run_atc_in_process(
            [
                f"--model={model}",
                "--framework=5",
                f"--soc_version={SOC_VERSION}",
                f"--output={output}",
            ]
        )
    finally:
        if previous is None:
            os.environ.pop("ASCEND_GE_PY_PASS_PATH", None)
        else:
            os.environ["ASCEND_GE_PY_PASS_PATH"] = previous
    if status != 0:
        raise RuntimeError(f"compiling {model} failed with status {status}")
    json_path = output.with_suffix(".json")
    if run_atc_in_process(["--mode=1", f"--om={output}.om", f"--json={json_path}"]) != 0:
        raise RuntimeError(f"describing {output}.om failed")
    document = json.loads(json_path.read_text(encoding="utf-8"))
    return [op["type"] for op in document["graph"][0]["op"]]


def compare_outputs(plain_om: Path, fused_om: Path) -> float | None:
    """Max abs difference of the two models' outputs on one random input (None if the host
    runtime or numpy is unavailable)."""
    try:
        import numpy as np

        from ge.graph import Tensor
        from ge.session import load_om
    except ImportError:
        return None
    x = np.random.default_rng(0).standard_normal((2, 8)).astype(np.float32)
    outputs = []
    for om in (plain_om, fused_om):
        model = load_om(str(om))
        try:
            outputs.append(model.run([Tensor.from_numpy(x)])[0].numpy())
        finally:
            model.close()
    return float(np.max(np.abs(outputs[0] - outputs[1])))


def main(argv: List[str] | None = None) -> int:
    del argv  # no options
    data = demo_data_dir()
    model = _model_path(data)
    pass_file = data / PASS_NAME
    with tempfile.TemporaryDirectory(prefix="ge_demo_") as work_dir:
        work = Path(work_dir)
        print(f"ge-demo: compiling {model.name} (y = MatMul(x, W) + b) for {SOC_VERSION}")
        plain = compile_model(model, work / "plain", "")
        print(f"  without Python passes: {', '.join(plain)}")
        fused = compile_model(model, work / "fused", str(pass_file))
        print(f"  with {pass_file.name}: {', '.join(fused)}")
        difference = compare_outputs(work / "plain.om", work / "fused.om")
    if "GEMM" not in fused or "GEMM" in plain:
        print("ge-demo: the Python pass did not fuse MatMul + Add into GEMM", file=sys.stderr)
        return 1
    summary = "ge-demo: PythonMatMulAddToGemmPass fused MatMul + Add into GEMM"
    if difference is not None:
        summary += f"; outputs match on the host runtime (max abs diff {difference:.2e})"
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
