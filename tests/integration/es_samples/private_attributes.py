"""Private attributes through attr_scope: every node created inside a scope carries its
attributes, visible in the ONNX and the text dump."""

from _sample_run import run_graph
from ge.es.all import Add, Sigmoid

from ge.es.graph_builder import GraphBuilder, attr_scope
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_sigmoid_add_graph():
    builder = GraphBuilder("MakeSigmoidAddGraph")
    x = builder.create_input(index=0, name="input", data_type=DataType.DT_FLOAT, shape=[2, 3])
    with attr_scope({"_stream_label": "label_0"}):
        sigmoid0 = Sigmoid(x)
    with attr_scope(
        {
            "node_rank": 1,
            "execution_priority": 2,
            "memory_optimization": True,
            "_stream_label": "label_1",
        }
    ):
        sigmoid1 = Sigmoid(x)
    builder.set_graph_output(Add(sigmoid0, sigmoid1), 0)
    return builder.build_and_reset()


graph = build_sigmoid_add_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_sigmoid_graph")
graph.dump_to_file(format=DumpFormat.kTxt, suffix="make_sigmoid_graph")
data = [1.0, -1.0, 0.0, 2.0, -3.0, 0.5]
run_graph(graph, [[Tensor(data, None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3])]])
