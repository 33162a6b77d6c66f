"""Per-op-type fast path of ``ge.es._op_runtime.call_op``.

Every generated op function runs ``call_op`` once per node, so building large graphs from Python
is dominated by its per-call overhead. ``plan_for`` computes once per op type what the generic
path re-derives on every call (encoded op type, port kinds, static output layout, constant
``counts`` array, the EsCreateOp entry point) and returns a callable for the common shape of op:
no dynamic inputs or outputs, no subgraphs and inputs from which the builder is resolved. Ops
of any other shape return ``None`` and keep using the generic path. Messages and checks are
those of the generic path.
"""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es.graph_builder import _apply_scopes, _scope_state
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import convert_to_tensor_holder, resolve_builder

__all__ = ["plan_for"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64
_ZERO = _I64(0)

# The C arrays the generic path builds per call for these shapes of op, built once per size.
_VP_ARRAYS: Dict[int, type] = {}


def _vp_array(size: int) -> type:
    array_type = _VP_ARRAYS.get(size)
    if array_type is None:
        array_type = _VP_ARRAYS[size] = _VP * size
    return array_type


class _Plan:
    """The precomputed call of one op type (see the module docstring)."""

    __slots__ = (
        "op",
        "params",
        "optional",
        "tensor_like",
        "n_outputs",
        "returns",
        "in_array",
        "out_array",
        "all_counts",
        "n_inputs",
        "create_op",
        "check_op",
        "spec",
        "has_attrs",
        "op_c",
        "n_inputs_c",
        "n_outputs_c",
    )

    def __init__(self, spec: Dict[str, Any], create_op) -> None:
        self.spec = spec
        self.op = spec["type"]
        self.op_c = ctypes.c_char_p(self.op.encode("utf-8"))
        self.has_attrs = bool(spec["attrs"])
        self.params = [param for _name, _kind, param in spec["inputs"]]
        self.optional = [kind == "optional" for _name, kind, _param in spec["inputs"]]
        self.tensor_like = bool(spec["tensor_like"])
        self.n_outputs = len(spec["outputs"])
        self.returns = spec["returns"]
        self.n_inputs = len(self.params)
        self.n_inputs_c = _I64(self.n_inputs)
        self.n_outputs_c = _I64(self.n_outputs)
        self.in_array = _vp_array(max(self.n_inputs, 1))
        self.out_array = _vp_array(max(self.n_outputs, 1))
        # One count per IR input: 1 when present (the usual case), so the array is constant.
        self.all_counts = (_I64 * self.n_inputs)(*([1] * self.n_inputs)) if self.n_inputs else None
        self.create_op = create_op
        self.check_op = f"create {self.op}"

    def __call__(self, inputs: List[Any], attrs: List[Any], func, with_attrs, output_class):
        """``with_attrs`` is ``_op_runtime._with_attrs`` (converts ``attrs`` around the call)."""
        op = self.op
        counts = self.all_counts
        if self.tensor_like:
            builder = resolve_builder(*inputs)
            if builder._built:
                builder._check_not_built(self.check_op)
            handles = []
            for i, value in enumerate(inputs):
                if not isinstance(value, TensorHolder):
                    value = convert_to_tensor_holder(value, builder)
                if value is None and self.optional[i]:
                    if counts is self.all_counts:
                        counts = (_I64 * self.n_inputs)(*([1] * self.n_inputs))
                    counts[i] = 0
                    continue
                if not isinstance(value, TensorHolder):
                    raise TypeError(
                        f"{op}: input '{self.params[i]}' must be a TensorHolder or TensorLike, "
                        f"got {type(value).__name__}"
                    )
                handles.append(value._handle)
            in_array = self.in_array(*handles) if handles else None
        else:
            # Exactly one required input (plan_for and _codegen.plan_function): it names the
            # builder and is the only handle.
            first = inputs[0]
            if not isinstance(first, TensorHolder):
                if first is None:
                    resolve_builder(None)  # the standard "Please ensure ..." ValueError
                raise TypeError(f"{op}: input '{self.params[0]}' must be a TensorHolder")
            builder = first.get_owner_builder()
            if builder._built:
                builder._check_not_built(self.check_op)
            in_array = self.in_array(first._handle)
        out_array = self.out_array()
        out_num = _I64(0)

        def create(names, values, n_attrs: int) -> int:
            # No dynamic inputs/outputs and no subgraphs on this path: those arguments are empty.
            return self.create_op(
                builder._handle,
                self.op_c,
                in_array,
                counts,
                self.n_inputs_c,
                None,
                _ZERO,
                None,
                None,
                _ZERO,
                names,
                values,
                _I64(n_attrs) if n_attrs else _ZERO,
                out_array,
                self.n_outputs_c,
                ctypes.byref(out_num),
            )

        if self.has_attrs:
            status = with_attrs(self.spec, func, attrs, builder, create)
        else:
            status = create(None, None, 0)
        if status != 0:
            raise ValueError(
                f"Tensor handle cannot be None (failed to create {op}: {_w.last_error()})"
            )
        count = min(out_num.value, self.n_outputs)
        if self.returns == "single":
            holder = _holder(out_array[0], builder) if count else None
            if holder is not None and (
                _scope_state.custom_node_attrs or _scope_state.control_dependency_nodes
            ):
                _apply_scopes(holder)
            return holder
        holders = [_holder(out_array[i], builder) for i in range(count)]
        holders.extend([None] * (self.n_outputs - count))
        if holders and (_scope_state.custom_node_attrs or _scope_state.control_dependency_nodes):
            _apply_scopes(holders[0])
        if self.returns == "none":
            return None
        if self.returns == "single":
            return holders[0]
        return output_class(*holders)


def _holder(handle, builder) -> TensorHolder:
    # TensorHolder._create_from without its argument checks: the C API returned this handle
    # for this builder.
    if not handle:
        raise ValueError("Tensor handle cannot be None")
    holder = TensorHolder.__new__(TensorHolder)
    holder._handle = _VP(handle)
    holder._builder = builder
    return holder


_RAW_CREATE_OP: List[Any] = []


def _raw_create_op():
    """EsCreateOp without ctypes argument conversion: every argument the plan passes is already
    a ctypes object of the declared C type (or None for NULL), so the per-call checks of the
    declared prototype (pyes_graph_builder_wrapper) are skipped."""
    if not _RAW_CREATE_OP:
        lib = _w.get_esb_lib()
        func = lib._FuncPtr(("EsCreateOp", lib))
        func.restype = ctypes.c_uint32
        _RAW_CREATE_OP.append(func)
    return _RAW_CREATE_OP[0]


def plan_for(spec: Dict[str, Any]) -> Callable | None:
    """The fast callable of ``spec`` (cached in the spec), or None when the op needs the
    generic path."""
    plan = spec.get("_fast_plan", False)
    if plan is not False:
        return plan
    simple = (
        spec["owner_param"] is None
        and bool(spec["inputs"])
        and not spec["subgraphs"]
        and all(kind != "dynamic" for _name, kind, _param in spec["inputs"])
        and all(kind != "dynamic" for _name, kind, _field in spec["outputs"])
        and spec["returns"] in ("none", "single", "class")
        and (spec["tensor_like"] or len(spec["inputs"]) == 1)
    )
    plan = _Plan(spec, _raw_create_op()) if simple else None
    spec["_fast_plan"] = plan
    return plan
