"""Control edges through control_dependency_scope: every node created inside the scope (the
Data node input2 and the Add) depends on input and input1."""

from _sample_run import run_graph

from ge.es.graph_builder import GraphBuilder, control_dependency_scope
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_control_edge_graph():
    builder = GraphBuilder("control_dep_scope_example")
    source0 = builder.create_input(index=0, name="input", data_type=DataType.DT_FLOAT, shape=[2, 2])
    source1 = builder.create_input(
        index=1, name="input1", data_type=DataType.DT_FLOAT, shape=[2, 2]
    )
    with control_dependency_scope([source0, source1]):
        input2 = builder.create_input(
            index=2, name="input2", data_type=DataType.DT_FLOAT, shape=[2, 2]
        )
        total = source0 + input2
    builder.set_graph_output(total, 0)
    return builder.build_and_reset()


graph = build_control_edge_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_control_edge_graph")
for node in graph.get_all_nodes():
    controls = [n.name for n in node.get_in_control_nodes()]
    if controls:
        print(f"[Info] {node.name} depends on {controls}")
run_graph(
    graph,
    [
        [
            Tensor([2.0, 2.0, 2.0, 2.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 2]),
            Tensor([1.0, 1.0, 1.0, 1.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 2]),
            Tensor([1.0, 2.0, 3.0, 4.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 2]),
        ]
    ],
)
