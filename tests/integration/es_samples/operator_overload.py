"""Operator overloads: + - * / between tensor holders and with Python numbers on either side.
GE's sample adds a float input to two int64 inputs (dtype promotion); here all three are
float."""

from _sample_run import run_graph

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_overload_graph():
    builder = GraphBuilder("MakeAddGraph")
    a, b, c = (
        builder.create_input(
            index=i, name=f"input{i + 1}", data_type=DataType.DT_FLOAT, shape=[2, 3]
        )
        for i in range(3)
    )
    builder.set_graph_output(a + b + c, 0)
    builder.set_graph_output((a - b) * c / 2.0, 1)
    builder.set_graph_output(1.5 + a * 3.0 - 0.5, 2)
    builder.set_graph_output(10.0 - b, 3)
    builder.set_graph_output(4.0 * c, 4)
    builder.set_graph_output(1.0 / c, 5)
    return builder.build_and_reset()


graph = build_overload_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_add_graph")
run_graph(
    graph,
    [
        [
            Tensor(
                [1.0, 1.0, 2.0, 2.0, 3.0, 3.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3]
            ),
            Tensor(
                [0.5, -1.0, 2.0, 4.0, 3.0, 6.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3]
            ),
            Tensor(
                [2.0, 4.0, -8.0, 0.5, 1.0, 3.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3]
            ),
        ]
    ],
)
