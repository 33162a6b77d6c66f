"""Runtime behind every generated ``ge.es`` op function: resolves the
owner builder, converts TensorLike inputs, transfers subgraph/Tensor ownership to the builder,
converts attributes and calls the generic C entry point ``EsCreateOp``."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es import _codegen, _op_fast_path
from ge.es.graph_builder import GraphBuilder, _apply_scopes
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import convert_to_tensor_holder, resolve_builder

__all__ = ["call_op", "make_output_class", "module_getattr"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64

_ATTR_SIGNATURES = {
    "GeApiWrapper_AttrValue_Create": (_VP, []),
    "GeApiWrapper_AttrValue_Destroy": (None, [_VP]),
    "GeApiWrapper_AttrValue_SetString": (ctypes.c_uint32, [_VP, ctypes.c_char_p]),
    "GeApiWrapper_AttrValue_SetFloat": (ctypes.c_uint32, [_VP, ctypes.c_float]),
    "GeApiWrapper_AttrValue_SetBool": (ctypes.c_uint32, [_VP, ctypes.c_bool]),
    "GeApiWrapper_AttrValue_SetInt": (ctypes.c_uint32, [_VP, _I64]),
    "GeApiWrapper_AttrValue_SetDataType": (ctypes.c_uint32, [_VP, ctypes.c_int32]),
    "GeApiWrapper_AttrValue_SetTensor": (ctypes.c_uint32, [_VP, _VP]),
    "GeApiWrapper_AttrValue_SetListFloat": (
        ctypes.c_uint32,
        [_VP, ctypes.POINTER(ctypes.c_float), _I64],
    ),
    "GeApiWrapper_AttrValue_SetListBool": (
        ctypes.c_uint32,
        [_VP, ctypes.POINTER(ctypes.c_bool), _I64],
    ),
    "GeApiWrapper_AttrValue_SetListInt": (ctypes.c_uint32, [_VP, ctypes.POINTER(_I64), _I64]),
    "GeApiWrapper_AttrValue_SetListDataType": (
        ctypes.c_uint32,
        [_VP, ctypes.POINTER(ctypes.c_int32), _I64],
    ),
    "GeApiWrapper_AttrValue_SetListString": (
        ctypes.c_uint32,
        [_VP, ctypes.POINTER(ctypes.c_char_p), _I64],
    ),
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


def make_output_class(op_type: str, fields: List[str]) -> type:
    """The ``<OpType>Output`` class: one attribute per output (dynamic outputs as lists)."""

    def __init__(self, *values):
        for field, value in zip(fields, values):
            setattr(self, field, value)

    def __repr__(self):
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in fields)
        return f"{op_type}Output({inner})"

    return type(
        f"{op_type}Output",
        (),
        {
            "__slots__": tuple(fields),
            "__init__": __init__,
            "__repr__": __repr__,
            "_fields": tuple(fields),
        },
    )


# ---- attribute conversion --------------------------------------------------------------------

# Attribute types are the type names of the prototype JSON ("int", "list_int", ...).
_LIST_ELEMENT = {
    "list_int": ("SetListInt", _I64, "integers"),
    "list_float": ("SetListFloat", ctypes.c_float, "numbers"),
    "list_bool": ("SetListBool", ctypes.c_bool, "booleans"),
    "list_data_type": ("SetListDataType", ctypes.c_int32, "DataTypes"),
    "list_string": ("SetListString", ctypes.c_char_p, "strings"),
}


def _element_ok(attr_type: str, value: Any) -> bool:
    from ge.graph.types import DataType

    if attr_type in ("list_int", "int"):
        return isinstance(value, int)
    if attr_type in ("list_float", "float"):
        return isinstance(value, (int, float))
    if attr_type in ("list_bool", "bool"):
        return isinstance(value, bool)
    if attr_type in ("list_data_type", "data_type"):
        return isinstance(value, (DataType, int)) and not isinstance(value, bool)
    return isinstance(value, str)


def _set_attr(av, op: str, param: str, attr_type: str, value: Any, builder) -> None:
    lib = _lib()
    bad = TypeError(f"{op}: attribute '{param}' got unsupported value {value!r}")
    if attr_type in ("int", "float", "bool", "string", "data_type"):
        if not _element_ok(attr_type, value):
            raise bad
        if attr_type == "int":
            setter, c_value = "SetInt", value
        elif attr_type == "float":
            setter, c_value = "SetFloat", float(value)
        elif attr_type == "bool":
            setter, c_value = "SetBool", value
        elif attr_type == "string":
            setter, c_value = "SetString", value.encode("utf-8")
        else:
            setter, c_value = "SetDataType", int(value)
        status = getattr(lib, "GeApiWrapper_AttrValue_" + setter)(av, c_value)
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
    elif attr_type in _LIST_ELEMENT:
        setter, c_type, _ = _LIST_ELEMENT[attr_type]
        if not isinstance(value, list) or not all(_element_ok(attr_type, v) for v in value):
            raise bad
        if not value:
            from ge.graph.types import AttrValueType

            type_id = int(AttrValueType[f"VT_{attr_type.upper()}"])
            status = _w.get_esb_lib().EsAttrValueSetEmptyList(av, type_id)
        else:
            if attr_type == "list_string":
                items = [v.encode("utf-8") for v in value]
            elif attr_type == "list_data_type":
                items = [int(v) for v in value]
            elif attr_type == "list_float":
                items = [float(v) for v in value]
            else:
                items = list(value)
            array = (c_type * len(items))(*items)
            status = getattr(lib, "GeApiWrapper_AttrValue_" + setter)(av, array, len(items))
    else:
        raise TypeError(f"{op}: attribute '{param}' has unsupported attribute type {attr_type}")
    if status != 0:
        raise RuntimeError(f"{op}: failed to set attribute '{param}': {_w.last_error()}")


# ---- the call --------------------------------------------------------------------------------


def _kw_default(func, param: str) -> Any:
    defaults = getattr(func, "__kwdefaults__", None) or {}
    return defaults.get(param, _MISSING)


_MISSING = object()


def _array(c_type, values: List[Any]):
    """A C array of ``values``, or None (NULL) when empty: the C side reads nothing then."""
    return (c_type * len(values))(*values) if values else None


def _with_attrs(spec: Dict[str, Any], func, attrs: List[Any], builder, call) -> int:
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
        return call(_array(ctypes.c_char_p, names), _array(_VP, values_av), len(names))
    finally:
        for av in values_av:
            lib.GeApiWrapper_AttrValue_Destroy(av)


def call_op(
    spec: Dict[str, Any],
    func,
    inputs: List[Any],
    owner: Any,
    out_nums: List[Any],
    subgraphs: List[Any],
    attrs: List[Any],
    output_class: type | None,
):
    fast = spec.get("_fast_plan", False)
    if fast is False:
        fast = _op_fast_path.plan_for(spec)
    if fast is not None:
        return fast(inputs, attrs, func, _with_attrs, output_class)
    op = spec["type"]
    esb = _w.get_esb_lib()  # looked up once: this function runs for every node built
    # ---- owner builder ----
    if spec["owner_param"] == "owner_graph_builder":
        if not isinstance(owner, GraphBuilder):
            raise TypeError(f"{op}: owner_graph_builder must be a GraphBuilder")
        builder = owner
    elif spec["tensor_like"]:
        candidates = []
        for (_name, kind, param), value in zip(spec["inputs"], inputs):
            if kind == "dynamic":
                if not isinstance(value, list):
                    raise TypeError(f"{op}: input '{param}' must be a list")
                candidates.extend(value if value else [None])
            else:
                candidates.append(value)
        if spec["owner_param"] is not None:
            candidates.append(owner)
        builder = resolve_builder(*candidates)
    else:
        first = inputs[0]
        if spec["inputs"][0][1] == "dynamic":
            if not isinstance(first, list):
                raise TypeError(f"{op}: input '{spec['inputs'][0][2]}' must be a list")
            first = first[0] if first else None
        if first is None:
            resolve_builder(None)  # the standard "Please ensure ..." ValueError
        if not isinstance(first, TensorHolder):
            raise TypeError(f"{op}: input '{spec['inputs'][0][2]}' must be a TensorHolder")
        builder = first.get_owner_builder()
    builder._check_not_built(f"create {op}")

    # ---- inputs ----
    flat: List[Any] = []
    counts: List[int] = []
    for (_name, kind, param), value in zip(spec["inputs"], inputs):
        values = value if kind == "dynamic" else [value]
        if kind == "dynamic" and not isinstance(value, list):
            raise TypeError(f"{op}: input '{param}' must be a list")
        converted = []
        for v in values:
            if spec["tensor_like"]:
                v = convert_to_tensor_holder(v, builder)
            if v is None and kind == "optional":
                continue
            if not isinstance(v, TensorHolder):
                expected = "TensorHolder or TensorLike" if spec["tensor_like"] else "TensorHolder"
                raise TypeError(
                    f"{op}: input '{param}' must be a {expected}, got {type(v).__name__}"
                )
            converted.append(v._handle)
        flat.extend(converted)
        counts.append(len(converted))

    # ---- dynamic output counts ----
    for num, (_name, _kind, field) in zip(
        out_nums, [o for o in spec["outputs"] if o[1] == "dynamic"]
    ):
        if not isinstance(num, int) or isinstance(num, bool) or num < 0:
            raise TypeError(f"{op}: {field}_num must be a non-negative integer")

    # ---- subgraphs (ownership moves to the builder) ----
    sub_handles: List[Any] = []
    sub_counts: List[int] = []
    graphs: List[Any] = []
    if spec["subgraphs"]:
        from ge.graph import Graph
    for (_name, kind, param), value in zip(spec["subgraphs"], subgraphs):
        values = value if kind == "dynamic" else [value]
        if kind == "dynamic" and not isinstance(value, list):
            raise TypeError(f"{op}: subgraph '{param}' must be a list of Graph")
        for g in values:
            if not isinstance(g, Graph):
                raise TypeError(f"{op}: subgraph '{param}' must be a Graph")
        graphs.extend(values)
        sub_counts.append(len(values))
    for g in graphs:
        g._transfer_ownership_when_pass_as_subgraph(builder)
        esb.EsBuilderAdoptGraph(builder._handle, g._handle)
    sub_handles = [g._handle for g in graphs]

    # ---- attributes and the call ----
    capacity = sum(1 for o in spec["outputs"] if o[1] != "dynamic") + sum(out_nums)
    out_array = (_VP * max(capacity, 1))()
    out_num = _I64(0)
    status = _with_attrs(
        spec,
        func,
        attrs,
        builder,
        lambda names, values, n_attrs: esb.EsCreateOp(
            builder._handle,
            op.encode("utf-8"),
            _array(_VP, flat),
            _array(_I64, counts),
            len(counts),
            _array(_I64, out_nums),
            len(out_nums),
            _array(_VP, sub_handles),
            _array(_I64, sub_counts),
            len(sub_counts),
            names,
            values,
            n_attrs,
            out_array,
            capacity,
            ctypes.byref(out_num),
        ),
    )
    if status != 0:
        raise ValueError(f"Tensor handle cannot be None (failed to create {op}: {_w.last_error()})")

    # ---- outputs ----
    holders = [
        TensorHolder._create_from(out_array[i], builder)
        for i in range(min(out_num.value, capacity))
    ]
    grouped: List[Any] = []
    position = 0
    dyn_iter = iter(out_nums)
    for _name, kind, _field in spec["outputs"]:
        if kind == "dynamic":
            n = next(dyn_iter)
            grouped.append(holders[position : position + n])
            position += n
        else:
            grouped.append(holders[position] if position < len(holders) else None)
            position += 1
    if grouped:
        first = grouped[0]
        _apply_scopes(
            first[0]
            if isinstance(first, list) and first
            else (None if isinstance(first, list) else first)
        )
    if spec["returns"] == "none":
        return None
    if spec["returns"] in ("single", "list"):
        return grouped[0]
    return output_class(*grouped)


# ---- ops registered after generation -------------------------------------------------------------


def module_getattr(module: str, namespace: Dict[str, Any], name: str):
    """Builds ``ge.es.<module>.<name>`` from the live catalog when ``name`` is an op type of that
    module registered after the module was generated (e.g. a custom op)."""
    from ge.es import _catalog

    base = name[: -len("Output")] if name.endswith("Output") else name
    # An op generated already has every name it will ever have: generating it again would
    # replace the function that existing references (and its own body) use.
    proto = None if base in namespace else _catalog.find_prototype(base)
    if (
        proto is None
        or (module != "all" and proto["module"] != module)
        or not _codegen.is_generatable(proto)
    ):
        raise AttributeError(f"module 'ge.es.{module}' has no attribute {name!r}")
    exec(
        compile(_codegen.generate_function_source(proto), f"<ge.es.{module}.{base}>", "exec"),
        namespace,
    )
    if name not in namespace:
        raise AttributeError(f"module 'ge.es.{module}' has no attribute {name!r}")
    return namespace[name]
