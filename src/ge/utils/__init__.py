"""GE utilities: whole-graph shape inference and the AICore support check."""

from ge.utils.ge_utils import GeUtils

__all__ = ["GeUtils"]
