"""``Node``: a view of one graph node through a weak core handle.
Once the node is removed or its graph freed, every call raises the ordinary ``Failed to ...``
RuntimeError instead of crashing."""

from __future__ import annotations

import ctypes
from typing import Any, List, Tuple

from ge._capi.pygraph_wrapper import graph_lib, take_handle_array
from ge.graph._attr import _AttrValue, _tensor_class
from ge.graph.tensor_desc import TensorDesc

__all__ = ["Node"]

_byref = ctypes.byref
_c_void_p = ctypes.c_void_p
_get_type_ref = graph_lib.GeApiWrapper_GNode_GetTypeRef
_get_name_ref = graph_lib.GeApiWrapper_GNode_GetNameRef
_get_tensor_attr = graph_lib.GeApiWrapper_GNode_GetTensorAttr
_destroy_node = graph_lib.GeApiWrapper_GNode_DestroyGNode


# ge.graph.Tensor once known (tensor.py imports this package: resolved at the first use).
_TENSOR_CLASS = [None]


def _remember_tensor_class():
    _TENSOR_CLASS[0] = _tensor_class()
    return _TENSOR_CLASS[0]


def _check_index(index, kind: str) -> None:
    if not isinstance(index, int):
        raise TypeError(f"{kind} index must be an integer")


class Node:
    """Created only by the graph API (``Node._create_from``)."""

    # Passes create a few Nodes per match: slots make them smaller and their fields faster.
    # ``_keeper``: set by the pass native module, a capsule owning ``_handle`` that frees it when
    # the node dies (then ``_owns_handle`` is False and __del__ has nothing to do).
    __slots__ = ("_handle", "_owns_handle", "_keeper", "__weakref__")

    def __init__(self):
        raise RuntimeError("Node objects should not be created directly.")

    @classmethod
    def _create_from(cls, node_handle, owns_handle: bool = True) -> Node:
        if not node_handle:
            raise ValueError("Node handle cannot be None")
        node = cls.__new__(cls)
        if type(node_handle) is int:  # the bridge's plain addresses: skip the isinstance check
            node._handle = _c_void_p(node_handle)
        else:
            node._handle = (
                node_handle if isinstance(node_handle, _c_void_p) else _c_void_p(node_handle)
            )
        node._owns_handle = owns_handle
        return node

    def __del__(self):
        try:
            handle = self._handle
            owns = self._owns_handle
        except AttributeError:  # construction failed before the slots were set
            return
        if owns and handle:
            _destroy_node(handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("Node does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("Node does not support deepcopy")

    def __repr__(self) -> str:
        try:
            return f"Node(name={self.name!r}, type={self.type!r})"
        except RuntimeError:
            return "Node(<expired>)"

    @staticmethod
    def _wrap_all(array, count: int) -> List[Node]:
        return [
            Node._create_from(h)
            for h in take_handle_array(array, count, "GeApiWrapper_GNode_FreeGNodeArray")
        ]

    # ---- identity ----
    @property
    def name(self) -> str:
        name = _get_name_ref(self._handle)
        if name is None:
            raise RuntimeError("Failed to get Node name")
        return name.decode("utf-8", errors="replace")

    @property
    def type(self) -> str:
        node_type = _get_type_ref(self._handle)
        if node_type is None:
            raise RuntimeError("Failed to get Node type")
        return node_type.decode("utf-8", errors="replace")

    # ---- topology ----
    def get_in_control_nodes(self) -> List[Node]:
        count = ctypes.c_size_t(0)
        array = graph_lib.GeApiWrapper_GNode_GetInControlNodes(self._handle, ctypes.byref(count))
        return self._wrap_all(array, count.value)

    def get_out_control_nodes(self) -> List[Node]:
        count = ctypes.c_size_t(0)
        array = graph_lib.GeApiWrapper_GNode_GetOutControlNodes(self._handle, ctypes.byref(count))
        return self._wrap_all(array, count.value)

    def get_in_data_nodes_and_port_indexes(self, in_index: int) -> Tuple[Node, int]:
        """The producer feeding input ``in_index`` and the producer's output port."""
        _check_index(in_index, "Input")
        peer = ctypes.c_void_p()
        port = ctypes.c_int32(-1)
        status = graph_lib.GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(
            self._handle, in_index, ctypes.byref(peer), ctypes.byref(port)
        )
        if status != 0 or not peer:
            raise RuntimeError(f"Failed to get input data node for index {in_index}")
        return Node._create_from(peer), port.value

    def get_out_data_nodes_and_port_indexes(self, out_index: int) -> List[Tuple[Node, int]]:
        """Consumers of output ``out_index`` with their input ports (``[]`` when none)."""
        _check_index(out_index, "Output")
        peers = ctypes.POINTER(ctypes.c_void_p)()
        ports = ctypes.POINTER(ctypes.c_int32)()
        count = ctypes.c_int(0)
        status = graph_lib.GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(
            self._handle, out_index, ctypes.byref(peers), ctypes.byref(ports), ctypes.byref(count)
        )
        if status != 0:
            raise RuntimeError(f"Failed to get output data node for index {out_index}")
        try:
            port_list = [int(ports[i]) for i in range(count.value)] if ports else []
        finally:
            if ports:
                graph_lib.GeApiWrapper_GNode_FreeIntArray(ports)
        nodes = self._wrap_all(peers, count.value)
        return list(zip(nodes, port_list))

    def get_inputs_size(self) -> int:
        return int(graph_lib.GeApiWrapper_GNode_GetInputsSize(self._handle))

    def get_outputs_size(self) -> int:
        return int(graph_lib.GeApiWrapper_GNode_GetOutputsSize(self._handle))

    # ---- attributes ----
    def has_attr(self, attr_name: str) -> bool:
        if not isinstance(attr_name, str):
            raise TypeError("attr_name must be a string")
        return bool(graph_lib.GeApiWrapper_GNode_HasAttr(self._handle, attr_name.encode()))

    def get_attr(self, key: str) -> Any:
        if not isinstance(key, str):
            raise TypeError("Attribute key must be a string")
        encoded = key.encode()
        # Tensor attributes (a Const's "value", the common read in passes) come in one C call;
        # any other type is reported by value_type and read through an AttrValue below.
        value_type = ctypes.c_int32(-1)
        tensor = _get_tensor_attr(self._handle, encoded, _byref(value_type))
        if tensor:
            # Tensor._create_from(tensor, host_only=True) without its frame (once per match).
            tensor_class = _TENSOR_CLASS[0] or _remember_tensor_class()
            result = tensor_class.__new__(tensor_class)
            result._handle = _c_void_p(tensor)
            result._owns_handle = True
            result._owner = None
            result._host_only = True
            return result
        if value_type.value < 0:
            raise RuntimeError(f"Failed to get attribute '{key}' from Node")
        av = _AttrValue()
        if graph_lib.GeApiWrapper_GNode_GetAttr(self._handle, encoded, av._av_ptr) != 0:
            # GE's text names no node here; kept for compatibility.
            raise RuntimeError(f"Failed to get attribute '{key}' from Node")
        return av.get_value()

    def set_attr(self, key: str, value: Any) -> None:
        if not isinstance(key, str):
            raise TypeError("Attribute key must be a string")
        av = _AttrValue()
        ok = av.set_value(value)
        if not ok or graph_lib.GeApiWrapper_GNode_SetAttr(self._handle, key.encode(), av._av_ptr):
            raise RuntimeError(f"Failed to set attribute '{key}' on Node {self.name}")

    def _get_port_attr(self, func, attr_name, index, kind: str) -> Any:
        if not isinstance(attr_name, str):
            raise TypeError("Attribute name must be a string")
        _check_index(index, kind.capitalize())
        av = _AttrValue()
        if index < 0 or func(self._handle, attr_name.encode(), index, av._av_ptr) != 0:
            raise RuntimeError(
                f"Failed to get Node {self.name} {kind} attribute '{attr_name}' for index {index}"
            )
        return av.get_value()

    def _set_port_attr(self, func, attr_name, index, value, kind: str) -> None:
        if not isinstance(attr_name, str):
            raise TypeError("Attribute name must be a string")
        _check_index(index, kind.capitalize())
        av = _AttrValue()
        ok = av.set_value(value)
        if not ok or index < 0 or func(self._handle, attr_name.encode(), index, av._av_ptr) != 0:
            raise RuntimeError(
                f"Failed to set Node {self.name} {kind} attribute '{attr_name}' for index {index}"
            )

    def get_input_attr(self, attr_name: str, input_index: int) -> Any:
        return self._get_port_attr(
            graph_lib.GeApiWrapper_GNode_GetInputAttr, attr_name, input_index, "input"
        )

    def set_input_attr(self, attr_name: str, input_index: int, value: Any) -> None:
        self._set_port_attr(
            graph_lib.GeApiWrapper_GNode_SetInputAttr, attr_name, input_index, value, "input"
        )

    def get_output_attr(self, attr_name: str, output_index: int) -> Any:
        return self._get_port_attr(
            graph_lib.GeApiWrapper_GNode_GetOutputAttr, attr_name, output_index, "output"
        )

    def set_output_attr(self, attr_name: str, output_index: int, value: Any) -> None:
        self._set_port_attr(
            graph_lib.GeApiWrapper_GNode_SetOutputAttr, attr_name, output_index, value, "output"
        )

    # ---- port descs ----
    def get_input_desc(self, index: int) -> TensorDesc:
        _check_index(index, "Input")
        handle = graph_lib.GeApiWrapper_GNode_GetInputDesc(self._handle, index)
        if not handle:
            raise RuntimeError(f"Failed to get input desc for index {index}")
        return TensorDesc._create_from(ctypes.c_void_p(handle))

    def get_output_desc(self, index: int) -> TensorDesc:
        _check_index(index, "Output")
        handle = graph_lib.GeApiWrapper_GNode_GetOutputDesc(self._handle, index)
        if not handle:
            raise RuntimeError(f"Failed to get output desc for index {index}")
        return TensorDesc._create_from(ctypes.c_void_p(handle))

    def update_input_desc(self, index: int, tensor_desc: TensorDesc) -> None:
        _check_index(index, "Input")
        if not isinstance(tensor_desc, TensorDesc):
            raise TypeError("tensor_desc must be a TensorDesc")
        if graph_lib.GeApiWrapper_GNode_UpdateInputDesc(self._handle, index, tensor_desc._handle):
            raise RuntimeError(f"Failed to update input desc for index {index}")

    def update_output_desc(self, index: int, tensor_desc: TensorDesc) -> None:
        _check_index(index, "Output")
        if not isinstance(tensor_desc, TensorDesc):
            raise TypeError("tensor_desc must be a TensorDesc")
        if graph_lib.GeApiWrapper_GNode_UpdateOutputDesc(self._handle, index, tensor_desc._handle):
            raise RuntimeError(f"Failed to update output desc for index {index}")
