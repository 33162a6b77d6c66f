"""GE's ES graph samples, as programs of our own (tests/integration/es_samples) that follow the
samples' flow: build with ge.es, dump with ``graph.dump_to_file(format=DumpFormat.kOnnx, ...)``
into the working directory, then GeApi.ge_initialize, Session.add_graph, Session.run_graph on
the host runtime and print the outputs. Each runs as its own process in a fresh directory; the
numbers it saved are checked against NumPy."""

from __future__ import annotations

import glob
import os
import subprocess
import sys

import pytest
from child_process import ge_pythonpath

np = pytest.importorskip("numpy")

_SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "es_samples")
# The directory holding the ``ge`` package under test (src/ in a development tree): the samples
# run in another working directory.


def _run(name: str, cwd, *args: str):
    """Runs sample `name` in `cwd`; returns (saved arrays, stdout)."""
    done = subprocess.run(
        [sys.executable, os.path.join(_SAMPLES, f"{name}.py"), *args],
        cwd=str(cwd),
        env={
            **os.environ,
            "PYTHONPATH": ge_pythonpath(),
        },
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    dumps = glob.glob(os.path.join(str(cwd), "ge_onnx_*.pbtxt"))
    assert len(dumps) == 1, os.listdir(str(cwd))
    with np.load(os.path.join(str(cwd), "outputs.npz")) as saved:
        return dict(saved), done.stdout


def test_control_edges(tmp_path):
    saved, stdout = _run("control_edge", tmp_path)
    assert "[Info] input2 depends on ['input', 'input1']" in stdout
    assert "[Info] Add_0 depends on ['input', 'input1']" in stdout
    np.testing.assert_array_equal(saved["run0_out0"], saved["run0_in0"] + saved["run0_in2"])
    assert "Tensor1 details" in stdout and "data is [[3.0, 4.0], [5.0, 6.0]]" in stdout


@pytest.mark.parametrize("args", [(), ("--no-output",)], ids=["if_output", "no_outputs"])
def test_if_runs_the_branch_the_condition_selects(tmp_path, args):
    saved, _ = _run("control_op_if", tmp_path, *args)
    if args:
        assert [int(saved[f"run{r}_outputs"]) for r in range(3)] == [0, 0, 0]
        return
    x = saved["run0_in0"]
    np.testing.assert_array_equal(saved["run0_out0"], x + 5.0)  # cond 1: then
    np.testing.assert_array_equal(saved["run1_out0"], x + 2.0)  # cond 0: else
    np.testing.assert_array_equal(saved["run2_out0"], x + 5.0)  # non-zero: then


def test_dynamic_input_concat(tmp_path):
    saved, _ = _run("dynamic_input_concat", tmp_path)
    inputs = [saved[f"run0_in{i}"] for i in range(3)]
    np.testing.assert_array_equal(saved["run0_out0"], np.concatenate(inputs, axis=0))
    assert saved["run0_out0"].shape == (16, 64, 128)


def test_dynamic_output_split(tmp_path):
    saved, _ = _run("dynamic_output_split", tmp_path)
    pieces = np.split(saved["run0_in0"], 4, axis=1)
    assert int(saved["run0_outputs"]) == 4
    for i, piece in enumerate(pieces):
        np.testing.assert_array_equal(saved[f"run0_out{i}"], piece)


def test_matmul_attributes(tmp_path):
    saved, _ = _run("normal_attributes_matmul", tmp_path)
    expected = saved["run0_in0"].T.astype(np.int64) @ saved["run0_in1"].astype(np.int64)
    assert saved["run0_out0"].dtype == np.int32
    np.testing.assert_array_equal(saved["run0_out0"], expected)


def test_relu_and_add_of_plain_inputs(tmp_path):
    saved, _ = _run("normal_input_relu_add", tmp_path)
    x = saved["run0_in0"]
    np.testing.assert_array_equal(saved["run0_out0"], x + np.maximum(x, 0))


def test_operator_overloads(tmp_path):
    saved, _ = _run("operator_overload", tmp_path)
    a, b, c = (saved[f"run0_in{i}"] for i in range(3))
    expected = [a + b + c, (a - b) * c / 2.0, 1.5 + a * 3.0 - 0.5, 10.0 - b, 4.0 * c, 1.0 / c]
    for i, value in enumerate(expected):
        np.testing.assert_allclose(saved[f"run0_out{i}"], value, rtol=1e-6)


def test_batch_norm_with_and_without_its_optional_inputs(tmp_path):
    saved, _ = _run("optional_input_batchnorm", tmp_path)
    x, mean, variance = (saved[f"run0_in{i}"].astype(np.float64) for i in range(3))
    scale = np.array([1.0, 2.0, 0.5]).reshape(1, 3, 1, 1)
    offset = np.array([0.0, 1.0, -1.0]).reshape(1, 3, 1, 1)

    def normalise(m, v):
        return scale * (x - m.reshape(1, 3, 1, 1)) / np.sqrt(v.reshape(1, 3, 1, 1) + 1e-4) + offset

    np.testing.assert_allclose(saved["run0_out0"], normalise(mean, variance), rtol=1e-5, atol=1e-6)
    batch_mean = x.mean(axis=(0, 2, 3))
    batch_variance = x.var(axis=(0, 2, 3))
    np.testing.assert_allclose(
        saved["run0_out1"], normalise(batch_mean, batch_variance), rtol=1e-5, atol=1e-6
    )


def test_private_attributes_are_in_both_dumps(tmp_path):
    saved, _ = _run("private_attributes", tmp_path)
    x = saved["run0_in0"]
    np.testing.assert_allclose(saved["run0_out0"], 2.0 / (1.0 + np.exp(-x)), rtol=1e-6)
    (onnx_dump,) = glob.glob(str(tmp_path / "ge_onnx_*make_sigmoid_graph.pbtxt"))
    (text_dump,) = glob.glob(str(tmp_path / "ge_proto_*make_sigmoid_graph.txt"))
    for path in (onnx_dump, text_dump):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for name in ("node_rank", "execution_priority", "memory_optimization", "_stream_label"):
            assert name in text, (path, name)
        assert "label_0" in text and "label_1" in text, path


def _transformer_reference(input1, input2, input3):
    """The sample's graph in NumPy (float64): routing indices and gathered scores."""
    scores = input1.reshape(-1, input2.shape[1]).astype(np.float64) @ input2.T.astype(np.float64)
    sigmoid = 1.0 / (1.0 + np.exp(-scores))
    added = sigmoid + input3.astype(np.float64)[None, :]
    best2 = -np.sort(-added, axis=1)[:, :2]
    chosen = np.argsort(-best2.sum(axis=1), kind="stable")[:4]
    selected = np.zeros(256)
    selected[chosen] = 1.0
    masked = np.where(selected[:, None] != 0, added, 0.0)
    indices = np.argsort(-masked, axis=1, kind="stable")[:, :4]
    gathered = np.take_along_axis(sigmoid, indices, axis=1)
    return indices, gathered / 1e-20 + 2.5


@pytest.mark.parametrize("args", [(), ("--fractal-nz",)], ids=["nd", "fractal_nz"])
def test_transformer_block(tmp_path, args):
    saved, _ = _run("transformer", tmp_path, *args)
    indices, values = _transformer_reference(*(saved[f"run0_in{i}"] for i in range(3)))
    assert saved["run0_out0"].dtype == np.int64 and saved["run0_out0"].shape == (256, 4)
    np.testing.assert_array_equal(saved["run0_out0"], indices)
    np.testing.assert_allclose(saved["run0_out1"], values, rtol=1e-5)
    (dump,) = glob.glob(str(tmp_path / "ge_onnx_*.pbtxt"))
    with open(dump, encoding="utf-8") as f:
        layouts = f.read().count('s: "FRACTAL_NZ"')
    assert (layouts > 0) == bool(args)
