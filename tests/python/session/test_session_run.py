"""Sessions running ge.es graphs on the host runtime, checked against numpy."""

from __future__ import annotations

import pytest

from ge.error import GeError
from ge.graph import DataType, Placement, Tensor
from ge.session import Session

np = pytest.importorskip("numpy")


def _build(es, name, shapes, body, data_type=DataType.DT_FLOAT):
    builder = es.GraphBuilder(name)
    inputs = [
        builder.create_input(i, name=f"x{i}", data_type=data_type, shape=shape)
        for i, shape in enumerate(shapes)
    ]
    outputs = body(*inputs)
    return builder.build_and_reset(list(outputs) if isinstance(outputs, tuple) else [outputs])


def test_arithmetic_graph_matches_numpy(ge_env, es):
    graph = _build(es, "arith", [[2, 3], [3]], lambda a, b: ((a + b) * 2.0 - 1.0, a / b))
    session = Session()
    assert session.add_graph(1, graph) == 0
    rng = np.random.default_rng(0)
    a = rng.standard_normal([2, 3]).astype(np.float32)
    b = (rng.random([3]) + 0.5).astype(np.float32)
    first, second = session.run_graph(1, [Tensor.from_numpy(a), Tensor.from_numpy(b)])
    np.testing.assert_allclose(first.numpy(), (a + b) * 2.0 - 1.0, rtol=1e-6)
    np.testing.assert_allclose(second.numpy(), a / b, rtol=1e-6)
    assert first.get_placement() == Placement.PLACEMENT_HOST
    assert first.get_shape() == [2, 3]


def test_generated_ops_graph_matches_numpy(ge_env, es):
    import ge.es.all as ops

    def body(x, w):
        return ops.Relu(ops.MatMulV2(x, w))

    graph = _build(es, "mm_relu", [[4, 8], [8, 5]], body)
    session = Session()
    session.add_graph(3, graph)
    rng = np.random.default_rng(1)
    x = rng.standard_normal([4, 8]).astype(np.float32)
    w = rng.standard_normal([8, 5]).astype(np.float32)
    (y,) = session.run_graph(3, [Tensor.from_numpy(x), Tensor.from_numpy(w)])
    np.testing.assert_allclose(y.numpy(), np.maximum(x @ w, 0), rtol=1e-5, atol=1e-6)


def test_repeated_runs_reuse_the_compiled_graph_with_new_inputs(ge_env, es):
    graph = _build(es, "square", [[5]], lambda x: x * x)
    session = Session()
    session.add_graph(1, graph)
    for seed in range(3):
        x = np.random.default_rng(seed).standard_normal(5).astype(np.float32)
        (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
        np.testing.assert_allclose(y.numpy(), x * x, rtol=1e-6)


def test_session_keeps_a_copy_of_the_added_graph(ge_env, es):
    graph = _build(es, "copy", [[2]], lambda x: x + 5.0)
    session = Session()
    session.add_graph(1, graph)
    # Removing a node from the caller's graph afterwards must not affect the session's copy.
    graph.remove_node(graph.find_node_by_name("x0"))
    (y,) = session.run_graph(1, [Tensor([1.0, 2.0], shape=[2])])
    assert y.get_data() == [6.0, 7.0]


def test_int32_graph(ge_env, es):
    graph = _build(es, "ints", [[4], [4]], lambda a, b: a - b, DataType.DT_INT32)
    session = Session()
    session.add_graph(1, graph)
    a = np.array([5, -3, 7, 0], dtype=np.int32)
    b = np.array([1, 2, 3, 4], dtype=np.int32)
    (y,) = session.run_graph(1, [Tensor.from_numpy(a), Tensor.from_numpy(b)])
    assert y.get_data_type() == DataType.DT_INT32
    np.testing.assert_array_equal(y.numpy(), a - b)


def test_dtype_mismatch_names_the_input(ge_env, es):
    graph = _build(es, "f", [[2]], lambda x: x + 1.0)
    session = Session()
    session.add_graph(1, graph)
    with pytest.raises(GeError, match=r"graph_id=1; .*input 0.*dtype"):
        session.run_graph(1, [Tensor.from_numpy(np.array([1, 2], dtype=np.int32))])


def test_two_sessions_are_independent(ge_env, es):
    first, second = Session(), Session()
    first.add_graph(1, _build(es, "a", [[1]], lambda x: x + 1.0))
    second.add_graph(1, _build(es, "b", [[1]], lambda x: x * 10.0))
    x = [Tensor([2.0], shape=[1])]
    assert first.run_graph(1, x)[0].get_data() == [3.0]
    assert second.run_graph(1, x)[0].get_data() == [20.0]
