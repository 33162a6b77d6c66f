"""``ge-demo``: the main job of ge_py in one command.

Compiles the bundled ONNX model ``matmul_add.onnx`` (y = MatMul(x, W) + b) twice with ATC running in
this Python process (the same code as ``pyatc``): once as is, once with the bundled Python fusion
pass ``matmul_add_gemm_pass.py`` on ``ASCEND_GE_PY_PASS_PATH``. The pass is found by the C++
PatternMatcher and called back through the embedded bridge; it fuses MatMul + Add into one GEMM.
The demo prints the operators of both compiled models, runs both on the host runtime and checks
their outputs against y = x·W + b computed in float64 from the model's weights; it exits non-zero
when the pass did not fuse or an output is off by more than ``TOLERANCE``.

Run ``ge-demo`` (or ``python -m ge._demo``) after ``pip install .``.
"""

from __future__ import annotations

import array
import ctypes
import json
import math
import os
import random
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


TOLERANCE = 1e-5  # max abs difference allowed against the float64 reference


def float32_values(tensor) -> List[float]:
    """The values of a host float32 tensor, flattened, read from its bytes (no NumPy needed)."""
    from ge._capi.pytensor_runtime_wrapper import tensor_runtime_lib

    data = ctypes.c_void_p()
    size = ctypes.c_size_t(0)
    handle = tensor._handle
    if tensor_runtime_lib.GeApiWrapper_Tensor_GetRawData(
        handle, ctypes.byref(data), ctypes.byref(size)
    ):
        raise RuntimeError("reading a tensor's bytes failed")
    raw = ctypes.string_at(data.value, size.value) if size.value else b""
    return list(array.array("f", raw))


def demo_input() -> List[float]:
    """A fixed [2, 8] input, the same on every run, already rounded to float32."""
    generator = random.Random(0)
    return list(array.array("f", [generator.uniform(-1.0, 1.0) for _ in range(2 * 8)]))


def reference_output(model: Path, x: List[float]) -> List[float]:
    """y = x·W + b in float64, with W [8, 4] and b [4] read from the model's initializers."""
    from ge.parser import parse_onnx

    graph = parse_onnx(str(model))  # nodes are views: the graph must outlive the loop
    weights = {}
    for node in graph.get_all_nodes():
        if node.type == "Const":
            value = node.get_attr("value")
            weights[tuple(value.get_shape())] = float32_values(value)
    w, b = weights[(8, 4)], weights[(4,)]
    return [
        sum(x[row * 8 + k] * w[k * 4 + col] for k in range(8)) + b[col]
        for row in range(2)
        for col in range(4)
    ]


def run_om(om: Path, x: List[float]) -> List[float]:
    """The compiled model's output for ``x`` on the host runtime."""
    from ge.graph import Tensor
    from ge.session import load_om

    model = load_om(str(om))
    try:
        (output,) = model.run([Tensor(x, shape=[2, 8])])
        return float32_values(output)
    finally:
        model.close()


def max_abs_difference(a: Sequence[float], b: Sequence[float]) -> float:
    if len(a) != len(b):
        return math.inf
    return max((abs(p - q) for p, q in zip(a, b)), default=0.0)


def main(argv: List[str] | None = None) -> int:
    del argv  # no options
    data = demo_data_dir()
    model = _model_path(data)
    pass_file = data / PASS_NAME
    x = demo_input()
    expected = reference_output(model, x)
    with tempfile.TemporaryDirectory(prefix="ge_demo_") as work_dir:
        work = Path(work_dir)
        print(f"ge-demo: compiling {model.name} (y = MatMul(x, W) + b) for {SOC_VERSION}")
        plain = compile_model(model, work / "plain", "")
        print(f"  without Python passes: {', '.join(plain)}")
        fused = compile_model(model, work / "fused", str(pass_file))
        print(f"  with {pass_file.name}: {', '.join(fused)}")
        differences = {
            name: max_abs_difference(run_om(work / f"{name}.om", x), expected)
            for name in ("plain", "fused")
        }
    for name, difference in differences.items():
        print(f"  {name} model on the host runtime: max abs diff {difference:.2e} from y = x·W + b")
    if "GEMM" not in fused or "GEMM" in plain:
        print("ge-demo: the Python pass did not fuse MatMul + Add into GEMM", file=sys.stderr)
        return 1
    wrong = [name for name, difference in differences.items() if not difference <= TOLERANCE]
    if wrong:
        print(
            f"ge-demo: the {' and '.join(wrong)} model's outputs differ from the reference by "
            f"more than {TOLERANCE:g}",
            file=sys.stderr,
        )
        return 1
    print(
        "ge-demo: PythonMatMulAddToGemmPass fused MatMul + Add into GEMM; both models match "
        f"the reference on the host runtime (tolerance {TOLERANCE:g})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
