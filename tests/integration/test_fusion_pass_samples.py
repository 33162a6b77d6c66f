"""End-to-end runs of the fusion pass samples in examples/fusion_pass, each through the flow its
docstring gives:

- matmul_add_matcher_config_pass.py: ge.es graphs compiled online by a Session in a child
  process (graphs/matmul_add_session.py), ``ASCEND_GE_PY_PASS_PATH`` set;
- move_relu_before_concat_pass.py: a ge.es graph saved as AIR (graphs/concat_relu_air.py),
  compiled by the native ``atc --framework=1``;
- modify_conv_data_format_pass.py: an ONNX model of tests/models compiled by ``python -m ge.pyatc``.

Each test reads the compiled graph (the Build-stage dump or ``atc --mode=1`` JSON of the .om) and
runs the model on the host runtime, with and without the pass.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from child_process import ge_pythonpath

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(_REPO, "examples", "fusion_pass")
GRAPHS = os.path.join(EXAMPLES, "graphs")
SUCCESS = "ATC run success, welcome to the next use."
# The directory that holds the ``ge`` package under test (src/ in a development tree).


def _env(pass_file: str | None, **extra: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    env.pop("ASCEND_GE_PY_PASS_PATH", None)
    if pass_file is not None:
        env["ASCEND_GE_PY_PASS_PATH"] = os.path.join(EXAMPLES, pass_file)
    env.update(extra)
    return env


def _python(*args: str, env: dict, cwd=None) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _om_ops(run_atc, om: str) -> list:
    json_path = om + ".json"
    run = run_atc("--mode=1", f"--om={om}", f"--json={json_path}")
    assert run.returncode == 0, run.output
    with open(json_path, encoding="utf-8") as handle:
        return json.load(handle)["graph"][0]["op"]


def _run_om(om: str, *arrays: np.ndarray) -> np.ndarray:
    from ge.graph import Tensor
    from ge.session.om_model import load_om

    (output,) = load_om(om).run([Tensor.from_numpy(np.ascontiguousarray(a)) for a in arrays])
    return output.numpy()


# ---- PatternMatcherConfig sample: online Session compile ------------------------------------

MATCHER_CONFIG_PASS = "matmul_add_matcher_config_pass.py"
# Node lines of a readable dump: "<name> = <Type>(<inputs>) -> ...".
_NODE_LINE = re.compile(r"^\s+\S+ = (\w+)\(", re.M)


def _session_sample(tmp_path, pass_file: str | None, *flags: str):
    """Runs graphs/matmul_add_session.py in a child; returns its JSON and the op types of the
    compiled (Build-stage) graph."""
    dumps = tmp_path / ("dump_with_pass" if pass_file else "dump_without_pass")
    env = _env(
        pass_file,
        DUMP_GE_GRAPH="3",
        DUMP_GRAPH_LEVEL="3",  # only the Build stage
        DUMP_GRAPH_FORMAT="readable",
        DUMP_GRAPH_PATH=str(dumps),
    )
    done = _python(os.path.join(GRAPHS, "matmul_add_session.py"), *flags, env=env)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    (build_dump,) = list(dumps.rglob("*Build*"))
    return result, sorted(_NODE_LINE.findall(build_dump.read_text(encoding="utf-8")))


def _expected(result: dict, transpose_x1: bool) -> np.ndarray:
    a = np.array(result["a"], dtype=np.float32)
    b = np.array(result["b"], dtype=np.float32)
    return (a.T if transpose_x1 else a) @ b + np.array(result["bias"], dtype=np.float32)


def test_matcher_config_pass_turns_matmul_add_into_gemm_in_a_session(tmp_path):
    fused, fused_types = _session_sample(tmp_path, MATCHER_CONFIG_PASS)
    plain, plain_types = _session_sample(tmp_path, None)
    assert fused_types == ["Const", "Const", "Const", "Data", "Data", "GEMM", "NetOutput"]
    assert plain_types == ["Add", "Const", "Data", "Data", "MatMul", "NetOutput"]
    # The outputs are printed by Tensor.get_data() (six decimals).
    assert fused["a"] == plain["a"] and fused["b"] == plain["b"]
    np.testing.assert_allclose(fused["y"], plain["y"], rtol=0, atol=2e-6)
    np.testing.assert_allclose(fused["y"], _expected(fused, False), rtol=0, atol=2e-6)


@pytest.mark.parametrize(
    ("flags", "why"),
    [
        (("--transpose-x1",), "MatMul transpose_x1 differs (IR attribute match)"),
        (("--bias", "0.2"), "Add constant differs (const value match)"),
    ],
    ids=["transpose_x1", "bias_value"],
)
def test_matcher_config_pass_leaves_a_different_graph_alone(tmp_path, flags, why):
    result, types = _session_sample(tmp_path, MATCHER_CONFIG_PASS, *flags)
    assert "GEMM" not in types, why
    assert {"MatMul", "Add"} <= set(types), why
    transpose_x1 = "--transpose-x1" in flags
    np.testing.assert_allclose(result["y"], _expected(result, transpose_x1), rtol=0, atol=2e-6)


# ---- FusionBasePass + SubgraphRewriter sample: AIR through atc --framework=1 -------------------


def _concat_relu_om(run_atc, tmp_path, air: str, pass_file: str | None) -> str:
    output = str(tmp_path / ("with_pass" if pass_file else "without_pass"))
    run = run_atc(
        f"--model={air}",
        "--framework=1",
        "--soc_version=Ascend910B1",
        f"--output={output}",
        env=_env(pass_file),
    )
    assert run.returncode == 0 and SUCCESS in run.output, run.output
    return output + ".om"


def test_relu_moves_in_front_of_concat_through_atc(run_atc, tmp_path):
    air = str(tmp_path / "graph.air")
    _python(os.path.join(GRAPHS, "concat_relu_air.py"), air, env=_env(None))
    moved = _concat_relu_om(run_atc, tmp_path, air, "move_relu_before_concat_pass.py")
    plain = _concat_relu_om(run_atc, tmp_path, air, None)

    ops = _om_ops(run_atc, moved)
    assert [op["type"] for op in ops] == (
        ["Data"] * 3 + ["Const"] + ["Relu"] * 3 + ["ConcatV2", "NetOutput"]
    )
    by_name = {op["name"]: op for op in ops}
    relus = [op for op in ops if op["type"] == "Relu"]
    assert [relu["input"] for relu in relus] == [["x1:0"], ["x2:0"], ["x3:0"]]
    (concat,) = [op for op in ops if op["type"] == "ConcatV2"]
    assert concat["input"][:3] == [f"{relu['name']}:0" for relu in relus]
    assert by_name[concat["input"][3].split(":")[0]]["type"] == "Const"  # the concat dim
    (net_output,) = [op for op in ops if op["type"] == "NetOutput"]
    assert net_output["input"] == [f"{concat['name']}:0"]
    assert [op["type"] for op in _om_ops(run_atc, plain)][-3:] == ["ConcatV2", "Relu", "NetOutput"]

    rng = np.random.default_rng(7)
    inputs = [rng.standard_normal([rows, 4, 5]).astype(np.float32) for rows in (3, 1, 2)]
    expected = np.maximum(np.concatenate(inputs, axis=0), 0)
    np.testing.assert_array_equal(_run_om(plain, *inputs), expected)
    np.testing.assert_array_equal(_run_om(moved, *inputs), expected)


def test_relu_stays_behind_a_concat_that_is_also_a_graph_output(run_atc, tmp_path):
    air = str(tmp_path / "graph.air")
    _python(os.path.join(GRAPHS, "concat_relu_air.py"), air, "--concat-output", env=_env(None))
    om = _concat_relu_om(run_atc, tmp_path, air, "move_relu_before_concat_pass.py")
    ops = _om_ops(run_atc, om)
    assert [op["type"] for op in ops].count("Relu") == 1
    (relu,) = [op for op in ops if op["type"] == "Relu"]
    (concat,) = [op for op in ops if op["type"] == "ConcatV2"]
    assert relu["input"] == [f"{concat['name']}:0"]


# ---- FusionBasePass with hand edits: ONNX through pyatc ---------------------------------------


def _pyatc(models, tmp_path, pass_file: str | None, model="conv_transpose_pair.onnx") -> str:
    output = str(tmp_path / ("nhwc" if pass_file else "nchw"))
    done = _python(
        "-m",
        "ge.pyatc",
        f"--model={os.path.join(models, model)}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={output}",
        env=_env(pass_file),
    )
    assert SUCCESS in done.stdout, done.stdout + done.stderr
    return output + ".om"


def test_conv_switches_to_nhwc_and_the_transpose_pair_goes_through_pyatc(run_atc, models, tmp_path):
    ort = pytest.importorskip("onnxruntime")
    nhwc = _pyatc(models, tmp_path, "modify_conv_data_format_pass.py")
    nchw = _pyatc(models, tmp_path, None)

    ops = _om_ops(run_atc, nhwc)
    assert [op["type"] for op in ops] == (["Data"] + ["Const"] * 3 + ["Conv2D", "Add", "NetOutput"])
    (data,) = [op for op in ops if op["type"] == "Data"]
    assert data["output_desc"][0]["shape"] == [1, 9, 12, 3]
    assert data["output_desc"][0]["layout"] == "NHWC"
    (conv,) = [op for op in ops if op["type"] == "Conv2D"]
    assert conv["attr"]["data_format"] == "NHWC"
    assert conv["attr"]["strides"] == [1, 1, 2, 1]  # NCHW [1, 1, 1, 2] in NHWC order
    assert conv["attr"]["dilations"] == [1, 2, 1, 1]
    assert conv["input_desc"][1]["layout"] == "NCHW"  # the filter keeps its layout
    (add,) = [op for op in ops if op["type"] == "Add"]
    assert add["input"][0] == "conv:0"
    plain_types = [op["type"] for op in _om_ops(run_atc, nchw)]
    assert plain_types.count("Transpose") == 2

    model = os.path.join(models, "conv_transpose_pair.onnx")
    x = np.random.default_rng(3).standard_normal([1, 3, 9, 12]).astype(np.float32)
    (reference,) = ort.InferenceSession(model, providers=["CPUExecutionProvider"]).run(
        None, {"x": x}
    )
    before = _run_om(nchw, x)
    after = _run_om(nhwc, x.transpose(0, 2, 3, 1))
    np.testing.assert_allclose(before, reference, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(after, before.transpose(0, 2, 3, 1), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(
    ("model", "why"),
    [
        ("conv_transpose_pair_relu_tail.onnx", "a Relu after the pair expects NCHW"),
        ("conv_transpose_pair_input_as_output.onnx", "the graph input is read by another node"),
    ],
)
def test_conv_stays_nchw_when_the_layout_change_would_leak(run_atc, models, tmp_path, model, why):
    ort = pytest.importorskip("onnxruntime")
    om = _pyatc(models, tmp_path, "modify_conv_data_format_pass.py", model)
    ops = _om_ops(run_atc, om)
    assert [op["type"] for op in ops].count("Transpose") == 2, why
    (conv,) = [op for op in ops if op["type"] == "Conv2D"]
    assert conv["attr"]["data_format"] == "NCHW", why

    x = np.random.default_rng(3).standard_normal([1, 3, 9, 12]).astype(np.float32)
    path = os.path.join(models, model)
    reference = ort.InferenceSession(path, providers=["CPUExecutionProvider"]).run(None, {"x": x})
    from ge.graph import Tensor
    from ge.session.om_model import load_om

    outputs = [t.numpy() for t in load_om(om).run([Tensor.from_numpy(x)])]
    assert len(outputs) == len(reference)
    for output, expected in zip(outputs, reference):
        np.testing.assert_allclose(output, expected, rtol=1e-5, atol=1e-5)
