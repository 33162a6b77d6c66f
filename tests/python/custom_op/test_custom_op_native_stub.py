"""ge/custom_op/_ge_custom_op_native.pyi names the public API of the built extension: the same
classes and, per class, the same public methods and properties; the private readers, _invalidate
and the _borrow_* functions exist in the module but stay out of the stub."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from custom_op_support import requires_runtime

pytestmark = requires_runtime


@pytest.fixture
def native_module():
    from ge.custom_op import _native

    return _native._module


def _stub_classes() -> dict:
    import ge.custom_op

    stub = Path(ge.custom_op.__file__).with_name("_ge_custom_op_native.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    return {
        node.name: {f.name for f in node.body if isinstance(f, ast.FunctionDef)} - {"__init__"}
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }


def test_the_stub_has_every_public_class_and_member(native_module):
    module_classes = {
        name: {m for m in vars(value) if not m.startswith("_")}
        for name, value in vars(native_module).items()
        if isinstance(value, type)
    }
    assert _stub_classes() == module_classes


def test_the_private_api_exists_but_is_not_in_the_stub(native_module):
    stub = _stub_classes()
    for name in ("_get_required_input_tensor", "_get_attrs", "_invalidate"):
        assert hasattr(native_module.OpCompileContext, name)
        assert name not in stub["OpCompileContext"]
    assert hasattr(native_module.OpCompileContext, "_get_platform_info")
    for name in ("_borrow_eager_op_execution_context", "_borrow_annotated_args_context"):
        assert callable(getattr(native_module, name))
