"""A dynamic output: Split of an [8, 16, 64] input into 4 along dim 1, each piece a graph
output."""

import numpy as np
from _sample_run import run_graph
from ge.es.all import Split

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_split_graph():
    builder = GraphBuilder("MakeSplitGraph")
    x = builder.create_input(index=0, name="input", data_type=DataType.DT_FLOAT, shape=[8, 16, 64])
    for i, piece in enumerate(Split(1, x, 4, num_split=4)):
        builder.set_graph_output(piece, i)
    return builder.build_and_reset()


graph = build_split_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_split_graph")
data = np.arange(8 * 16 * 64, dtype=np.float32)
run_graph(
    graph, [[Tensor(data.tolist(), None, DataType.DT_FLOAT, Format.FORMAT_ND, shape=[8, 16, 64])]]
)
