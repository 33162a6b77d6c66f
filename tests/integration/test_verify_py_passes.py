"""pyatc --verify_py_passes=1 and ge.passes.testing.check_pass_numerics on the host runtime."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("numpy", reason="numerics checks need numpy")

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEMM_PASS = os.path.join(_REPO, "examples", "fusion_pass", "matmul_add_gemm_pass.py")

# Replaces MatMul(a, b) + c by MatMul(a, b) - c: structurally fine, numerically wrong.
WRONG_PASS = """
from ge.es.all import BatchMatMulV2
from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass

@register_fusion_pass(name="WrongSignPass", stage=PassStage.BEFORE_INFER_SHAPE)
class WrongSignPass(PatternFusionPass):
    @pattern
    def matmul_add(self, inputs):
        a, b, c = inputs[:3]
        return BatchMatMulV2(a, b) + c

    def replacement(self, inputs):
        a, b, c = inputs[:3]
        return BatchMatMulV2(a, b) - c
"""


def pyatc(models, tmp_path, pass_path):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "ge.pyatc",
            f"--model={os.path.join(models, 'matmul_add.onnx')}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={tmp_path / 'model'}",
            "--verify_py_passes=1",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "ASCEND_GE_PY_PASS_PATH": str(pass_path)},
        timeout=300,
    )


def test_gemm_sample_keeps_the_numbers(models, tmp_path):
    done = pyatc(models, tmp_path, GEMM_PASS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "output 0: max abs error" in done.stdout
    assert "verify_py_passes: passed" in done.stdout
    assert "GEMM" in done.stdout  # the added node is listed


def test_wrong_pass_is_reported_with_the_diverging_output(models, tmp_path):
    wrong = tmp_path / "wrong_sign_pass.py"
    wrong.write_text(WRONG_PASS)
    done = pyatc(models, tmp_path, wrong)
    assert done.returncode != 0, done.stdout + done.stderr
    assert "output 0 diverged" in done.stdout


def test_check_pass_numerics_on_an_onnx_file(models):
    from ge.passes.testing import check_pass_numerics

    report = check_pass_numerics(os.path.join(models, "matmul_add.onnx"), GEMM_PASS)
    assert report.ok, report.format()
    assert any("GEMM" in name for name in report.added_nodes)
    assert report.outputs[0].max_abs_error < 1e-4


def test_bad_flag_value_exits_255(models, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "ge.pyatc", "--verify_py_passes=2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 255
    assert "--verify_py_passes must be 0 or 1" in done.stderr
