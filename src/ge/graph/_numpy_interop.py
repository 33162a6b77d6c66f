"""numpy dtypes of ge.graph.Tensor data types, and the packing of the sub-byte types.

numpy has no bfloat16, float8, float4 or 4/2-bit integer types; ``ml_dtypes`` (which onnx and
jax bring) registers them, one element per byte. They are used when installed, never required
(docs/dependencies.md). A tensor of a sub-byte type stores its elements packed, low bits first
(as GE and ONNX do), so converting to and from numpy packs and unpacks them.
"""

from __future__ import annotations

from ge.graph.types import DataType

__all__ = [
    "data_type_of",
    "from_tensor_bytes",
    "needs_ml_dtypes",
    "numpy_dtype_of",
    "storage_size",
    "to_tensor_bytes",
]

_NUMPY_NAMES = {
    DataType.DT_FLOAT: "float32",
    DataType.DT_FLOAT16: "float16",
    DataType.DT_DOUBLE: "float64",
    DataType.DT_INT8: "int8",
    DataType.DT_INT16: "int16",
    DataType.DT_INT32: "int32",
    DataType.DT_INT64: "int64",
    DataType.DT_UINT8: "uint8",
    DataType.DT_UINT16: "uint16",
    DataType.DT_UINT32: "uint32",
    DataType.DT_UINT64: "uint64",
    DataType.DT_BOOL: "bool",
}

_ML_DTYPES_NAMES = {
    DataType.DT_BF16: "bfloat16",
    DataType.DT_FLOAT8_E4M3FN: "float8_e4m3fn",
    DataType.DT_FLOAT8_E5M2: "float8_e5m2",
    DataType.DT_FLOAT8_E8M0: "float8_e8m0fnu",
    DataType.DT_FLOAT4_E2M1: "float4_e2m1fn",
    DataType.DT_INT4: "int4",
    DataType.DT_INT2: "int2",
    DataType.DT_UINT2: "uint2",
}

# Bits per element of the packed types; ml_dtypes keeps each element's code in the low bits of
# its byte.
_PACKED_BITS = {
    DataType.DT_FLOAT4_E2M1: 4,
    DataType.DT_INT4: 4,
    DataType.DT_INT2: 2,
    DataType.DT_UINT2: 2,
}


def _ml_dtypes():
    try:
        import ml_dtypes
    except ImportError:
        return None
    return ml_dtypes


def numpy_dtype_of(np, data_type: DataType):
    """The numpy dtype holding ``data_type``'s elements, or None (unsupported, or an ml_dtypes
    type without ml_dtypes installed)."""
    name = _NUMPY_NAMES.get(data_type)
    if name is not None:
        return np.dtype(name)
    ml_dtypes = _ml_dtypes()
    name = _ML_DTYPES_NAMES.get(data_type)
    if ml_dtypes is None or name is None or not hasattr(ml_dtypes, name):
        return None
    return np.dtype(getattr(ml_dtypes, name))


def needs_ml_dtypes(data_type: DataType) -> bool:
    return data_type in _ML_DTYPES_NAMES


def data_type_of(np, dtype):
    """The DataType of numpy ``dtype``, or None."""
    for data_type, name in _NUMPY_NAMES.items():
        if np.dtype(name) == dtype:
            return data_type
    # Any extension type of one of these names and item sizes holds that type's codes (the
    # ml_dtypes types do); matching by name keeps the module free of an ml_dtypes import.
    for data_type, name in _ML_DTYPES_NAMES.items():
        if dtype.name == name and dtype.itemsize == (2 if data_type == DataType.DT_BF16 else 1):
            return data_type
    return None


def to_tensor_bytes(np, array, data_type: DataType) -> bytes:
    """The storage bytes of C-contiguous ``array`` as a tensor of ``data_type``."""
    bits = _PACKED_BITS.get(data_type)
    if bits is None:
        return array.tobytes()
    per_byte = 8 // bits
    codes = array.reshape(-1).view(np.uint8) & ((1 << bits) - 1)
    padded = np.zeros(-(-codes.size // per_byte) * per_byte, dtype=np.uint8)
    padded[: codes.size] = codes
    shifts = np.arange(per_byte, dtype=np.uint8) * bits
    return np.bitwise_or.reduce(padded.reshape(-1, per_byte) << shifts, axis=1).tobytes()


def storage_size(data_type: DataType, count: int, itemsize: int) -> int:
    bits = _PACKED_BITS.get(data_type)
    return count * itemsize if bits is None else (count * bits + 7) // 8


def from_tensor_bytes(np, raw: bytes, data_type: DataType, dtype, count: int):
    """A flat array of ``count`` elements of numpy ``dtype`` from a tensor's storage bytes."""
    bits = _PACKED_BITS.get(data_type)
    if bits is None:
        return np.frombuffer(raw, dtype=dtype).copy()
    per_byte = 8 // bits
    shifts = np.arange(per_byte, dtype=np.uint8) * bits
    packed = np.frombuffer(raw, dtype=np.uint8)
    codes = ((packed[:, None] >> shifts) & ((1 << bits) - 1)).astype(np.uint8).reshape(-1)
    return codes[:count].copy().view(dtype)
