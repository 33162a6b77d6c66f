"""The match tracer in the three kinds of compile: atc --trace_pass (a C++ pass plugin and a
Python pass), pyatc --trace_pass, and a Session compile under GE_PY_TRACE_PASS; nothing is
traced without them (docs/pattern_matcher.md, "Debugging a pass")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(_REPO, "examples", "fusion_pass")
ADD_ZERO_PASS = os.path.join(EXAMPLES, "add_zero_pass.py")
SUCCESS = "ATC run success, welcome to the next use."


def _test_opp_dir() -> str:
    """The OPP tree with the sample C++ pass plugins a development build writes."""
    if os.environ.get("GE_PY_TEST_OPP_DIR"):
        return os.environ["GE_PY_TEST_OPP_DIR"]
    lib = os.environ.get("GE_PY_COMPILER_LIB", "")
    return os.path.join(os.path.dirname(os.path.dirname(lib)), "test_opp") if lib else ""


def _model_flags(models, tmp_path):
    return [
        f"--model={os.path.join(models, 'matmul_add.onnx')}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={tmp_path / 'model'}",
    ]


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GE_PY_TRACE_PASS")}
    env.update(extra)
    return env


def test_atc_traces_a_cpp_pass_plugin_to_stderr_and_files(atc_path, models, tmp_path):
    opp = _test_opp_dir()
    if not os.path.isfile(
        os.path.join(opp, "vendors", "alpha", "custom_fusion_passes", "libadd_zero_fusion_pass.so")
    ):
        pytest.skip("the sample C++ plugins are not built (target add_zero_fusion_pass)")
    done = subprocess.run(
        [atc_path, *_model_flags(models, tmp_path), "--trace_pass=AddZeroFusionPass"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(ASCEND_OPP_PATH=opp),
        timeout=300,
    )
    assert done.returncode == 0 and SUCCESS in done.stdout, done.stdout + done.stderr
    # matmul + bias: the Add's const is not zero (the plugin refuses), and in the const-first
    # pattern the MatMul stands where a const must be.
    assert "Match trace of pass AddZeroFusionPass" in done.stderr
    assert "#1 candidate bias_add: meet_requirements (after a whole match" in done.stderr
    assert "#1 candidate bias_add: not_const at pattern node" in done.stderr
    text = (tmp_path / "AddZeroFusionPass.match_trace.txt").read_text()
    assert text in done.stderr
    assert "fillcolor=salmon" in (tmp_path / "AddZeroFusionPass.match_trace.dot").read_text()


def test_atc_traces_a_python_pass_and_is_silent_without_the_flag(atc_path, models, tmp_path):
    traced_dir = tmp_path / "traced"
    traced_dir.mkdir()
    env = _env(ASCEND_GE_PY_PASS_PATH=ADD_ZERO_PASS, GE_PY_TRACE_PASS_DIR=str(traced_dir))
    done = subprocess.run(
        [atc_path, *_model_flags(models, tmp_path), "--trace_pass=PythonAddZeroPass"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pattern PythonAddZeroPass_add_zero_pattern: 1 candidates, 1 matched" in done.stderr
    assert "meet_requirements returned false" in done.stderr
    assert (traced_dir / "PythonAddZeroPass.match_trace.txt").is_file()

    plain = subprocess.run(
        [atc_path, *_model_flags(models, tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(ASCEND_GE_PY_PASS_PATH=ADD_ZERO_PASS),
        timeout=300,
    )
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "Match trace" not in plain.stdout + plain.stderr
    assert not list(tmp_path.glob("*.match_trace.*"))


def test_pyatc_traces_with_the_top_from_the_environment(models, tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ge.pyatc",
            *_model_flags(models, tmp_path),
            "--trace_pass=PythonAddZeroPass",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(ASCEND_GE_PY_PASS_PATH=ADD_ZERO_PASS, GE_PY_TRACE_PASS_TOP="1"),
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Match trace of pass PythonAddZeroPass (closest 1 per pattern)" in done.stderr
    assert (tmp_path / "PythonAddZeroPass.match_trace.dot").is_file()


@pytest.mark.parametrize(
    "flag, check",
    [("--transpose-x1", "ir_attr"), ("--bias=0.2", "const_value")],
)
def test_session_compile_is_traced_under_the_environment_variable(tmp_path, flag, check):
    pytest.importorskip("numpy")
    done = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, "graphs", "matmul_add_session.py"), flag],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(
            ASCEND_GE_PY_PASS_PATH=os.path.join(EXAMPLES, "matmul_add_matcher_config_pass.py"),
            GE_PY_TRACE_PASS="PythonMatMulAddMatcherConfigPass",
        ),
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Match trace of pass PythonMatMulAddMatcherConfigPass" in done.stderr
    assert f": {check} at pattern node" in done.stderr, done.stderr
    assert (tmp_path / "PythonMatMulAddMatcherConfigPass.match_trace.txt").is_file()
