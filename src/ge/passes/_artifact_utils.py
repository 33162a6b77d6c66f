"""Where the pass artifact sets live and how they are enumerated (docs/packaging.md).

The search order is the C++ loader's (compiler/python_pass/python_pass_artifacts.cc), so a plain
Python process and the compiler pick the same set: ``$GE_PY_PASS_ARTIFACT_ROOT``, the package-local
root (where the ge_py_pass_bridge wheel installs), the ``ge`` dirs of ``PYTHONPATH`` entries, and
last the per-user fallback cache (:func:`fallback_cache_root`), which only fallback codegen fills.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import List, Tuple

from ge._internal.artifact_utils import (
    MANIFEST_NAME,
    ArtifactManifestError,
    PythonArtifact,
    find_compatible_artifact,
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
    "scan_artifacts",
    "search_roots",
]

BRIDGE_ABI_VERSION = 1
NATIVE_MODULE_NAME = "ge.passes._ge_pass_native"
# Development override (ge_py addition): a directory holding a set (or sets) searched before the
# package-local root, like GE_PY_COMPILER_LIB for the compiler library.
ARTIFACT_ROOT_ENV = "GE_PY_PASS_ARTIFACT_ROOT"


def artifacts_root() -> Path:
    """``ge/passes/python_pass_artifacts`` next to this package (never sys.path/PYTHONPATH)."""
    return Path(__file__).resolve().parent / "python_pass_artifacts"


def fallback_cache_root() -> Path:
    """Per-user directory of fallback-built sets (never inside the installed package).

    ``$XDG_CACHE_HOME/ge_py/python_pass_artifacts`` when XDG_CACHE_HOME is an absolute path (the
    XDG rule), else ``~/.cache/ge_py/python_pass_artifacts``; the C++ loader computes the same.
    """
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "ge_py" / "python_pass_artifacts"


def _pythonpath_roots() -> List[Path]:
    # Like the C++ loader: an entry named ge is a ge package dir, else <entry>/ge; existing only.
    roots = []
    for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        if not entry:
            continue
        ge_dir = Path(entry) if Path(entry).name == "ge" else Path(entry) / "ge"
        root = ge_dir / "passes" / "python_pass_artifacts"
        if root.is_dir():
            roots.append(root.resolve())
    return roots


def search_roots() -> List[Path]:
    """Prebuilt roots in search order, de-duplicated: $GE_PY_PASS_ARTIFACT_ROOT (if set),
    artifacts_root(), then ``<entry>/ge/passes/python_pass_artifacts`` of PYTHONPATH entries."""
    roots = []
    override = os.environ.get(ARTIFACT_ROOT_ENV, "").strip()
    if override:
        roots.append(Path(override).resolve())
    for root in [artifacts_root(), *_pythonpath_roots()]:
        if root not in roots:
            roots.append(root)
    return roots


def load_artifact_from_dir(directory: Path) -> PythonArtifact | None:
    """The set described by ``<directory>/manifest.json``, or None if it is not a valid set."""
    try:
        return read_artifact_manifest(
            Path(directory) / MANIFEST_NAME, abi_key="bridge_abi", require_bridge=True
        )
    except ArtifactManifestError:
        return None


def _candidate_dirs(root: Path) -> List[Path]:
    # The root may itself be a set; otherwise each immediate child (sorted), never deeper.
    dirs = [root]
    if root.is_dir():
        dirs += sorted((child for child in root.iterdir() if child.is_dir()), key=lambda p: p.name)
    return dirs


def scan_artifacts(root: Path | None = None) -> Tuple[List[PythonArtifact], List[str]]:
    """Valid sets under ``root`` and the rejection reason of every manifest that is not valid."""
    root = artifacts_root() if root is None else Path(root)
    valid: List[PythonArtifact] = []
    rejected: List[str] = []
    for directory in _candidate_dirs(root):
        manifest = directory / MANIFEST_NAME
        if not manifest.exists():
            continue
        try:
            valid.append(
                read_artifact_manifest(manifest, abi_key="bridge_abi", require_bridge=True)
            )
        except ArtifactManifestError as exc:
            rejected.append(str(exc))
    return valid, rejected


def iter_artifacts(root: Path | None = None) -> List[PythonArtifact]:
    """Valid sets under ``root`` (default: artifacts_root()), root first, then children by name."""
    return scan_artifacts(root)[0]


def find_prebuilt_artifact() -> PythonArtifact | None:
    """First set matching this interpreter, platform and BRIDGE_ABI_VERSION, over search_roots()."""
    for root in search_roots():
        artifact = find_compatible_artifact(iter_artifacts(root), BRIDGE_ABI_VERSION)
        if artifact is not None:
            return artifact
    return None


def load_native_module(path: Path) -> ModuleType:
    """Import the native extension at ``path`` as ``ge.passes._ge_pass_native``."""
    return load_module_from_path(NATIVE_MODULE_NAME, Path(path))
