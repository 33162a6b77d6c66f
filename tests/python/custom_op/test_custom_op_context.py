"""The context accessors: available inside their scope only, nested scopes restore the outer
context, and a context copied inside a scope is dead once the scope ends."""

from __future__ import annotations

import contextvars

import pytest

from ge.custom_op import context

SCOPES = [
    (context._execute_ctx_scope, context.get_execute_ctx, "inside schema-bound execute"),
    (context._compile_ctx_scope, context.get_compile_ctx, "inside schema-bound compile"),
    (
        context._declare_launch_args_ctx_scope,
        context.get_declare_launch_args_ctx,
        "inside declare_launch_args",
    ),
]


@pytest.mark.parametrize("scope, accessor, where", SCOPES)
def test_only_inside_the_scope(scope, accessor, where):
    with pytest.raises(RuntimeError, match=f"is only available {where}"):
        accessor()
    with scope("outer"):
        assert accessor() == "outer"
        with scope("inner"):
            assert accessor() == "inner"
        assert accessor() == "outer"
    with pytest.raises(RuntimeError):
        accessor()


@pytest.mark.parametrize("scope, accessor, where", SCOPES)
def test_a_copied_context_expires_with_the_scope(scope, accessor, where):
    with scope(object()):
        copied = contextvars.copy_context()
        assert copied.run(accessor) is not None
    with pytest.raises(RuntimeError, match="is only available"):
        copied.run(accessor)


@pytest.mark.parametrize("scope, accessor, where", SCOPES)
def test_an_exception_ends_the_scope(scope, accessor, where):
    with pytest.raises(ValueError):
        with scope("ctx"):
            raise ValueError("user error")
    with pytest.raises(RuntimeError):
        accessor()


def test_scopes_of_different_kinds_are_independent():
    with context._execute_ctx_scope("exec"):
        with pytest.raises(RuntimeError, match="get_compile_ctx"):
            context.get_compile_ctx()
        assert context.get_execute_ctx() == "exec"


def test_platform_info_comes_from_the_compile_context_each_time():
    class Ctx:
        def _get_platform_info(self):
            return object()

    with pytest.raises(RuntimeError, match="get_compile_ctx\\(\\) is only available"):
        context.get_compile_platform_info()
    with context._compile_ctx_scope(Ctx()):
        first = context.get_compile_platform_info()
        assert first is not context.get_compile_platform_info()
