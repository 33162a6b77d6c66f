"""BatchNorm's optional inputs: with mean and variance given (inference, is_training=False, as
GE's sample runs it) and with both left out (the batch statistics of training mode)."""

import numpy as np
from _sample_run import run_graph
from ge.es.all import BatchNorm

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_batch_norm_graph():
    builder = GraphBuilder("MakeBatchNormGraph")
    x = builder.create_input(
        index=0,
        name="input",
        data_type=DataType.DT_FLOAT,
        format=Format.FORMAT_NCHW,
        shape=[2, 3, 1, 2],
    )
    mean = builder.create_input(index=1, name="mean", data_type=DataType.DT_FLOAT, shape=[3])
    variance = builder.create_input(
        index=2, name="variance", data_type=DataType.DT_FLOAT, shape=[3]
    )
    scale = builder.create_const_float([1.0, 2.0, 0.5], shape=[3])
    offset = builder.create_const_float([0.0, 1.0, -1.0], shape=[3])
    given = BatchNorm(
        x, scale, offset, mean, variance, epsilon=1e-4, data_format="NCHW", is_training=False
    )
    left_out = BatchNorm(x, scale, offset, epsilon=1e-4, data_format="NCHW")
    builder.set_graph_output(given.y, 0)
    builder.set_graph_output(left_out.y, 1)
    return builder.build_and_reset()


graph = build_batch_norm_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_batch_norm_graph")
x = np.arange(1.0, 13.0, dtype=np.float32)
run_graph(
    graph,
    [
        [
            Tensor(x.tolist(), None, DataType.DT_FLOAT, Format.FORMAT_NCHW, [2, 3, 1, 2]),
            Tensor([2.0, 4.0, 6.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [3]),
            Tensor([0.5, 0.5, 0.5], None, DataType.DT_FLOAT, Format.FORMAT_ND, [3]),
        ]
    ],
)
