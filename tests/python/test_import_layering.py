"""The ctypes binding layer ``ge._capi`` sits below ``ge.es``: no module of ``ge._capi`` may
import ``ge.es``, directly or through other modules, so the two packages can never form an import
cycle. The import graph is read from the sources (module- and function-level imports alike, and
importing ``a.b.c`` imports the packages ``a`` and ``a.b`` first)."""

from __future__ import annotations

import ast
import os
from typing import Dict, List, Set

import ge

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(ge.__file__)))


def _modules() -> Dict[str, str]:
    """Module name -> source path of every module of the ``ge`` package."""
    modules = {}
    for directory, _dirs, files in os.walk(os.path.dirname(os.path.abspath(ge.__file__))):
        for file in files:
            if not file.endswith(".py"):
                continue
            path = os.path.join(directory, file)
            name = os.path.relpath(path, _ROOT)[: -len(".py")].replace(os.sep, ".")
            modules[name[: -len(".__init__")] if name.endswith(".__init__") else name] = path
    return modules


def _with_parents(name: str, modules: Dict[str, str]) -> Set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & modules.keys()


def _imports(name: str, path: str, modules: Dict[str, str]) -> Set[str]:
    """The ``ge`` modules that executing module ``name`` can import."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found: Set[str] = set()
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= _with_parents(alias.name, modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found |= _with_parents(base, modules)
            for alias in node.names:  # `from pkg import submodule`
                found |= _with_parents(f"{base}.{alias.name}", modules)
    found.discard(name)
    return found


def _import_graph() -> Dict[str, Set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _chain_to(graph: Dict[str, Set[str]], start: str, target_prefix: str) -> List[str] | None:
    """A shortest import chain from ``start`` to a module under ``target_prefix``, else None."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        current = queue.pop(0)
        for imported in sorted(graph[current]):
            if imported in paths:
                continue
            paths[imported] = paths[current] + [imported]
            if imported == target_prefix or imported.startswith(target_prefix + "."):
                return paths[imported]
            queue.append(imported)
    return None


def test_the_import_graph_sees_the_es_binding_and_its_users():
    graph = _import_graph()
    assert "ge._capi.pyes_graph_builder_wrapper" in graph["ge.es.graph_builder"]
    assert "ge.es" in graph["ge.es._op_runtime"]  # the package of a submodule runs first
    # A function-level import counts: a lazy import still closes a cycle when it runs.
    assert "ge.es._catalog" in graph["ge.es._op_runtime"]


def test_no_capi_module_imports_ge_es():
    graph = _import_graph()
    capi = sorted(name for name in graph if name.startswith("ge._capi"))
    assert "ge._capi.pyes_graph_builder_wrapper" in capi
    chains = [_chain_to(graph, name, "ge.es") for name in capi]
    assert [" -> ".join(chain) for chain in chains if chain] == []
