"""Fusion feasibility checks for hand-written rewrites."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from . import _graph_api

__all__ = ["FuseCheckResult", "can_fuse", "report_fuse"]  # noqa: F822 - report_fuse is lazy


@dataclass(frozen=True)
class FuseCheckResult:
    """Whether a set of nodes may be fused, and why not."""

    ok: bool
    reason: str = ""


def can_fuse(nodes: Iterable) -> FuseCheckResult:
    """Check whether ``nodes`` (any iterable of ge.graph.Node) can be fused into one.

    Business rejections come back as ``ok=False`` with a reason; only bad arguments raise.
    """
    items = list(nodes)
    if any(not _graph_api.is_node(item) for item in items):
        raise TypeError("nodes must contain only ge.graph.Node objects")
    from . import _native

    ok, reason = _native.can_fuse(items)
    return FuseCheckResult(ok=bool(ok), reason=str(reason))


def __getattr__(name: str):
    # report_fuse is the native function itself (identity is part of the contract).
    if name == "report_fuse":
        from . import _native

        value = _native.report_fuse
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
