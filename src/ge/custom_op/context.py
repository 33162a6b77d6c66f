"""The context of the running callback, for code that does not receive it as an argument.

Each callback kind has its own ``ContextVar`` holding a binding ``(ctx, active)``. A scope
deactivates its binding when it ends, so a context captured with ``contextvars.copy_context()``
inside a callback raises afterwards instead of handing out a context whose native object is gone.
"""

from __future__ import annotations

import contextvars
from typing import Any

__all__ = [
    "get_compile_ctx",
    "get_compile_platform_info",
    "get_declare_launch_args_ctx",
    "get_execute_ctx",
]


class _Binding:
    """One callback's context in its ContextVar; entering binds it, leaving deactivates it (one
    object per call: it runs for every execute)."""

    __slots__ = ("ctx", "active", "_var", "_token")

    def __init__(self, var: contextvars.ContextVar, ctx: Any):
        self.ctx = ctx
        self.active = True
        self._var = var

    def __enter__(self) -> Any:
        self._token = self._var.set(self)
        return self.ctx

    def __exit__(self, *exc_info: Any) -> None:
        self.active = False
        self._var.reset(self._token)


_execute_ctx_var: contextvars.ContextVar[_Binding] = contextvars.ContextVar(
    "ge_custom_op_execute_context"
)
_declare_launch_args_ctx_var: contextvars.ContextVar[_Binding] = contextvars.ContextVar(
    "ge_custom_op_declare_launch_args_context"
)
_compile_ctx_var: contextvars.ContextVar[_Binding] = contextvars.ContextVar(
    "ge_custom_op_compile_context"
)


def _execute_ctx_scope(ctx: Any):
    return _Binding(_execute_ctx_var, ctx)


def _declare_launch_args_ctx_scope(ctx: Any):
    return _Binding(_declare_launch_args_ctx_var, ctx)


def _compile_ctx_scope(ctx: Any):
    return _Binding(_compile_ctx_var, ctx)


def _active(var: contextvars.ContextVar, message: str) -> Any:
    binding = var.get(None)
    if binding is None or not binding.active:
        raise RuntimeError(message)
    return binding.ctx


def get_execute_ctx():
    """The ``EagerOpExecutionContext`` of the running ``execute``."""
    return _active(
        _execute_ctx_var, "get_execute_ctx() is only available inside schema-bound execute"
    )


def get_declare_launch_args_ctx():
    """The ``AnnotatedArgsContext`` of the running ``declare_launch_args``."""
    return _active(
        _declare_launch_args_ctx_var,
        "get_declare_launch_args_ctx() is only available inside declare_launch_args",
    )


def get_compile_ctx():
    """The ``OpCompileContext`` of the running ``compile``."""
    return _active(
        _compile_ctx_var, "get_compile_ctx() is only available inside schema-bound compile"
    )


def get_compile_platform_info():
    """The platform of the running ``compile`` (a new ``CompilePlatformInfo`` per call)."""
    return get_compile_ctx()._get_platform_info()
