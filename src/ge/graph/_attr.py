"""``_AttrValue``: a box around a core AttrValue, used by every ``set_attr``/``get_attr``
(docs/graph_api.md)."""

from __future__ import annotations

import ctypes
from typing import Any, List

from ge._capi.pygraph_wrapper import graph_lib, take_string
from ge.graph.types import AttrValueType, DataType

__all__ = ["_AttrValue"]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


_TENSOR_CLASS = None


def _tensor_class():
    # tensor.py imports this module; resolve lazily (once) to keep the import graph acyclic.
    global _TENSOR_CLASS
    if _TENSOR_CLASS is None:
        from ge.graph.tensor import Tensor

        _TENSOR_CLASS = Tensor
    return _TENSOR_CLASS


def _type_name(value_type) -> str:
    try:
        return AttrValueType(value_type).name[len("VT_") :].lower()
    except ValueError:
        return str(value_type)


# AttrValueType number -> name of the _AttrValue getter of that type.
_GETTER_NAMES = {
    int(AttrValueType.VT_STRING): "get_string",
    int(AttrValueType.VT_FLOAT): "get_float",
    int(AttrValueType.VT_BOOL): "get_bool",
    int(AttrValueType.VT_INT): "get_int",
    int(AttrValueType.VT_DATA_TYPE): "get_data_type",
    int(AttrValueType.VT_TENSOR): "get_tensor",
    int(AttrValueType.VT_LIST_FLOAT): "get_list_float",
    int(AttrValueType.VT_LIST_BOOL): "get_list_bool",
    int(AttrValueType.VT_LIST_INT): "get_list_int",
    int(AttrValueType.VT_LIST_DATA_TYPE): "get_list_data_type",
    int(AttrValueType.VT_LIST_STRING): "get_list_string",
}


class _AttrValue:
    """Owns one core AttrValue (``_av_ptr``). ``_value_type``/``_cached_value`` cache the last
    value read; every successful setter clears them."""

    def __init__(self):
        self._av_ptr = None
        self._value_type = None
        self._cached_value = None
        handle = graph_lib.GeApiWrapper_AttrValue_Create()
        if not handle:
            raise RuntimeError("Failed to create AttrValue")
        self._av_ptr = handle if isinstance(handle, ctypes.c_void_p) else ctypes.c_void_p(handle)

    def __del__(self):
        if getattr(self, "_av_ptr", None):
            graph_lib.GeApiWrapper_AttrValue_Destroy(self._av_ptr)
            self._av_ptr = None

    def __copy__(self):
        raise RuntimeError("AttrValue does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("AttrValue does not support deepcopy")

    # ---- helpers ----
    def _done(self, status: int) -> bool:
        if status != 0:
            return False
        self._value_type = None
        self._cached_value = None
        return True

    def _cached(self, value_type: AttrValueType):
        if self._value_type == value_type and self._cached_value is not None:
            return self._cached_value
        return None

    def _remember(self, value_type: AttrValueType, value):
        self._value_type = value_type
        self._cached_value = value
        return value

    @staticmethod
    def _check_list(values, check, what: str):
        if not isinstance(values, list):
            raise TypeError("Values must be a list")
        if not values:
            raise ValueError("Empty list is not supported")
        if not all(check(v) for v in values):
            raise TypeError(f"All values must be {what}")

    # ---- value type ----
    def get_value_type(self):
        value_type = graph_lib.GeApiWrapper_AttrValue_GetValueType(self._av_ptr)
        try:
            return AttrValueType(value_type)
        except ValueError:
            return value_type

    @property
    def value_type(self):
        return self.get_value_type()

    # ---- scalar setters ----
    def set_string(self, value: str) -> bool:
        if not isinstance(value, str):
            raise TypeError("Value must be a string")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetString(self._av_ptr, value.encode()))

    def set_float(self, value: float) -> bool:
        if not isinstance(value, (int, float)):
            raise TypeError("Value must be a number")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetFloat(self._av_ptr, float(value)))

    def set_bool(self, value: bool) -> bool:
        if not isinstance(value, bool):
            raise TypeError("Value must be a boolean")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetBool(self._av_ptr, value))

    def set_int(self, value: int) -> bool:
        if not isinstance(value, int):
            raise TypeError("Value must be an integer")
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise ValueError(f"Value {value} is out of the int64 range")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetInt(self._av_ptr, int(value)))

    def set_data_type(self, value: DataType) -> bool:
        if not isinstance(value, DataType):
            raise TypeError("Value must be a DataType")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetDataType(self._av_ptr, int(value)))

    def set_tensor(self, value) -> bool:
        """Stores a copy of the tensor; the Python Tensor keeps its own handle."""
        if not isinstance(value, _tensor_class()):
            raise TypeError("Value must be a Tensor")
        return self._done(graph_lib.GeApiWrapper_AttrValue_SetTensor(self._av_ptr, value._handle))

    # ---- list setters ----
    def set_list_float(self, values: List[float]) -> bool:
        self._check_list(values, lambda v: isinstance(v, (int, float)), "numbers")
        array = (ctypes.c_float * len(values))(*[float(v) for v in values])
        return self._done(
            graph_lib.GeApiWrapper_AttrValue_SetListFloat(self._av_ptr, array, len(values))
        )

    def set_list_int(self, values: List[int]) -> bool:
        self._check_list(values, lambda v: isinstance(v, int), "integers")
        if not all(_INT64_MIN <= v <= _INT64_MAX for v in values):
            raise ValueError("All values must be in the int64 range")
        array = (ctypes.c_int64 * len(values))(*[int(v) for v in values])
        return self._done(
            graph_lib.GeApiWrapper_AttrValue_SetListInt(self._av_ptr, array, len(values))
        )

    def set_list_bool(self, values: List[bool]) -> bool:
        self._check_list(values, lambda v: isinstance(v, bool), "booleans")
        array = (ctypes.c_bool * len(values))(*values)
        return self._done(
            graph_lib.GeApiWrapper_AttrValue_SetListBool(self._av_ptr, array, len(values))
        )

    def set_list_data_type(self, values: List[DataType]) -> bool:
        self._check_list(values, lambda v: isinstance(v, DataType), "DataTypes")
        array = (ctypes.c_int32 * len(values))(*[int(v) for v in values])
        return self._done(
            graph_lib.GeApiWrapper_AttrValue_SetListDataType(self._av_ptr, array, len(values))
        )

    def set_list_string(self, values: List[str]) -> bool:
        self._check_list(values, lambda v: isinstance(v, str), "strings")
        encoded = [v.encode() for v in values]
        array = (ctypes.c_char_p * len(values))(*encoded)
        return self._done(
            graph_lib.GeApiWrapper_AttrValue_SetListString(self._av_ptr, array, len(values))
        )

    # ---- scalar getters ----
    def get_string(self) -> str:
        cached = self._cached(AttrValueType.VT_STRING)
        if cached is not None:
            return cached
        value = take_string(graph_lib.GeApiWrapper_AttrValue_GetString(self._av_ptr))
        if value is None:
            raise RuntimeError("Failed to get string value")
        return self._remember(AttrValueType.VT_STRING, value)

    def _get_scalar(self, value_type, c_type, func, message, convert):
        cached = self._cached(value_type)
        if cached is not None:
            return cached
        out = c_type()
        if func(self._av_ptr, ctypes.byref(out)) != 0:
            raise RuntimeError(message)
        return self._remember(value_type, convert(out.value))

    def get_float(self) -> float:
        return self._get_scalar(
            AttrValueType.VT_FLOAT,
            ctypes.c_float,
            graph_lib.GeApiWrapper_AttrValue_GetFloat,
            "Failed to get float value",
            float,
        )

    def get_bool(self) -> bool:
        return self._get_scalar(
            AttrValueType.VT_BOOL,
            ctypes.c_bool,
            graph_lib.GeApiWrapper_AttrValue_GetBool,
            "Failed to get bool value",
            bool,
        )

    def get_int(self) -> int:
        return self._get_scalar(
            AttrValueType.VT_INT,
            ctypes.c_int64,
            graph_lib.GeApiWrapper_AttrValue_GetInt,
            "Failed to get int value",
            int,
        )

    def get_data_type(self) -> DataType:
        return self._get_scalar(
            AttrValueType.VT_DATA_TYPE,
            ctypes.c_int32,
            graph_lib.GeApiWrapper_AttrValue_GetDataType,
            "Failed to get DataType value",
            DataType,
        )

    def get_tensor(self):
        """A new owned Tensor holding a copy of the stored tensor (never cached)."""
        handle = graph_lib.GeApiWrapper_AttrValue_GetTensor(self._av_ptr)
        if not handle:
            raise RuntimeError("Failed to get Tensor value")
        return _tensor_class()._create_from(ctypes.c_void_p(handle))

    # ---- list getters ----
    def _get_list(self, value_type, func, free, convert, message="Failed to get list value"):
        cached = self._cached(value_type)
        if cached is not None:
            return list(cached)
        count = ctypes.c_int64(0)
        array = func(self._av_ptr, ctypes.byref(count))
        if not array:
            raise RuntimeError(message)
        try:
            values = [convert(array[i]) for i in range(count.value)]
        finally:
            free(array)
        return list(self._remember(value_type, values))

    def get_list_float(self) -> List[float]:
        return self._get_list(
            AttrValueType.VT_LIST_FLOAT,
            graph_lib.GeApiWrapper_AttrValue_GetListFloat,
            graph_lib.GeApiWrapper_FreeListFloat,
            float,
        )

    def get_list_int(self) -> List[int]:
        return self._get_list(
            AttrValueType.VT_LIST_INT,
            graph_lib.GeApiWrapper_AttrValue_GetListInt,
            graph_lib.GeApiWrapper_FreeListInt,
            int,
        )

    def get_list_bool(self) -> List[bool]:
        return self._get_list(
            AttrValueType.VT_LIST_BOOL,
            graph_lib.GeApiWrapper_AttrValue_GetListBool,
            graph_lib.GeApiWrapper_FreeListBool,
            bool,
        )

    def get_list_data_type(self) -> List[int]:
        """Plain ints, as GE returns them."""
        return self._get_list(
            AttrValueType.VT_LIST_DATA_TYPE,
            graph_lib.GeApiWrapper_AttrValue_GetListDataType,
            graph_lib.GeApiWrapper_FreeListDataType,
            int,
        )

    def get_list_string(self) -> List[str]:
        return self._get_list(
            AttrValueType.VT_LIST_STRING,
            graph_lib.GeApiWrapper_AttrValue_GetListString,
            graph_lib.GeApiWrapper_FreeListString,
            lambda p: ctypes.cast(p, ctypes.c_char_p).value.decode("utf-8", errors="replace"),
            "Failed to get list_string value",
        )

    # ---- generic ----
    def set_value(self, value: Any) -> bool:
        """Stores ``value`` by its Python type; first match wins, as in GE."""
        if isinstance(value, str):
            return self.set_string(value)
        if isinstance(value, float):
            return self.set_float(value)
        if isinstance(value, bool):
            return self.set_bool(value)
        if isinstance(value, DataType):
            return self.set_data_type(value)
        if isinstance(value, _tensor_class()):
            return self.set_tensor(value)
        if isinstance(value, int):
            return self.set_int(value)
        if isinstance(value, list):
            # An empty list lands in the float branch and is rejected there, as in GE.
            if all(isinstance(v, float) for v in value):
                return self.set_list_float(value)
            if all(isinstance(v, bool) for v in value):
                return self.set_list_bool(value)
            # A list of DataType is a list of ints and is stored as list_int, as in GE.
            if all(isinstance(v, int) for v in value):
                return self.set_list_int(value)
            if all(isinstance(v, str) for v in value):
                return self.set_list_string(value)
        raise ValueError(f"Unsupported attribute type: {type(value)} for value: {value}")

    def get_value(self) -> Any:
        # The raw type number selects the getter: no AttrValueType construction and no dict of
        # bound methods per read (Node.get_attr of every match in a pass comes here).
        getter = _GETTER_NAMES.get(graph_lib.GeApiWrapper_AttrValue_GetValueType(self._av_ptr))
        if getter is None:
            raise RuntimeError(f"Unsupported attribute type: {self.get_value_type()}")
        return getattr(self, getter)()

    def __str__(self) -> str:
        try:
            value = self.get_value()
            shown = repr(value) if isinstance(value, str) else str(value)
            return f"AttrValue(type: {_type_name(self.get_value_type())}, value: {shown})"
        except Exception:  # noqa: BLE001 - printing must never raise
            return "AttrValue(<error reading value>)"

    __repr__ = __str__
