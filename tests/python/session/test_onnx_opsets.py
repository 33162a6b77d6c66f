"""Which ONNX opsets the importer accepts (docs/onnx_import.md, "Opsets and errors"): every opset
up to the newest the onnx package knows, per-op mapping ranges, and the op versions whose
semantics the importer refuses, each refusal naming the node, the op and the version."""

from __future__ import annotations

import pytest

from ge.error import GeError
from ge.graph import Tensor
from ge.parser import parse_onnx
from ge.session import Session

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402

_NEWEST_ACCEPTED = 28


def _save(tmp_path, name, node, inputs, outputs, opset):
    graph = helper.make_graph([node], name, inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    path = str(tmp_path / f"{name}.onnx")
    onnx.save(model, path)
    return path


def _vi(name, shape, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, shape)


def test_the_newest_opset_of_the_onnx_package_is_accepted():
    assert onnx.defs.onnx_opset_version() <= _NEWEST_ACCEPTED, (
        "the onnx package knows a newer opset: review the new op versions of the mapped ops "
        "(docs/onnx_import.md) and raise kMaxOnnxOpset"
    )


@pytest.mark.parametrize("opset", [7, 13, 21, 22, 25, _NEWEST_ACCEPTED])
def test_identity_imports_and_runs_at_every_opset(ge_env, tmp_path, opset):
    node = helper.make_node("Identity", ["x"], ["y"], name="same")
    path = _save(tmp_path, "identity", node, [_vi("x", [2, 3])], [_vi("y", [2, 3])], opset)
    session = Session()
    session.add_graph(1, parse_onnx(path))
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
    np.testing.assert_array_equal(y.numpy(), x)


def test_an_opset_beyond_the_newest_fails_naming_node_and_range(tmp_path):
    node = helper.make_node("Identity", ["x"], ["y"], name="future")
    path = _save(tmp_path, "future", node, [_vi("x", [2])], [_vi("y", [2])], _NEWEST_ACCEPTED + 1)
    with pytest.raises(GeError, match=r"ONNX node 'future' \(op type 'Identity'.*opset 29\)"):
        parse_onnx(path)
    with pytest.raises(GeError, match=r"\(supported: 1 to 28; most ops from 7\)"):
        parse_onnx(path)


def test_an_op_outside_its_mapping_range_names_op_opset_and_range(tmp_path):
    node = helper.make_node("Gelu", ["x"], ["y"], name="early_gelu")
    path = _save(tmp_path, "gelu19", node, [_vi("x", [2])], [_vi("y", [2])], 19)
    with pytest.raises(
        GeError,
        match=r"ONNX node 'early_gelu' .*: Gelu at opset 19 is not supported "
        r"\(mapped at opsets 20 to 28\)",
    ):
        parse_onnx(path)


def test_range_27_refuses_stash_type_0_and_takes_the_default(ge_env, tmp_path):
    scalars = [_vi(name, []) for name in ("start", "limit", "delta")]
    refused = helper.make_node(
        "Range", ["start", "limit", "delta"], ["y"], name="half_range", stash_type=0
    )
    path = _save(tmp_path, "range0", refused, scalars, [_vi("y", [None])], 27)
    with pytest.raises(GeError, match=r"ONNX node 'half_range' .*Range-27 .*'stash_type' = 0"):
        parse_onnx(path)
    default = helper.make_node("Range", ["start", "limit", "delta"], ["y"], name="range")
    path = _save(tmp_path, "range1", default, scalars, [_vi("y", [None])], 27)
    session = Session()
    session.add_graph(1, parse_onnx(path))
    inputs = [Tensor.from_numpy(np.array(v, dtype=np.float32)) for v in (1.0, 2.0, 0.25)]
    (y,) = session.run_graph(1, inputs)
    np.testing.assert_array_equal(y.numpy(), np.arange(1.0, 2.0, 0.25, dtype=np.float32))


def test_ops_unchanged_since_opset_one_import_at_old_opsets(ge_env, tmp_path):
    # Relu-1 carries the legacy `consumed_inputs` hint, which changes nothing.
    node = helper.make_node("Relu", ["x"], ["y"], name="old_relu", consumed_inputs=[0])
    path = _save(tmp_path, "relu1", node, [_vi("x", [4])], [_vi("y", [4])], 1)
    session = Session()
    session.add_graph(1, parse_onnx(path))
    x = np.array([-2, -1, 1, 2], dtype=np.float32)
    (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
    np.testing.assert_array_equal(y.numpy(), np.maximum(x, 0))


def test_an_op_whose_old_version_differs_names_its_range_at_an_old_opset(tmp_path):
    # Add-6 broadcasts by its `broadcast`/`axis` attributes: not mapped before 7.
    node = helper.make_node("Add", ["x", "z"], ["y"], name="old_add", broadcast=1)
    path = _save(tmp_path, "add6", node, [_vi("x", [2, 3]), _vi("z", [3])], [_vi("y", [2, 3])], 6)
    with pytest.raises(
        GeError,
        match=r"ONNX node 'old_add' .*: Add at opset 6 is not supported "
        r"\(mapped at opsets 7 to 28\)",
    ):
        parse_onnx(path)
