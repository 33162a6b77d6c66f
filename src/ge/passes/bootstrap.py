"""Discovery of user pass plugins: ASCEND_GE_PY_PASS_PATH first, then entry points.

Importing a plugin is what registers its passes (decorators run at import time).
"""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import List, Tuple

from ge._internal import plugin_loader

from .._internal.entry_point_scan import group_may_be_declared
from . import registry

__all__ = [
    "ENTRY_POINT_GROUP",
    "ENV_PY_PASS_PATH",
    "MODULE_PREFIX",
    "get_registered_passes",
    "is_strict_mode",
    "load_pass_plugins",
    "load_pass_plugins_isolated",
]

ENV_PY_PASS_PATH = "ASCEND_GE_PY_PASS_PATH"
ENTRY_POINT_GROUP = "ge.passes.plugins"
# File plugins get module names with this prefix; the bridge reset purges them by it.
MODULE_PREFIX = "_ge_py_pass_"
PLUGIN_KIND = "python pass"
# ge_py addition: when true, a plugin that fails to import (or a bridge that cannot load) fails
# the compile instead of being reported and skipped.
ENV_STRICT = "GE_PY_PASS_STRICT"


def is_strict_mode() -> bool:
    """True when GE_PY_PASS_STRICT is 1/true/yes/on (case-insensitive), read now."""
    return os.environ.get(ENV_STRICT, "").strip().lower() in ("1", "true", "yes", "on")


def _unique_by_name(modules: List[ModuleType]) -> List[ModuleType]:
    """Each module once (a file listed twice, or both on the path and as an entry point)."""
    seen = set()
    unique = []
    for module in modules:
        if module.__name__ not in seen:
            seen.add(module.__name__)
            unique.append(module)
    return unique


def _load_entry_point_plugins(on_error=None) -> List[ModuleType]:
    """Entry-point plugins of ``ge.passes.plugins``; importlib.metadata is only consulted when a
    distribution on sys.path may declare the group (it is the slowest import of a round)."""
    if not group_may_be_declared(ENTRY_POINT_GROUP):
        return []
    return plugin_loader.load_entry_point_plugins(
        ENTRY_POINT_GROUP, plugin_kind=PLUGIN_KIND, module_prefix=MODULE_PREFIX, on_error=on_error
    )


def load_pass_plugins() -> List[ModuleType]:
    """Import the plugins of ASCEND_GE_PY_PASS_PATH (read now), then those of the entry-point group
    ``ge.passes.plugins``; returns the modules, each once. The first failure propagates."""
    modules = plugin_loader.load_plugins_from_env(
        ENV_PY_PASS_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )
    modules += _load_entry_point_plugins()
    return _unique_by_name(modules)


def load_pass_plugins_isolated() -> Tuple[List[ModuleType], List[str]]:
    """Like load_pass_plugins(), but a failing path entry, file, package or entry point is
    skipped and reported (text with traceback) instead of aborting the round. Passes a failing
    plugin registered before it raised are unregistered again, so no half-imported plugin runs.
    """
    errors: List[str] = []

    def on_error(what: str, exc: BaseException) -> None:
        import traceback  # only when a plugin fails: not an import of every round

        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()
        errors.append(f"{what} failed to import and is skipped:\n{trace}")

    modules = plugin_loader.load_plugins_from_env(
        ENV_PY_PASS_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND, on_error=on_error
    )
    modules += _load_entry_point_plugins(on_error)
    if errors:
        # A module that raised was removed from sys.modules by the loader.
        registry.unregister_passes_where(lambda d: d.module_name not in sys.modules)
    return _unique_by_name(modules), errors


def has_pass_plugin_entry_points() -> bool:
    """True if an installed distribution advertises the ``ge.passes.plugins`` group (cheap check
    for callers that only start the Python pass machinery when there is something to load)."""
    if not group_may_be_declared(ENTRY_POINT_GROUP):
        return False
    return bool(plugin_loader.iter_entry_points(ENTRY_POINT_GROUP))


def get_registered_passes() -> List[dict]:
    """Registered passes as bridge dicts (unlike ``ge.passes.get_registered_passes``)."""
    return registry.get_registered_pass_dicts()
