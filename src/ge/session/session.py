"""``Session`` over the runtime library (docs/runtime.md).

The C library and the allocator adapter are module attributes looked up at call time
(``session_lib``, ``create_allocator_c_callbacks``) so tests can monkeypatch them.
"""

from __future__ import annotations

import ctypes
import threading
import weakref
from typing import Dict, List

from ge._capi._allocator_callback_adapter import (
    create_allocator_c_callbacks,
    rollback_allocator_c_callbacks,
)
from ge._capi._runtime_lib import options_to_c
from ge._capi.pygeapi_wrapper import geapi_lib
from ge._capi.pysession_wrapper import session_lib
from ge.allocator import Allocator
from ge.error import GeError, raise_ge_error
from ge.graph import Graph, Tensor
from ge.session._tensors import check_inputs, take_outputs, tensor_array

__all__ = ["Session", "GeError"]

_UINT32_MAX = 0xFFFFFFFF

# Default (built-in) allocators registered by sessions: stream -> weakref(session). A stream's
# default allocator is unregistered by the session that registered it, when that session dies.
_lock = threading.RLock()
_stream_to_default_allocator_owner: Dict[int, weakref.ref] = {}


def _check_graph_id(graph_id) -> None:
    if not isinstance(graph_id, int):
        raise TypeError("Graph_id must be an integer")
    if not 0 <= graph_id <= _UINT32_MAX:
        raise ValueError(f"Graph_id must be in uint32 range, got {graph_id}")


def _stream_ptr(stream: int) -> ctypes.c_void_p:
    return ctypes.c_void_p(stream)


def _hex(stream: int) -> str:
    return f"0x{stream:x}"


class Session:
    """A GE session. ``options`` (str -> str) apply to every graph it compiles, under the
    per-graph options of ``add_graph``."""

    def __init__(self, options: dict | None = None):
        self._handle = None
        self._owns_handle = False
        self._default_allocator_streams = set()
        if options is None:
            handle = session_lib.GeApiWrapper_Session_CreateSession()
        elif isinstance(options, dict):
            keys, values, count = options_to_c(options)
            handle = session_lib.GeApiWrapper_Session_CreateSessionWithOptions(keys, values, count)
        else:
            raise TypeError("option must be a dictionary")
        if not handle:
            raise_ge_error("CreateSession")
        self._handle = ctypes.c_void_p(handle)
        self._owns_handle = True

    def __del__(self):
        self._release_default_allocators()
        if getattr(self, "_owns_handle", False) and getattr(self, "_handle", None):
            session_lib.GeApiWrapper_Session_DestroySession(self._handle)
            self._handle = None

    def __copy__(self):
        raise RuntimeError("Session does not support copy")

    def __deepcopy__(self, memo):
        raise RuntimeError("Session does not support deepcopy")

    # ---- graphs ----
    def add_graph(self, graph_id: int, add_graph: Graph, options: dict | None = None) -> int:
        """Adds a copy of ``add_graph`` under ``graph_id``; it is compiled on its first run.
        Returns 0."""
        _check_graph_id(graph_id)
        if not isinstance(add_graph, Graph):
            raise TypeError("Add_graph must be a Graph")
        if options is not None and not isinstance(options, dict):
            raise TypeError("options must be a dictionary")
        if options:
            keys, values, count = options_to_c(options)
            ret = session_lib.GeApiWrapper_Session_AddGraphWithOptions(
                self._handle, graph_id, add_graph._handle, keys, values, count
            )
        else:
            ret = session_lib.GeApiWrapper_Session_AddGraph(
                self._handle, graph_id, add_graph._handle
            )
        if ret != 0:
            raise_ge_error("AddGraph", ret, graph_id=graph_id)
        return 0

    def add_graph_with_options(self, graph_id: int, add_graph: Graph, options: dict) -> int:
        """``add_graph`` with graph options (GE's AddGraphWithOptions)."""
        if not isinstance(options, dict):
            raise TypeError("options must be a dictionary")
        return self.add_graph(graph_id, add_graph, options)

    def remove_graph(self, graph_id: int) -> int:
        _check_graph_id(graph_id)
        ret = session_lib.GeApiWrapper_Session_RemoveGraph(self._handle, graph_id)
        if ret != 0:
            raise_ge_error("RemoveGraph", ret, graph_id=graph_id)
        return 0

    def run_graph(self, graph_id: int, inputs: List[Tensor]) -> List[Tensor]:
        """Runs the graph (compiling it on the first run) and returns its outputs as host
        Tensors. Inputs are checked against the graph's Data nodes (count, dtype, shape)."""
        _check_graph_id(graph_id)
        check_inputs(inputs)
        outputs = ctypes.POINTER(ctypes.c_void_p)()
        count = ctypes.c_size_t(0)
        ret = session_lib.GeApiWrapper_Session_RunGraph(
            self._handle,
            graph_id,
            tensor_array(inputs),
            len(inputs),
            ctypes.byref(outputs),
            ctypes.byref(count),
        )
        result = take_outputs(
            outputs, count.value, session_lib.GeApiWrapper_Session_FreeTensorArray
        )
        if ret != 0:
            raise_ge_error("RunGraph", ret, graph_id=graph_id)
        return result

    def run_graph_with_stream_async(
        self, graph_id: int, stream: int, inputs: List[Tensor]
    ) -> List[Tensor]:
        """Runs on ``stream`` (the host runtime runs synchronously). Outputs are device Tensors
        whose memory comes from the stream's allocator: the external one when registered, else
        a built-in default allocator this session registers. ``to_host()`` reads them."""
        _check_graph_id(graph_id)
        if not isinstance(stream, int):
            raise TypeError("Stream must be an integer")
        check_inputs(inputs)
        self._ensure_allocator(stream)
        outputs = ctypes.POINTER(ctypes.c_void_p)()
        count = ctypes.c_size_t(0)
        ret = session_lib.GeApiWrapper_Session_RunGraphWithStreamAsync(
            self._handle,
            graph_id,
            _stream_ptr(stream),
            tensor_array(inputs),
            len(inputs),
            ctypes.byref(outputs),
            ctypes.byref(count),
        )
        result = take_outputs(
            outputs, count.value, session_lib.GeApiWrapper_Session_FreeTensorArray
        )
        if ret != 0:
            raise_ge_error("RunGraphWithStreamAsync", ret, graph_id=graph_id, stream=_hex(stream))
        return result

    # ---- allocators ----
    def register_external_allocator(self, stream: int, allocator: Allocator) -> int:
        """Makes ``allocator`` provide the output memory of async runs on ``stream``."""
        if not isinstance(stream, int):
            raise TypeError("stream must be an integer")
        if not isinstance(allocator, Allocator):
            raise TypeError("allocator must be an Allocator instance")
        cb, key, on_destroy = create_allocator_c_callbacks(allocator)
        ret = session_lib.GeApiWrapper_Session_RegisterExternalAllocator(
            self._handle, _stream_ptr(stream), cb.malloc, cb.free, cb.get_addr, on_destroy, key
        )
        if ret != 0:
            rollback_allocator_c_callbacks(key)
            raise_ge_error("RegisterExternalAllocator", ret, stream=_hex(stream))
        self._forget_default_allocator(stream)
        return 0

    def unregister_external_allocator(self, stream: int) -> int:
        if not isinstance(stream, int):
            raise TypeError("stream must be an integer")
        ret = session_lib.GeApiWrapper_Session_UnregisterExternalAllocator(
            self._handle, _stream_ptr(stream)
        )
        if ret != 0:
            raise_ge_error("UnregisterExternalAllocator", ret, stream=_hex(stream))
        self._forget_default_allocator(stream)
        return 0

    def _forget_default_allocator(self, stream: int) -> None:
        with _lock:
            self._default_allocator_streams.discard(stream)
            _stream_to_default_allocator_owner.pop(stream, None)

    def _ensure_allocator(self, stream: int) -> None:
        with _lock:
            if stream in self._default_allocator_streams:
                return
            if session_lib.GeApiWrapper_HasExternalAllocator(_stream_ptr(stream)):
                return
            ret = session_lib.GeApiWrapper_Session_RegisterDefaultAllocator(
                self._handle, _stream_ptr(stream)
            )
            if ret != 0:
                raise_ge_error("RegisterDefaultAllocator", ret, stream=_hex(stream))
            self._default_allocator_streams.add(stream)
            _stream_to_default_allocator_owner[stream] = weakref.ref(self)

    def _release_default_allocators(self) -> None:
        streams = getattr(self, "_default_allocator_streams", None)
        if not streams or not getattr(self, "_handle", None):
            return
        try:
            if not geapi_lib.GeApiWrapper_IsGEInitialized():
                return
        except Exception:  # noqa: BLE001 - interpreter shutdown: the library may be gone
            return
        with _lock:
            for stream in list(streams):
                owner_ref = _stream_to_default_allocator_owner.get(stream)
                owner = owner_ref() if owner_ref is not None else None
                # During __del__ the weakref is already dead: a dead ref means it was ours.
                if owner_ref is not None and owner not in (None, self):
                    continue
                if session_lib.GeApiWrapper_HasDefaultAllocator(_stream_ptr(stream)):
                    session_lib.GeApiWrapper_Session_UnregisterExternalAllocator(
                        self._handle, _stream_ptr(stream)
                    )
                _stream_to_default_allocator_owner.pop(stream, None)
            streams.clear()
