"""The native context classes of ge.custom_op, re-bound from ``_ge_custom_op_native``.

The module belongs to the per-CPython artifact set (manifest key ``custom_op``); importing this
module raises ImportError naming the set when that set carries no such module.
"""

from __future__ import annotations

import sys

NATIVE_MODULE_NAME = "ge.custom_op._ge_custom_op_native"
ARTIFACT_KEY = "custom_op"

_module = sys.modules.get(NATIVE_MODULE_NAME)
if _module is None:
    from ge.passes.runtime import ensure_set_module

    _module = ensure_set_module(ARTIFACT_KEY, NATIVE_MODULE_NAME)

AnnotatedArgsContext = _module.AnnotatedArgsContext
AnnotatedKernelArgs = _module.AnnotatedKernelArgs
AnnotatedKernelLaunchInfo = _module.AnnotatedKernelLaunchInfo
CompilePlatformInfo = _module.CompilePlatformInfo
EagerOpExecutionContext = _module.EagerOpExecutionContext
InferMetaContext = _module.InferMetaContext
OpCompileContext = _module.OpCompileContext
RuntimeAttrs = _module.RuntimeAttrs  # only ever returned (get_attrs), not exported
WorkspaceAddr = _module.WorkspaceAddr
# Used by the bridge only: views of the contexts whose addresses it hands over.
_borrow_infer_meta_context = _module._borrow_infer_meta_context
_borrow_eager_op_execution_context = _module._borrow_eager_op_execution_context
_borrow_op_compile_context = _module._borrow_op_compile_context
_borrow_annotated_args_context = _module._borrow_annotated_args_context
