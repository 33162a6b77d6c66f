"""Process-wide GE initialisation."""

from ge.ge_global.ge_api import GeApi

__all__ = ["GeApi"]
