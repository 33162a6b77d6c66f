"""ge.parser.parse_onnx: the atc ONNX importer in Python, then a Session run."""

from __future__ import annotations

import os

import pytest

from ge.error import GeError
from ge.graph import Graph, Tensor
from ge.parser import parse_onnx
from ge.session import Session

np = pytest.importorskip("numpy")


def test_parse_onnx_returns_a_graph(models):
    graph = parse_onnx(os.path.join(models, "matmul_add.onnx"))
    assert isinstance(graph, Graph)
    types = {node.name: node.type for node in graph.get_direct_nodes()}
    assert types["x"] == "Data" and types["bias_add"] == "Add"
    assert types["matmul"] == "BatchMatMulV2"  # the atc mapping of ONNX MatMul


def test_parse_onnx_params(models):
    graph = parse_onnx(os.path.join(models, "matmul_add.onnx"), {"input_shape": "x:4,8"})
    data = next(n for n in graph.get_direct_nodes() if n.type == "Data")
    assert data.get_output_desc(0).get_shape() == [4, 8]


def test_parse_onnx_argument_errors(models):
    with pytest.raises(TypeError, match="^model_path must be a string$"):
        parse_onnx(None)
    with pytest.raises(TypeError, match="^parser_params must be a dictionary$"):
        parse_onnx("m.onnx", ["a"])
    with pytest.raises(TypeError, match="^parser_params keys and values must be strings$"):
        parse_onnx("m.onnx", {"input_shape": 1})


def test_parse_onnx_errors_name_the_file(models, tmp_path):
    missing = str(tmp_path / "missing.onnx")
    with pytest.raises(GeError, match="ParseOnnx failed; model_path=.*missing.onnx; ") as info:
        parse_onnx(missing)
    assert info.value.context == {"model_path": missing}
    unmapped = os.path.join(models, "unmapped_op.onnx")
    with pytest.raises(GeError, match="unmapped_op.onnx.*the_unmapped_node"):
        parse_onnx(unmapped)
    with pytest.raises(GeError, match="unknown parser param 'bogus'"):
        parse_onnx(os.path.join(models, "matmul_add.onnx"), {"bogus": "1"})


def test_parsed_model_runs_in_a_session(ge_env, models):
    onnx = pytest.importorskip("onnx")
    from onnx import numpy_helper

    path = os.path.join(models, "matmul_add.onnx")
    weights = {t.name: numpy_helper.to_array(t) for t in onnx.load(path).graph.initializer}
    session = Session()
    session.add_graph(1, parse_onnx(path))
    x = np.random.default_rng(3).standard_normal([2, 8]).astype(np.float32)
    (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
    np.testing.assert_allclose(y.numpy(), x @ weights["W"] + weights["b"], rtol=1e-5, atol=1e-5)
