"""A dynamic input: ConcatV2 of three inputs along dim 0 (N=3)."""

import numpy as np
from _sample_run import run_graph
from ge.es.all import ConcatV2

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format

SHAPES = [[8, 64, 128], [2, 64, 128], [6, 64, 128]]


def build_concat_graph():
    builder = GraphBuilder("MakeConcatV2Graph")
    holders = [
        builder.create_input(index=i, name=f"tensor{i + 1}", data_type=DataType.DT_FLOAT, shape=s)
        for i, s in enumerate(SHAPES)
    ]
    builder.set_graph_output(ConcatV2(holders, 0, N=3), 0)
    return builder.build_and_reset()


graph = build_concat_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_concat_graph")
data = [np.full(int(np.prod(s)), i + 1.0, dtype=np.float32) for i, s in enumerate(SHAPES)]
run_graph(
    graph,
    [
        [
            Tensor(d.tolist(), None, DataType.DT_FLOAT, Format.FORMAT_ND, shape=s)
            for d, s in zip(data, SHAPES)
        ]
    ],
)
