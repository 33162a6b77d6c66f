"""ge/runtime/_ge_runtime_native.pyi names what the built extension has: the same public classes,
and per class the same public methods and properties (private bridge helpers stay out)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

runtime = pytest.importorskip("ge.runtime", reason="needs the _ge_runtime_native module")

STUB = Path(runtime.__file__).with_name("_ge_runtime_native.pyi")
# What pybind11 gives every class or enum; not part of the API.
_INTERNAL = {"_pybind11_conduit_v1_", "name", "value"}


def _stub_classes() -> dict:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.Assign):
                    members.update(t.id for t in item.targets if isinstance(t, ast.Name))
            classes[node.name] = members - {"__init__"}
    return classes


def _module_classes() -> dict:
    module = runtime._native._module
    classes = {}
    for name, value in vars(module).items():
        if isinstance(value, type) and not name.startswith("_"):
            members = {m for m in vars(value) if not m.startswith("_")} - _INTERNAL
            classes[name] = members
    return classes


def test_the_stub_has_every_public_class_and_member_of_the_module():
    assert _stub_classes() == _module_classes()


def test_the_stub_is_what_the_package_exports():
    assert set(_stub_classes()) == set(runtime.__all__)
