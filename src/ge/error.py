"""GE error reporting: ``GeError`` and helpers over the core's
thread-local last-error message."""

from __future__ import annotations

from typing import Any, Dict

__all__ = ["GeError", "get_ge_error_msg", "raise_ge_error"]


class GeError(RuntimeError):
    """A failed GE API call: ``api_name`` failed with ``error_message`` (the full text) in
    ``context`` (the keyword details given to ``raise_ge_error``)."""

    def __init__(
        self, error_message: str, api_name: str = "", context: Dict[str, Any] | None = None
    ):
        super().__init__(error_message)
        self.error_message = error_message
        self.api_name = api_name
        self.context = {} if context is None else context


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
    joined by ``"; "``. ``status`` is accepted for compatibility and ignored."""
    parts = [f"{api_name} failed"]
    if context:
        parts.append(", ".join(f"{key}={value}" for key, value in context.items()))
    core_message = get_ge_error_msg()
    if core_message:
        parts.append(core_message)
    raise GeError("; ".join(parts), api_name=api_name, context=dict(context))
