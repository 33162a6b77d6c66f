"""The native classes of ge.runtime, re-bound from ``_ge_runtime_native``.

The module comes from the artifact set ge.passes selects for this interpreter (docs/packaging.md,
"Runtime selection"); the C++ bridge may have imported it already.
"""

from __future__ import annotations

import sys

NATIVE_MODULE_NAME = "ge.runtime._ge_runtime_native"
ARTIFACT_KEY = "runtime"

_module = sys.modules.get(NATIVE_MODULE_NAME)
if _module is None:
    from ge.passes.runtime import ensure_set_module

    _module = ensure_set_module(ARTIFACT_KEY, NATIVE_MODULE_NAME)

ExpandDimsType = _module.ExpandDimsType
Shape = _module.Shape
StorageFormat = _module.StorageFormat
StorageShape = _module.StorageShape
Tensor = _module.Tensor
TensorDesc = _module.TensorDesc
TensorPlacement = _module.TensorPlacement
# For the bridge and native modules: views of a callback's gert::Tensor values and their expiry.
_BorrowScope = _module._BorrowScope
_borrow_tensor = _module._borrow_tensor
