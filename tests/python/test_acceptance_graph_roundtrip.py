"""Acceptance check: with only ge.graph and ge.es a pass author builds
MatMul(a, b) + c (float Const), GEMM(a, b, c, 1.0, 1.0) and Conv2D with attrs, infers shapes,
saves to AIR, loads it back and reads every node, attr, edge and desc unchanged."""

from __future__ import annotations

import pytest

from ge.graph import DataType, Format, Graph, Tensor

# Attributes the three ops and the builder set; every one present before must survive.
_ATTR_NAMES = [
    "index", "value", "transpose_x1", "transpose_x2", "transpose_a", "transpose_b", "strides",
    "pads", "dilations", "groups", "data_format", "offset_x",
]  # fmt: skip


def _attr_snapshot(value):
    if isinstance(value, Tensor):
        return ("tensor", int(value.get_data_type()), list(value.get_shape()), value.get_data())
    return value


def _desc_snapshot(desc):
    return (
        list(desc.get_shape()),
        list(desc.get_origin_shape()),
        int(desc.get_format()),
        int(desc.get_origin_format()),
        int(desc.get_data_type()),
    )


def snapshot(graph: Graph) -> dict:
    """Everything the Python API can read about each node."""
    result = {}
    for node in graph.get_all_nodes():
        inputs = []
        for i in range(node.get_inputs_size()):
            try:
                peer, port = node.get_in_data_nodes_and_port_indexes(i)
                inputs.append((peer.name, port))
            except RuntimeError:
                inputs.append(None)  # unconnected optional input
        outputs = [
            sorted((n.name, p) for n, p in node.get_out_data_nodes_and_port_indexes(i))
            for i in range(node.get_outputs_size())
        ]
        result[node.name] = {
            "type": node.type,
            "attrs": {k: _attr_snapshot(node.get_attr(k)) for k in _ATTR_NAMES if node.has_attr(k)},
            "inputs": inputs,
            "outputs": outputs,
            "in_descs": [_desc_snapshot(node.get_input_desc(i)) for i in range(len(inputs))],
            "out_descs": [_desc_snapshot(node.get_output_desc(i)) for i in range(len(outputs))],
            "in_ctrl": sorted(n.name for n in node.get_in_control_nodes()),
            "out_ctrl": sorted(n.name for n in node.get_out_control_nodes()),
        }
    return result


def build_graph(es):
    ops = pytest.importorskip("ge.es.all", reason="generated ES op functions are not available")
    builder = es.GraphBuilder("acceptance")
    a = builder.create_input(0, name="a", shape=[2, 4])
    b = builder.create_input(1, name="b", shape=[4, 3])
    c = builder.create_input(2, name="c", shape=[2, 3])
    x = builder.create_input(3, name="x", format=Format.FORMAT_NCHW, shape=[1, 3, 8, 8])
    bias = builder.create_const_float([0.5, 1.5, 2.5], shape=[3])
    matmul_add = ops.MatMul(a, b) + bias
    gemm = ops.GEMM(a, b, c, 1.0, 1.0)
    weights = builder.create_const_float([0.25] * (4 * 3 * 3 * 3), shape=[4, 3, 3, 3])
    conv = ops.Conv2D(
        x,
        weights,
        strides=[1, 1, 1, 1],
        pads=[1, 1, 1, 1],
        dilations=[1, 1, 1, 1],
        groups=1,
        data_format="NCHW",
    )
    builder.add_control_dependency(conv, [gemm])
    return builder.build_and_reset([matmul_add, gemm, conv])


def infer_shapes(graph) -> bool:
    try:
        from ge.utils import GeUtils
    except ImportError:
        return False
    GeUtils.infer_shape(graph, [[2, 4], [4, 3], [2, 3], [1, 3, 8, 8]])
    return True


def test_pass_author_round_trips_a_graph_through_air(es, tmp_path):
    graph = build_graph(es)
    inferred = infer_shapes(graph)
    before = snapshot(graph)

    types = sorted(v["type"] for v in before.values())
    for op_type in ("MatMul", "GEMM", "Conv2D", "Add", "Const", "Data", "NetOutput"):
        assert op_type in types
    conv = next(v for v in before.values() if v["type"] == "Conv2D")
    assert conv["attrs"]["strides"] == [1, 1, 1, 1]
    assert conv["attrs"]["data_format"] == "NCHW"
    assert conv["in_ctrl"] == [next(k for k, v in before.items() if v["type"] == "GEMM")]
    bias = next(v for v in before.values() if v["attrs"].get("value", (0, 0, [0]))[2] == [3])
    assert bias["attrs"]["value"] == ("tensor", int(DataType.DT_FLOAT), [3], [0.5, 1.5, 2.5])
    if inferred:
        assert conv["out_descs"][0][0] == [1, 4, 8, 8]
        gemm = next(v for v in before.values() if v["type"] == "GEMM")
        assert gemm["out_descs"][0][0] == [2, 3]

    path = str(tmp_path / "acceptance.air")
    graph.save_to_air(path)
    loaded = Graph("empty")
    loaded.load_from_air(path)
    assert loaded.name == "acceptance"
    assert [n.name for n in loaded.get_all_nodes()] == list(before)
    assert snapshot(loaded) == before
