"""Operator attributes: MatMul(x1, x2) of two int32 [2, 3] inputs with transpose_x1=True."""

import numpy as np
from _sample_run import run_graph
from ge.es.all import MatMul

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_matmul_graph():
    builder = GraphBuilder("MakeMatMulGraph")
    x1 = builder.create_input(index=0, name="input1", data_type=DataType.DT_INT32, shape=[2, 3])
    x2 = builder.create_input(index=1, name="input2", data_type=DataType.DT_INT32, shape=[2, 3])
    builder.set_graph_output(MatMul(x1, x2, None, transpose_x1=True, transpose_x2=False), 0)
    return builder.build_and_reset()


graph = build_matmul_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_matmul_graph")
x1 = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
x2 = np.array([[7, 8, 9], [-1, 0, 2]], dtype=np.int32)
run_graph(
    graph,
    [
        [
            Tensor(x1.flatten().tolist(), None, DataType.DT_INT32, Format.FORMAT_ND, [2, 3]),
            Tensor(x2.flatten().tolist(), None, DataType.DT_INT32, Format.FORMAT_ND, [2, 3]),
        ]
    ],
)
