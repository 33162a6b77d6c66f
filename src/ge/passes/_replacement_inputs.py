"""The ``inputs`` of an expression-style replacement, with a short path for pass-through results.

Many replacements only hand pattern inputs to the outputs (``return inputs[0]`` deletes the
matched nodes). Building that graph through a GraphBuilder costs five C calls and a handful of
Python objects per match, so the builder here is created only when something needs it:

- ``inputs[k]`` hands out deferred holders (TensorHolders whose C holder does not exist yet) as
  long as no builder exists. The first use of any holder's ``_handle`` / ``_builder`` (an op, a
  setter, ``get_owner_builder()``) creates the GraphBuilder and every requested input, in index
  order, before anything else is added, so the graph is the one the eager builder made.
- When the replacement returns deferred holders of this object and no builder was ever needed,
  the graph comes from one C call (``EsBuildInputPassThroughGraph``) that takes the same builder
  steps in C++.

With an ``attr_scope`` or ``control_dependency_scope`` active, inputs are created at once (the
scopes apply to the nodes created inside them), as before.

This module imports ge.es; ge.passes imports it only when a replacement runs.
"""

from __future__ import annotations

import ctypes
from weakref import ref as _weakref

from ge._capi import pyes_graph_builder_wrapper as _w
from ge.es._scopes import scope_state as _scope_state
from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import TensorHolder

from .pattern import PatternInputs

__all__ = ["DeferredInput", "ReplacementInputs"]

_I64 = ctypes.c_int64
_new_deferred = object.__new__
_pass_through = None


def _pass_through_function():
    global _pass_through
    if _pass_through is None:
        _pass_through = _w.get_esb_lib().EsBuildInputPassThroughGraph
    return _pass_through


class _BuildState:
    """What the inputs object and its deferred holders share. The holders are held weakly, so
    that ``inputs`` -> holder -> state has no cycle and everything goes by reference counting
    when the call returns."""

    __slots__ = ("name", "builder", "consumed", "holders")

    def __init__(self, name: str) -> None:
        self.name = name
        self.builder = None
        self.consumed = False
        self.holders = []  # weakref.ref of the DeferredInput of each index

    def get_builder(self) -> GraphBuilder:
        """The GraphBuilder, created with every input requested so far on first call."""
        builder = self.builder
        if builder is not None:
            return builder
        builder = GraphBuilder(self.name)
        self.builder = builder
        for index, ref in enumerate(self.holders):
            real = builder.create_input(index)  # created even if its holder is gone: numbering
            holder = ref()
            if holder is not None:
                holder._bind(real)
        if self.consumed:
            # A holder kept past a pass-through build: its graph is gone, like the eager
            # builder's after build_and_reset.
            builder._built = True
        return builder


class DeferredInput(TensorHolder):
    """A replacement input whose C holder is created on first use (see the module docstring)."""

    __slots__ = ("_state", "_index", "_real_handle", "_real_builder")

    def __init__(self, state: _BuildState, index: int) -> None:
        # TensorHolder.__init__ refuses direct construction; this subclass is built here only.
        self._state = state
        self._index = index
        self._real_handle = None
        self._real_builder = None

    def _bind(self, holder: TensorHolder) -> None:
        self._real_handle = holder._handle
        self._real_builder = holder._builder

    @property
    def _handle(self):
        if self._real_handle is None:
            self._state.get_builder()
        return self._real_handle

    @property
    def _builder(self):
        if self._real_builder is None:
            self._state.get_builder()
        return self._real_builder


def new_replacement_inputs(name: str) -> ReplacementInputs:
    """``ReplacementInputs(name)`` without its three ``__init__`` frames (once per match)."""
    state = _new_deferred(_BuildState)
    state.name = name
    state.builder = None
    state.consumed = False
    state.holders = []
    inputs = _new_deferred(ReplacementInputs)
    inputs._builder = None
    inputs._holders = {}
    inputs._state = state
    return inputs


class ReplacementInputs(PatternInputs):
    """``inputs`` of one expression replacement call; builds its GraphBuilder on demand."""

    __slots__ = ("_state",)

    def __init__(self, name: str) -> None:
        super().__init__(None)
        self._state = _BuildState(name)

    def __getitem__(self, key):
        # The common ``inputs[k]`` before any builder exists: no slice or index protocol checks
        # (PatternInputs.__getitem__ handles everything else, with its messages).
        if type(key) is int and key >= 0:
            holders = self._holders
            state = self._state
            if state.builder is None:
                if key < len(holders):
                    return holders[key]
                if key == len(holders) and not (
                    _scope_state.custom_node_attrs or _scope_state.control_dependency_nodes
                ):
                    # The next input (``inputs[0]`` first): _get's deferred holder, inlined.
                    holder = _new_deferred(DeferredInput)
                    holder._state = state
                    holder._index = key
                    holder._real_handle = None
                    holder._real_builder = None
                    holders[key] = holder
                    state.holders.append(_weakref(holder))
                    return holder
            return self._get(key)
        return PatternInputs.__getitem__(self, key)

    def _get(self, index: int):
        state = self._state
        if state.builder is None and not (
            _scope_state.custom_node_attrs or _scope_state.control_dependency_nodes
        ):
            holders = self._holders
            refs = state.holders
            for k in range(len(holders), index + 1):
                holder = _new_deferred(DeferredInput)  # no __init__ frame: slots set here
                holder._state = state
                holder._index = k
                holder._real_handle = None
                holder._real_builder = None
                holders[k] = holder
                refs.append(_weakref(holder))
            return holders[index]
        if self._builder is None:
            self._builder = state.get_builder()
        return PatternInputs._get(self, index)

    def builder(self) -> GraphBuilder:
        """The GraphBuilder (created, with the inputs requested so far, on first call)."""
        if self._builder is None:
            self._builder = self._state.get_builder()
        return self._builder

    def pass_through_handle(self, result) -> int | None:
        """The C graph handle for a result made only of this object's deferred inputs (owned by
        the caller), or None when the result needs the ordinary build."""
        state = self._state
        if state.builder is not None:
            return None
        if isinstance(result, DeferredInput):
            outputs = (result,)
        elif isinstance(result, (list, tuple)) and result:
            outputs = result
        else:
            return None
        indices = []
        for holder in outputs:
            if type(holder) is not DeferredInput or holder._state is not state:
                return None
            indices.append(holder._index)
        count = len(indices)
        handle = (_pass_through or _pass_through_function())(
            state.name.encode("utf-8"), len(state.holders), (_I64 * count)(*indices), count
        )
        if not handle:
            return None  # the ordinary build reports the failure with its own message
        state.consumed = True
        return handle
