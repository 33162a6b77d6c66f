"""The ``EsCreateOp`` call of one op type, for the straight-line per-op code ``_codegen`` emits.

Every generated op function runs once per node, so building large graphs from Python is
dominated by its per-call overhead. For an op without dynamic inputs or outputs and without
subgraphs, everything but the input handles and attribute values is the same on every call:
``OpCall`` holds it as ready ctypes objects (encoded op type, port counts, the constant
``counts`` array, output array types) and calls ``EsCreateOp`` through a function object without
declared argument types, because every argument it passes already is a ctypes object of the
declared C type. Checks, messages and output wrapping are the shared steps of ``_op_steps``.
"""

from __future__ import annotations

import ctypes
import threading
from functools import partial
from typing import Any, Dict, List, Sequence

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es._op_attrs import with_attrs
from ge.es._op_steps import apply_scopes, creation_error, holder

__all__ = ["OpCall"]

_VP = ctypes.c_void_p
_I64 = ctypes.c_int64
_ZERO = _I64(0)
_byref = ctypes.byref


class _Scratch(threading.local):
    """Per-thread C arrays of one op type (``threading.local`` runs ``__init__`` in each
    thread), reused by every attribute-less single-input call of that type."""

    def __init__(self, in_type: type, out_type: type) -> None:
        self.in_array = in_type()
        self.out_array = out_type()
        self.out_num = _I64(0)
        self.out_ref = _byref(self.out_num)


_RAW_CREATE_OP: List[Any] = []


def _raw_create_op():
    """EsCreateOp without ctypes argument conversion (see the module docstring)."""
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


class OpCall:
    """``EsCreateOp`` of one op type that has inputs, whose inputs and outputs are all single
    ports and that has no subgraphs. Created when its generated module is imported; the library
    is first touched by the first call."""

    __slots__ = (
        "spec",
        "op",
        "op_c",
        "n_inputs_c",
        "n_outputs",
        "n_outputs_c",
        "in_type",
        "out_type",
        "all_counts",
        "returns",
        "output_class",
        "scratch",
        "create_op",
    )

    def __init__(self, spec: Dict[str, Any], output_class: type | None = None) -> None:
        self.spec = spec
        self.op = spec["type"]
        self.op_c = ctypes.c_char_p(self.op.encode("utf-8"))
        n_inputs = len(spec["inputs"])
        self.n_inputs_c = _I64(n_inputs)
        self.n_outputs = len(spec["outputs"])
        self.n_outputs_c = _I64(self.n_outputs)
        self.in_type = _VP * n_inputs
        self.out_type = _VP * max(self.n_outputs, 1)
        # One count per IR input, always 1: an absent optional input is a NULL handle, which
        # EsCreateOp reads as absent. So the array is constant.
        self.all_counts = (_I64 * n_inputs)(*([1] * n_inputs))
        self.returns = spec["returns"]
        self.output_class = output_class
        self.scratch = _Scratch(self.in_type, self.out_type)
        self.create_op = self._bind_create_op

    def _bind_create_op(self, *args):
        # The first call loads the library; later calls go to the C function directly.
        self.create_op = _raw_create_op()
        return self.create_op(*args)

    def _create(self, builder, in_array, counts, out_array, out_ref, names=None, values=None, n=0):
        """EsCreateOp with this op's constant arguments (no dynamic ports, no subgraphs)."""
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

    def one(self, builder, handle):
        """The op node of one input ``handle`` and no attributes (Identity, Relu, ...). The C
        arrays are this thread's scratch; they are read back right after the C call, before any
        other Python code of this thread runs."""
        scratch = self.scratch
        scratch.in_array[0] = handle
        out_num = scratch.out_num
        out_num.value = 0
        out_array = scratch.out_array
        status = self._create(
            builder._handle, scratch.in_array, self.all_counts, out_array, scratch.out_ref
        )
        if status != 0:
            raise creation_error(self.op)
        count = min(out_num.value, self.n_outputs)
        return self._finish(out_array[:count], count, builder)

    def __call__(self, builder, handles: Sequence[Any], attrs: List[Any] | None = None, func=None):
        """The op node of the input ``handles`` (None for an absent optional input) and, for an
        op with attributes, the attribute arguments ``attrs`` of the op function ``func``."""
        in_array = self.in_type(*handles)
        counts = self.all_counts
        out_array = self.out_type()
        out_num = _I64(0)
        if attrs is None:
            status = self._create(builder._handle, in_array, counts, out_array, _byref(out_num))
        else:
            create = partial(
                self._create, builder._handle, in_array, counts, out_array, _byref(out_num)
            )
            status = with_attrs(self.spec, func, attrs, builder, create)
        if status != 0:
            raise creation_error(self.op)
        count = min(out_num.value, self.n_outputs)
        return self._finish(out_array[:count], count, builder)

    def _finish(self, handles, count: int, builder):
        """The holders of the ``count`` output handles, shaped as the op function returns them."""
        if self.returns == "single":
            first = holder(handles[0], builder) if count else None
            apply_scopes(first)
            return first
        holders = [holder(handle, builder) for handle in handles]
        holders.extend([None] * (self.n_outputs - count))
        apply_scopes(holders[0] if holders else None)
        if self.returns == "none":
            return None
        return self.output_class(*holders)
