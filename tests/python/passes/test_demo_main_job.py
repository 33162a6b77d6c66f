"""ge-demo (the README main job): bundled model + bundled Python pass, compiled in-process."""

from __future__ import annotations

import os
import subprocess
import sys

from passes_support import requires_native

_REPO = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)


@requires_native
def test_demo_fuses_matmul_add_into_gemm_with_the_python_pass(capfd):
    from ge import _demo

    assert _demo.main([]) == 0
    out = capfd.readouterr().out
    lines = [line.strip() for line in out.splitlines()]
    plain = next(line for line in lines if line.startswith("without Python passes:"))
    fused = next(line for line in lines if line.startswith("with matmul_add_gemm_pass.py:"))
    assert "BatchMatMulV2" in plain and "Add" in plain and "GEMM" not in plain
    assert "GEMM" in fused and "BatchMatMulV2" not in fused and "Add," not in fused
    differences = [
        float(line.split("max abs diff ")[1].split()[0]) for line in lines if "max abs diff" in line
    ]
    assert len(differences) == 2 and all(d <= _demo.TOLERANCE for d in differences)
    assert "fused MatMul + Add into GEMM" in lines[-1]


@requires_native
def test_demo_fails_when_a_compiled_model_computes_wrong_numbers(monkeypatch, capfd):
    from ge import _demo

    real_run_om = _demo.run_om

    def off_by_a_little(om, x):
        values = real_run_om(om, x)
        if om.stem == "fused":
            values[3] += 10 * _demo.TOLERANCE
        return values

    monkeypatch.setattr(_demo, "run_om", off_by_a_little)
    assert _demo.main([]) == 1
    assert "the fused model's outputs differ from the reference" in capfd.readouterr().err


@requires_native
def test_demo_checks_the_numbers_without_numpy():
    script = "import sys; sys.modules['numpy'] = None; from ge._demo import main; sys.exit(main())"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "both models match the reference" in done.stdout


def test_bundled_model_is_what_the_generator_writes(tmp_path):
    """examples/fusion_pass/models/matmul_add.onnx is committed; it must stay reproducible."""
    pytest = __import__("pytest")
    pytest.importorskip("onnx", reason="the model generator needs onnx")
    out = tmp_path / "matmul_add.onnx"
    subprocess.run(
        [sys.executable, os.path.join(_REPO, "tests", "models", "matmul_add.py"), str(out)],
        check=True,
        capture_output=True,
    )
    bundled = os.path.join(_REPO, "examples", "fusion_pass", "models", "matmul_add.onnx")
    with open(bundled, "rb") as a, open(out, "rb") as b:
        assert a.read() == b.read()
