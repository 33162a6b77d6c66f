"""Discovery of custom-op plugins: the Python entries of ASCEND_CUSTOM_OPP_PATH.

The variable also lists C++ OPP directories; Python files and packages in it are imported with
the same rules as pass plugins (``ge._internal.plugin_loader``). Importing a plugin is what
registers its prototypes and implementations.
"""

from __future__ import annotations

from types import ModuleType

from ge._internal import plugin_loader

from . import proto, registry

__all__ = [
    "ENV_PY_CUSTOM_OP_PATH",
    "MODULE_PREFIX",
    "get_registered_op_impls",
    "get_registered_op_protos",
    "load_custom_op_plugins",
]

ENV_PY_CUSTOM_OP_PATH = "ASCEND_CUSTOM_OPP_PATH"
# File plugins get module names with this prefix; the bridge reset purges them by it.
MODULE_PREFIX = "_ge_py_custom_op_"
PLUGIN_KIND = "python custom op"


def load_custom_op_plugins() -> list[ModuleType]:
    """Import the Python entries of ASCEND_CUSTOM_OPP_PATH (read now); the first failure
    propagates (FileNotFoundError for a missing path, ValueError for a non-.py file)."""
    return plugin_loader.load_plugins_from_env(
        ENV_PY_CUSTOM_OP_PATH, module_prefix=MODULE_PREFIX, plugin_kind=PLUGIN_KIND
    )


def get_registered_op_impls() -> list[dict]:
    """Registered implementations as bridge dicts (unlike ``registry.get_registered_op_impls``)."""
    return registry.get_registered_op_impl_dicts()


def get_registered_op_protos() -> list[dict]:
    """Registered prototypes as bridge dicts, by op type (unlike
    ``proto.get_registered_op_protos``)."""
    return proto.get_registered_op_proto_dicts()
