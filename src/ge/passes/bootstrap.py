"""Discovery of user pass plugins: ASCEND_GE_PY_PASS_PATH first, then entry points (spec §8).

Importing a plugin is what registers its passes (decorators run at import time).
"""

from __future__ import annotations

from types import ModuleType
from typing import List

from ge._internal import plugin_loader

from . import registry

__all__ = [
    "ENTRY_POINT_GROUP",
    "ENV_PY_PASS_PATH",
    "MODULE_PREFIX",
    "get_registered_passes",
    "load_pass_plugins",
]

ENV_PY_PASS_PATH = "ASCEND_GE_PY_PASS_PATH"
ENTRY_POINT_GROUP = "ge.passes.plugins"
# File plugins get module names with this prefix; the bridge reset purges them by it.
MODULE_PREFIX = "_ge_py_pass_"
PLUGIN_KIND = "python pass"


def load_pass_plugins() -> List[ModuleType]:
    """Import the plugins of ASCEND_GE_PY_PASS_PATH (read now), then those of the entry-point group
    ``ge.passes.plugins``; returns the modules, each once. The first failure propagates."""
    modules = plugin_loader.load_plugins_from_env(
        ENV_PY_PASS_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )
    modules += plugin_loader.load_entry_point_plugins(
        ENTRY_POINT_GROUP, plugin_kind=PLUGIN_KIND, module_prefix=MODULE_PREFIX
    )
    seen = set()
    unique = []
    for module in modules:
        if module.__name__ not in seen:
            seen.add(module.__name__)
            unique.append(module)
    return unique


def has_pass_plugin_entry_points() -> bool:
    """True if an installed distribution advertises the ``ge.passes.plugins`` group (cheap check
    for callers that only start the Python pass machinery when there is something to load)."""
    return bool(plugin_loader.iter_entry_points(ENTRY_POINT_GROUP))


def get_registered_passes() -> List[dict]:
    """Registered passes as bridge dicts (unlike ``ge.passes.get_registered_passes``)."""
    return registry.get_registered_pass_dicts()
