"""``Graph``: a computation graph over a shared core graph handle.

Ownership (docs/graph_api.md): an owning Graph frees its handle on deletion; a *borrowed view*
(``owns_handle=False``) never frees it and keeps ``owner`` alive. When the owner invalidates a
view (``_handle = None`` with no owner, as the pass bridge does after a callback) every method
raises ``RuntimeError("graph handle has expired")``. A handle that is merely NULL
(``c_void_p(None)``) reaches the C API, which fails cleanly, and the method raises its ordinary
``Failed to ...`` error.
"""

from __future__ import annotations

import ctypes
from enum import Enum
from typing import Any, List

from ge._capi.pygraph_wrapper import graph_lib, take_handle_array, take_string
from ge.graph._attr import _AttrValue
from ge.graph.node import Node

__all__ = ["Graph", "DumpFormat"]


class DumpFormat(Enum):
    kOnnx = 0
    kTxt = 1
    kReadable = 2


_FORMAT_ERROR = "Format must be in [DumpFormat.kOnnx, DumpFormat.kTxt, DumpFormat.kReadable]"


def _check_format(format) -> None:
    if not isinstance(format, DumpFormat):
        raise TypeError(_FORMAT_ERROR)


class Graph:
    def __init__(self, name: str = "graph"):
        self._handle = None
        self._owns_handle = False
        self._owner = None
        if not isinstance(name, str):
            raise TypeError("Graph name must be a string")
        handle = graph_lib.GeApiWrapper_Graph_CreateGraph(name.encode("utf-8"))
        if not handle:
            raise RuntimeError("Failed to create Graph")
        self._handle = ctypes.c_void_p(handle)
        self._owns_handle = True

    @classmethod
    def _create_from(cls, handle, owns_handle: bool = True, owner: Any = None) -> Graph:
        """Wraps a core graph handle: owning, or a borrowed view kept valid by ``owner``."""
        if not handle:
            raise ValueError("Graph pointer cannot be None")
        graph = cls.__new__(cls)
        graph._handle = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)
        graph._owns_handle = owns_handle
        graph._owner = owner
        return graph

    def __del__(self):
        if getattr(self, "_owns_handle", False) and getattr(self, "_handle", None):
            graph_lib.GeApiWrapper_Graph_DestroyGraph(self._handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("Graph does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("Graph does not support deepcopy")

    def _check_valid(self) -> None:
        """Raises for a view its owner has invalidated (see the module docstring)."""
        if self._handle is None and not self._owns_handle and self._owner is None:
            raise RuntimeError("graph handle has expired")

    def _transfer_ownership_when_pass_as_subgraph(self, new_owner) -> None:
        """Hands the core graph to ``new_owner`` (a GraphBuilder) exactly once."""
        if self._owner is not None:
            raise RuntimeError(
                f"Graph :{self.name} already has an new owner builder :{self._owner.name}, "
                "cannot transfer ownership again"
            )
        self._owns_handle = False
        self._owner = new_owner

    # ---- identity and dumps ----
    @property
    def name(self) -> str:
        self._check_valid()
        name = take_string(graph_lib.GeApiWrapper_Graph_GetName(self._handle))
        if name is None:
            raise RuntimeError("Failed to get Graph name")
        return name

    def __str__(self) -> str:
        return self.dump_to_stream(DumpFormat.kReadable)

    def __repr__(self) -> str:
        try:
            return f"Graph(name={self.name!r})"
        except RuntimeError:
            return "Graph(<expired>)"

    def dump_to_file(self, format: DumpFormat = DumpFormat.kReadable, suffix: str = "") -> None:
        """Writes a dump file named by the core's dump convention (DUMP_GRAPH_PATH) plus suffix."""
        self._check_valid()
        if not isinstance(suffix, str):
            raise TypeError("Suffix must be a string")
        _check_format(format)
        if graph_lib.GeApiWrapper_Graph_Dump_To_File(self._handle, format.value, suffix.encode()):
            raise RuntimeError(
                f"Failed to dump graph: {self.name} to file format {format} with suffix {suffix}"
            )

    def dump_to_stream(self, format: DumpFormat = DumpFormat.kReadable) -> str:
        self._check_valid()
        _check_format(format)
        text = take_string(graph_lib.GeApiWrapper_Graph_Dump_To_Stream(self._handle, format.value))
        if text is None:
            raise RuntimeError(f"Failed to dump graph: {self.name} to stream")
        return text

    # ---- nodes ----
    def _nodes(self, func) -> List[Node]:
        self._check_valid()
        count = ctypes.c_size_t(0)
        array = func(self._handle, ctypes.byref(count))
        handles = take_handle_array(array, count.value, "GeApiWrapper_GNode_FreeGNodeArray")
        return [Node._create_from(h) for h in handles]

    def get_all_nodes(self) -> List[Node]:
        """Every node, subgraph nodes included (at their parent node), in creation order."""
        return self._nodes(graph_lib.GeApiWrapper_Graph_GetAllNodes)

    def get_direct_nodes(self) -> List[Node]:
        """Top-level nodes only."""
        return self._nodes(graph_lib.GeApiWrapper_Graph_GetDirectNode)

    # Name of the seed design document (graph module section).
    get_direct_node = get_direct_nodes

    def find_node_by_name(self, name: str) -> Node:
        self._check_valid()
        if not isinstance(name, str):
            raise TypeError("name must be a string")
        out = ctypes.c_void_p()
        status = graph_lib.GeApiWrapper_Graph_FindNodeByName(
            self._handle, name.encode(), ctypes.byref(out)
        )
        if status != 0 or not out:
            raise RuntimeError(f"Failed to find Node name {name}")
        return Node._create_from(out)

    def remove_node(self, node: Node) -> None:
        self._check_valid()
        if not isinstance(node, Node):
            raise TypeError("node must be a Node")
        if graph_lib.GeApiWrapper_Graph_RemoveNode(self._handle, node._handle) != 0:
            raise RuntimeError(f"Failed to remove Node {node.name} from Graph {self.name}")

    # ---- edges ----
    @staticmethod
    def _check_edge_args(src_node, src_port_index, dst_node, dst_port_index) -> None:
        if not isinstance(src_node, Node):
            raise TypeError("src_node must be a Node")
        if not isinstance(src_port_index, int):
            raise TypeError("src_port_index must be an integer")
        if not isinstance(dst_node, Node):
            raise TypeError("dst_node must be a Node")
        if not isinstance(dst_port_index, int):
            raise TypeError("dst_port_index must be an integer")

    def remove_edge(
        self, src_node: Node, src_port_index: int, dst_node: Node, dst_port_index: int
    ) -> None:
        """Removes a data edge; ports -1/-1 remove the control edge src -> dst."""
        self._check_valid()
        self._check_edge_args(src_node, src_port_index, dst_node, dst_port_index)
        status = graph_lib.GeApiWrapper_Graph_RemoveEdge(
            self._handle, src_node._handle, src_port_index, dst_node._handle, dst_port_index
        )
        if status != 0:
            raise RuntimeError(
                f"Failed to remove Edge from Node {src_node.name}, Port Index {src_port_index} "
                f"to Node {dst_node.name}, Port Index {dst_port_index}"
            )

    def add_data_edge(
        self, src_node: Node, src_port_index: int, dst_node: Node, dst_port_index: int
    ) -> None:
        self._check_valid()
        self._check_edge_args(src_node, src_port_index, dst_node, dst_port_index)
        status = graph_lib.GeApiWrapper_Graph_AddDataEdge(
            self._handle, src_node._handle, src_port_index, dst_node._handle, dst_port_index
        )
        if status != 0:
            raise RuntimeError(
                f"Failed to add DataEdge from Node {src_node.name}, Port Index {src_port_index} "
                f"to Node {dst_node.name}, Port Index {dst_port_index}"
            )

    def add_control_edge(self, src_node: Node, dst_node: Node) -> None:
        self._check_valid()
        if not isinstance(src_node, Node):
            raise TypeError("src_node must be a Node")
        if not isinstance(dst_node, Node):
            raise TypeError("dst_node must be a Node")
        status = graph_lib.GeApiWrapper_Graph_AddControlEdge(
            self._handle, src_node._handle, dst_node._handle
        )
        if status != 0:
            raise RuntimeError(
                f"Failed to add Control from Node {src_node.name} to Node {dst_node.name}"
            )

    # ---- attributes ----
    def get_attr(self, key: str) -> Any:
        self._check_valid()
        if not isinstance(key, str):
            raise TypeError("Attribute key must be a string")
        av = _AttrValue()
        if graph_lib.GeApiWrapper_Graph_GetAttr(self._handle, key.encode(), av._av_ptr) != 0:
            raise RuntimeError(f"Failed to get attribute '{key}' from Graph {self.name}")
        return av.get_value()

    def set_attr(self, key: str, value: Any) -> None:
        self._check_valid()
        if not isinstance(key, str):
            raise TypeError("Attribute key must be a string")
        av = _AttrValue()
        ok = av.set_value(value)
        if not ok or graph_lib.GeApiWrapper_Graph_SetAttr(self._handle, key.encode(), av._av_ptr):
            raise RuntimeError(f"Failed to set attribute '{key}' on Graph {self.name}")

    # ---- AIR files ----
    def save_to_air(self, file_path: str) -> None:
        self._check_valid()
        if not isinstance(file_path, str):
            raise TypeError("file_path must be a string")
        if graph_lib.GeApiWrapper_Graph_SaveToAir(self._handle, file_path.encode()) != 0:
            raise RuntimeError("Failed to save graph to AIR format")

    def load_from_air(self, file_path: str) -> None:
        """Replaces this graph's content with the AIR file's graph. Node objects and subgraph
        views obtained before keep referring to the old content."""
        self._check_valid()
        if not isinstance(file_path, str):
            raise TypeError("file_path must be a string")
        if graph_lib.GeApiWrapper_Graph_LoadFromAir(self._handle, file_path.encode()) != 0:
            raise RuntimeError("Failed to load graph from AIR format")

    # ---- subgraphs (registered on the root graph) ----
    def get_all_subgraphs(self) -> List[Graph]:
        self._check_valid()
        count = ctypes.c_size_t(0)
        array = graph_lib.GeApiWrapper_Graph_GetAllSubgraphs(self._handle, ctypes.byref(count))
        handles = take_handle_array(array, count.value, "GeApiWrapper_Graph_FreeGraphArray")
        return [Graph._create_from(h) for h in handles]

    def get_subgraph(self, name: str) -> Graph | None:
        self._check_valid()
        if not isinstance(name, str):
            raise TypeError("name must be a string")
        handle = graph_lib.GeApiWrapper_Graph_GetSubGraph(self._handle, name.encode())
        return Graph._create_from(ctypes.c_void_p(handle)) if handle else None

    def add_subgraph(self, subgraph: Graph) -> None:
        self._check_valid()
        if not isinstance(subgraph, Graph):
            raise TypeError("subgraph must be a Graph")
        subgraph._check_valid()
        if graph_lib.GeApiWrapper_Graph_AddSubGraph(self._handle, subgraph._handle) != 0:
            raise RuntimeError(f"Failed to add subgraph '{subgraph.name}' to graph '{self.name}'")

    def remove_subgraph(self, name: str) -> None:
        self._check_valid()
        if not isinstance(name, str):
            raise TypeError("name must be a string")
        if graph_lib.GeApiWrapper_Graph_RemoveSubgraph(self._handle, name.encode()) != 0:
            raise RuntimeError(f"Failed to remove subgraph '{name}' from graph '{self.name}'")
