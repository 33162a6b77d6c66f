"""GraphBuilder: eager-style construction of a ge.graph.Graph.

Every call adds nodes to the graph under construction at once; ``build_and_reset`` finishes it
and returns an owning Graph. Tensor holders are owned by the C builder; each Python
TensorHolder keeps its GraphBuilder alive.
"""

from __future__ import annotations

import ctypes
from enum import Enum
from typing import Any, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es import _scopes
from ge.es._scopes import apply_scopes as _apply_scopes
from ge.es._scopes import attr_scope, control_dependency_scope
from ge.es.tensor_holder import TensorHolder

__all__ = ["GraphBuilder", "InputType", "TensorHolder", "attr_scope", "control_dependency_scope"]

# Names of the per-thread scope slots, under GE's module names (GE code imports them from here).
slot_name_control_dependency_nodes = _scopes.slot_name_control_dependency_nodes
slot_name_custom_node_attrs = _scopes.slot_name_custom_node_attrs


class InputType(Enum):
    """Node types a graph input can have (the value is the node type)."""

    DATA = "Data"
    REF_DATA = "RefData"
    AIPP_DATA = "AippData"
    ANY_DATA = "AnyData"


# ---- helpers ------------------------------------------------------------------------------------


# DataType.DT_FLOAT and Format.FORMAT_ND (ge.graph.types), the create_input defaults.
_DT_FLOAT = 0
_FORMAT_ND = 2

_GRAPH_CLASS = None


def _graph_class():
    """ge.graph.Graph, imported on the first build (ge.es imports without ge.graph)."""
    global _GRAPH_CLASS
    if _GRAPH_CLASS is None:
        from ge.graph import Graph

        _GRAPH_CLASS = Graph
    return _GRAPH_CLASS


def _is_int_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, int) for v in value)


def _int64_array(values: List[int]):
    return (ctypes.c_int64 * len(values))(*values) if values else None


def _shape_size(dims: List[int]) -> int:
    size = 1
    for dim in dims:
        size *= dim
    return size


_CONST_KINDS = {
    # kind: (C creator, ctype, scalar creator name, error word)
    "int64": ("EsCreateConstInt64", ctypes.c_int64, "create_scalar_int64"),
    "uint64": ("EsCreateConstUInt64", ctypes.c_uint64, "create_scalar_uint64"),
    "int32": ("EsCreateConstInt32", ctypes.c_int32, "create_scalar_int32"),
    "uint32": ("EsCreateConstUInt32", ctypes.c_uint32, "create_scalar_uint32"),
    "float": ("EsCreateConstFloat", ctypes.c_float, "create_scalar_float"),
}


def _check_unsigned(kind: str, value: int) -> None:
    if kind == "uint64" and value < 0:
        raise ValueError("Value must be non-negative for uint64")
    if kind == "uint32" and not 0 <= value <= 0xFFFFFFFF:
        raise ValueError("Value must be in range [0, 2^32-1] for uint32")


class GraphBuilder:
    """Builds one graph; see the module docstring."""

    def __init__(self, name: str | None = None) -> None:
        self._handle = None
        self._built = False
        if name is not None and not isinstance(name, str):
            raise TypeError("Graph name must be a string")
        self._name = name or "graph"
        handle = _w.get_esb_lib().EsCreateGraphBuilder(self._name.encode("utf-8"))
        if not handle:
            raise RuntimeError("Failed to create graph builder")
        self._handle = ctypes.c_void_p(handle)

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            try:
                _w.get_esb_lib().EsDestroyGraphBuilder(handle)
            except Exception:  # interpreter shutdown: the library may already be gone
                pass
            self._handle = None

    def __copy__(self):
        raise RuntimeError("GraphBuilder does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("GraphBuilder does not support deepcopy")

    @property
    def name(self) -> str:
        return self._name

    # ---- internals ----
    def _check_not_built(self, operation: str) -> None:
        if self._built:
            raise RuntimeError(
                f"Cannot {operation}: GraphBuilder has already been built. "
                "Create a new GraphBuilder to build another graph."
            )

    def _wrap(self, handle) -> TensorHolder:
        return _apply_scopes(TensorHolder._create_from(handle, self))

    # ---- inputs ----
    def create_input(
        self,
        index: int,
        *,
        name: str | None = None,
        type_str: InputType = InputType.DATA,
        data_type=None,
        format=None,
        shape: List[int] | None = None,
    ) -> TensorHolder:
        if self._built:
            self._check_not_built("create input")
        if not isinstance(index, int):
            raise TypeError("Input index must be an integer")
        if shape is not None and not _is_int_list(shape):
            raise TypeError("Shape must be a list of integers")
        # Plain ints for the defaults: no ge.graph.types import on this per-input path.
        data_type = _DT_FLOAT if data_type is None else int(data_type)
        format = _FORMAT_ND if format is None else int(format)
        node_name = name or f"input_{index}"
        node_type = type_str.value if isinstance(type_str, InputType) else str(type_str)
        # No shape: NULL dims, so that a Session takes the shape from the first run's tensor
        # (docs/runtime.md); shape=[] is a scalar (a non-NULL empty array).
        dims = None if shape is None else (ctypes.c_int64 * len(shape))(*shape)
        handle = _w.get_esb_lib().EsCreateGraphInputWithDetails(
            self._handle,
            index,
            node_name.encode("utf-8"),
            node_type.encode("utf-8"),
            data_type,
            format,
            dims,
            len(shape) if shape else 0,
        )
        if not handle:
            raise RuntimeError("Failed to create input")
        return self._wrap(handle)

    def create_inputs(self, num: int, start_index: int = 0) -> List[TensorHolder]:
        self._check_not_built("create inputs")
        if not isinstance(num, int) or num <= 0:
            raise TypeError("Number of inputs must be a positive integer")
        if not isinstance(start_index, int) or start_index < 0:
            raise TypeError("Start index must be a non-negative integer")
        return [self.create_input(start_index + i) for i in range(num)]

    # ---- constants ----
    def _create_const(self, kind: str, value: Any, shape: List[int] | None) -> TensorHolder:
        self._check_not_built("create constant")
        if kind == "float":
            number = (int, float)
            if isinstance(value, number):
                values = [float(value)]
                dims = shape if shape is not None else []
            elif isinstance(value, list) and all(isinstance(v, number) for v in value):
                values = [float(v) for v in value]
                dims = shape if shape is not None else [len(values)]
            else:
                raise TypeError("Value must be a float or list of floats")
        else:
            if isinstance(value, int):
                values = [value]
                dims = shape if shape is not None else []
            elif _is_int_list(value):
                values = list(value)
                dims = shape if shape is not None else [len(values)]
            else:
                raise TypeError("Value must be an integer or list of integers")
        if not _is_int_list(dims):
            raise TypeError("Shape must be a list of integers")
        c_name, c_type, scalar_creator = _CONST_KINDS[kind]
        if not dims and len(values) == 1:
            return getattr(self, scalar_creator)(values[0])
        expected = _shape_size(dims)
        if len(values) != expected:
            raise ValueError(
                f"Value count ({len(values)}) doesn't match shape {dims} "
                f"(expected {expected} elements)"
            )
        for v in values:
            if kind != "float":
                _check_unsigned(kind, v)
        array = (c_type * len(values))(*values) if values else None
        handle = getattr(_w.get_esb_lib(), c_name)(
            self._handle, array, _int64_array(list(dims)), len(dims)
        )
        if not handle:
            raise RuntimeError(f"Failed to create {kind} constant")
        return self._wrap(handle)

    def create_const_int64(self, value, shape: List[int] | None = None) -> TensorHolder:
        return self._create_const("int64", value, shape)

    def create_const_uint64(self, value, shape: List[int] | None = None) -> TensorHolder:
        return self._create_const("uint64", value, shape)

    def create_const_int32(self, value, shape: List[int] | None = None) -> TensorHolder:
        return self._create_const("int32", value, shape)

    def create_const_uint32(self, value, shape: List[int] | None = None) -> TensorHolder:
        return self._create_const("uint32", value, shape)

    def create_const_float(self, value, shape: List[int] | None = None) -> TensorHolder:
        return self._create_const("float", value, shape)

    def create_vector_int64(self, value: List[int]) -> TensorHolder:
        self._check_not_built("create vector")
        if not _is_int_list(value):
            raise TypeError("Value must be a list of integers")
        handle = _w.get_esb_lib().EsCreateVectorInt64(self._handle, _int64_array(value), len(value))
        if not handle:
            raise RuntimeError("Failed to create int64 vector")
        return self._wrap(handle)

    # ---- scalars ----
    def _create_scalar(self, c_name: str, value, word: str) -> TensorHolder:
        handle = getattr(_w.get_esb_lib(), c_name)(self._handle, value)
        if not handle:
            raise RuntimeError(f"Failed to create {word} scalar")
        return self._wrap(handle)

    def create_scalar_int64(self, value: int) -> TensorHolder:
        self._check_not_built("create scalar")
        if not isinstance(value, int):
            raise TypeError("Value must be an integer")
        return self._create_scalar("EsCreateScalarInt64", value, "int64")

    def create_scalar_int32(self, value: int) -> TensorHolder:
        self._check_not_built("create scalar")
        if not isinstance(value, int):
            raise TypeError("Value must be an integer")
        return self._create_scalar("EsCreateScalarInt32", value, "int32")

    def create_scalar_float(self, value: float) -> TensorHolder:
        self._check_not_built("create scalar")
        if not isinstance(value, (int, float)):
            raise TypeError("Value must be a number")
        return self._create_scalar("EsCreateScalarFloat", float(value), "float")

    def create_scalar_uint64(self, value: int) -> TensorHolder:
        self._check_not_built("create scalar")
        if not isinstance(value, int):
            raise TypeError("Value must be an integer")
        _check_unsigned("uint64", value)
        return self._create_scalar("EsCreateScalarUInt64", value, "uint64")

    def create_scalar_uint32(self, value: int) -> TensorHolder:
        self._check_not_built("create scalar")
        if not isinstance(value, int):
            raise TypeError("Value must be an integer")
        _check_unsigned("uint32", value)
        return self._create_scalar("EsCreateScalarUInt32", value, "uint32")

    # ---- variables and outputs ----
    def create_variable(self, index: int, name: str) -> TensorHolder:
        self._check_not_built("create variable")
        if not isinstance(index, int):
            raise TypeError("Index must be an integer")
        if not isinstance(name, str):
            raise TypeError("Name must be a string")
        handle = _w.get_esb_lib().EsCreateVariable(self._handle, index, name.encode("utf-8"))
        if not handle:
            raise RuntimeError("Failed to create variable")
        return self._wrap(handle)

    def set_graph_output(self, tensor: TensorHolder, output_index: int) -> None:
        self._check_not_built("set graph output")
        if not isinstance(tensor, TensorHolder):
            raise TypeError("Tensor must be a TensorHolder")
        if not isinstance(output_index, int):
            raise TypeError("Output index must be an integer")
        if _w.get_esb_lib().EsSetGraphOutput(tensor._handle, output_index) != 0:
            raise RuntimeError(
                f"Failed to set graph output for graph {self.name} output index {output_index}"
            )

    # ---- attributes ----
    @staticmethod
    def _check_attr_value(kind: str, value: Any) -> Any:
        if kind == "Int64":
            if not isinstance(value, int):
                raise TypeError("Value must be an integer")
            return value
        if kind == "String":
            if not isinstance(value, str):
                raise TypeError("Value must be a string")
            return value.encode("utf-8")
        if not isinstance(value, bool):
            raise TypeError("Value must be a boolean")
        return value

    def _set_graph_attr(self, kind: str, attr_name: str, value: Any) -> None:
        self._check_not_built("set graph attribute")
        if not isinstance(attr_name, str):
            raise TypeError("Attribute name must be a string")
        c_value = self._check_attr_value(kind, value)
        func = getattr(_w.get_esb_lib(), f"EsSet{kind}AttrForGraph")
        if func(self._handle, attr_name.encode("utf-8"), c_value) != 0:
            raise RuntimeError(f"Failed to set graph attribute {attr_name} for graph {self.name}")

    def set_graph_attr_int64(self, attr_name: str, value: int) -> None:
        self._set_graph_attr("Int64", attr_name, value)

    def set_graph_attr_string(self, attr_name: str, value: str) -> None:
        self._set_graph_attr("String", attr_name, value)

    def set_graph_attr_bool(self, attr_name: str, value: bool) -> None:
        self._set_graph_attr("Bool", attr_name, value)

    def _set_holder_attr(self, target: str, kind: str, tensor, attr_name, value) -> None:
        self._check_not_built(f"set {target} attribute")
        if not isinstance(tensor, TensorHolder):
            raise TypeError("Tensor must be a TensorHolder")
        if not isinstance(attr_name, str):
            raise TypeError("Attribute name must be a string")
        c_value = self._check_attr_value(kind, value)
        suffix = "Tensor" if target == "tensor" else "Node"
        func = getattr(_w.get_esb_lib(), f"EsSet{kind}AttrFor{suffix}")
        if func(tensor._handle, attr_name.encode("utf-8"), c_value) != 0:
            raise RuntimeError(
                f"Failed to set {target} attribute {attr_name} for {target} {tensor.name}"
            )

    def set_tensor_attr_int64(self, tensor: TensorHolder, attr_name: str, value: int) -> None:
        self._set_holder_attr("tensor", "Int64", tensor, attr_name, value)

    def set_tensor_attr_string(self, tensor: TensorHolder, attr_name: str, value: str) -> None:
        self._set_holder_attr("tensor", "String", tensor, attr_name, value)

    def set_tensor_attr_bool(self, tensor: TensorHolder, attr_name: str, value: bool) -> None:
        self._set_holder_attr("tensor", "Bool", tensor, attr_name, value)

    def set_node_attr_int64(self, tensor: TensorHolder, attr_name: str, value: int) -> None:
        self._set_holder_attr("node", "Int64", tensor, attr_name, value)

    def set_node_attr_string(self, tensor: TensorHolder, attr_name: str, value: str) -> None:
        self._set_holder_attr("node", "String", tensor, attr_name, value)

    def set_node_attr_bool(self, tensor: TensorHolder, attr_name: str, value: bool) -> None:
        self._set_holder_attr("node", "Bool", tensor, attr_name, value)

    # ---- control edges ----
    def add_control_dependency(
        self, dst_tensor: TensorHolder, src_tensors: List[TensorHolder]
    ) -> None:
        self._check_not_built("add control dependency")
        if not isinstance(dst_tensor, TensorHolder):
            raise TypeError("dst_tensor must be a TensorHolder")
        if not isinstance(src_tensors, list):
            raise TypeError("src_tensors must be a list")
        if not all(isinstance(t, TensorHolder) for t in src_tensors):
            raise TypeError("src_tensors must be a list of TensorHolder")
        array = (ctypes.c_void_p * len(src_tensors))(*[t._handle for t in src_tensors])
        if _w.get_esb_lib().EsAddControlEdge(dst_tensor._handle, array, len(src_tensors)) != 0:
            raise RuntimeError(f"Failed to add control dependency for nodes in graph {self.name}")

    # ---- build ----
    def build_and_reset(self, outputs: List[TensorHolder] | None = None):
        self._check_not_built("build_and_reset")
        lib = _w.get_esb_lib()
        if outputs is not None:
            if not isinstance(outputs, list):
                raise TypeError("Outputs must be a list")
            if not all(isinstance(t, TensorHolder) for t in outputs):
                raise TypeError("All outputs must be TensorHolder objects")
            # The holders are checked above: set the outputs directly (set_graph_output would
            # re-check each one).
            set_output = lib.EsSetGraphOutput
            for index, tensor in enumerate(outputs):
                if set_output(tensor._handle, index) != 0:
                    raise RuntimeError(
                        f"Failed to set graph output for graph {self.name} output index {index}"
                    )
        handle = lib.EsBuildGraphAndReset(self._handle)
        if not handle:
            raise RuntimeError("Failed to build graph")
        self._built = True
        return _graph_class()._create_from(ctypes.c_void_p(handle))
