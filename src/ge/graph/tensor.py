"""``Tensor``: a core tensor value with its desc and data."""

from __future__ import annotations

import ctypes
import threading
from typing import Any, List

from ge._capi import pytensor_runtime_wrapper
from ge._capi._lib_loader import declare_signatures
from ge._capi.pygraph_wrapper import graph_lib, int64_array, take_dims, take_string
from ge.error import get_ge_error_msg
from ge.graph import _numpy_interop
from ge.graph._numeric import floats_to_fp16_bits
from ge.graph.tensor_desc import Shape, TensorDesc
from ge.graph.types import DataType, Format, Placement

__all__ = ["Tensor", "_parse_str_list", "unflatten_tensor_data"]

# data_type -> ctypes element type for integer data (value converted with int()).
_INT_TYPES = {
    DataType.DT_INT64: ctypes.c_int64,
    DataType.DT_UINT64: ctypes.c_uint64,
    DataType.DT_INT32: ctypes.c_int32,
    DataType.DT_UINT32: ctypes.c_uint32,
    DataType.DT_INT16: ctypes.c_int16,
    DataType.DT_UINT16: ctypes.c_uint16,
    DataType.DT_INT8: ctypes.c_int8,
    DataType.DT_UINT8: ctypes.c_uint8,
}
# Bytes per element of the dtypes the constructor can fill (for padding short data).
_ELEMENT_SIZES = {
    **{dt: ctypes.sizeof(ct) for dt, ct in _INT_TYPES.items()},
    DataType.DT_FLOAT: 4,
    DataType.DT_FLOAT16: 2,
    DataType.DT_BOOL: 1,
}


# Enum members by value: a dict read instead of an Enum call (EnumMeta.__call__) per getter;
# an unknown value still goes through the Enum call and its ValueError.
_DATA_TYPES = {int(member): member for member in DataType}
_FORMATS = {int(member): member for member in Format}
_PLACEMENTS = {int(member): member for member in Placement}
_PLACEMENT_DEVICE = int(Placement.PLACEMENT_DEVICE)


class _DataScratch(threading.local):
    """Per-thread output buffers of ``get_data``'s one-call read (``threading.local`` runs
    ``__init__`` once in each thread, so concurrent readers never share them)."""

    TEXT_CAPACITY = 256
    DIMS_CAPACITY = 8

    def __init__(self):
        self.text = ctypes.create_string_buffer(self.TEXT_CAPACITY)
        self.dims = (ctypes.c_int64 * self.DIMS_CAPACITY)()
        self.text_len = ctypes.c_size_t(0)
        self.dim_count = ctypes.c_size_t(0)
        self.text_len_ref = ctypes.byref(self.text_len)
        self.dim_count_ref = ctypes.byref(self.dim_count)


_data_scratch = _DataScratch()


_I64P = ctypes.POINTER(ctypes.c_int64)
_CREATOR_ARGS = [_I64P, ctypes.c_int64, ctypes.c_int32, ctypes.c_int32]
# name -> (restype, argtypes): the tensor creators of the ES base library
_ESB_SIGNATURES = {
    "EsCreateEsCTensor": (ctypes.c_void_p, [ctypes.c_void_p, *_CREATOR_ARGS]),
    "EsCreateEsCTensorFromFile": (ctypes.c_void_p, [ctypes.c_char_p, *_CREATOR_ARGS]),
}


def _esb_functions():
    """EsCreateEsCTensor / EsCreateEsCTensorFromFile live in the ES base library (the same
    libge_compiler.so here); declared on first use so ge.graph imports without ge.es."""
    lib = declare_signatures(graph_lib, _ESB_SIGNATURES)
    return lib.EsCreateEsCTensor, lib.EsCreateEsCTensorFromFile


def _to_buffer(data: list, data_type: DataType):
    """Packs flat ``data`` into a ctypes array as GE's constructor does."""
    if all(isinstance(v, bool) for v in data):
        return (ctypes.c_bool * len(data))(*data)
    if data_type in _INT_TYPES:
        return (_INT_TYPES[data_type] * len(data))(*[int(v) for v in data])
    if data_type == DataType.DT_FLOAT:
        return (ctypes.c_float * len(data))(*[float(v) for v in data])
    if data_type == DataType.DT_FLOAT16:
        return (ctypes.c_uint16 * len(data))(*floats_to_fp16_bits(data))
    if data_type == DataType.DT_DOUBLE:
        raise RuntimeError("DT_DOUBLE is not supported in python Tensor constructor")
    raise RuntimeError(f"Failed to create Tensor with data type: {data_type}")


def _element_count(shape: List[int]) -> int:
    count = 1
    for d in shape:
        count *= max(d, 0)
    return count


class Tensor:
    """An owned core tensor. ``Tensor()`` is empty; ``Tensor(data, ...)`` packs a flat list;
    ``Tensor(file_path=...)`` reads raw bytes. Without ``shape`` a single value makes a scalar
    and a longer list a 1-D tensor (GE would keep only the first value of an unshaped list)."""

    # A pass reading a Const creates one Tensor per match: slots keep it small and fast.
    __slots__ = ("_handle", "_owns_handle", "_owner", "_host_only", "__weakref__")

    def __init__(
        self,
        data: List[Any] | None = None,
        file_path: str | None = None,
        data_type: DataType = DataType.DT_FLOAT,
        format: Format = Format.FORMAT_ND,
        shape: List[int] | None = None,
        placement: Placement = Placement.PLACEMENT_HOST,
    ):
        self._handle = None
        self._owns_handle = False
        self._owner = None
        self._host_only = False
        if shape is not None and (
            not isinstance(shape, list) or not all(isinstance(d, int) for d in shape)
        ):
            raise TypeError("Shape must be a list of integers")
        if not isinstance(placement, Placement):
            raise TypeError("Placement must be a Placement")
        if data is not None and file_path is not None:
            raise RuntimeError("Tensor should be created either by data or by file")
        if data is not None:
            handle = self._create_from_data(data, data_type, format, shape)
        elif file_path is not None:
            handle = self._create_from_file(file_path, data_type, format, shape)
        else:
            handle = graph_lib.GeApiWrapper_Tensor_CreateTensor()
        if not handle:
            raise RuntimeError("Failed to create Tensor")
        self._handle = ctypes.c_void_p(handle)
        self._owns_handle = True
        if placement == Placement.PLACEMENT_DEVICE:
            self.to_device()

    @staticmethod
    def _create_from_data(data, data_type, format, shape):
        if not isinstance(data, list):
            raise TypeError("data should be List")
        buffer = _to_buffer(data, data_type)
        if shape is None:
            shape = [] if len(data) == 1 else [len(data)]
        # The C creator copies elem_size * product(shape) bytes: pad short data with zeros so
        # it never reads past the buffer (GE does not check the count either).
        needed = _ELEMENT_SIZES.get(data_type, 8) * _element_count(shape)
        if ctypes.sizeof(buffer) < needed:
            padded = (ctypes.c_uint8 * needed)()
            ctypes.memmove(padded, buffer, ctypes.sizeof(buffer))
            buffer = padded
        create, _ = _esb_functions()
        return create(
            ctypes.cast(buffer, ctypes.c_void_p),
            int64_array(shape),
            len(shape),
            int(data_type),
            int(format),
        )

    @staticmethod
    def _create_from_file(file_path, data_type, format, shape):
        if not isinstance(file_path, str):
            raise TypeError("file_path must be a string")
        dims = list(shape or [])
        _, from_file = _esb_functions()
        return from_file(
            file_path.encode("utf-8"), int64_array(dims), len(dims), int(data_type), int(format)
        )

    @classmethod
    def _create_from(cls, handle, host_only: bool = False) -> Tensor:
        """Wraps (and takes ownership of) a core tensor handle. ``host_only``: the caller knows
        the tensor was created on the host (an attribute copy), so deleting it needs no
        placement query until ``to_device`` is called."""
        if not handle:
            raise ValueError("Tensor pointer cannot be None")
        tensor = cls.__new__(cls)
        tensor._handle = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)
        tensor._owns_handle = True
        tensor._owner = None
        tensor._host_only = host_only
        return tensor

    def __del__(self):
        try:  # the slots, read directly (a pass drops one Tensor per match)
            owns = self._owns_handle
            handle = self._handle
            host_only = self._host_only
        except AttributeError:  # construction failed before the slots were set
            owns = getattr(self, "_owns_handle", False)
            handle = getattr(self, "_handle", None)
            host_only = getattr(self, "_host_only", False)
        if owns and handle:
            # A device tensor's bytes live in a block of a stream allocator: give it back first.
            if (
                not host_only
                and graph_lib.GeApiWrapper_Tensor_GetPlacement(handle) == _PLACEMENT_DEVICE
            ):
                pytensor_runtime_wrapper.tensor_runtime_lib.GeApiWrapper_Tensor_ReleaseDeviceMemory(
                    handle
                )
            graph_lib.GeApiWrapper_Tensor_DestroyEsCTensor(handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("Tensor does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("Tensor does not support deepcopy")

    def _transfer_ownership_when_pass_as_attr(self, new_owner) -> None:
        """Hands the core tensor to ``new_owner`` (a GraphBuilder) exactly once."""
        if self._owner is not None:
            raise RuntimeError(
                f"Tensor already has an new owner builder :{self._owner.name}, "
                "cannot transfer ownership again"
            )
        self._owns_handle = False
        self._owner = new_owner

    # ---- format / data type ----
    def set_format(self, format: Format) -> Tensor:
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format")
        value = ctypes.c_int32(int(format))
        if graph_lib.GeApiWrapper_Tensor_SetFormat(self._handle, ctypes.byref(value)) != 0:
            raise RuntimeError(f"Failed to set format {format}")
        return self

    def set_data_type(self, data_type: DataType) -> Tensor:
        if not isinstance(data_type, DataType):
            raise TypeError("Data_type must be a DataType")
        value = ctypes.c_int32(int(data_type))
        if graph_lib.GeApiWrapper_Tensor_SetDataType(self._handle, ctypes.byref(value)) != 0:
            raise RuntimeError(f"Failed to set datatype {data_type}")
        return self

    def get_format(self) -> Format:
        value = graph_lib.GeApiWrapper_Tensor_GetFormat(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get format of tensor")
        member = _FORMATS.get(value)
        return member if member is not None else Format(value)

    def get_data_type(self) -> DataType:
        value = graph_lib.GeApiWrapper_Tensor_GetDataType(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get data type of tensor")
        member = _DATA_TYPES.get(value)
        return member if member is not None else DataType(value)

    def get_placement(self) -> Placement:
        value = graph_lib.GeApiWrapper_Tensor_GetPlacement(self._handle)
        if value < 0:
            raise RuntimeError("Failed to get placement of tensor")
        member = _PLACEMENTS.get(value)
        return member if member is not None else Placement(value)

    def get_shape(self) -> Shape:
        dims = take_dims(graph_lib.GeApiWrapper_Tensor_GetShape, self._handle)
        if dims is None:
            raise RuntimeError("Failed to get shape of tensor")
        return Shape(dims)

    def get_tensor_desc(self) -> TensorDesc:
        handle = graph_lib.GeApiWrapper_Tensor_GetTensorDesc(self._handle)
        if not handle:
            raise RuntimeError("Failed to get tensor desc")
        return TensorDesc._create_from(ctypes.c_void_p(handle))

    def get_data(self):
        """The data nested to the tensor's shape (a bare value for a scalar). Goes through the
        C text form, so bool and empty tensors cannot be read back (ValueError)."""
        # Small tensors (a Const a pass inspects per match): text and dims in one C call into
        # per-thread buffers; anything larger, or any failure, takes the separate calls below,
        # which also produce the right error message.
        s = _data_scratch
        if not graph_lib.GeApiWrapper_Tensor_GetDataTextAndDims(
            self._handle,
            s.text,
            s.TEXT_CAPACITY,
            s.text_len_ref,
            s.dims,
            s.DIMS_CAPACITY,
            s.dim_count_ref,
        ):
            dim_count = s.dim_count.value
            if s.text_len.value < s.TEXT_CAPACITY and dim_count <= s.DIMS_CAPACITY:
                text = s.text.value.decode("utf-8", errors="replace")
                if dim_count == 0 or (dim_count == 1 and s.dims[0] == 1):
                    # One value (a scalar or [1] Const): parsed in place, same rules and
                    # results as unflatten_tensor_data.
                    if text[:1] == "[" and text[-1:] == "]" and "," not in text:
                        item = text[1:-1].strip()
                        if item:
                            value = _parse_number(item)
                            return value if dim_count == 0 else [value]
                return unflatten_tensor_data(text, s.dims[:dim_count])
        text = take_string(graph_lib.GeApiWrapper_Tensor_GetData(self._handle))
        if text is None:
            raise RuntimeError("Failed to get Tensor data")
        dims = take_dims(graph_lib.GeApiWrapper_Tensor_GetShape, self._handle)
        if dims is None:
            raise RuntimeError("Failed to get shape of tensor")
        return unflatten_tensor_data(text, dims)

    format = property(get_format)
    data_type = property(get_data_type)
    placement = property(get_placement)
    shape = property(get_shape)
    data = property(get_data)

    # ---- placement ----
    def _runtime_call(self, name: str) -> int:
        lib = pytensor_runtime_wrapper.tensor_runtime_lib
        return getattr(lib, "GeApiWrapper_" + name)(self._handle)

    def to_device(self) -> Tensor:
        if self.get_placement() != Placement.PLACEMENT_HOST:
            raise ValueError("to_device() only supports host tensors")
        self._host_only = False  # from now on __del__ asks for the placement again
        ret = self._runtime_call("Tensor_ToDevice")
        if ret != 0:
            raise RuntimeError(f"Failed to move tensor from host to device, ret={ret}")
        return self

    def to_host(self) -> Tensor:
        if self.get_placement() != Placement.PLACEMENT_DEVICE:
            raise ValueError("to_host() only supports device tensors")
        ret = self._runtime_call("Tensor_ToHost")
        if ret != 0:
            raise RuntimeError(f"Failed to move tensor from device to host, ret={ret}")
        return self

    # ---- numpy interop (only when numpy is installed) ----
    def numpy(self):
        """A numpy array copy of this host tensor's data, shaped like the tensor (0-d for a
        scalar). Raises ImportError without numpy, RuntimeError for a device tensor."""
        np = _numpy_module()
        if self.get_placement() != Placement.PLACEMENT_HOST:
            raise RuntimeError("Tensor.numpy() needs a host tensor; call to_host() first")
        data_type = self.get_data_type()
        dtype = _numpy_interop.numpy_dtype_of(np, data_type)
        if dtype is None:
            hint = (
                " without ml_dtypes installed" if _numpy_interop.needs_ml_dtypes(data_type) else ""
            )
            raise TypeError(f"Tensor.numpy() does not support data type {data_type.name}{hint}")
        data = ctypes.c_void_p()
        size = ctypes.c_size_t(0)
        lib = pytensor_runtime_wrapper.tensor_runtime_lib
        if lib.GeApiWrapper_Tensor_GetRawData(self._handle, ctypes.byref(data), ctypes.byref(size)):
            raise RuntimeError("Failed to get Tensor data")
        shape = list(self.get_shape())
        count = _element_count(shape)
        expected = _numpy_interop.storage_size(data_type, count, dtype.itemsize)
        if size.value != expected:
            raise RuntimeError(
                f"Tensor holds {size.value} bytes but shape {shape} of {data_type.name} "
                f"needs {expected}"
            )
        raw = ctypes.string_at(data.value, size.value) if size.value else b""
        return _numpy_interop.from_tensor_bytes(np, raw, data_type, dtype, count).reshape(shape)

    @classmethod
    def from_numpy(cls, array, format: Format = Format.FORMAT_ND) -> Tensor:
        """A host tensor holding a copy of ``array`` (any numpy array of a supported dtype:
        float16/32/64, int8..int64, uint8..uint64, bool, and ml_dtypes' bfloat16, float8_e4m3fn,
        float8_e5m2, float8_e8m0fnu, float4_e2m1fn, int4, int2 and uint2)."""
        np = _numpy_module()
        if not isinstance(array, np.ndarray):
            raise TypeError("array must be a numpy.ndarray")
        if not isinstance(format, Format):
            raise TypeError("Format must be a Format")
        if not array.dtype.isnative:
            array = array.astype(array.dtype.newbyteorder("="))
        data_type = _numpy_interop.data_type_of(np, array.dtype)
        if data_type is None:
            raise TypeError(f"Tensor.from_numpy() does not support numpy dtype {array.dtype}")
        # Not np.ascontiguousarray: it turns a 0-d array into shape (1,).
        contiguous = array if array.flags.c_contiguous else array.copy(order="C")
        shape = [int(d) for d in array.shape]
        data = _numpy_interop.to_tensor_bytes(np, contiguous, data_type)
        handle = graph_lib.GeApiWrapper_Tensor_CreateFromBytes(
            data, len(data), int64_array(shape), len(shape), int(data_type), int(format)
        )
        if not handle:
            raise RuntimeError(f"Failed to create Tensor: {get_ge_error_msg()}")
        return cls._create_from(ctypes.c_void_p(handle))

    def __str__(self) -> str:
        indent = " " * 8
        return (
            f"\n{indent}Tensor format is {int(self.get_format())},\n"
            f"{indent}data_type is {int(self.get_data_type())},\n"
            f"{indent}shape is {self.get_shape()},\n"
            f"{indent}data is {self.get_data()}\n{indent}"
        )


def _numpy_module():
    try:
        import numpy
    except ImportError as exc:
        raise ImportError("numpy interop of ge.graph.Tensor needs numpy installed") from exc
    return numpy


def _parse_number(item: str):
    body = item[1:] if item.startswith("-") else item
    if body.isdigit():
        return int(item)
    try:
        return float(item)
    except ValueError:
        raise ValueError(f"Invalid item: '{item}'") from None


def _parse_str_list(text: str) -> list:
    """Parses the C text form ``[1,2.5,-3]`` into numbers."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError("Input must start with '[' and end with ']'")
    inner = text[1:-1].strip()
    if not inner:
        return []
    return [_parse_number(item.strip()) for item in inner.split(",")]


def _unflatten(values: list, shape: List[int]):
    """Nests flat ``values`` into ``shape``; same rules and messages as
    ``ge.es.tensor_like._unflatten``, kept here so that reading tensor data never imports ge.es
    (whose import loads plugins)."""
    if not shape:
        raise ValueError("Shape cannot be empty")
    size = _element_count(shape)
    if len(values) != size:
        raise ValueError(f"Length of list {len(values)} does not match shape {size}")

    def build(offset: int, dims: List[int]):
        if len(dims) == 1:
            return values[offset : offset + dims[0]]
        stride = _element_count(dims[1:])
        return [build(offset + i * stride, dims[1:]) for i in range(dims[0])]

    return build(0, list(shape))


def unflatten_tensor_data(tensor_data: str, shape: List[int]):
    """The tensor text form nested to ``shape`` (``[]`` = scalar: the single element)."""
    values = _parse_str_list(tensor_data)
    if not shape:
        if len(values) != 1:
            raise ValueError(f"Scalar tensor should contain exactly one element, got {len(values)}")
        return values[0]
    return _unflatten(values, shape)
