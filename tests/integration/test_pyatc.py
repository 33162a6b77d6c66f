"""End-to-end: real ``python -m ge.pyatc`` processes (and the ``pyatc`` console-script form) on
the ONNX models written by tests/models (docs/atc.md). pyatc runs the same ATC routine as the
native atc inside the Python process, so its outputs are compared with atc's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from child_process import ge_pythonpath

START = "ATC start working now, please wait for a moment."
SUCCESS = "ATC run success, welcome to the next use."
FAILURE = "ATC run failed, Please check the detail log, Try '{}' for more information"

# The directory that holds the ``ge`` package being tested (src/ in a development tree).


def _env(extra: dict | None = None) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    env.update(extra or {})
    return env


def run_pyatc(*args: str, env: dict | None = None, argv0: str | None = None, cwd=None):
    """``python -m ge.pyatc args``; with ``argv0``, a script calling main() with sys.argv[0]
    set to it (what the ``pyatc`` console script does)."""
    if argv0 is None:
        command = [sys.executable, "-m", "ge.pyatc", *args]
    else:
        script = (
            "import sys; sys.argv[0] = sys.argv.pop(1); from ge.pyatc.__main__ import main; main()"
        )
        command = [sys.executable, "-c", script, argv0, *args]
    return subprocess.run(
        command, capture_output=True, text=True, env=_env(env), cwd=cwd, timeout=300
    )


def build(models, name, out_dir, *extra, env=None):
    output = os.path.join(str(out_dir), os.path.splitext(name)[0])
    run = run_pyatc(
        f"--model={os.path.join(models, name)}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={output}",
        *extra,
        env=env,
    )
    return run, output + ".om"


def test_help_names_the_module_command_and_exits_zero():
    run = run_pyatc("--help")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == START
    assert lines[1] == "usage: python3 -m ge.pyatc <args>"
    assert "--soc_version" in run.stdout


def test_console_script_form_names_pyatc():
    run = run_pyatc("--help", argv0="/opt/venv/bin/pyatc")
    assert run.returncode == 0
    assert "usage: pyatc <args>" in run.stdout

    run = run_pyatc("--bogus", argv0="/opt/venv/bin/pyatc")
    assert run.returncode == 255
    assert FAILURE.format("pyatc --help") in run.stdout


def test_bad_flag_exits_255_with_the_message():
    run = run_pyatc("--no_such_flag=1")
    assert run.returncode == 255
    assert "ERROR: unknown command line flag 'no_such_flag'" in run.stderr
    assert run.stdout.splitlines() == [START, FAILURE.format("python3 -m ge.pyatc --help")]

    run = run_pyatc("--mode")
    assert run.returncode == 255
    assert "ERROR: flag '--mode' is missing its argument" in run.stderr


def test_mode_0_builds_an_om_that_mode_6_describes(models, tmp_path):
    run, om = build(models, "resnet_small.onnx", tmp_path / "out")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[0] == START
    assert run.stdout.splitlines()[-1] == SUCCESS
    assert os.path.getsize(om) > 80_000  # the weights are inside

    info = run_pyatc("--mode=6", f"--om={om}")
    assert info.returncode == 0, info.stdout + info.stderr
    assert "soc_version[Ascend910B1]" in info.stdout
    assert "framework_type[5(ONNX)]" in info.stdout
    assert "Conv2D[6]" in info.stdout
    assert "input  [0]: input DT_FLOAT [1, 3, 32, 32] NCHW" in info.stdout
    # The recorded command line starts with the usage command of this form.
    assert "Original Atc command line: python3 -m ge.pyatc --model=" in info.stdout


def test_pyatc_and_atc_compile_the_same_model(run_atc, models, tmp_path):
    reproducible = {"SOURCE_DATE_EPOCH": "1700000000"}
    py_run, py_om = build(models, "transformer_block.onnx", tmp_path / "py", env=reproducible)
    assert py_run.returncode == 0, py_run.stdout + py_run.stderr
    atc_out = tmp_path / "native" / "transformer_block"
    atc_run = run_atc(
        f"--model={os.path.join(models, 'transformer_block.onnx')}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={atc_out}",
        env=reproducible,
    )
    assert atc_run.returncode == 0, atc_run.output

    documents = []
    for om in (py_om, f"{atc_out}.om"):
        out = tmp_path / (os.path.basename(os.path.dirname(om)) + ".json")
        run = run_pyatc("--mode=1", f"--om={om}", f"--json={out}")
        assert run.returncode == 0, run.stdout + run.stderr
        documents.append(json.loads(out.read_text()))
    from_pyatc, from_atc = documents
    assert from_pyatc["graph"] == from_atc["graph"]
    assert from_pyatc["om"]["compile_options"] == from_atc["om"]["compile_options"]
    assert from_pyatc["om"]["platform"] == from_atc["om"]["platform"]
    times = {doc["om"]["build_info"]["build_time"] for doc in documents}
    assert times == {"2023-11-14T22:13:20Z"}


def test_mode_1_converts_an_onnx_model_to_json(models, tmp_path):
    out = tmp_path / "matmul_add.json"
    run = run_pyatc(
        "--mode=1",
        "--framework=5",
        f"--om={os.path.join(models, 'matmul_add.onnx')}",
        f"--json={out}",
    )
    assert run.returncode == 0, run.stdout + run.stderr
    ops = {op["name"]: op["type"] for op in json.loads(out.read_text())["graph"][0]["op"]}
    assert ops["matmul"] == "BatchMatMulV2"


def test_import_failure_names_the_node_and_exits_255(models, tmp_path):
    run, om = build(models, "unmapped_op.onnx", tmp_path)
    assert run.returncode == 255
    assert FAILURE.format("python3 -m ge.pyatc --help") in run.stdout
    assert "ONNX node 'the_unmapped_node' (op type 'RandomUniformLike'" in run.stdout
    assert not os.path.exists(om)


def _test_opp_dir() -> str:
    """The OPP tree with the sample C++ pass plugins a development build writes
    (<build>/test_opp next to <build>/compiler/libge_compiler.so)."""
    if os.environ.get("GE_PY_TEST_OPP_DIR"):
        return os.environ["GE_PY_TEST_OPP_DIR"]
    lib = os.environ.get("GE_PY_COMPILER_LIB", "")
    return os.path.join(os.path.dirname(os.path.dirname(lib)), "test_opp") if lib else ""


def test_cpp_sample_plugin_rewrites_the_add_zero_model(models, tmp_path):
    opp = _test_opp_dir()
    plugin = os.path.join(
        opp, "vendors", "alpha", "custom_fusion_passes", "libadd_zero_fusion_pass.so"
    )
    if not os.path.isfile(plugin):
        pytest.skip("the sample C++ plugins are not built (target add_zero_fusion_pass)")
    run, om = build(models, "add_zero.onnx", tmp_path, env={"ASCEND_OPP_PATH": opp})
    assert run.returncode == 0, run.stdout + run.stderr
    info = run_pyatc("--mode=6", f"--om={om}")
    assert info.returncode == 0
    op_types = next(line for line in info.stdout.splitlines() if line.startswith("op types:"))
    assert "Add[" not in op_types, op_types

    # Without the plugins the Add stays: the rewrite above came from the plugin.
    plain_run, plain_om = build(
        models,
        "add_zero.onnx",
        tmp_path / "plain",
        env={"ASCEND_OPP_PATH": str(tmp_path / "empty_opp")},
    )
    assert plain_run.returncode == 0, plain_run.stdout + plain_run.stderr
    plain = run_pyatc("--mode=6", f"--om={plain_om}")
    assert "Add[1]" in plain.stdout
