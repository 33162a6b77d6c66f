"""GE's dtype promotion end to end: ge.es graphs that mix float and int64 operands (GE's
operator-overload and If samples) compile with Cast nodes in front of the promoting ops and run
on the host runtime with the numbers NumPy gives for the promoted dtype."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import textwrap

import pytest

from ge.error import GeError
from ge.graph import DataType, Tensor
from ge.session import Session

np = pytest.importorskip("numpy")


def _float_plus_two_int64s(es):
    builder = es.GraphBuilder("MakeAddGraph")
    x = builder.create_input(0, name="input1", data_type=DataType.DT_FLOAT, shape=[2, 3])
    y = builder.create_input(1, name="input2", data_type=DataType.DT_INT64, shape=[2, 3])
    z = builder.create_input(2, name="input3", data_type=DataType.DT_INT64, shape=[2, 3])
    builder.set_graph_output(x + y + z, 0)
    return builder.build_and_reset()


def _branch(es, name, const_value, const_first):
    builder = es.GraphBuilder(name)
    x = builder.create_input(0, name=f"{name}_input", data_type=DataType.DT_FLOAT, shape=[2])
    const = builder.create_const_int64(const_value)
    builder.set_graph_output(const + x if const_first else x + const, 0)
    return builder.build_and_reset()


def _if_graph(es):
    from ge.es.control import If

    builder = es.GraphBuilder("MakeIfGraph")
    x = builder.create_input(0, name="test_input", data_type=DataType.DT_FLOAT, shape=[2])
    cond = builder.create_input(1, name="cond", data_type=DataType.DT_INT32, shape=[])
    then_graph = _branch(es, "then_branch", 5, True)
    else_graph = _branch(es, "else_branch", 2, False)
    (out,) = If(cond, [x], 1, then_graph, else_graph)
    builder.set_graph_output(out, 0)
    return builder.build_and_reset()


def test_float_plus_two_int64_inputs_runs_in_float(ge_env, es):
    session = Session()
    session.add_graph(1, _float_plus_two_int64s(es))
    rng = np.random.default_rng(0)
    x = rng.standard_normal([2, 3]).astype(np.float32)
    y = rng.integers(-50, 50, [2, 3]).astype(np.int64)
    z = rng.integers(-50, 50, [2, 3]).astype(np.int64)
    (out,) = session.run_graph(1, [Tensor.from_numpy(v) for v in (x, y, z)])
    result = out.numpy()
    assert result.dtype == np.float32
    expected = (x + y.astype(np.float32)) + z.astype(np.float32)
    np.testing.assert_array_equal(result, expected)


def test_if_branches_add_an_int64_const_to_a_float_input(ge_env, es):
    session = Session()
    session.add_graph(1, _if_graph(es))
    x = np.array([1.0, 2.5], dtype=np.float32)
    for cond, expected in ((1, x + np.float32(5)), (-7, x + np.float32(5)), (0, x + np.float32(2))):
        (out,) = session.run_graph(
            1, [Tensor.from_numpy(x), Tensor.from_numpy(np.array(cond, np.int32))]
        )
        assert out.numpy().dtype == np.float32
        np.testing.assert_array_equal(out.numpy(), expected)


def test_comparison_promotes_its_inputs_and_gives_bool(ge_env, es):
    from ge.es.math import Less

    builder = es.GraphBuilder("cmp")
    a = builder.create_input(0, name="a", data_type=DataType.DT_INT64, shape=[4])
    b = builder.create_input(1, name="b", data_type=DataType.DT_FLOAT, shape=[4])
    builder.set_graph_output(Less(a, b), 0)
    session = Session()
    session.add_graph(1, builder.build_and_reset())
    a_np = np.array([1, 2, 3, 4], dtype=np.int64)
    b_np = np.array([1.5, 2.0, 2.5, 4.5], dtype=np.float32)
    (out,) = session.run_graph(1, [Tensor.from_numpy(a_np), Tensor.from_numpy(b_np)])
    np.testing.assert_array_equal(out.numpy(), a_np.astype(np.float32) < b_np)


def test_a_promoted_node_with_control_dependencies_still_runs(ge_env, es):
    from ge.es.graph_builder import control_dependency_scope

    builder = es.GraphBuilder("ordered")
    x = builder.create_input(0, name="x", data_type=DataType.DT_FLOAT, shape=[3])
    n = builder.create_input(1, name="n", data_type=DataType.DT_INT64, shape=[3])
    with control_dependency_scope([x]):
        y = x + n
    with control_dependency_scope([y]):
        z = y * 2.0
    builder.set_graph_output(z, 0)
    session = Session()
    session.add_graph(1, builder.build_and_reset())
    x_np = np.array([0.5, 1.5, -2.0], dtype=np.float32)
    n_np = np.array([1, -2, 3], dtype=np.int64)
    (out,) = session.run_graph(1, [Tensor.from_numpy(x_np), Tensor.from_numpy(n_np)])
    np.testing.assert_array_equal(out.numpy(), (x_np + n_np.astype(np.float32)) * np.float32(2))


def test_an_undefined_pair_fails_the_compile_naming_node_and_dtypes(ge_env, es):
    builder = es.GraphBuilder("bad")
    a = builder.create_input(0, name="a", data_type=DataType.DT_UINT16, shape=[2])
    b = builder.create_input(1, name="b", data_type=DataType.DT_INT8, shape=[2])
    builder.set_graph_output(a + b, 0)
    session = Session()
    session.add_graph(1, builder.build_and_reset())
    inputs = [Tensor.from_numpy(np.ones(2, np.uint16)), Tensor.from_numpy(np.ones(2, np.int8))]
    with pytest.raises(GeError) as error:
        session.run_graph(1, inputs)
    message = str(error.value)
    assert "compiling graph 1" in message
    assert "(Add)" in message and "DT_INT8" in message and "DT_UINT16" in message


_CHILD = textwrap.dedent(
    """
    import sys
    import numpy as np
    sys.path.insert(0, sys.argv[1])
    import ge.es as es
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.session import Session
    import test_dtype_promotion as samples

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    session = Session()
    session.add_graph(1, samples._float_plus_two_int64s(es))
    session.add_graph(2, samples._if_graph(es))
    ones = np.ones([2, 3])
    session.run_graph(1, [Tensor.from_numpy(ones.astype(t)) for t in ("f4", "i8", "i8")])
    x = np.ones(2, np.float32)
    session.run_graph(2, [Tensor.from_numpy(x), Tensor.from_numpy(np.array(1, np.int32))])
    GeApi.ge_finalize()
    print("child ok")
    """
)


def test_the_casts_show_in_the_after_infershape_dumps(tmp_path):
    env = dict(os.environ)
    env.update(
        {
            "DUMP_GE_GRAPH": "3",
            "DUMP_GRAPH_LEVEL": "AfterInfershape",
            "DUMP_GRAPH_FORMAT": "readable",
            "DUMP_GRAPH_PATH": str(tmp_path),
        }
    )
    env.pop("ASCEND_GE_PY_PASS_PATH", None)
    here = os.path.dirname(os.path.abspath(__file__))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, here],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "child ok" in done.stdout
    dumps = sorted(
        glob.glob(os.path.join(str(tmp_path), "**", "*AfterInfershape*"), recursive=True)
    )
    assert len(dumps) == 2, dumps
    texts = [open(path, encoding="utf-8").read() for path in dumps]
    add_dump = next(text for text in texts if "MakeAddGraph" in text)
    if_dump = next(text for text in texts if "MakeIfGraph" in text)
    # One Cast per int64 operand of the two Adds; one per branch of the If.
    assert add_dump.count(" = Cast(") == 2, add_dump
    assert if_dump.count(" = Cast(") == 2, if_dump
    assert "/cast_x2 = Cast(" in add_dump
    assert "/cast_x1 = Cast(" in if_dump and "/cast_x2 = Cast(" in if_dump
