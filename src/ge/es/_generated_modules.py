"""The generated op modules ``ge.es.all``, ``ge.es.<catalog module>``.

An installed package ships ``ge/es/<module>.py`` written at build time by ``ge.es._codegen``
and the regular import system finds them. When a module has no file (development tree, or a
module that only custom ops use), the finder below generates it from the live catalog on
import, with the same generator, so both paths give identical functions.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import os
import sys
import types

from ge.es import _catalog

_PACKAGE = "ge.es"
_HERE = os.path.dirname(os.path.abspath(__file__))
# Submodules of ge.es that are never op modules.
_RESERVED = {
    "graph_builder", "tensor_holder", "tensor_like", "_plugin_loader", "_codegen", "_catalog",
    "_op_runtime", "_generated_modules",
}  # fmt: skip


def _is_op_module(name: str) -> bool:
    if name in _RESERVED or name.startswith("_") or not name.isidentifier():
        return False
    if name == "all":
        return True
    try:
        return name in _catalog.list_modules()
    except Exception:  # no compiler library: no generated modules
        return False


class _GeneratedModuleLoader(importlib.abc.Loader):
    def create_module(self, spec):
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        # Imported here: code generation is only needed for a module without a file, and
        # `import ge.es` (done by every compile that loads a Python pass) should not pay for it.
        from ge.es import _codegen

        name = module.__name__.rsplit(".", 1)[1]
        protos = _catalog.list_prototypes()
        if name != "all":
            protos = [p for p in protos if p["module"] == name]
        source = _codegen.generate_module_source(name, protos)
        exec(compile(source, f"<generated {module.__name__}>", "exec"), module.__dict__)


class _GeneratedModuleFinder(importlib.abc.MetaPathFinder):
    """Finds ``ge.es.<op module>`` without a file on disk (runs after the regular finders)."""

    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith(_PACKAGE + ".") or fullname.count(".") != 2:
            return None
        name = fullname.rsplit(".", 1)[1]
        if os.path.exists(os.path.join(_HERE, f"{name}.py")) or not _is_op_module(name):
            return None
        return importlib.util.spec_from_loader(fullname, _GeneratedModuleLoader())


_finder = _GeneratedModuleFinder()


def install() -> None:
    if _finder not in sys.meta_path:
        sys.meta_path.append(_finder)


def get_module(name: str) -> types.ModuleType | None:
    """``ge.es.<name>`` when it is an op module (imported on first use), else None."""
    if not isinstance(name, str) or not _is_op_module(name):
        return None
    return importlib.import_module(f"{_PACKAGE}.{name}")
