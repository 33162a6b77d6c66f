"""The live op catalog of libge_compiler.so as normalised prototypes for the ES generator.

Normalised prototype::

    {"type": str, "module": str, "doc": str,
     "inputs": [(name, "required"|"optional"|"dynamic")],
     "outputs": [(name, "required"|"dynamic")],
     "attrs": [{"name": str, "type": AttrValueType id, "required": bool, "default": value}],
     "subgraphs": [(name, "static"|"dynamic")]}
"""

from __future__ import annotations

import ctypes
import json
from typing import Any, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge._capi._lib_loader import declare_signatures

__all__ = [
    "list_prototypes",
    "find_prototype",
    "list_modules",
    "register_prototype",
    "normalize_prototype",
]

_ATTR_TYPE_NAMES = {
    "string": 1, "str": 1, "float": 2, "bool": 3, "int": 4, "tensor_desc": 5, "tensor": 6,
    "bytes": 7, "graph": 8, "named_attrs": 9, "list_list_int": 10, "listlistint": 10,
    "data_type": 11, "datatype": 11, "type": 11, "list_list_float": 12,
    "list_string": 1001, "liststring": 1001, "list_str": 1001, "list_float": 1002,
    "listfloat": 1002, "list_bool": 1003, "listbool": 1003, "list_int": 1004, "listint": 1004,
    "list_tensor": 1006, "list_data_type": 1011, "listdatatype": 1011, "list_type": 1011,
    "listtype": 1011,
}  # fmt: skip

_INPUT_KINDS = {0: "required", 1: "optional", 2: "dynamic"}
_OUTPUT_KINDS = {0: "required", 1: "dynamic"}
_SUBGRAPH_KINDS = {0: "static", 1: "dynamic"}


def _kind(value: Any, table: Dict[int, str]) -> str:
    if isinstance(value, int):
        return table[value]
    text = str(value).lower()
    for kind in table.values():
        if kind in text or (kind == "required" and text in ("input", "output", "req")):
            return kind
    if text in ("opt",):
        return "optional"
    raise ValueError(f"unknown port kind {value!r}")


def _attr_type(value: Any) -> int:
    if isinstance(value, int):
        return value
    text = str(value).lower()
    text = text[3:] if text.startswith("vt_") else text
    if text not in _ATTR_TYPE_NAMES:
        raise ValueError(f"unknown attribute type {value!r}")
    return _ATTR_TYPE_NAMES[text]


def _ports(entries: List[Any], table: Dict[int, str]) -> List[tuple]:
    ports = []
    for entry in entries or []:
        if isinstance(entry, (list, tuple)):
            ports.append((entry[0], _kind(entry[1], table)))
        else:
            kind = entry.get("kind", entry.get("param_type", entry.get("type", 0)))
            ports.append((entry["name"], _kind(kind, table)))
    return ports


def normalize_prototype(raw: Dict[str, Any]) -> Dict[str, Any]:
    """A prototype dict from the catalog JSON in the normalised form above."""
    attrs = []
    for attr in raw.get("attrs", []) or []:
        attrs.append(
            {
                "name": attr["name"],
                "type": _attr_type(attr.get("type", attr.get("value_type"))),
                "required": bool(attr.get("required", False)),
                "default": attr.get("default", attr.get("default_value")),
            }
        )
    return {
        "type": raw.get("type", raw.get("op_type", raw.get("name"))),
        "module": raw.get("module") or "all",
        "doc": raw.get("doc", "") or "",
        "inputs": _ports(raw.get("inputs"), _INPUT_KINDS),
        "outputs": _ports(raw.get("outputs"), _OUTPUT_KINDS),
        "attrs": attrs,
        "subgraphs": _ports(raw.get("subgraphs"), _SUBGRAPH_KINDS),
    }


_STRS = ctypes.POINTER(ctypes.c_char_p)
_I32S = ctypes.POINTER(ctypes.c_int32)
_I64 = ctypes.c_int64

# name -> (restype, argtypes): the catalog functions of the ES base library
_SIGNATURES = {
    "EsGetOpPrototypesJson": (ctypes.c_void_p, []),
    "EsFreeString": (None, [ctypes.c_void_p]),
    "EsRegisterOpPrototype": (
        ctypes.c_uint32,
        [
            ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
            _STRS, _I32S, _I64,
            _STRS, _I32S, _I64,
            _STRS, _I32S, ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(ctypes.c_void_p), _I64,
            _STRS, _I32S, _I64,
            ctypes.c_bool,
        ],
    ),
}  # fmt: skip


def _lib():
    lib = _w.get_esb_lib()
    if not getattr(lib, "_ge_catalog_configured", False):
        declare_signatures(lib, _SIGNATURES)
        lib._ge_catalog_configured = True
    return lib


def _raw_prototypes() -> List[Dict[str, Any]]:
    lib = _lib()
    ptr = lib.EsGetOpPrototypesJson()
    if not ptr:
        raise RuntimeError(f"Failed to read the op catalog: {_w.last_error()}")
    try:
        text = ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib.EsFreeString(ptr)
    return list(json.loads(text))


def list_prototypes() -> List[Dict[str, Any]]:
    """Every prototype of the live catalog, normalised, in catalog order."""
    return [normalize_prototype(raw) for raw in _raw_prototypes()]


def find_prototype(op_type: str) -> Dict[str, Any] | None:
    for proto in list_prototypes():
        if proto["type"] == op_type:
            return proto
    return None


def list_modules() -> List[str]:
    """Module names of the catalog ("all" is implicit and not listed unless used)."""
    return sorted({proto["module"] for proto in list_prototypes()})


_INPUT_KIND_IDS = {"required": 0, "optional": 1, "dynamic": 2}
_OUTPUT_KIND_IDS = {"required": 0, "dynamic": 1}
_SUBGRAPH_KIND_IDS = {"static": 0, "dynamic": 1}


def _strings(values: List[str]):
    return (ctypes.c_char_p * max(len(values), 1))(*[v.encode("utf-8") for v in values])


def _ints(values: List[int]):
    return (ctypes.c_int32 * max(len(values), 1))(*values)


def register_prototype(proto: Dict[str, Any], replace: bool = True) -> None:
    """Registers a prototype given in the normalised form (attribute defaults as Python values;
    Tensor defaults are not supported). Raises RuntimeError naming the op on rejection."""
    from ge.es import _op_runtime

    proto = normalize_prototype(proto)
    lib = _lib()
    attr_lib = _op_runtime._lib()
    defaults = []
    try:
        for attr in proto["attrs"]:
            value = attr.get("default")
            if value is None or attr["required"]:
                defaults.append(None)
                continue
            av = attr_lib.GeApiWrapper_AttrValue_Create()
            defaults.append(av)
            _op_runtime._set_attr(av, proto["type"], attr["name"], attr["type"], value, None)
        status = lib.EsRegisterOpPrototype(
            proto["type"].encode("utf-8"),
            proto["module"].encode("utf-8"),
            proto["doc"].encode("utf-8"),
            _strings([n for n, _ in proto["inputs"]]),
            _ints([_INPUT_KIND_IDS[k] for _, k in proto["inputs"]]),
            len(proto["inputs"]),
            _strings([n for n, _ in proto["outputs"]]),
            _ints([_OUTPUT_KIND_IDS[k] for _, k in proto["outputs"]]),
            len(proto["outputs"]),
            _strings([a["name"] for a in proto["attrs"]]),
            _ints([a["type"] for a in proto["attrs"]]),
            (ctypes.c_bool * max(len(proto["attrs"]), 1))(*[a["required"] for a in proto["attrs"]]),
            (ctypes.c_void_p * max(len(defaults), 1))(*defaults),
            len(proto["attrs"]),
            _strings([n for n, _ in proto["subgraphs"]]),
            _ints([_SUBGRAPH_KIND_IDS[k] for _, k in proto["subgraphs"]]),
            len(proto["subgraphs"]),
            replace,
        )
    finally:
        for av in defaults:
            if av:
                attr_lib.GeApiWrapper_AttrValue_Destroy(av)
    if status != 0:
        raise RuntimeError(f"Failed to register op prototype {proto['type']}: {_w.last_error()}")
