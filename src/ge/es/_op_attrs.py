"""Attribute arguments of an op call as C attribute values, for both ways of calling
``EsCreateOp`` (``_op_runtime.call_op`` and the generated per-op code).

Attribute types are the type names of the prototype JSON (``"int"``, ``"list_int"``, ...).
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w

__all__ = ["with_attrs", "array"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64
_U32 = ctypes.c_uint32

_ATTR_SIGNATURES = {
    "GeApiWrapper_AttrValue_Create": (_VP, []),
    "GeApiWrapper_AttrValue_Destroy": (None, [_VP]),
    "GeApiWrapper_AttrValue_SetString": (_U32, [_VP, ctypes.c_char_p]),
    "GeApiWrapper_AttrValue_SetFloat": (_U32, [_VP, ctypes.c_float]),
    "GeApiWrapper_AttrValue_SetBool": (_U32, [_VP, ctypes.c_bool]),
    "GeApiWrapper_AttrValue_SetInt": (_U32, [_VP, _I64]),
    "GeApiWrapper_AttrValue_SetDataType": (_U32, [_VP, ctypes.c_int32]),
    "GeApiWrapper_AttrValue_SetTensor": (_U32, [_VP, _VP]),
    "GeApiWrapper_AttrValue_SetListFloat": (_U32, [_VP, ctypes.POINTER(ctypes.c_float), _I64]),
    "GeApiWrapper_AttrValue_SetListBool": (_U32, [_VP, ctypes.POINTER(ctypes.c_bool), _I64]),
    "GeApiWrapper_AttrValue_SetListInt": (_U32, [_VP, ctypes.POINTER(_I64), _I64]),
    "GeApiWrapper_AttrValue_SetListDataType": (_U32, [_VP, ctypes.POINTER(ctypes.c_int32), _I64]),
    "GeApiWrapper_AttrValue_SetListString": (_U32, [_VP, ctypes.POINTER(ctypes.c_char_p), _I64]),
}

_attr_lib = None


def _lib():
    global _attr_lib
    if _attr_lib is None:
        lib = _w.get_esb_lib()
        for name, (restype, argtypes) in _ATTR_SIGNATURES.items():
            func = getattr(lib, name)
            func.restype = restype
            func.argtypes = argtypes
        _attr_lib = lib
    return _attr_lib


# Scalar type name -> AttrValue setter; list type name -> (setter, C element type).
_SCALAR_SETTERS = {
    "int": "SetInt",
    "float": "SetFloat",
    "bool": "SetBool",
    "string": "SetString",
    "data_type": "SetDataType",
}
_LIST_SETTERS = {
    "list_int": ("SetListInt", _I64),
    "list_float": ("SetListFloat", ctypes.c_float),
    "list_bool": ("SetListBool", ctypes.c_bool),
    "list_data_type": ("SetListDataType", ctypes.c_int32),
    "list_string": ("SetListString", ctypes.c_char_p),
}


def _element_ok(attr_type: str, value: Any) -> bool:
    from ge.graph.types import DataType

    element = attr_type[len("list_") :] if attr_type.startswith("list_") else attr_type
    if element == "int":
        return isinstance(value, int)
    if element == "float":
        return isinstance(value, (int, float))
    if element == "bool":
        return isinstance(value, bool)
    if element == "data_type":
        return isinstance(value, (DataType, int)) and not isinstance(value, bool)
    return isinstance(value, str)


def _c_scalar(attr_type: str, value: Any) -> Any:
    if attr_type == "float":
        return float(value)
    if attr_type == "string":
        return value.encode("utf-8")
    if attr_type == "data_type":
        return int(value)
    return value


def _c_list(attr_type: str, value: List[Any]) -> List[Any]:
    if attr_type == "list_string":
        return [v.encode("utf-8") for v in value]
    if attr_type == "list_data_type":
        return [int(v) for v in value]
    if attr_type == "list_float":
        return [float(v) for v in value]
    return list(value)


def _set_attr(av, op: str, param: str, attr_type: str, value: Any, builder) -> None:
    lib = _lib()
    bad = TypeError(f"{op}: attribute '{param}' got unsupported value {value!r}")
    if attr_type in _SCALAR_SETTERS:
        if not _element_ok(attr_type, value):
            raise bad
        setter = getattr(lib, "GeApiWrapper_AttrValue_" + _SCALAR_SETTERS[attr_type])
        status = setter(av, _c_scalar(attr_type, value))
    elif attr_type == "tensor":
        from ge.graph import Tensor

        if not isinstance(value, Tensor):
            raise bad
        # The builder takes the tensor over: the Python object stops freeing it.
        value._transfer_ownership_when_pass_as_attr(builder)
        _w.get_esb_lib().EsBuilderAdoptTensor(builder._handle, value._handle)
        status = lib.GeApiWrapper_AttrValue_SetTensor(av, value._handle)
    elif attr_type == "list_list_int":
        if not isinstance(value, list) or not all(
            isinstance(row, list) and all(isinstance(v, int) for v in row) for row in value
        ):
            raise bad
        rows = [(_I64 * len(row))(*row) for row in value]
        row_ptrs = (ctypes.POINTER(_I64) * len(rows))(
            *[ctypes.cast(r, ctypes.POINTER(_I64)) for r in rows]
        )
        sizes = (_I64 * len(rows))(*[len(row) for row in value])
        status = _w.get_esb_lib().EsAttrValueSetListListInt(av, row_ptrs, len(rows), sizes)
    elif attr_type in _LIST_SETTERS:
        setter, c_type = _LIST_SETTERS[attr_type]
        if not isinstance(value, list) or not all(_element_ok(attr_type, v) for v in value):
            raise bad
        if not value:
            from ge.graph.types import AttrValueType

            type_id = int(AttrValueType[f"VT_{attr_type.upper()}"])
            status = _w.get_esb_lib().EsAttrValueSetEmptyList(av, type_id)
        else:
            items = _c_list(attr_type, value)
            status = getattr(lib, "GeApiWrapper_AttrValue_" + setter)(
                av, (c_type * len(items))(*items), len(items)
            )
    else:
        raise TypeError(f"{op}: attribute '{param}' has unsupported attribute type {attr_type}")
    if status != 0:
        raise RuntimeError(f"{op}: failed to set attribute '{param}': {_w.last_error()}")


_MISSING = object()


def _kw_default(func, param: str) -> Any:
    defaults = getattr(func, "__kwdefaults__", None) or {}
    return defaults.get(param, _MISSING)


def array(c_type, values: List[Any]):
    """A C array of ``values``, or None (NULL) when empty: the C side reads nothing then."""
    return (c_type * len(values))(*values) if values else None


def with_attrs(spec: Dict[str, Any], func, attrs: List[Any], builder, call) -> int:
    """Converts the attribute arguments into C attribute values, runs ``call(names, values,
    count)`` (EsCreateOp) and frees the values again. Returns the status of ``call``."""
    op = spec["type"]
    if not spec["attrs"]:
        return call(None, None, 0)
    names: List[bytes] = []
    values_av: List[Any] = []
    lib = _lib()
    try:
        for (name, attr_type, required, param), value in zip(spec["attrs"], attrs):
            if value is None:
                if required:
                    raise TypeError(f"{op}: required attribute '{param}' is missing")
                continue
            if attr_type == "tensor" and value is _kw_default(func, param):
                from ge.graph import Tensor

                value = Tensor()  # a fresh default per call: each one is handed to the builder
            av = lib.GeApiWrapper_AttrValue_Create()
            if not av:
                raise RuntimeError(f"{op}: failed to create attribute value")
            values_av.append(av)
            _set_attr(av, op, param, attr_type, value, builder)
            names.append(name.encode("utf-8"))
        return call(array(ctypes.c_char_p, names), array(_VP, values_av), len(names))
    finally:
        for av in values_av:
            lib.GeApiWrapper_AttrValue_Destroy(av)
