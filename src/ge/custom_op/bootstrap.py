"""Discovery of custom-op plugins: the Python entries of ASCEND_CUSTOM_OPP_PATH.

The variable also lists C++ OPP directories; Python files and packages in it are imported with
the same rules as pass plugins (``ge._internal.plugin_loader``). Importing a plugin is what
registers its prototypes and implementations.
"""

from __future__ import annotations

import os
from types import ModuleType

from ge._internal import plugin_loader

from . import proto, registry

__all__ = [
    "ENV_PY_CUSTOM_OP_PATH",
    "ENV_STRICT",
    "MODULE_PREFIX",
    "get_registered_op_impls",
    "get_registered_op_protos",
    "is_strict_mode",
    "load_custom_op_plugins",
    "load_custom_op_plugins_isolated",
]

ENV_PY_CUSTOM_OP_PATH = "ASCEND_CUSTOM_OPP_PATH"
# File plugins get module names with this prefix; the bridge reset purges them by it.
MODULE_PREFIX = "_ge_py_custom_op_"
PLUGIN_KIND = "python custom op"
# ge_py addition: when true, a plugin file that fails to import fails the compiler's load instead
# of being reported and skipped.
ENV_STRICT = "GE_PY_CUSTOM_OP_STRICT"


def is_strict_mode() -> bool:
    """True when GE_PY_CUSTOM_OP_STRICT is 1/true/yes/on (case-insensitive), read now."""
    return os.environ.get(ENV_STRICT, "").strip().lower() in ("1", "true", "yes", "on")


def load_custom_op_plugins() -> list[ModuleType]:
    """Import the Python entries of ASCEND_CUSTOM_OPP_PATH (read now); the first failure
    propagates (FileNotFoundError for a missing path, ValueError for a non-.py file)."""
    return plugin_loader.load_plugins_from_env(
        ENV_PY_CUSTOM_OP_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )


def load_custom_op_plugins_isolated() -> tuple[list[ModuleType], list[str]]:
    """Like load_custom_op_plugins(), but a failing path item, file or package is reported (text
    with traceback) and skipped. A missing item not ending in ``.py`` is a C++ OPP root, not an
    error."""
    return plugin_loader.load_opp_plugins_isolated(
        ENV_PY_CUSTOM_OP_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )


def get_registered_op_impls() -> list[dict]:
    """Registered implementations as bridge dicts (unlike ``registry.get_registered_op_impls``)."""
    return registry.get_registered_op_impl_dicts()


def get_registered_op_protos() -> list[dict]:
    """Registered prototypes as bridge dicts, by op type (unlike
    ``proto.get_registered_op_protos``)."""
    return proto.get_registered_op_proto_dicts()
