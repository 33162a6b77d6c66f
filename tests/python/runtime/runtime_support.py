"""The test-only ``_ge_runtime_native_test_hooks`` module (built next to the pass test hooks:
``<build>/python_pass_test_hooks/`` or ``$GE_PY_PASS_TEST_HOOKS_DIR``): host tensors that tests
lend to ge.runtime the way a callback's context does."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest


def _load():
    name = "_ge_runtime_native_test_hooks"
    if name in sys.modules:
        return sys.modules[name]
    import ge.runtime

    configured = os.environ.get("GE_PY_PASS_TEST_HOOKS_DIR")
    if configured:
        directory = Path(configured)
    else:  # <build>/python_pass_artifacts/<set>/_ge_runtime_native.so -> <build>/...hooks
        native = Path(ge.runtime._native._module.__file__).resolve()
        directory = native.parents[2] / "python_pass_test_hooks"
    path = directory / f"{name}.so"
    if not path.is_file():
        raise FileNotFoundError(f"{path} (build the {name} target)")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


def runtime_test_hooks():
    try:
        return _load()
    except Exception as exc:  # the reason is shown in the skip message
        pytest.skip(f"needs the _ge_runtime_native_test_hooks module: {exc}")
