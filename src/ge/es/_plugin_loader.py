"""Discovery of ES plugins: packages registered in the ``ge.es.plugins`` entry-point group whose
entry point returns the plugin module. Loading never raises; problems
are printed to stdout."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any, Dict, List

from ge._internal.entry_point_scan import group_may_be_declared


def entry_points(**kwargs: Any) -> Any:
    """``importlib.metadata.entry_points``, imported on first use: the import (email, zipfile,
    csv, ...) costs more than most compiles, and ``import ge.es`` happens in every one."""
    try:
        from importlib.metadata import entry_points as metadata_entry_points
    except ImportError:  # pragma: no cover - Python without importlib.metadata
        from importlib_metadata import entry_points as metadata_entry_points  # type: ignore
    return metadata_entry_points(**kwargs)


__all__ = ["load_all_plugins", "debug_print"]

_ENTRY_POINT_GROUP = "ge.es.plugins"


def debug_print(level: str, message: str, *args: Any) -> None:
    """Prints ``[{level}] [ge.es._plugin_loader] {message % args}`` to stdout."""
    text = message % args if args else message
    print(f"[{level}] [ge.es._plugin_loader] {text}")


def _iter_plugin_entry_points() -> List[Any]:
    if not group_may_be_declared(_ENTRY_POINT_GROUP):
        return []  # no distribution on sys.path declares the group: skip importlib.metadata
    try:
        eps = entry_points(group=_ENTRY_POINT_GROUP)
    except TypeError:
        # importlib.metadata before 3.10 takes no arguments and returns a dict or a selectable.
        all_eps = entry_points()
        if hasattr(all_eps, "select"):
            return list(all_eps.select(group=_ENTRY_POINT_GROUP))
        return list(all_eps.get(_ENTRY_POINT_GROUP, []))
    if isinstance(eps, dict):
        return list(eps.get(_ENTRY_POINT_GROUP, []))
    return list(eps)


def _coerce_to_module(obj: Any, plugin_name: str) -> types.ModuleType:
    if isinstance(obj, types.ModuleType):
        return obj
    if isinstance(obj, str):
        return importlib.import_module(obj)
    if callable(obj):
        return _coerce_to_module(obj(), plugin_name)
    raise TypeError(
        f"Plugin '{plugin_name}' returned unexpected type: {type(obj).__name__}. "
        "Expected ModuleType, str, or callable returning module."
    )


def load_all_plugins() -> Dict[str, types.ModuleType]:
    """{name: module} of every loadable ES plugin; failures are reported and skipped."""
    plugins: Dict[str, types.ModuleType] = {}
    try:
        eps = _iter_plugin_entry_points()
    except Exception as exc:
        debug_print(
            "ERROR", "Failed to enumerate ES plugins of group '%s': %s", _ENTRY_POINT_GROUP, exc
        )
        return plugins
    for ep in eps:
        name = getattr(ep, "name", None)
        if not name:
            debug_print("WARNING", "Skipping an ES plugin entry point without a name: %r", ep)
            continue
        try:
            module = _coerce_to_module(ep.load(), name)
            sys.modules.setdefault(f"ge.es.{name}", module)
            plugins[name] = module
            debug_print("INFO", "ES plugin '%s' loaded: %s", name, module.__name__)
        except AttributeError as exc:
            debug_print(
                "ERROR",
                "Failed to load ES plugin '%s': %s (the plugin package must define get_module())",
                name,
                exc,
            )
        except ImportError as exc:
            debug_print("ERROR", "Failed to import ES plugin '%s': %s", name, exc)
        except Exception as exc:
            debug_print(
                "ERROR", "Failed to load ES plugin '%s': %s: %s", name, type(exc).__name__, exc
            )
    return plugins
