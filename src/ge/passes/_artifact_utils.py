"""Where the pass artifact sets live and how they are enumerated.

The search is the compiler's (``ge._capi.pypass_artifacts_wrapper``, the bridge loader's code):
``$GE_PY_PASS_ARTIFACT_ROOT``, the build tree next to ``libge_compiler.so``, the ``ge`` packages
next to it and on ``PYTHONPATH``, this package's own root (:func:`artifacts_root`), then the
per-user fallback cache (:func:`fallback_cache_root`), which only fallback codegen fills.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import List, Tuple

from ge._capi import pypass_artifacts_wrapper as _selection
from ge._internal.artifact_utils import (
    MANIFEST_NAME,
    ArtifactManifestError,
    PythonArtifact,
    artifact_from_record,
    current_python_tag,
    load_module_from_path,
    read_artifact_manifest,
)

__all__ = [
    "ARTIFACT_ROOT_ENV",
    "BRIDGE_ABI_VERSION",
    "NATIVE_MODULE_NAME",
    "artifacts_root",
    "fallback_cache_root",
    "find_prebuilt_artifact",
    "iter_artifacts",
    "load_artifact_from_dir",
    "load_native_module",
    "log_selection",
    "scan_artifacts",
    "search_prebuilt_artifacts",
    "search_roots",
]

BRIDGE_ABI_VERSION = 1
NATIVE_MODULE_NAME = "ge.passes._ge_pass_native"
# Development override (ge_py addition): a directory holding a set (or sets) searched first, like
# GE_PY_COMPILER_LIB for the compiler library.
ARTIFACT_ROOT_ENV = "GE_PY_PASS_ARTIFACT_ROOT"

_LOG = logging.getLogger("ge.passes.runtime")


def log_selection(message: str) -> None:
    """Selection and fallback reasons: logging INFO, and stderr when GE logs at info
    (ASCEND_GLOBAL_LOG_LEVEL 0/1, what ``atc --log=info`` means), so a compile's log explains
    the choice."""
    _LOG.info(message)
    if os.environ.get("ASCEND_GLOBAL_LOG_LEVEL", "").strip() in ("0", "1"):
        sys.stderr.write(f"[INFO] GE({os.getpid()}) ge.passes.runtime: {message}\n")


def artifacts_root() -> Path:
    """``ge/passes/python_pass_artifacts`` next to this package (where the sub-wheel installs)."""
    return Path(__file__).resolve().parent / "python_pass_artifacts"


def fallback_cache_root() -> Path:
    """Per-user directory of fallback-built sets (never inside the installed package):
    ``$XDG_CACHE_HOME/ge_py/python_pass_artifacts`` when XDG_CACHE_HOME is an absolute path (the
    XDG rule), else ``~/.cache/ge_py/python_pass_artifacts``."""
    try:
        return Path(_selection.fallback_cache_root())
    except _selection.ArtifactSelectionError as exc:
        raise RuntimeError(str(exc)) from None


def search_prebuilt_artifacts() -> _selection.SetSearch:
    """The compiler's search for this interpreter, with artifacts_root() as this package's root:
    roots in order, valid sets, rejection reasons and the matching sets (records)."""
    return _selection.search(current_python_tag(), str(artifacts_root()))


def search_roots() -> List[Path]:
    """Roots of the search in order (existing directories, de-duplicated by real path)."""
    return [Path(root) for root in search_prebuilt_artifacts().roots]


def load_artifact_from_dir(directory: Path) -> PythonArtifact | None:
    """The set described by ``<directory>/manifest.json``, or None if it is not a valid set."""
    try:
        return read_artifact_manifest(
            Path(directory) / MANIFEST_NAME, abi_key="bridge_abi", require_bridge=True
        )
    except ArtifactManifestError:
        return None


def scan_artifacts(root: Path | None = None) -> Tuple[List[PythonArtifact], List[str]]:
    """Valid sets under ``root`` (the root's own manifest, then its immediate children by name)
    and the rejection reason of every manifest that is not valid."""
    root = artifacts_root() if root is None else Path(root)
    found = _selection.scan([str(root)])
    return [artifact_from_record(record) for record in found.sets], found.rejected


def iter_artifacts(root: Path | None = None) -> List[PythonArtifact]:
    """Valid sets under ``root`` (default: artifacts_root()), root first, then children by name."""
    return scan_artifacts(root)[0]


def find_prebuilt_artifact() -> PythonArtifact | None:
    """First set of the search matching this interpreter, platform and BRIDGE_ABI_VERSION."""
    candidates = search_prebuilt_artifacts().candidates
    return artifact_from_record(candidates[0]) if candidates else None


def load_native_module(path: Path) -> ModuleType:
    """Import the native extension at ``path`` as ``ge.passes._ge_pass_native``."""
    return load_module_from_path(NATIVE_MODULE_NAME, Path(path))
