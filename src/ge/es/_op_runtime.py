"""The general way of calling an op, behind every generated ``ge.es`` op function whose op has
dynamic ports, subgraphs or no inputs to take the builder from: ``call_op`` interprets the op's
description at run time. It resolves the owner builder, converts TensorLike inputs, transfers
subgraph/Tensor ownership to the builder, converts attributes and calls the generic C entry point
``EsCreateOp``. Ops of any other shape get straight-line code from ``_codegen`` instead; both
run the shared steps of ``_op_steps`` and ``_op_attrs``."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es import _codegen
from ge.es._op_attrs import array as _array
from ge.es._op_attrs import with_attrs
from ge.es._op_steps import (
    apply_scopes,
    check_not_built,
    creation_error,
    first_input_builder,
    holder,
    input_handle,
)
from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import resolve_builder

__all__ = ["call_op", "make_output_class", "module_getattr"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64


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


# ---- the call --------------------------------------------------------------------------------


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
    """Creates the node of ``spec`` (the literal ``_codegen`` writes next to the function) from
    the arguments of the op function ``func``, grouped by kind, and returns its outputs."""
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
        builder = first_input_builder(spec, inputs[0])
    check_not_built(builder, op)

    # ---- inputs ----
    flat: List[Any] = []
    counts: List[int] = []
    for index, ((_name, kind, param), value) in enumerate(zip(spec["inputs"], inputs)):
        if kind == "dynamic" and not isinstance(value, list):
            raise TypeError(f"{op}: input '{param}' must be a list")
        handles = [
            v._handle if v.__class__ is TensorHolder else input_handle(spec, index, v, builder)
            for v in (value if kind == "dynamic" else [value])
        ]
        handles = [h for h in handles if h is not None]
        flat.extend(handles)
        counts.append(len(handles))

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
    status = with_attrs(
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
        raise creation_error(op)

    # ---- outputs ----
    holders = [holder(out_array[i], builder) for i in range(min(out_num.value, capacity))]
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
        if isinstance(first, list):
            first = first[0] if first else None
        apply_scopes(first)
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
