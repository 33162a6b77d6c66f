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
import threading
from functools import partial
from typing import Any, Callable, Dict, List

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es.graph_builder import _apply_scopes, _scope_state
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import convert_to_tensor_holder, resolve_builder

__all__ = ["plan_for"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64
_ZERO = _I64(0)
_byref = ctypes.byref

# The C arrays the generic path builds per call for these shapes of op, built once per size.
_VP_ARRAYS: Dict[int, type] = {}


def _vp_array(size: int) -> type:
    array_type = _VP_ARRAYS.get(size)
    if array_type is None:
        array_type = _VP_ARRAYS[size] = _VP * size
    return array_type


class _Scratch(threading.local):
    """Per-thread C arrays of one plan (``threading.local`` runs ``__init__`` in each thread)."""

    def __init__(self, in_type: type, out_type: type) -> None:
        self.in_array = in_type()
        self.out_array = out_type()
        self.out_num = _I64(0)
        self.out_ref = _byref(self.out_num)


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
        "scratch",
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
        self.scratch = _Scratch(self.in_array, self.out_array)

    def _create(self, builder, in_array, counts, out_array, out_ref, names=None, values=None, n=0):
        """EsCreateOp of this plan. No dynamic inputs/outputs and no subgraphs on this path:
        those arguments are empty. Raw call: every argument must already be a ctypes value."""
        return self.create_op(
            builder,
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
            _I64(n) if n else _ZERO,
            out_array,
            self.n_outputs_c,
            out_ref,
        )

    def _call_single(self, builder, handle, output_class):
        """One input, no attributes (Identity, Relu, ...): the C arrays are
        this thread's scratch of the plan instead of new ctypes objects per node. The scratch is
        read back right after the C call, before any other Python code of this thread runs."""
        scratch = self.scratch
        in_array = scratch.in_array
        in_array[0] = handle
        out_num = scratch.out_num
        out_num.value = 0
        out_array = scratch.out_array
        status = self._create(
            builder._handle, in_array, self.all_counts, out_array, scratch.out_ref
        )
        if status != 0:
            raise ValueError(
                f"Tensor handle cannot be None (failed to create {self.op}: {_w.last_error()})"
            )
        count = min(out_num.value, self.n_outputs)
        handles = out_array[:count]
        return self._finish(handles, count, builder, output_class)

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
            builder = first._builder
            if builder._built:
                builder._check_not_built(self.check_op)
            if not self.has_attrs:
                return self._call_single(builder, first._handle, output_class)
            in_array = self.in_array(first._handle)
        out_array = self.out_array()
        out_num = _I64(0)
        if self.has_attrs:
            out_ref = _byref(out_num)
            create = partial(self._create, builder._handle, in_array, counts, out_array, out_ref)
            status = with_attrs(self.spec, func, attrs, builder, create)
        else:  # no closure or partial per node for the common attribute-less op
            status = self._create(builder._handle, in_array, counts, out_array, _byref(out_num))
        if status != 0:
            raise ValueError(
                f"Tensor handle cannot be None (failed to create {op}: {_w.last_error()})"
            )
        count = min(out_num.value, self.n_outputs)
        return self._finish(out_array[:count], count, builder, output_class)

    def _finish(self, handles, count: int, builder, output_class):
        """The holders of the ``count`` output handles, shaped as the op function returns them."""
        if self.returns == "single":
            holder = _holder(handles[0], builder) if count else None
            if holder is not None and (
                _scope_state.custom_node_attrs or _scope_state.control_dependency_nodes
            ):
                _apply_scopes(holder)
            return holder
        holders = [_holder(handle, builder) for handle in handles]
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
        # A PyDLL function keeps the GIL across the call: EsCreateOp only builds the node (no
        # Python callbacks), and releasing and re-taking the GIL per node is measurable.
        hold_gil = ctypes.PyDLL(lib._name, handle=lib._handle)
        func = hold_gil._FuncPtr(("EsCreateOp", hold_gil))
        restype, _ = _w._BASE_SIGNATURES["EsCreateOp"]  # the declared result, no argtypes
        func.restype = restype
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
