"""Python fusion passes for GE: base classes, @pattern DSL, registry and native helpers.

Only ``pattern`` is imported eagerly; every other name resolves on first use. Pure-Python names
(base classes, registry, decorators) never need the native module; native ones (Pattern,
MatchResult, PassContext, ...) raise ImportError naming what is missing when it is not available.
"""

from __future__ import annotations

import importlib

from .pattern import pattern

__all__ = [
    "DecomposePass",
    "FuseCheckResult",
    "FusionBasePass",
    "MatchResult",
    "NodeIo",
    "PassStage",
    "PassContext",
    "Pattern",
    "PatternMatcherConfig",
    "PatternMatcherConfigBuilder",
    "PatternFusionPass",
    "SubgraphInput",
    "SubgraphOutput",
    "SubgraphBoundary",
    "SubgraphRewriter",
    "can_fuse",
    "clear_registered_passes",
    "create_pattern",
    "create_replacement",
    "get_registered_pass_by_descriptor_key",
    "get_registered_pass_dicts",
    "get_registered_passes",
    "infer_shape",
    "pattern",
    "register_decompose_pass",
    "register_fusion_pass",
    "report_fuse",
]

_LAZY_EXPORTS = {
    "DecomposePass": "base",
    "FuseCheckResult": "fuse_inspector",
    "FusionBasePass": "base",
    "MatchResult": "base",
    "NodeIo": "pattern",
    "PassStage": "base",
    "PassContext": "base",
    "Pattern": "pattern",
    "PatternMatcherConfig": "base",
    "PatternMatcherConfigBuilder": "base",
    "PatternFusionPass": "base",
    "SubgraphInput": "base",
    "SubgraphOutput": "base",
    "SubgraphBoundary": "base",
    "SubgraphRewriter": "base",
    "can_fuse": "fuse_inspector",
    "clear_registered_passes": "registry",
    "create_pattern": "pattern",
    "create_replacement": "replacement",
    "get_registered_pass_by_descriptor_key": "registry",
    "get_registered_pass_dicts": "registry",
    "get_registered_passes": "registry",
    "infer_shape": "base",
    "register_decompose_pass": "registry",
    "register_fusion_pass": "registry",
    "report_fuse": "fuse_inspector",
}


def __getattr__(name: str):
    submodule = _LAZY_EXPORTS.get(name)
    if submodule is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{submodule}"), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
