"""Data nodes created without a shape take shape, dtype and format from the tensors fed to the
first run, as GE's session does before it compiles; the graph then stays compiled for them."""

from __future__ import annotations

import pytest

from ge.error import GeError
from ge.graph import DataType, Format, Tensor
from ge.session import Session

np = pytest.importorskip("numpy")


def _matmul_of_shapeless_inputs(es):
    from ge.es.math import MatMul

    builder = es.GraphBuilder("matmul_of_inputs")
    x, w = builder.create_inputs(2)
    return builder.build_and_reset([MatMul(x, w)])


def test_matmul_of_shapeless_inputs_compiles_for_the_first_run(ge_env, es):
    session = Session()
    session.add_graph(1, _matmul_of_shapeless_inputs(es))
    rng = np.random.default_rng(0)
    for _ in range(2):
        x = rng.standard_normal([2, 3]).astype(np.float32)
        w = rng.standard_normal([3, 2]).astype(np.float32)
        (y,) = session.run_graph(1, [Tensor.from_numpy(x), Tensor.from_numpy(w)])
        np.testing.assert_allclose(y.numpy(), x @ w, rtol=1e-5, atol=1e-6)
    x = np.ones([3, 2], np.float32)
    with pytest.raises(GeError) as info:
        session.run_graph(1, [Tensor.from_numpy(x), Tensor.from_numpy(x.T.copy())])
    assert (
        "input 0 (Data node 'input_0') has no shape of its own and took [2, 3] DT_FLOAT from "
        "the tensor fed to the first run; got [3, 2] DT_FLOAT"
    ) in str(info.value)


def test_the_first_run_gives_the_dtype_too(ge_env, es):
    import ge.es.all as ops

    builder = es.GraphBuilder("neg_of_input")
    x = builder.create_input(0)
    graph = builder.build_and_reset([ops.Neg(x)])
    session = Session()
    session.add_graph(1, graph)
    fed = Tensor([1, -2, 3, 4], None, DataType.DT_INT32, Format.FORMAT_NCHW, [1, 1, 2, 2])
    (y,) = session.run_graph(1, [fed])
    assert y.get_data_type() == DataType.DT_INT32
    np.testing.assert_array_equal(y.numpy(), -np.array([1, -2, 3, 4]).reshape(1, 1, 2, 2))
    with pytest.raises(
        GeError, match=r"took \[1, 1, 2, 2\] DT_INT32 .*; got \[1, 1, 2, 2\] DT_FLOAT"
    ):
        session.run_graph(1, [Tensor.from_numpy(np.ones([1, 1, 2, 2], np.float32))])


def test_declared_shapes_stay_a_check(ge_env, es):
    builder = es.GraphBuilder("declared")
    vector = builder.create_input(0, name="vector", shape=[2])
    scalar = builder.create_input(1, name="scalar", shape=[])
    graph = builder.build_and_reset([vector * scalar])
    session = Session()
    session.add_graph(1, graph)
    three = Tensor.from_numpy(np.ones([3], np.float32))
    one = Tensor.from_numpy(np.array(2.0, np.float32))
    with pytest.raises(
        GeError, match=r"input 0 \(Data node 'vector'\): shape \[3\] does not match"
    ):
        session.run_graph(1, [three, one])
    with pytest.raises(
        GeError, match=r"input 1 \(Data node 'scalar'\): shape \[3\] does not match"
    ):
        session.run_graph(1, [Tensor.from_numpy(np.ones([2], np.float32)), three])
    (y,) = session.run_graph(1, [Tensor.from_numpy(np.ones([2], np.float32)), one])
    np.testing.assert_array_equal(y.numpy(), [2.0, 2.0])


def test_unknown_dims_stay_dynamic_across_runs(ge_env, es):
    builder = es.GraphBuilder("dynamic")
    x = builder.create_input(0, shape=[-1, 3])
    graph = builder.build_and_reset([x + 1.0])
    session = Session()
    session.add_graph(1, graph)
    for rows in (2, 5):
        (y,) = session.run_graph(1, [Tensor.from_numpy(np.zeros([rows, 3], np.float32))])
        np.testing.assert_array_equal(y.numpy(), np.ones([rows, 3], np.float32))
