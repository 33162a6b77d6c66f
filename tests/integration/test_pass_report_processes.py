"""End-to-end through real atc and pyatc processes: the per-pass report (--pass_report), a pass
registered with repeat_until_unchanged, and pass callbacks that raise shown at the default log
level (docs/python_passes.md, "Per-pass report", "Repeating a pass", "Callbacks that raise")."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from child_process import ge_pythonpath

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(_REPO, "examples", "passes")
COLLAPSE = os.path.join(EXAMPLES, "collapse_relu_chain_pass.py")
ADD_ZERO = os.path.join(_REPO, "examples", "fusion_pass", "add_zero_pass.py")
SUCCESS = "ATC run success, welcome to the next use."
COLLAPSE_NAME = "PythonCollapseReluChainPass"

RAISING_MEET = """
from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass

@register_fusion_pass(name="RaisingMeetPass", stage=PassStage.BEFORE_INFER_SHAPE)
class RaisingMeetPass(PatternFusionPass):
    @pattern
    def relu(self, inputs):
        from ge.es.all import Relu
        return Relu(inputs[0])

    def meet_requirements(self, match_result):
        raise ValueError("deliberate mistake in meet_requirements")

    def replacement(self, inputs):
        return inputs[0]
"""

BOUND_TOO_LOW = """
from ge.es.all import Relu
from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass

@register_fusion_pass(
    name="BoundTooLowPass", stage=PassStage.BEFORE_INFER_SHAPE, repeat_until_unchanged=2
)
class BoundTooLowPass(PatternFusionPass):
    @pattern
    def relu_relu(self, inputs):
        return Relu(Relu(inputs[0]))

    def replacement(self, inputs):
        return Relu(inputs[0])
"""


def _relu_chain(path, length):
    sys.path.insert(0, EXAMPLES)
    try:
        from relu_chain_model import relu_chain_model
    finally:
        sys.path.remove(EXAMPLES)
    from onnx import save

    save(relu_chain_model(length), str(path))
    return str(path)


@pytest.fixture(scope="module")
def chain8(tmp_path_factory):
    return _relu_chain(tmp_path_factory.mktemp("chain") / "relu_chain.onnx", 8)


def _pyatc_env(extra):
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    for key in ("DUMP_GE_GRAPH", "DUMP_GRAPH_PATH", "ASCEND_GLOBAL_LOG_LEVEL"):
        env.pop(key, None)
    env.update(extra)
    return env


def compile_model(tool, run_atc, model, out_dir, pass_path, *extra, env=None):
    """One mode-0 compile by ``tool`` ("atc" or "pyatc"); returns (returncode, stdout, stderr)."""
    args = [
        f"--model={model}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={os.path.join(str(out_dir), 'model')}",
        *extra,
    ]
    extra_env = {"ASCEND_GE_PY_PASS_PATH": pass_path, "SOURCE_DATE_EPOCH": "1700000000"}
    extra_env.update(env or {})
    if tool == "atc":
        run = run_atc(*args, env=extra_env)
        return run.returncode, run.stdout, run.stderr
    done = subprocess.run(
        [sys.executable, "-m", "ge.pyatc", *args],
        capture_output=True,
        text=True,
        env=_pyatc_env(extra_env),
        timeout=300,
    )
    return done.returncode, done.stdout, done.stderr


def _runs_of(report, name):
    return [run for run in report["runs"] if run["pass"] == name]


@pytest.mark.parametrize("tool", ["atc", "pyatc"])
def test_report_records_each_run_of_a_repeated_pass(tool, run_atc, chain8, tmp_path):
    report_path = tmp_path / "report.json"
    code, out, err = compile_model(
        tool, run_atc, chain8, tmp_path, COLLAPSE, f"--pass_report={report_path}"
    )
    assert code == 0 and SUCCESS in out + err, out + err
    report = json.loads(report_path.read_text())
    assert report["version"] == 1
    runs = _runs_of(report, COLLAPSE_NAME)
    # 8 Relus -> 4 -> 2 -> 1; the fourth run changes nothing and ends the repetition.
    assert [run["run"] for run in runs] == [1, 2, 3, 4]
    assert [run["changed"] for run in runs] == [True, True, True, False]
    assert [run["replaced"] for run in runs] == [4, 2, 1, 0]
    assert [run["candidates"] for run in runs] == [4, 2, 1, 0]
    assert [run["nodes_before"] - run["nodes_after"] for run in runs] == [4, 2, 1, 0]
    for run in runs:
        assert run["stage"] == "BeforeInferShape" and run["status"] == "ok"
        assert run["rejected"] == 0 and run["failed"] == 0
        assert run["matcher_us"] + run["callback_us"] <= run["time_us"] + 1
        # A replacement is a Python call that builds a graph: well over a microsecond.
        assert run["callback_us"] > 0 or run["replaced"] == 0, run
    assert report["callback_failures"] == [] and report["failed_passes"] == []
    assert "[PassReport]" not in out + err


def test_report_option_changes_neither_the_om_nor_the_output(run_atc, chain8, tmp_path):
    plain_dir, report_dir = tmp_path / "plain", tmp_path / "report"
    plain_dir.mkdir()
    report_dir.mkdir()
    plain = compile_model("atc", run_atc, chain8, plain_dir, COLLAPSE)
    with_report = compile_model(
        "atc", run_atc, chain8, report_dir, COLLAPSE, f"--pass_report={tmp_path / 'r.json'}"
    )
    assert plain[0] == with_report[0] == 0
    assert plain[1:] == with_report[1:]
    # The .om records the command line (which names the report); everything else is the same.
    assert _om_without_command_line(run_atc, plain_dir) == _om_without_command_line(
        run_atc, report_dir
    )


def _om_without_command_line(run_atc, directory):
    json_path = directory / "model.json"
    run = run_atc("--mode=1", f"--om={directory / 'model.om'}", f"--json={json_path}")
    assert run.returncode == 0, run.output
    text = json_path.read_text()
    return [line for line in text.splitlines() if "atc_command_line" not in line]


def test_info_log_has_one_summary_line_per_pass_run(run_atc, chain8, tmp_path):
    code, out, err = compile_model("atc", run_atc, chain8, tmp_path, COLLAPSE, "--log=info")
    assert code == 0, out + err
    marker = f"[PassReport] Pass[{COLLAPSE_NAME}]"
    lines = [line for line in (out + err).splitlines() if marker in line]
    assert len(lines) == 4, lines
    assert "run[4] status=ok candidates=0 rejected=0 replaced=0" in lines[3]


def test_dumps_draw_each_run_that_changed_the_graph(run_atc, chain8, tmp_path):
    dump_dir = tmp_path / "dumps"
    code, out, err = compile_model(
        "atc",
        run_atc,
        chain8,
        tmp_path,
        COLLAPSE,
        f"--pass_report={tmp_path / 'r.json'}",
        env={"DUMP_GE_GRAPH": "3", "DUMP_GRAPH_PATH": str(dump_dir)},
    )
    assert code == 0, out + err
    names = sorted(name for path, _, files in os.walk(dump_dir) for name in files)
    pictures = [name for name in names if f"_{COLLAPSE_NAME}_run" in name]
    assert len(pictures) == 6, names
    for run in (1, 2, 3):
        assert any(name.endswith(f"_run{run}_before.dot") for name in pictures), pictures
        assert any(name.endswith(f"_run{run}_after.dot") for name in pictures), pictures
    # Without --pass_report the same dumps have no per-pass pictures.
    plain_dir = tmp_path / "plain_dumps"
    code, out, err = compile_model(
        "atc",
        run_atc,
        chain8,
        tmp_path,
        COLLAPSE,
        env={"DUMP_GE_GRAPH": "3", "DUMP_GRAPH_PATH": str(plain_dir)},
    )
    assert code == 0, out + err
    plain = [name for path, _, files in os.walk(plain_dir) for name in files]
    assert plain and not [name for name in plain if "_run1_" in name], plain


@pytest.mark.parametrize("tool", ["atc", "pyatc"])
def test_hitting_the_repeat_bound_fails_naming_pass_and_bound(tool, run_atc, chain8, tmp_path):
    plugin = tmp_path / "bound_too_low.py"
    plugin.write_text(BOUND_TOO_LOW)
    code, out, err = compile_model(tool, run_atc, chain8, tmp_path, str(plugin))
    assert code != 0 and SUCCESS not in out + err
    assert "[BoundTooLowPass][Run] did not converge" in out + err, out + err
    assert "at most 2 runs" in out + err and "bound 2" in out + err


@pytest.mark.parametrize("tool", ["atc", "pyatc"])
def test_raising_meet_requirements_is_shown_at_the_default_log_level(
    tool, run_atc, chain8, tmp_path
):
    plugin = tmp_path / "raising_meet.py"
    plugin.write_text(RAISING_MEET)
    report_path = tmp_path / "report.json"
    code, out, err = compile_model(
        tool, run_atc, chain8, tmp_path, str(plugin), f"--pass_report={report_path}"
    )
    assert code == 0 and SUCCESS in out + err, out + err
    # The first traceback once, the seven others as a count, then the one-line summary.
    assert err.count("ValueError: deliberate mistake in meet_requirements") == 1, err
    assert "Traceback (most recent call last)" in err
    assert (
        "[PassReport] Pass[RaisingMeetPass] meet_requirements raised or failed 8 times "
        "(7 repeat(s) not shown)" in err
    ), err
    assert (
        "[PassReport] Passes that failed or raised in this compile: "
        "RaisingMeetPass (meet_requirements x8)" in err
    ), err
    report = json.loads(report_path.read_text())
    (run,) = _runs_of(report, "RaisingMeetPass")
    assert (run["candidates"], run["rejected"], run["failed"], run["replaced"]) == (8, 8, 8, 0)
    (failure,) = report["callback_failures"]
    assert failure["pass"] == "RaisingMeetPass" and failure["hook"] == "meet_requirements"
    assert failure["count"] == 8 and "deliberate mistake" in failure["first_message"]


def test_a_compile_without_failures_prints_nothing_new(run_atc, models, tmp_path):
    code, out, err = compile_model(
        "pyatc", run_atc, os.path.join(models, "add_zero.onnx"), tmp_path, ADD_ZERO
    )
    assert code == 0, out + err
    assert "[PassReport]" not in out + err
    assert "Traceback" not in out + err


OFFLINE_COMPILE_SCRIPT = """
import json, sys
from ge.es import GraphBuilder
from ge.es.all import Relu
from ge.offline_compile import build_finalize, build_initialize, build_model

builder = GraphBuilder("chain")
tensor = builder.create_input(0, name="x", shape=[2, 3])
for _ in range(4):
    tensor = Relu(tensor)
graph = builder.build_and_reset([tensor])
build_initialize({"ge.socVersion": "Ascend910B1"})
build_model(graph, {"ge.passReport": sys.argv[1]})
build_finalize()
report = json.load(open(sys.argv[1]))
print([run["replaced"] for run in report["runs"] if run["pass"] == sys.argv[2]])
"""


def test_python_compiles_take_the_report_as_a_compile_option(tmp_path):
    report_path = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-c", OFFLINE_COMPILE_SCRIPT, str(report_path), COLLAPSE_NAME],
        capture_output=True,
        text=True,
        env=_pyatc_env({"ASCEND_GE_PY_PASS_PATH": COLLAPSE}),
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # 4 Relus -> 2 -> 1, then a run that changes nothing.
    assert done.stdout.strip().splitlines()[-1] == "[2, 1, 0]", done.stdout + done.stderr
