"""Shared scanner of plugin paths (ASCEND_GE_PY_PASS_PATH, ASCEND_CUSTOM_OPP_PATH) and entry points.

Plugins register themselves as a side effect of import (decorators), so everything here is about
importing user code exactly once per round, under names that cannot collide with the user's own
modules, and leaving ``sys.path`` as it was found.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

if TYPE_CHECKING:  # paths are plain strings here; callers may pass Path objects
    from pathlib import Path

ErrorHandler = Optional[Callable[[str, BaseException], None]]

__all__ = [
    "file_module_name",
    "iter_entry_points",
    "load_entry_point_plugins",
    "load_plugin_file",
    "load_plugins_from_env",
    "load_plugins_from_paths",
    "purge_loaded_modules",
    "split_plugin_paths",
]

# Canonical file path (a plugin file, or a package's __init__.py) -> module name, shared by every
# plugin kind: a file is executed once per process, under the prefix of the loader that met it
# first, and every later loader of any kind gets the same module while it is in sys.modules (a
# file may hold a custom op and its ONNX mapping).
_FILE_MODULES: Dict[str, str] = {}
# module_prefix -> names of package / entry-point plugins this loader imported for the first time.
# The bridge reset purges them together with the file modules, so their decorators run again next
# round (modules that were imported before the loader saw them are left alone).
_IMPORTED_MODULES: Dict[str, Set[str]] = {}
_LOCK = threading.RLock()


def split_plugin_paths(raw_value: str | None) -> List[str]:
    """Split a path-list variable on os.pathsep, stripping items and dropping empty ones."""
    if not raw_value:
        return []
    return [item.strip() for item in raw_value.split(os.pathsep) if item.strip()]


def _path_digest(text: str) -> str:
    """16 hex digits of a 64-bit FNV-1a hash of the path's UTF-8 bytes.

    Deterministic across processes, and computed in a few microseconds without importing anything:
    hashlib loads OpenSSL, ``_sha256`` is an extension module of its own, and looking for one that
    is missing (``_sha2`` before 3.12) searches every sys.path entry — each a measurable part of a
    compile's cold start. Names only need to be stable and distinct per path.
    """
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8", "surrogateescape"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def file_module_name(path: str | Path, module_prefix: str) -> str:
    """Synthetic module name for a plugin file: ``<prefix><stem>_<digest of the resolved path>``.

    A deterministic digest (instead of the salted built-in ``hash``) keeps the name identical across
    processes, which makes logs and tracebacks comparable between runs.
    """
    text = os.fspath(path)
    return f"{module_prefix}{_stem(text)}_{_path_digest(text)}"


def load_plugin_file(file_path: str | Path, *, module_prefix: str, plugin_kind: str) -> ModuleType:
    """Import one plugin file under its synthetic name; a loaded file is not executed again."""
    path = os.fspath(file_path)
    key = path
    name = file_module_name(path, module_prefix)
    with _LOCK:
        known = _FILE_MODULES.get(key)
        if known is not None:
            module = sys.modules.get(known)
            if module is not None:
                return module
            # The module was purged (bridge reset): forget it and execute the file again.
            del _FILE_MODULES[key]
        existing = sys.modules.get(name)
        if existing is not None:
            _FILE_MODULES[key] = name
            return existing
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {plugin_kind} file: {path}")
        module = importlib.util.module_from_spec(spec)
        # Registered before execution so that the plugin can import itself (dataclasses, pickling).
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            if sys.modules.get(name) is module:
                del sys.modules[name]
            raise
        _FILE_MODULES[key] = name
        return module


def _load_plugin_package(child: str, *, module_prefix: str, plugin_kind: str) -> ModuleType:
    """Import a package plugin under its real top-level name (its directory is on sys.path)."""
    name = os.path.basename(child)
    init_path = os.path.realpath(os.path.join(child, "__init__.py"))
    with _LOCK:
        known = _FILE_MODULES.get(init_path)
        if known is not None and known in sys.modules:
            # Already imported (maybe under another alias directory, or by another plugin kind).
            return sys.modules[known]
        newly_imported = name not in sys.modules
        module = importlib.import_module(name)
        module_file = getattr(module, "__file__", None)
        if module_file is None or os.path.realpath(module_file) != init_path:
            # Without this check an unrelated module of the same name (already imported, or earlier
            # on sys.path) would be returned silently and the plugin's passes would never register.
            raise ImportError(
                f"{plugin_kind} package {name!r} at {child} is shadowed by another module "
                f"named {name!r} ({module_file or 'no file'}); rename the package"
            )
        if newly_imported:
            _IMPORTED_MODULES.setdefault(module_prefix, set()).add(name)
        _FILE_MODULES[init_path] = name
        return module


def _guarded(on_error: ErrorHandler, what: str, load: Callable[[], Any]) -> Any:
    """``load()``; with ``on_error``, a failure is reported under ``what`` and None returned."""
    if on_error is None:
        return load()
    try:
        return load()
    except Exception as exc:
        on_error(what, exc)
        return None


def _scan_directory(
    directory: str, *, module_prefix: str, plugin_kind: str, on_error: ErrorHandler = None
) -> List[ModuleType]:
    modules: List[ModuleType] = []
    entry = directory
    inserted = entry not in sys.path
    if inserted:
        sys.path.insert(0, entry)
    try:
        for child_name in sorted(os.listdir(directory)):
            if child_name.startswith("_"):
                continue
            child = os.path.join(directory, child_name)
            module = None
            if os.path.isfile(child) and os.path.splitext(child_name)[1] == ".py":
                module = _guarded(
                    on_error,
                    f"{plugin_kind} file {child}",
                    lambda child=child: load_plugin_file(
                        os.path.realpath(child),
                        module_prefix=module_prefix,
                        plugin_kind=plugin_kind,
                    ),
                )
            elif os.path.isdir(child) and os.path.isfile(os.path.join(child, "__init__.py")):
                module = _guarded(
                    on_error,
                    f"{plugin_kind} package {child}",
                    lambda child=child: _load_plugin_package(
                        child, module_prefix=module_prefix, plugin_kind=plugin_kind
                    ),
                )
            if module is not None:
                modules.append(module)
    finally:
        if inserted:
            try:
                sys.path.remove(entry)
            except ValueError:
                pass  # a plugin removed it itself; nothing left to restore
    return modules


def _dedup_by_name(modules: Iterable[ModuleType]) -> List[ModuleType]:
    seen: Set[str] = set()
    result: List[ModuleType] = []
    for module in modules:
        if module.__name__ not in seen:
            seen.add(module.__name__)
            result.append(module)
    return result


def _load_path_item(
    item: str, *, module_prefix: str, plugin_kind: str, on_error: ErrorHandler
) -> List[ModuleType]:
    path = os.path.realpath(item)
    if not os.path.exists(path):
        raise FileNotFoundError(f"{plugin_kind} path does not exist: {path}")
    if os.path.isdir(path):
        return _scan_directory(
            path, module_prefix=module_prefix, plugin_kind=plugin_kind, on_error=on_error
        )
    if os.path.splitext(path)[1] != ".py":
        raise ValueError(f"{plugin_kind} file must end with .py: {path}")
    if not os.path.isfile(path):
        # A FIFO or device named *.py would block or fail inside the import machinery.
        raise ValueError(f"{plugin_kind} path is not a regular file or directory: {path}")
    return [load_plugin_file(path, module_prefix=module_prefix, plugin_kind=plugin_kind)]


def load_plugins_from_paths(
    raw_value: str | None, *, module_prefix: str, plugin_kind: str, on_error: ErrorHandler = None
) -> List[ModuleType]:
    """Import every plugin named by a ``:``-separated list of .py files and directories.

    Without ``on_error`` the first error (missing path, non-.py file, plugin raising on import)
    propagates and stops the scan. With it, each failing path entry, file or package is reported
    as ``on_error(description, exception)`` and skipped, and the scan goes on.
    """
    modules: List[ModuleType] = []
    for item in split_plugin_paths(raw_value):
        loaded = _guarded(
            on_error,
            f"{plugin_kind} path {item}",
            lambda item=item: _load_path_item(
                item, module_prefix=module_prefix, plugin_kind=plugin_kind, on_error=on_error
            ),
        )
        modules.extend(loaded or [])
    return _dedup_by_name(modules)


def load_plugins_from_env(
    env_var: str, *, module_prefix: str, plugin_kind: str, on_error: ErrorHandler = None
) -> List[ModuleType]:
    """load_plugins_from_paths() over the variable's value, read now (not cached at import)."""
    return load_plugins_from_paths(
        os.getenv(env_var), module_prefix=module_prefix, plugin_kind=plugin_kind, on_error=on_error
    )


def load_opp_plugins_isolated(
    env_var: str, *, module_prefix: str, plugin_kind: str
) -> Tuple[List[ModuleType], List[str]]:
    """The Python entries of an OPP path variable (ASCEND_CUSTOM_OPP_PATH, read now), each failing
    path item, file or package reported (text with traceback) and skipped. A missing item not
    ending in ``.py`` is a C++ OPP root, not an error. Returns (modules, error texts)."""
    import traceback

    errors: List[str] = []

    def on_error(what: str, exc: BaseException) -> None:
        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()
        errors.append(f"{what}: {type(exc).__name__}: {exc}\n{trace}")

    items = [
        item
        for item in split_plugin_paths(os.environ.get(env_var))
        if item.endswith(".py") or os.path.exists(item)
    ]
    modules = load_plugins_from_paths(
        os.pathsep.join(items),
        module_prefix=module_prefix,
        plugin_kind=plugin_kind,
        on_error=on_error,
    )
    return modules, errors


def purge_loaded_modules(module_prefix: str) -> List[str]:
    """Remove the file modules of this prefix and the package / entry-point plugins imported for it.

    Returns the removed names. Submodules of purged packages go too, so a re-import executes them.
    """
    with _LOCK:
        packages = _IMPORTED_MODULES.pop(module_prefix, set())
        removed = []
        for name in list(sys.modules):
            if name.startswith(module_prefix) or any(
                name == pkg or name.startswith(pkg + ".") for pkg in packages
            ):
                del sys.modules[name]
                removed.append(name)
        gone = set(removed)
        for key in [key for key, name in _FILE_MODULES.items() if name in gone]:
            del _FILE_MODULES[key]
        importlib.invalidate_caches()  # new plugin files must be found next round
        return removed


def _entry_points_api():
    if sys.version_info >= (3, 10):
        import importlib.metadata as metadata
    else:  # the stdlib 3.9 API has no selection by group; the backport does
        try:
            import importlib_metadata as metadata  # type: ignore[no-redef]
        except ImportError:
            import importlib.metadata as metadata  # type: ignore[no-redef]
    return metadata


def iter_entry_points(group: str) -> List[Any]:
    """Entry points of ``group`` from every installed distribution, duplicates removed."""
    metadata = _entry_points_api()
    try:
        found = list(metadata.entry_points(group=group))
    except TypeError:  # stdlib 3.9 without the backport: dict of group -> entry points
        found = list(metadata.entry_points().get(group, []))
    unique: List[Any] = []
    seen: Set[Tuple[str, str]] = set()
    for entry_point in found:
        key = (entry_point.name, entry_point.value)
        if key not in seen:
            seen.add(key)
            unique.append(entry_point)
    return unique


def _coerce_to_module(obj: Any, entry_point: Any, plugin_kind: str, depth: int = 0) -> ModuleType:
    if isinstance(obj, ModuleType):
        return obj
    if isinstance(obj, str):
        return importlib.import_module(obj)
    if callable(obj) and depth == 0:
        return _coerce_to_module(obj(), entry_point, plugin_kind, depth + 1)
    raise TypeError(
        f"{plugin_kind} entry point {entry_point.name!r} ({entry_point.value}) provided "
        f"{type(obj).__name__}; expected a module, a module name, or a callable returning one"
    )


def load_entry_point_plugins(
    group: str,
    *,
    plugin_kind: str,
    module_prefix: str | None = None,
    on_error: ErrorHandler = None,
) -> List[ModuleType]:
    """Import the plugins advertised in an entry-point group, in (name, value) order.

    The value may name a module, or an object that is a module, a module name, or a callable
    returning either. A failing entry point stops the scan with an ImportError that names it.
    With ``module_prefix``, modules imported here for the first time are purged by
    ``purge_loaded_modules(module_prefix)``. With ``on_error`` a failing entry point is reported
    and skipped instead.
    """
    modules: List[ModuleType] = []
    for entry_point in sorted(iter_entry_points(group), key=lambda ep: (ep.name, ep.value)):
        with _LOCK:
            before = set(sys.modules)
            try:
                module = _coerce_to_module(entry_point.load(), entry_point, plugin_kind)
            except Exception as exc:
                error = ImportError(
                    f"failed to load {plugin_kind} entry point {entry_point.name!r} = "
                    f"{entry_point.value!r} (group {group}): {type(exc).__name__}: {exc}"
                )
                if on_error is None:
                    raise error from exc
                error.__cause__ = exc
                on_error(f"{plugin_kind} entry point {entry_point.name}", exc)
                continue
            if module_prefix is not None and module.__name__ not in before:
                _IMPORTED_MODULES.setdefault(module_prefix, set()).add(module.__name__)
        modules.append(module)
    return _dedup_by_name(modules)
