"""``OnnxNode`` from the native extension ``ge.onnx_plugin._ge_onnx_plugin_native``.

The extension is part of the per-CPython artifact set, next to ``_ge_pass_native`` (found the
same way, docs/packaging.md). Inside the bridge it is already imported.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_NAME = "ge.onnx_plugin._ge_onnx_plugin_native"
_FILE = "_ge_onnx_plugin_native.so"


def _load():
    module = sys.modules.get(_NAME)
    if module is not None:
        return module
    from ge.passes.runtime import ensure_native_module

    path = Path(ensure_native_module().__file__).with_name(_FILE)
    if not path.is_file():
        raise ImportError(f"the GE Python artifact set at {path.parent} has no {_FILE}")
    spec = importlib.util.spec_from_file_location(_NAME, str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[_NAME] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(_NAME, None)
        raise
    return module


OnnxNode = _load().OnnxNode
