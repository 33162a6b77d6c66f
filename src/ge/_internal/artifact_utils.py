"""Artifact-set manifests: reading, validation and interpreter matching (docs/packaging.md).

A set is a directory with ``manifest.json`` describing a native module (and, for passes, the embed
bridge library) built for one ``<python_tag>-<platform>``. Validation follows the C++ loader's rules
so both sides accept exactly the same sets; every rejection has a reason that names the file.
"""

from __future__ import annotations

import importlib.util
import json
import platform
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Iterable

__all__ = [
    "ArtifactManifestError",
    "PythonArtifact",
    "current_platform_tag",
    "current_python_tag",
    "find_compatible_artifact",
    "load_bridge_artifact_manifest",
    "load_module_from_path",
    "load_native_artifact_manifest",
    "read_artifact_manifest",
]

MANIFEST_NAME = "manifest.json"
# Wheel-tag style interpreter abbreviations (PEP 425); anything else uses its full name.
_INTERPRETER_SHORT_NAMES = {"cpython": "cp", "pypy": "pp", "ironpython": "ip", "jython": "jy"}


@dataclass(frozen=True)
class PythonArtifact:
    """One validated artifact set; paths are resolved."""

    root: Path
    manifest_path: Path
    python_tag: str
    platform_tag: str
    abi: int
    native_path: Path
    bridge_path: Path | None = None

    @property
    def key(self) -> str:
        return f"{self.python_tag}-{self.platform_tag}-abi{self.abi}"


class ArtifactManifestError(ValueError):
    """A manifest that cannot describe a usable artifact set; the message says why."""


def current_python_tag() -> str:
    """``cp311`` style tag of this interpreter (``pp310`` on PyPy, whose ABI differs)."""
    name = sys.implementation.name
    return f"{_INTERPRETER_SHORT_NAMES.get(name, name)}{sys.version_info[0]}{sys.version_info[1]}"


def current_platform_tag() -> str:
    """``<system>-<machine>`` of this process, e.g. ``linux-x86_64``."""
    return f"{platform.system().lower()}-{platform.machine() or 'unknown'}"


def _required_string(data: dict, key: str, where: str, manifest_path: Path) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ArtifactManifestError(
            f"{manifest_path}: {where}{key!r} must be a non-empty string, got {value!r}"
        )
    return value


def _artifact_file(base: Path, relative: str, key: str, manifest_path: Path) -> Path:
    path = (base / relative).resolve()
    if not path.is_file():
        raise ArtifactManifestError(f"{manifest_path}: artifacts.{key} file not found: {path}")
    return path


def read_artifact_manifest(
    manifest_path: Path, *, abi_key: str, require_bridge: bool
) -> PythonArtifact:
    """Parse and validate one manifest; raise ArtifactManifestError naming the problem."""
    manifest_path = Path(manifest_path)
    try:
        text = manifest_path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ArtifactManifestError(f"{manifest_path}: cannot read manifest: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ArtifactManifestError(f"{manifest_path}: invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ArtifactManifestError(f"{manifest_path}: top level must be a JSON object")
    python_tag = _required_string(data, "python_tag", "", manifest_path)
    platform_tag = _required_string(data, "platform", "", manifest_path)
    abi = data.get(abi_key)
    # Like the C++ loader: an unsigned JSON integer only ("1", 1.0, true are rejected).
    if type(abi) is not int or abi < 0:
        raise ArtifactManifestError(
            f"{manifest_path}: {abi_key!r} must be a non-negative integer, got {abi!r}"
        )
    artifacts = data.get("artifacts")
    if not isinstance(artifacts, dict):
        raise ArtifactManifestError(f"{manifest_path}: 'artifacts' must be an object")
    root = manifest_path.parent.resolve()
    native_path = _artifact_file(
        root,
        _required_string(artifacts, "native", "artifacts.", manifest_path),
        "native",
        manifest_path,
    )
    bridge_path = None
    if require_bridge:
        bridge_path = _artifact_file(
            root,
            _required_string(artifacts, "bridge", "artifacts.", manifest_path),
            "bridge",
            manifest_path,
        )
    return PythonArtifact(
        root=root,
        manifest_path=manifest_path.resolve(),
        python_tag=python_tag,
        platform_tag=platform_tag,
        abi=abi,
        native_path=native_path,
        bridge_path=bridge_path,
    )


def load_bridge_artifact_manifest(manifest_path: Path) -> PythonArtifact | None:
    """A pass / custom-op set (``bridge_abi`` + bridge + native), or None if invalid."""
    try:
        return read_artifact_manifest(manifest_path, abi_key="bridge_abi", require_bridge=True)
    except ArtifactManifestError:
        return None


def load_native_artifact_manifest(manifest_path: Path) -> PythonArtifact | None:
    """A runtime set (``native_abi`` + native only), or None if invalid."""
    try:
        return read_artifact_manifest(manifest_path, abi_key="native_abi", require_bridge=False)
    except ArtifactManifestError:
        return None


def find_compatible_artifact(
    artifacts: Iterable[PythonArtifact], abi_version: int
) -> PythonArtifact | None:
    """First set built for this interpreter tag, this platform and ``abi_version``."""
    python_tag = current_python_tag()
    platform_tag = current_platform_tag()
    for artifact in artifacts:
        if (
            artifact.python_tag == python_tag
            and artifact.platform_tag == platform_tag
            and artifact.abi == abi_version
        ):
            return artifact
    return None


def load_module_from_path(name: str, path: Path) -> ModuleType:
    """Import the file at ``path`` as module ``name``; an existing sys.modules entry wins."""
    existing = sys.modules.get(name)
    if existing is not None:
        return existing
    spec = importlib.util.spec_from_file_location(name, str(path))
    if spec is None or spec.loader is None:
        raise ImportError(f"Cannot create import spec for {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        if sys.modules.get(name) is module:
            del sys.modules[name]
        raise
    return module
