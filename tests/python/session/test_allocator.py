"""ge.allocator, the callback adapter, external/default allocators of async runs."""

from __future__ import annotations

import ctypes
import gc

import pytest

from ge import session as session_pkg
from ge._capi import _allocator_callback_adapter as adapter
from ge._capi.pysession_wrapper import session_lib
from ge.allocator import Allocator, MemBlock
from ge.error import GeError
from ge.graph import Placement, Tensor
from ge.session import Session

np = pytest.importorskip("numpy")


class BufferAllocator(Allocator):
    """Hands out ctypes buffers and records every call."""

    def __init__(self):
        self.mallocs = []
        self.frees = []
        self.buffers = {}

    def malloc(self, size):
        buffer = ctypes.create_string_buffer(max(size, 1))
        block = MemBlock(ctypes.addressof(buffer), size)
        self.buffers[block.addr] = buffer
        self.mallocs.append(size)
        return block

    def free(self, block):
        self.frees.append(block.size)
        self.buffers.pop(block.addr)


def test_mem_block_is_read_only():
    block = MemBlock(0x1000, 64)
    assert (block.addr, block.size) == (0x1000, 64)
    with pytest.raises(AttributeError):
        block.addr = 1
    with pytest.raises(AttributeError):
        block.size = 1


def test_allocator_is_abstract():
    with pytest.raises(TypeError):
        Allocator()


def test_adapter_routes_callbacks_to_the_allocator():
    allocator = BufferAllocator()
    cb, key, on_destroy = adapter.create_allocator_c_callbacks(allocator)
    assert key == id(cb) and adapter._retained_callbacks[key] is cb
    block_id = cb.malloc(key, 16)
    assert allocator.mallocs == [16]
    assert cb.get_addr(block_id) == next(iter(allocator.buffers))
    assert cb.get_addr(12345) in (None, 0)  # unknown block -> NULL
    cb.free(key, block_id)
    assert allocator.frees == [16] and not allocator.buffers
    on_destroy(key)
    assert key not in adapter._retained_callbacks


def test_adapter_rollback_forgets_callbacks():
    cb, key, _ = adapter.create_allocator_c_callbacks(BufferAllocator())
    adapter.rollback_allocator_c_callbacks(key)
    assert key not in adapter._retained_callbacks


def test_adapter_reports_a_raising_malloc_as_null():
    class Broken(BufferAllocator):
        def malloc(self, size):
            raise MemoryError("no")

    cb, key, on_destroy = adapter.create_allocator_c_callbacks(Broken())
    assert cb.malloc(key, 8) in (None, 0)
    on_destroy(key)


def test_register_argument_errors():
    session = Session()
    with pytest.raises(TypeError, match="^stream must be an integer$"):
        session.register_external_allocator("0", BufferAllocator())
    with pytest.raises(TypeError, match="^allocator must be an Allocator instance$"):
        session.register_external_allocator(1, object())
    with pytest.raises(TypeError, match="^stream must be an integer$"):
        session.unregister_external_allocator(None)
    with pytest.raises(GeError, match="UnregisterExternalAllocator failed; stream=0x4d2; "):
        session.unregister_external_allocator(1234)


def _add_graph(es, session):
    builder = es.GraphBuilder("async")
    x = builder.create_input(0, name="x", shape=[2, 3])
    session.add_graph(1, builder.build_and_reset([x * 3.0, x - 1.0]))


def test_external_allocator_provides_the_output_memory(ge_env, es):
    session = Session()
    _add_graph(es, session)
    allocator = BufferAllocator()
    stream = 0x51
    assert session.register_external_allocator(stream, allocator) == 0
    assert session_lib.GeApiWrapper_HasExternalAllocator(ctypes.c_void_p(stream))
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    outputs = session.run_graph_with_stream_async(1, stream, [Tensor.from_numpy(x)])
    assert allocator.mallocs == [24, 24]
    assert [t.get_placement() for t in outputs] == [Placement.PLACEMENT_DEVICE] * 2
    # The values really are in the allocator's buffers.
    in_buffers = [np.frombuffer(b.raw[:24], dtype=np.float32) for b in allocator.buffers.values()]
    assert any(np.array_equal(v, (x * 3.0).ravel()) for v in in_buffers)
    with pytest.raises(RuntimeError, match="to_host"):
        outputs[0].numpy()
    np.testing.assert_allclose(outputs[0].to_host().numpy(), x * 3.0)
    assert allocator.frees == [24]  # to_host returned the block
    # A device output feeds another run directly.
    (again,) = session.run_graph(1, [outputs[1]])[:1]
    np.testing.assert_allclose(again.numpy(), (x - 1.0) * 3.0)
    del outputs
    gc.collect()
    assert allocator.frees == [24, 24]  # deleting a device tensor returned its block
    assert session.unregister_external_allocator(stream) == 0
    gc.collect()
    assert not [k for k, cb in adapter._retained_callbacks.items() if cb.allocator is allocator]


def test_failing_external_allocator_fails_the_run(ge_env, es):
    class Empty(BufferAllocator):
        def malloc(self, size):
            return None

    session = Session()
    _add_graph(es, session)
    session.register_external_allocator(0x52, Empty())
    with pytest.raises(GeError, match="RunGraphWithStreamAsync failed; .*stream=0x52; .*output 0"):
        session.run_graph_with_stream_async(1, 0x52, [Tensor.from_numpy(np.ones([2, 3], "f4"))])
    session.unregister_external_allocator(0x52)


def test_async_run_registers_and_releases_a_default_allocator(ge_env, es):
    session = Session()
    _add_graph(es, session)
    stream = 0x61
    x = np.ones([2, 3], dtype=np.float32)
    (y, _) = session.run_graph_with_stream_async(1, stream, [Tensor.from_numpy(x)])
    assert session_lib.GeApiWrapper_HasDefaultAllocator(ctypes.c_void_p(stream))
    assert stream in session._default_allocator_streams
    assert session_pkg.session._stream_to_default_allocator_owner[stream]() is session
    np.testing.assert_allclose(y.to_host().numpy(), x * 3.0)
    del session
    gc.collect()
    assert not session_lib.GeApiWrapper_HasDefaultAllocator(ctypes.c_void_p(stream))
    assert stream not in session_pkg.session._stream_to_default_allocator_owner


def test_external_allocator_clears_default_records(ge_env, es):
    session = Session()
    _add_graph(es, session)
    x = [Tensor.from_numpy(np.ones([2, 3], dtype=np.float32))]
    session.run_graph_with_stream_async(1, 0x62, x)
    assert 0x62 in session._default_allocator_streams
    session.register_external_allocator(0x62, BufferAllocator())
    assert 0x62 not in session._default_allocator_streams
    assert 0x62 not in session_pkg.session._stream_to_default_allocator_owner
    session.unregister_external_allocator(0x62)


def test_register_failure_rolls_back_callbacks(monkeypatch):
    session = Session.__new__(Session)
    session._handle = 1
    session._owns_handle = False
    session._default_allocator_streams = {7}
    seen = {}

    def fake_create(allocator):
        cb, key, on_destroy = adapter.create_allocator_c_callbacks(allocator)
        seen["key"] = key
        return cb, key, on_destroy

    monkeypatch.setattr(session_pkg.session, "create_allocator_c_callbacks", fake_create)
    monkeypatch.setattr(
        session_lib, "GeApiWrapper_Session_RegisterExternalAllocator", lambda *args: 1
    )
    with pytest.raises(GeError, match="^RegisterExternalAllocator failed; stream=0x7"):
        session.register_external_allocator(7, BufferAllocator())
    assert seen["key"] not in adapter._retained_callbacks
    assert session._default_allocator_streams == {7}  # failure keeps the records
    monkeypatch.setattr(
        session_lib, "GeApiWrapper_Session_RegisterExternalAllocator", lambda *args: 0
    )
    assert session.register_external_allocator(7, BufferAllocator()) == 0
    assert session._default_allocator_streams == set()
    adapter.rollback_allocator_c_callbacks(seen["key"])  # the fake C never calls on_destroy
