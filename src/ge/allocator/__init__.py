"""External device-memory allocators for sessions."""

from ge.allocator.allocator import Allocator, MemBlock

__all__ = ["Allocator", "MemBlock"]
