"""Discovery of ONNX plugins under ASCEND_CUSTOM_OPP_PATH, through the loader shared with the
other plugin kinds: a file is executed once, whichever kind meets it first."""

from __future__ import annotations

import os
import sys
from types import ModuleType
from typing import List, Tuple

from ge._internal import plugin_loader

from . import registry

__all__ = ["ENV_PY_ONNX_PLUGIN_PATH", "ENV_STRICT", "is_strict_mode", "load_onnx_plugins"]

ENV_PY_ONNX_PLUGIN_PATH = "ASCEND_CUSTOM_OPP_PATH"
MODULE_PREFIX = "_ge_py_onnx_plugin_"
PLUGIN_KIND = "python ONNX Plugin"
# ge_py addition: when true, a plugin that fails to load (or a bridge that cannot load) fails the
# import instead of being reported and skipped.
ENV_STRICT = "GE_PY_ONNX_PLUGIN_STRICT"


def is_strict_mode() -> bool:
    """True when GE_PY_ONNX_PLUGIN_STRICT is 1/true/yes/on (case-insensitive), read now."""
    return os.environ.get(ENV_STRICT, "").strip().lower() in ("1", "true", "yes", "on")


def load_onnx_plugins() -> List[ModuleType]:
    """Import the plugins of ASCEND_CUSTOM_OPP_PATH (read now); the first failure propagates."""
    return plugin_loader.load_plugins_from_env(
        ENV_PY_ONNX_PLUGIN_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )


def load_onnx_plugins_isolated() -> Tuple[List[ModuleType], List[str]]:
    """Like load_onnx_plugins(), but a failing path item, file or package is reported (text with
    traceback) and skipped. A missing item not ending in ``.py`` is a C++ OPP root, not an error.
    Descriptors a failing plugin registered before it raised are removed again."""
    modules, errors = plugin_loader.load_opp_plugins_isolated(
        ENV_PY_ONNX_PLUGIN_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )
    if errors:
        registry.unregister_onnx_plugins_where(lambda d: d.module_name not in sys.modules)
    return modules, errors
