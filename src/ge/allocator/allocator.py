"""``MemBlock`` and the abstract ``Allocator`` a user registers for a stream with
``Session.register_external_allocator``. The runtime calls ``malloc`` for every output buffer of
``run_graph_with_stream_async`` on that stream and ``free`` when the tensor's device memory is
released (``Tensor.to_host()`` or the tensor's deletion)."""

from __future__ import annotations

import abc

__all__ = ["Allocator", "MemBlock"]


class MemBlock:
    """A block of ``size`` bytes at address ``addr`` (read-only)."""

    __slots__ = ("_addr", "_size")

    def __init__(self, addr: int, size: int):
        self._addr = addr
        self._size = size

    @property
    def addr(self) -> int:
        return self._addr

    @property
    def size(self) -> int:
        return self._size

    def __repr__(self) -> str:
        return f"MemBlock(addr={self._addr:#x}, size={self._size})"


class Allocator(abc.ABC):
    """Device memory provider. ``malloc`` returns a ``MemBlock`` of at least ``size`` bytes whose
    ``addr`` stays valid until ``free(block)``; returning None fails the run that needed it."""

    @abc.abstractmethod
    def malloc(self, size: int) -> MemBlock:
        raise NotImplementedError

    @abc.abstractmethod
    def free(self, block: MemBlock) -> None:
        raise NotImplementedError
