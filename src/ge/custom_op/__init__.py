"""Python custom operators for GE (docs/custom_ops.md): prototypes (``register_op``),
implementation classes (``register_op_impl``) and the contexts of their callbacks.

Every name resolves on first use: the registries need no native code, ``register_op`` needs
``ge.runtime`` and the context classes need the custom-op native module.
"""

from __future__ import annotations

import importlib

__all__ = [
    "AnnotatedArgsContext",
    "AnnotatedKernelArgs",
    "AnnotatedKernelLaunchInfo",
    "CompilePlatformInfo",
    "EagerOpExecutionContext",
    "InferMetaContext",
    "OpCompileContext",
    "WorkspaceAddr",
    "clear_registered_op_impls",
    "get_compile_ctx",
    "get_compile_platform_info",
    "get_declare_launch_args_ctx",
    "get_execute_ctx",
    "get_registered_op_impl_by_descriptor_key",
    "get_registered_op_impl_dicts",
    "get_registered_op_impls",
    "register_op",
    "register_op_impl",
]

_LAZY_EXPORTS = {
    "AnnotatedArgsContext": "._native",
    "AnnotatedKernelArgs": "._native",
    "AnnotatedKernelLaunchInfo": "._native",
    "CompilePlatformInfo": "._native",
    "EagerOpExecutionContext": "._native",
    "InferMetaContext": "._native",
    "OpCompileContext": "._native",
    "WorkspaceAddr": "._native",
    "clear_registered_op_impls": ".registry",
    "get_compile_ctx": ".context",
    "get_compile_platform_info": ".context",
    "get_declare_launch_args_ctx": ".context",
    "get_execute_ctx": ".context",
    "get_registered_op_impl_by_descriptor_key": ".registry",
    "get_registered_op_impl_dicts": ".registry",
    "get_registered_op_impls": ".registry",
    "register_op": ".proto",
    "register_op_impl": ".registry",
}


def __getattr__(name: str):
    module = _LAZY_EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
