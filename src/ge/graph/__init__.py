"""The Python graph API (spec graph_api.md §3): graphs, nodes, tensors and their descriptions
over the compiler core's C API."""

from ge.graph.graph import DumpFormat, Graph
from ge.graph.node import Node
from ge.graph.operator import Operator
from ge.graph.tensor import Tensor
from ge.graph.tensor_desc import Shape, TensorDesc
from ge.graph.types import DataType, Format, Placement

__all__ = [
    "Graph",
    "Node",
    "Operator",
    "DataType",
    "Format",
    "Placement",
    "Shape",
    "Tensor",
    "TensorDesc",
    "DumpFormat",
]
