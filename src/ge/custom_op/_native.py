"""The native context classes of ge.custom_op, re-bound from ``_ge_custom_op_native``.

The module belongs to the per-CPython artifact set (manifest key ``custom_op``); importing this
module raises ImportError naming the set when that set carries no such module. Only the classes
the module binds are re-bound (docs/custom_ops.md lists which exist).
"""

from __future__ import annotations

import sys

NATIVE_MODULE_NAME = "ge.custom_op._ge_custom_op_native"
ARTIFACT_KEY = "custom_op"

_module = sys.modules.get(NATIVE_MODULE_NAME)
if _module is None:
    from ge.passes.runtime import ensure_set_module

    _module = ensure_set_module(ARTIFACT_KEY, NATIVE_MODULE_NAME)

_CLASSES = (
    "AnnotatedArgsContext",
    "AnnotatedKernelArgs",
    "AnnotatedKernelLaunchInfo",
    "CompilePlatformInfo",
    "EagerOpExecutionContext",
    "InferMetaContext",
    "OpCompileContext",
    "RuntimeAttrs",
    "WorkspaceAddr",
)
globals().update({name: getattr(_module, name) for name in _CLASSES if hasattr(_module, name)})
# Used by the bridge only: views of the contexts whose addresses it hands over.
_borrow_infer_meta_context = _module._borrow_infer_meta_context
_borrow_eager_op_execution_context = _module._borrow_eager_op_execution_context
_borrow_op_compile_context = _module._borrow_op_compile_context
