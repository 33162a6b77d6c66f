"""Process-wide GE initialisation."""

from ge.ge_global.geapi import GeApi

__all__ = ["GeApi"]
