"""The CNN architectures of tests/models/architectures.py through parse_onnx and a Session, against
onnxruntime (float32, one seeded random input per model).

Tolerance: rtol 1e-5 and atol 1e-5 on every output (the project's parity bound is an absolute
1e-4). The outputs are logits of size 0.01..7 (ResNet-18, DenseNet-121, ShuffleNet) or Softmax
probabilities; each is the end of 8 to 120 layers whose convolutions sum in another order here
(im2col + blocked GEMM) than in onnxruntime, and LRN and Softmax use other pow/exp
implementations. The largest difference seen is 2.1e-6 absolute (ResNet-18, on a logit of 0.01 to
6.3); every other model stays below 7.5e-7.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.parser import parse_onnx
from ge.session import Session

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip(
    "onnxruntime", reason="onnxruntime is not installed (pip install onnxruntime)"
)

_MODELS_DIR = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "models"
)
RTOL, ATOL = 1e-5, 1e-5


def _architecture_names():
    spec = importlib.util.spec_from_file_location(
        "ge_test_models_architectures", os.path.join(_MODELS_DIR, "architectures.py")
    )
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, _MODELS_DIR)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(_MODELS_DIR)
    return sorted(module.MODELS)


@pytest.fixture(scope="module")
def architectures(tmp_path_factory) -> str:
    directory = str(tmp_path_factory.mktemp("architectures"))
    script = os.path.join(_MODELS_DIR, "architectures.py")
    subprocess.run([sys.executable, script, directory], check=True, capture_output=True)
    return directory


@pytest.fixture
def ge_without_plugins(monkeypatch):
    GeApi.ge_finalize()
    monkeypatch.delenv("ASCEND_GE_PY_PASS_PATH", raising=False)
    monkeypatch.setenv("ASCEND_OPP_PATH", os.path.join(os.sep, "nonexistent", "opp"))
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    yield
    GeApi.ge_finalize()


def _onnxruntime(path: str):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.log_severity_level = 3  # IR 3 models: no note per initializer listed as an input
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


@pytest.mark.parametrize("name", _architecture_names())
def test_architecture_matches_onnxruntime(ge_without_plugins, architectures, name):
    path = os.path.join(architectures, name)
    model = onnx.load(path)
    (input_value,) = [
        v for v in model.graph.input if v.name not in {t.name for t in model.graph.initializer}
    ]
    shape = [d.dim_value for d in input_value.type.tensor_type.shape.dim]
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    reference = _onnxruntime(path)
    # Only the image is an input for onnxruntime too: an initializer listed as an input of an
    # IR 3 model is a constant.
    assert [i.name for i in reference.get_inputs()] == [input_value.name]
    (expected,) = reference.run(None, {input_value.name: x})

    graph = parse_onnx(path)
    data = [n.name for n in graph.get_direct_nodes() if n.type == "Data"]
    assert data == [input_value.name]
    session = Session()
    session.add_graph(1, graph)
    (got,) = [t.numpy() for t in session.run_graph(1, [Tensor.from_numpy(x)])]
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=RTOL, atol=ATOL, err_msg=name)
