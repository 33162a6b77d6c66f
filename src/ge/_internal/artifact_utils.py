"""Artifact-set manifests and interpreter matching, under the names GE gives them.

A set is a directory with ``manifest.json`` describing a native module (and, for passes, the
bridge library) built for one ``<python_tag>-<platform>``. Tags, validation and matching are the
compiler's (``ge._capi.pypass_artifacts_wrapper``): the bridge loader runs the same code, so both
accept exactly the same sets. Importing the native module stays here: it is Python's own job.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Iterable, Mapping

from ge._capi import pypass_artifacts_wrapper as _selection

__all__ = [
    "ArtifactManifestError",
    "PythonArtifact",
    "artifact_from_record",
    "current_platform_tag",
    "current_python_tag",
    "find_compatible_artifact",
    "load_bridge_artifact_manifest",
    "load_module_from_path",
    "load_native_artifact_manifest",
    "read_artifact_manifest",
]

MANIFEST_NAME = "manifest.json"


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


def artifact_from_record(record: Mapping[str, object]) -> PythonArtifact:
    """The PythonArtifact of a set record returned by the C API binding."""
    bridge = record["bridge_path"]
    return PythonArtifact(
        root=Path(record["root"]),
        manifest_path=Path(record["manifest_path"]),
        python_tag=record["python_tag"],
        platform_tag=record["platform"],
        abi=record["abi"],
        native_path=Path(record["native_path"]),
        bridge_path=None if bridge is None else Path(bridge),
    )


def current_python_tag() -> str:
    """``cp311`` style tag of this interpreter (``pp310`` on PyPy, whose ABI differs)."""
    return _selection.python_tag(sys.implementation.name, sys.version)


def current_platform_tag() -> str:
    """``<system>-<machine>`` of this process, e.g. ``linux-x86_64``."""
    return _selection.platform_tag()


def read_artifact_manifest(
    manifest_path: Path, *, abi_key: str, require_bridge: bool
) -> PythonArtifact:
    """Parse and validate one manifest; raise ArtifactManifestError naming the problem."""
    try:
        record = _selection.read_manifest(str(manifest_path), abi_key, require_bridge)
    except _selection.ArtifactSelectionError as exc:
        raise ArtifactManifestError(str(exc)) from None
    return artifact_from_record(record)


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
    for artifact in artifacts:
        record = {
            "python_tag": artifact.python_tag,
            "platform": artifact.platform_tag,
            "abi": artifact.abi,
        }
        if _selection.is_compatible(record, python_tag, abi_version):
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
