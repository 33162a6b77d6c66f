"""The fusion pass sample on a custom op: AddCustom(x, 0) found through the pattern written with
ge.es.custom.AddCustom, removed, and the compiled model computes what it did before.

No GE session is initialized here: GE loads the Python passes of ASCEND_GE_PY_PASS_PATH when it
initializes, so the compiles of check_pass_numerics must be the first in the process."""

from __future__ import annotations

import os

import pytest

from ge.graph import DataType

np = pytest.importorskip("numpy")

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASS = os.path.join(_REPO, "examples", "fusion_pass", "add_zero_in_custom_op_pass.py")


def _graph(zero):
    import ge.es.all as ops
    from ge.es.custom import AddCustom

    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("add_custom_zero")
    x = builder.create_input(0, name="x", data_type=DataType.DT_FLOAT, shape=[2, 3])
    y = ops.Relu(AddCustom(x, zero))
    return builder.build_and_reset([y])


def test_the_pass_removes_add_custom_of_zero_and_keeps_the_numbers():
    from ge.passes.testing import check_pass_numerics

    x = np.array([[-1.5, 0.0, 2.0], [3.25, -0.5, 1.0]], dtype=np.float32)
    report = check_pass_numerics(_graph(0.0), PASS, inputs=[x])
    assert report.ok, report.format()
    assert any("AddCustom" in name for name in report.removed_nodes), report.format()
    assert any("Identity" in name for name in report.added_nodes), report.format()


def test_a_non_zero_add_custom_stays():
    from ge.passes.testing import check_pass_numerics

    report = check_pass_numerics(_graph(0.5), PASS)
    assert report.ok, report.format()
    assert not report.removed_nodes and not report.added_nodes, report.format()


def test_inside_an_initialized_ge_the_check_refuses_instead_of_using_other_passes():
    from ge.ge_global import GeApi
    from ge.passes.testing import check_pass_numerics, trace_pass

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        with pytest.raises(RuntimeError, match="GE is initialized in this process"):
            check_pass_numerics(_graph(0.0), PASS)
        with pytest.raises(RuntimeError, match="trace_pass: GE is initialized"):
            trace_pass("PythonAddZeroInCustomOpPass", _graph(0.0), pass_path=PASS)
    finally:
        GeApi.ge_finalize()
