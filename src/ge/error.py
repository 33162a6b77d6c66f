"""GE error reporting: ``GeError`` and helpers over the core's
thread-local last-error message."""

from __future__ import annotations

from typing import Any, Dict

__all__ = ["GeError", "get_ge_error_msg", "raise_ge_error"]


class GeError(RuntimeError):
    """A failed GE API call. ``str(error)`` is the full ``message``; ``error_message`` is only the
    core's own message (None when the error was not raised by ``raise_ge_error``), ``api_name``
    the failed call and ``context`` the keyword details given to ``raise_ge_error``, as in GE."""

    def __init__(
        self,
        message: str,
        error_message: str | None = None,
        api_name: str | None = None,
        context: Dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.error_message = error_message
        self.api_name = api_name
        self.context = context or {}


def get_ge_error_msg() -> str:
    """The calling thread's last core error message, or "" when there is none."""
    # Imported here so that importing ge.error never fails on a missing library.
    from ge._capi.pygraph_wrapper import graph_lib

    raw = graph_lib.GeApiWrapper_GEGetErrorMsg()
    if not raw:
        return ""
    return raw.decode("utf-8", errors="replace")


def raise_ge_error(api_name: str, status: int | None = None, **context: Any) -> None:
    """Always raises GeError: ``{api_name} failed``, then ``k=v`` pairs, then the core message,
    joined by ``"; "``; the core message alone (``""`` when there is none) is the error's
    ``error_message``. ``status`` is accepted for compatibility and ignored."""
    parts = [f"{api_name} failed"]
    if context:
        parts.append(", ".join(f"{key}={value}" for key, value in context.items()))
    core_message = get_ge_error_msg()
    if core_message:
        parts.append(core_message)
    raise GeError(
        "; ".join(parts), error_message=core_message, api_name=api_name, context=dict(context)
    )
