"""A custom-op file written only against GE's custom-op API (examples/custom_op/launch_plan:
register_op, and register_op_impl with execute, compile and declare_launch_args), loaded
unmodified through ASCEND_CUSTOM_OPP_PATH together with the ONNX plugin of
examples/custom_op/plugins, on the model of tests/models/scaled_add_custom_op.py: native atc and
pyatc record the task plan declare_launch_args declares in the .om (seen through atc --mode=1),
and a Session runs the imported model with the Python execute, matching NumPy and onnxruntime
(on the same computation in standard ops)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from child_process import ge_pythonpath

np = pytest.importorskip("numpy", reason="the custom op computes with NumPy")

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_OP_FILE = os.path.join(_REPO, "examples", "custom_op", "launch_plan", "scaled_add.py")
_ONNX_PLUGIN = os.path.join(_REPO, "examples", "custom_op", "plugins", "scaled_add_onnx.py")


@pytest.fixture(scope="module")
def model(models) -> str:
    return os.path.join(models, "scaled_add_custom_op.onnx")


def _plugins(tmp_path, op_source: str | None = None) -> str:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    shutil.copy(_ONNX_PLUGIN, plugins)
    if op_source is None:
        shutil.copy(_OP_FILE, plugins)
    else:
        (plugins / "scaled_add.py").write_text(op_source)
    return str(plugins)


def _env(plugins: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    env["ASCEND_CUSTOM_OPP_PATH"] = plugins
    return env


def _build_args(model, output):
    return [f"--model={model}", "--framework=5", "--soc_version=Ascend910B1", f"--output={output}"]


def _node_attrs(run_atc, om, json_path, name):
    dumped = run_atc("--mode=1", f"--om={om}", f"--json={json_path}")
    assert dumped.returncode == 0, dumped.output
    with open(json_path, encoding="utf-8") as handle:
        (graph,) = json.load(handle)["graph"]
    (node,) = [op for op in graph["op"] if op["name"] == name]
    return node["attr"]


def test_native_atc_and_pyatc_record_the_declared_task_plan(run_atc, model, tmp_path):
    env = _env(_plugins(tmp_path))
    native = run_atc(*_build_args(model, tmp_path / "native"), env=env)
    assert native.returncode == 0, native.output
    pyatc = subprocess.run(
        [sys.executable, "-m", "ge.pyatc", *_build_args(model, tmp_path / "pyatc")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert pyatc.returncode == 0, pyatc.stdout + pyatc.stderr
    plans = {}
    for name in ("native", "pyatc"):
        attrs = _node_attrs(
            run_atc, tmp_path / f"{name}.om", tmp_path / f"{name}.json", "scaled_add"
        )
        plans[name] = {key: value for key, value in attrs.items() if key.startswith("_custom")}
    assert plans["native"] == plans["pyatc"]
    plan = plans["native"]
    assert plan["_custom_task_args_mode"] == "AnnotatedArgs"
    assert plan["_custom_annotated_args_task_plan"] == 1
    assert plan["_custom_launch_0_kernel_name"] == "scaled_add_kernel"
    assert plan["_custom_launch_0_kernel_bin"] == {"bytes": len(b"\x7fELF scaled_add_kernel")}
    assert plan["_custom_launch_0_block_dim"] == 2
    assert plan["_custom_launch_0_stream_id"] == 0
    assert plan["_custom_workspace_bytes"] == [64]
    assert plan["_custom_launch_0_args_format"] == "{i0}{i1}{o0}{ws0}{c}"
    x, b, out, workspace, count = plan["_custom_launch_0_args"]
    # Logical addresses: both inputs, the output and the workspace are distinct non-null blocks.
    assert 0 not in (x, b, out, workspace) and len({x, b, out, workspace}) == 4
    assert count == 6


_SESSION = textwrap.dedent(
    """
    import sys
    import numpy as np
    import onnxruntime
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.graph.types import DataType, Format
    from ge.parser import parse_onnx
    from ge.session import Session

    model, reference = sys.argv[1:3]
    ort = onnxruntime.InferenceSession(reference, providers=["CPUExecutionProvider"])
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        session = Session()
        session.add_graph(1, parse_onnx(model))
        rng = np.random.default_rng(7)
        for _ in range(3):
            x = rng.standard_normal((2, 3)).astype(np.float32)
            b = rng.standard_normal((2, 3)).astype(np.float32)
            feeds = [Tensor(v.reshape(-1).tolist(), None, DataType.DT_FLOAT, Format.FORMAT_ND,
                            [2, 3]) for v in (x, b)]
            (y,) = session.run_graph(1, feeds)
            y = y.numpy().reshape(2, 3)
            np.testing.assert_allclose(y, np.maximum(x + 0.5 * b, 0), rtol=1e-6)
            (expected,) = ort.run(None, {"x": x, "b": b})
            np.testing.assert_allclose(y, expected, rtol=1e-6)
        print("MATCHED")
    finally:
        GeApi.ge_finalize()
    """
)


def test_a_session_runs_the_imported_model_like_numpy_and_onnxruntime(model, tmp_path):
    pytest.importorskip("onnxruntime", reason="the reference runs the standard-op model")
    sys.path.insert(0, os.path.join(_REPO, "tests", "models"))
    try:
        import onnx
        import scaled_add_custom_op
    finally:
        sys.path.pop(0)
    reference = tmp_path / "reference.onnx"
    onnx.save(scaled_add_custom_op.build_reference_model(), str(reference))
    script = tmp_path / "session.py"
    script.write_text(_SESSION)
    done = subprocess.run(
        [sys.executable, str(script), model, str(reference)],
        capture_output=True,
        text=True,
        env=_env(_plugins(tmp_path)),
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "MATCHED" in done.stdout


@pytest.mark.parametrize(
    "body, message",
    [
        ("raise RuntimeError('no launch for ScaledAdd')", "RuntimeError: no launch for ScaledAdd"),
        ("get_declare_launch_args_ctx()", "declare_launch_args did not call AddLaunch"),
    ],
)
def test_a_failing_declare_launch_args_fails_atc_naming_node_and_op(
    run_atc, model, tmp_path, body, message
):
    with open(_OP_FILE, encoding="utf-8") as handle:
        source = handle.read()
    start = source.index("        ctx = get_declare_launch_args_ctx()")
    broken = source[:start] + f"        {body}\n"
    run = run_atc(*_build_args(model, tmp_path / "out"), env=_env(_plugins(tmp_path, broken)))
    assert run.returncode != 0
    assert "custom op 'ScaledAdd' (node 'scaled_add')" in run.output
    assert message in run.output
