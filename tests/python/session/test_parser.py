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


def _chain_model(order, weight_offset_pad=0):
    """x -> Relu -> Mul(w) -> Add(w) -> y, nodes listed in `order` (indexes into the chain).
    `weight_offset_pad` lengthens the model's doc string, which moves the weights' raw_data to
    another byte offset in the file (and so another alignment)."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    weight = np.arange(1, 33, dtype=np.float32).reshape(2, 16) / 8
    nodes = [
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node("Mul", ["r", "w"], ["m"], name="mul"),
        helper.make_node("Add", ["m", "w"], ["y"], name="add"),
    ]
    graph = helper.make_graph(
        [nodes[i] for i in order],
        "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 16])],
        initializer=[numpy_helper.from_array(weight, name="w")],
        doc_string="d" * weight_offset_pad,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    return onnx, model, weight


@pytest.mark.parametrize("order", [[2, 0, 1], [0, 2, 1]], ids=["from_the_first", "from_the_second"])
def test_nodes_out_of_file_order_import_in_dependency_order(ge_env, tmp_path, order):
    onnx, model, weight = _chain_model(order)
    path = str(tmp_path / "reversed.onnx")
    onnx.save(model, path)
    session = Session()
    session.add_graph(1, parse_onnx(path))
    x = np.linspace(-2, 2, 32, dtype=np.float32).reshape(2, 16)
    (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
    np.testing.assert_allclose(y.numpy(), np.maximum(x, 0) * weight + weight, rtol=1e-6)


def test_weights_at_every_byte_alignment_keep_their_values(ge_env, tmp_path):
    # The importer keeps weights where the file put them; at an offset not aligned for float32
    # the runtime must still read the right values.
    x = np.linspace(-2, 2, 32, dtype=np.float32).reshape(2, 16)
    for pad in range(4):
        onnx, model, weight = _chain_model([0, 1, 2], weight_offset_pad=pad)
        path = str(tmp_path / f"pad{pad}.onnx")
        onnx.save(model, path)
        session = Session()
        session.add_graph(1, parse_onnx(path))
        (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
        np.testing.assert_allclose(y.numpy(), np.maximum(x, 0) * weight + weight, rtol=1e-6)


def test_a_cycle_and_a_value_produced_twice_are_named(tmp_path):
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    def save(nodes, name):
        graph = helper.make_graph(
            nodes,
            name,
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])],
        )
        path = str(tmp_path / f"{name}.onnx")
        onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), path)
        return path

    cycle = save(
        [
            helper.make_node("Add", ["x", "b"], ["a"], name="first"),
            helper.make_node("Relu", ["a"], ["b"], name="second"),
            helper.make_node("Relu", ["a"], ["y"], name="out"),
        ],
        "cycle",
    )
    with pytest.raises(GeError, match="cycle.onnx: the graph has a cycle through node 'first'"):
        parse_onnx(cycle)
    twice = save(
        [
            helper.make_node("Relu", ["x"], ["y"], name="one"),
            helper.make_node("Neg", ["x"], ["y"], name="two"),
        ],
        "twice",
    )
    with pytest.raises(GeError, match="value 'y' is produced more than once"):
        parse_onnx(twice)


def test_a_name_whose_node_made_no_graph_node_is_free_for_the_next(tmp_path):
    # Inference Dropout passes its input through: no node carries its name, so a later node of
    # the same name keeps it instead of becoming "same_1".
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [
            helper.make_node("Dropout", ["x"], ["d"], name="same"),
            helper.make_node("Relu", ["d"], ["y"], name="same"),
        ],
        "names",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])],
    )
    path = str(tmp_path / "names.onnx")
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), path)
    parsed = parse_onnx(path)
    types = {node.name: node.type for node in parsed.get_direct_nodes()}
    assert types["same"] == "Relu" and "same_1" not in types
