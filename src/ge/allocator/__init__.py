"""External device-memory allocators for sessions (spec graph_api.md §5)."""

from ge.allocator.allocator import Allocator, MemBlock

__all__ = ["Allocator", "MemBlock"]
