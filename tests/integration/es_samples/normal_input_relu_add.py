"""Plain inputs: Add(x, Relu(Relu(x)))."""

from _sample_run import run_graph
from ge.es.all import Add, Relu

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_input_graph():
    builder = GraphBuilder("MakeReluAddGraph")
    x = builder.create_input(index=0, name="input", data_type=DataType.DT_FLOAT, shape=[2, 3])
    builder.set_graph_output(Add(x, Relu(Relu(x))), 0)
    return builder.build_and_reset()


graph = build_input_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_relu_add_graph")
data = [1.0, -2.0, 3.5, -0.5, 0.0, 2.0]
run_graph(graph, [[Tensor(data, None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3])]])
