"""C callbacks for a Python ``ge.allocator.Allocator``.

``create_allocator_c_callbacks(allocator)`` returns ``(cb, key, on_destroy)``: ``cb`` carries the
``malloc``/``free``/``get_addr`` C function pointers, ``key`` is the opaque value the runtime hands
back to them, and ``on_destroy`` is the C callback the runtime calls once the allocator is gone.
Until then ``cb`` stays in a module dict under ``key`` (= ``id(cb)``) so the C function pointers
remain valid; ``rollback_allocator_c_callbacks(key)`` drops it when registration failed.

Blocks: ``malloc`` keeps the returned ``MemBlock`` under ``id(block)`` and hands that id to C as
the block pointer; ``get_addr`` maps it back to ``block.addr``; ``free`` forgets it and calls
``allocator.free(block)``. Exceptions raised by the allocator cannot cross into C: they are
reported as a NULL block (the run then fails with a clear error) and logged.
"""

from __future__ import annotations

import logging
import threading
from typing import Dict, Tuple

from ge._capi._runtime_lib import FREE_FUNC, GET_ADDR_FUNC, MALLOC_FUNC, ON_DESTROY_FUNC

__all__ = ["create_allocator_c_callbacks", "rollback_allocator_c_callbacks"]

_logger = logging.getLogger(__name__)
_lock = threading.Lock()
# id(cb) -> cb, alive until the runtime destroys the allocator.
_retained_callbacks: Dict[int, _AllocatorCallbacks] = {}


class _AllocatorCallbacks:
    """The C function pointers of one registered allocator and the blocks it handed out."""

    def __init__(self, allocator):
        self.allocator = allocator
        self.blocks: Dict[int, object] = {}
        self.malloc = MALLOC_FUNC(self._malloc)
        self.free = FREE_FUNC(self._free)
        self.get_addr = GET_ADDR_FUNC(self._get_addr)

    def _malloc(self, _key, size):
        try:
            block = self.allocator.malloc(int(size))
        except Exception:  # noqa: BLE001 - nothing may propagate into C
            _logger.exception("Allocator.malloc(%d) raised", size)
            return None
        if block is None:
            return None
        self.blocks[id(block)] = block
        return id(block)

    def _get_addr(self, block_id):
        block = self.blocks.get(block_id or 0)
        return 0 if block is None else int(block.addr)

    def _free(self, _key, block_id):
        block = self.blocks.pop(block_id or 0, None)
        if block is None:
            return
        try:
            self.allocator.free(block)
        except Exception:  # noqa: BLE001 - nothing may propagate into C
            _logger.exception("Allocator.free raised")


def _on_destroy(key):
    with _lock:
        _retained_callbacks.pop(key or 0, None)


# One C function for every allocator; it only needs the key.
_ON_DESTROY = ON_DESTROY_FUNC(_on_destroy)


def create_allocator_c_callbacks(allocator) -> Tuple[_AllocatorCallbacks, int, object]:
    """``(cb, key, on_destroy)`` for registering ``allocator`` with the runtime."""
    cb = _AllocatorCallbacks(allocator)
    key = id(cb)
    with _lock:
        _retained_callbacks[key] = cb
    return cb, key, _ON_DESTROY


def rollback_allocator_c_callbacks(key: int) -> None:
    """Forgets the callbacks of a registration that failed (the runtime never saw them)."""
    with _lock:
        _retained_callbacks.pop(key, None)
