"""``Shape`` and ``TensorDesc``: value types describing one tensor."""

from __future__ import annotations

import ctypes
from typing import List

from ge._capi.pygraph_wrapper import graph_lib, int64_array, take_dims
from ge.graph.types import DataType, Format

__all__ = ["Shape", "TensorDesc", "UNKNOWN_DIM", "UNKNOWN_DIM_NUM", "UNKNOWN_DIM_SIZE"]

UNKNOWN_DIM = -1
UNKNOWN_DIM_NUM = -2
UNKNOWN_DIM_SIZE = -1


def _is_int_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(d, int) for d in value)


class Shape(list):
    """A list of dims. ``[]`` is a scalar; -1 is an unknown dim, ``[-2]`` an unknown rank."""

    def __init__(self, dims: List[int] | None = None):
        if dims is None:
            dims = []
        if not _is_int_list(dims):
            raise TypeError("dims must be a list of integers")
        super().__init__(dims)

    def get_shape_size(self) -> int:
        """Element count: 0 for ``[]`` (as GE computes it), -1 when any dim is unknown."""
        if not self:
            return 0
        if any(d in (UNKNOWN_DIM, UNKNOWN_DIM_NUM) for d in self):
            return UNKNOWN_DIM_SIZE
        size = 1
        for d in self:
            size *= d
        return size

    def is_unknown_shape(self) -> bool:
        return any(d in (UNKNOWN_DIM, UNKNOWN_DIM_NUM) for d in self)


class TensorDesc:
    """Shape, origin shape, formats and data type of one node port. Owns its core handle;
    node getters return copies, ``Node.update_*_desc`` copies it back."""

    def __init__(
        self,
        shape: List[int] | None = None,
        format: Format = Format.FORMAT_ND,
        data_type: DataType = DataType.DT_FLOAT,
    ):
        self._handle = None
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format")
        if not isinstance(data_type, DataType):
            raise TypeError("Data type must be a DataType")
        if shape is not None and not _is_int_list(shape):
            raise TypeError("shape must be a list of integers")
        dims = list(shape or [])
        handle = graph_lib.GeApiWrapper_TensorDesc_Create(
            int64_array(dims), len(dims), int(format), int(data_type)
        )
        if not handle:
            raise RuntimeError("Failed to create TensorDesc")
        self._handle = ctypes.c_void_p(handle)

    @classmethod
    def _create_from(cls, handle) -> TensorDesc:
        """Wraps (and takes ownership of) a core TensorDesc handle."""
        if not handle:
            raise ValueError("TensorDesc pointer cannot be None")
        desc = cls.__new__(cls)
        desc._handle = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)
        return desc

    def __del__(self):
        if getattr(self, "_handle", None):
            graph_lib.GeApiWrapper_TensorDesc_Destroy(self._handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("TensorDesc does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("TensorDesc does not support deepcopy")

    # ---- getters ----
    def get_shape(self) -> Shape:
        dims = take_dims(graph_lib.GeApiWrapper_TensorDesc_GetShape, self._handle)
        if dims is None:
            raise RuntimeError("Failed to get shape")
        return Shape(dims)

    def get_origin_shape(self) -> Shape:
        dims = take_dims(graph_lib.GeApiWrapper_TensorDesc_GetOriginShape, self._handle)
        if dims is None:
            raise RuntimeError("Failed to get origin shape")
        return Shape(dims)

    def get_format(self) -> Format:
        value = graph_lib.GeApiWrapper_TensorDesc_GetFormat(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get format")
        return Format(value)

    def get_origin_format(self) -> Format:
        value = graph_lib.GeApiWrapper_TensorDesc_GetOriginFormat(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get origin format")
        return Format(value)

    def get_data_type(self) -> DataType:
        value = graph_lib.GeApiWrapper_TensorDesc_GetDataType(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get data type")
        return DataType(value)

    shape = property(get_shape)
    origin_shape = property(get_origin_shape)
    format = property(get_format)
    origin_format = property(get_origin_format)
    data_type = property(get_data_type)

    # ---- chainable setters ----
    def set_shape(self, shape: List[int]) -> TensorDesc:
        if not _is_int_list(shape):
            raise TypeError("shape must be a list of integers")
        if graph_lib.GeApiWrapper_TensorDesc_SetShape(self._handle, int64_array(shape), len(shape)):
            raise RuntimeError("Failed to set shape")
        return self

    def set_origin_shape(self, shape: List[int]) -> TensorDesc:
        if not _is_int_list(shape):
            raise TypeError("origin shape must be a list of integers")
        status = graph_lib.GeApiWrapper_TensorDesc_SetOriginShape(
            self._handle, int64_array(shape), len(shape)
        )
        if status != 0:
            raise RuntimeError("Failed to set origin shape")
        return self

    def set_format(self, format: Format) -> TensorDesc:
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format")
        if graph_lib.GeApiWrapper_TensorDesc_SetFormat(self._handle, int(format)) != 0:
            raise RuntimeError(f"Failed to set format {format}")
        return self

    def set_origin_format(self, format: Format) -> TensorDesc:
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format")
        if graph_lib.GeApiWrapper_TensorDesc_SetOriginFormat(self._handle, int(format)) != 0:
            raise RuntimeError(f"Failed to set origin format {format}")
        return self

    def set_data_type(self, data_type: DataType) -> TensorDesc:
        if not isinstance(data_type, DataType):
            raise TypeError("Data type must be a DataType")
        if graph_lib.GeApiWrapper_TensorDesc_SetDataType(self._handle, int(data_type)) != 0:
            raise RuntimeError(f"Failed to set data type {data_type}")
        return self

    def __repr__(self) -> str:
        return (
            f"TensorDesc(shape={self.get_shape()}, format={int(self.get_format())}, "
            f"data_type={int(self.get_data_type())})"
        )
