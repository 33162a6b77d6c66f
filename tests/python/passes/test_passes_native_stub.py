"""ge/passes/_ge_pass_native.pyi describes the built extension: the same module names, the same
methods per class, and per function or method the same overloads with the same parameters
(names, kinds, defaults) and compatible types. pybind11 writes each signature as the first line
of the docstring (one numbered line per overload), so both sides are parsed with ``ast``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from passes_support import requires_native

import ge.passes

pytestmark = requires_native

STUB = Path(ge.passes.__file__).with_name("_ge_pass_native.pyi")
# pybind11 internals every bound class has; not part of the API.
_PYBIND_INTERNALS = {"_pybind11_conduit_v1_"}
# A pybind11 int parameter reads "typing.SupportsInt | typing.SupportsIndex" (pybind11 3).
_PYBIND_INT = {"typing.SupportsInt | typing.SupportsIndex", "int"}


def _native():
    from ge.passes.runtime import ensure_native_module

    return ensure_native_module()


def _pybind_overloads(name: str, doc: str) -> list[ast.FunctionDef]:
    """The signatures pybind11 put at the start of ``doc`` (all of them when overloaded)."""
    lines = doc.splitlines()
    if len(lines) > 1 and lines[1] == "Overloaded function.":
        signatures = [m.group(1) for m in re.finditer(rf"^\d+\. ({name}\(.*)$", doc, re.M)]
    else:
        signatures = [lines[0]]
    assert signatures and all(s.startswith(f"{name}(") for s in signatures), doc
    return [ast.parse(f"def {s}: ...").body[0] for s in signatures]


def _native_members(cls) -> dict:
    """name -> (is_static, overloads) of the functions pybind11 bound on ``cls``."""
    members = {}
    for name, raw in vars(cls).items():
        if name in _PYBIND_INTERNALS:
            continue
        is_static = isinstance(raw, staticmethod)
        function = getattr(cls, name)
        doc = getattr(function, "__doc__", None) or ""
        if not (is_static or type(raw).__name__ == "instancemethod") or not doc.startswith(name):
            continue  # a slot inherited from object (e.g. no constructor bound)
        members[name] = (is_static, _pybind_overloads(name, doc))
    return members


def _stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def _decorators(function: ast.FunctionDef) -> set:
    return {ast.unparse(d) for d in function.decorator_list}


def _stub_members(body: list) -> dict:
    """name -> (is_static, overloads) of the functions defined in a stub body."""
    members: dict = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            is_static, overloads = members.get(node.name, (False, []))
            members[node.name] = (is_static or "staticmethod" in _decorators(node), overloads)
            overloads.append(node)
    return members


def _parameters(function: ast.FunctionDef) -> list:
    """(kind, name, annotation text, has default) per parameter, in order."""
    args = function.args
    positional = args.posonlyargs + args.args
    first_default = len(positional) - len(args.defaults)
    result = [
        (
            "positional-only" if i < len(args.posonlyargs) else "positional",
            arg.arg,
            ast.unparse(arg.annotation) if arg.annotation else "",
            i >= first_default,
        )
        for i, arg in enumerate(positional)
    ]
    result += [
        ("keyword-only", arg.arg, ast.unparse(arg.annotation) if arg.annotation else "", d)
        for arg, d in zip(args.kwonlyargs, [d is not None for d in args.kw_defaults])
    ]
    assert args.vararg is None and args.kwarg is None, ast.unparse(function)
    return result


def _compatible(native: str, stub: str) -> bool:
    """pybind11's type text against the stub's: ``object`` accepts anything; otherwise the last
    dotted name of pybind11's type is the stub's outer type (``list`` for ``list[Node]``)."""
    if native == "object":
        return True
    if native in _PYBIND_INT:
        return stub == "int"
    outer = stub.split("[", 1)[0].split(" | ", 1)[0]
    return native.rsplit(".", 1)[-1] == outer.rsplit(".", 1)[-1]


def _compare(where: str, native: list, stub: list) -> None:
    assert len(native) == len(stub), f"{where}: {len(native)} overloads, stub has {len(stub)}"
    for number, (built, stubbed) in enumerate(zip(native, stub), 1):
        label = f"{where} (overload {number})"
        built_params, stub_params = _parameters(built), _parameters(stubbed)
        shape = [(kind, name, default) for kind, name, _, default in built_params]
        assert shape == [(k, n, d) for k, n, _, d in stub_params], label
        for (_, name, built_type, _), (_, _, stub_type, _) in zip(built_params, stub_params):
            if name == "self":
                continue  # pybind11 annotates self, stubs leave it bare
            assert _compatible(built_type, stub_type), (
                f"{label}: {name}: {built_type} / {stub_type}"
            )
        built_return = ast.unparse(built.returns) if built.returns else ""
        stub_return = ast.unparse(stubbed.returns) if stubbed.returns else ""
        assert _compatible(built_return, stub_return), f"{label}: {built_return} / {stub_return}"


def _native_module_layout():
    module = _native()
    classes, functions = {}, {}
    for name, value in vars(module).items():
        if name.startswith("__"):
            continue
        if isinstance(value, type):
            classes[name] = _native_members(value)
        else:
            functions[name] = _pybind_overloads(name, value.__doc__)
    return classes, functions


def test_stub_declares_exactly_the_module_names():
    classes, functions = _native_module_layout()
    tree = _stub_tree()
    stub_classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    stub_functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert stub_classes == set(classes)
    assert stub_functions == set(functions)


def test_stub_functions_match_the_module_signatures():
    _, functions = _native_module_layout()
    stubbed = _stub_members(_stub_tree().body)
    for name, overloads in functions.items():
        _compare(name, overloads, stubbed[name][1])


def test_stub_classes_match_the_module_methods():
    classes, _ = _native_module_layout()
    stub_classes = {n.name: n for n in _stub_tree().body if isinstance(n, ast.ClassDef)}
    for class_name, members in classes.items():
        stubbed = _stub_members(stub_classes[class_name].body)
        assert set(stubbed) == set(members), class_name
        for name, (is_static, overloads) in members.items():
            where = f"{class_name}.{name}"
            assert stubbed[name][0] == is_static, f"{where}: staticmethod differs"
            _compare(where, overloads, stubbed[name][1])


def test_overloads_in_the_stub_are_marked():
    for node in ast.walk(_stub_tree()):
        if isinstance(node, (ast.Module, ast.ClassDef)):
            for name, (_, overloads) in _stub_members(node.body).items():
                if len(overloads) > 1:
                    assert all("overload" in _decorators(f) for f in overloads), name


def test_the_comparison_sees_a_drifted_signature():
    # A renamed parameter, a dropped overload and a wrong return type all fail the comparison.
    (built,) = _pybind_overloads("f", "f(self: object, a: int) -> int")
    for drifted in ("def f(self, b: int) -> int: ...", "def f(self, a: int) -> str: ..."):
        with pytest.raises(AssertionError):
            _compare("f", [built], [ast.parse(drifted).body[0]])
    with pytest.raises(AssertionError):
        _compare("f", [built, built], [ast.parse("def f(self, a: int) -> int: ...").body[0]])
