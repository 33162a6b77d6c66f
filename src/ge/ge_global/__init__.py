"""Process-wide GE initialisation (spec graph_api.md §5)."""

from ge.ge_global.ge_api import GeApi

__all__ = ["GeApi"]
