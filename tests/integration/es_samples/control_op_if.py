"""If with a then and an else subgraph, run on the host runtime: then adds 5, else adds 2.
GE's sample adds int64 constants to the float input (dtype promotion); here the constants are
float. The graph is built twice: with the If as graph output, and, as GE's sample builds it,
without any output (it runs and returns nothing)."""

import sys

from _sample_run import run_graph
from ge.es.all import If

from ge.es.graph_builder import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format


def build_branch(name, constant):
    builder = GraphBuilder(name)
    x = builder.create_input(index=0, name=f"{name}_input", data_type=DataType.DT_FLOAT, shape=[2])
    builder.set_graph_output(builder.create_const_float(constant) + x, 0)
    return builder.build_and_reset()


def build_if_graph(with_output):
    builder = GraphBuilder("MakeIfGraph")
    x = builder.create_input(index=0, name="test_input", data_type=DataType.DT_FLOAT, shape=[2])
    cond = builder.create_input(index=1, name="cond", data_type=DataType.DT_INT32, shape=[])
    outputs = If(cond, [x], 1, build_branch("then_branch", 5.0), build_branch("else_branch", 2.0))
    if with_output:
        builder.set_graph_output(outputs[0], 0)
    return builder.build_and_reset()


def inputs(cond):
    return [
        Tensor([1.0, 2.0], None, DataType.DT_FLOAT, Format.FORMAT_ND, [2]),
        Tensor([cond], None, DataType.DT_INT32, Format.FORMAT_ND, []),
    ]


graph = build_if_graph(with_output=sys.argv[1:] != ["--no-output"])
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_if_graph")
run_graph(graph, [inputs(1), inputs(0), inputs(-3)])
