"""``NodeIo``, GE's frozen dataclass (re-exported as ``ge.passes.pattern.NodeIo``).

Kept apart from ``pattern`` so that ``dataclasses`` (and the ``inspect`` it imports) is loaded only
by code that captures or reads tensors, not by every compile that merely registers a pass.
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover
    from ge.graph import Node

__all__ = ["NodeIo"]


@dataclass(frozen=True)
class NodeIo:
    """One output (or input port) of a node: ``node`` and ``index``."""

    node: Node
    index: int = 0


# The public home of the class (pickling, reprs of types, documentation).
NodeIo.__module__ = "ge.passes.pattern"
