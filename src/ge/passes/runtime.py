"""Selection of the native helper module ``_ge_pass_native`` (packaging spec §2).

Order: an already imported module (the C++ bridge pre-loads the one its loader chose), then the
first prebuilt artifact set matching this interpreter, then fallback codegen. The names below are
module globals looked up at call time, so tests (and embedders) can replace them.
"""

from __future__ import annotations

import json
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import List

from ge._internal.artifact_utils import PythonArtifact, current_platform_tag, current_python_tag

from ._artifact_utils import (
    ARTIFACT_ROOT_ENV,
    BRIDGE_ABI_VERSION,
    NATIVE_MODULE_NAME,
    artifacts_root,
    find_prebuilt_artifact,
    iter_artifacts,
    load_artifact_from_dir,
    load_native_module,
    scan_artifacts,
    search_roots,
)

__all__ = [
    "BRIDGE_ABI_VERSION",
    "NATIVE_MODULE_NAME",
    "PythonArtifact",
    "PythonBuildInfo",
    "artifacts_root",
    "current_platform_tag",
    "current_python_tag",
    "ensure_native_module",
    "find_prebuilt_artifact",
    "iter_artifacts",
    "load_artifact_from_dir",
    "load_native_module",
    "run_fallback_codegen",
]

_BUILD_CONFIG_NAME = "build_config.json"


@dataclass(frozen=True)
class PythonBuildInfo:
    """What a fallback build needs to know about this interpreter."""

    tag: str
    executable: str
    version: str
    include_dir: Path
    library: Path | None
    pybind_include: Path | None


@dataclass(frozen=True)
class _BuildInputs:
    config: dict
    root: Path
    src_dir: Path
    include_dir: Path


def _codegen_root() -> Path:
    return Path(__file__).resolve().parent / "fallback_codegen"


def _resolve_build_inputs() -> _BuildInputs | None:
    """Unpacked sources (``src/`` + ``include/``) and build config under the codegen root."""
    root = _codegen_root()
    config_path = root / _BUILD_CONFIG_NAME
    src_dir, include_dir = root / "src", root / "include"
    if not (config_path.is_file() and src_dir.is_dir() and include_dir.is_dir()):
        return None
    try:
        config = json.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(config, dict):
        return None
    return _BuildInputs(config=config, root=root, src_dir=src_dir, include_dir=include_dir)


def _current_python_build_info() -> PythonBuildInfo:
    """Include dir, libpython and pybind11 include of *this* interpreter (packaging spec §3.3)."""
    include = sysconfig.get_path("include") or sysconfig.get_config_var("INCLUDEPY")
    if not include or not Path(include).is_dir():
        raise RuntimeError("Cannot resolve current Python build info.")
    try:
        import pybind11  # the build must use the pybind11 of the running interpreter

        pybind_include: Path | None = Path(pybind11.get_include())
    except ImportError:
        pybind_include = None
    version = "{}.{}".format(*sys.version_info[:2])
    names = [sysconfig.get_config_var(key) for key in ("LDLIBRARY", "INSTSONAME", "LIBRARY")] + [
        f"libpython{version}.so.1.0",
        f"libpython{version}.so",
    ]
    dirs = [
        Path(sys.prefix) / "lib",
        Path(sys.exec_prefix) / "lib",
        Path(sys.executable).resolve().parent.parent / "lib",
    ]
    libdir = sysconfig.get_config_var("LIBDIR")
    if libdir:
        dirs.append(Path(libdir))
    hits = [d / n for n in names if n for d in dirs if (d / n).is_file()]
    library = next((h for h in hits if ".so" in h.name), hits[0] if hits else None)
    return PythonBuildInfo(
        tag=current_python_tag(),
        executable=sys.executable,
        version=".".join(str(part) for part in sys.version_info[:3]),
        include_dir=Path(include),
        library=library,
        pybind_include=pybind_include,
    )


def run_fallback_codegen() -> PythonArtifact:
    """Build and publish an artifact set for this interpreter from the packaged sources.

    This ge_py version ships no fallback codegen resources (the native module is built together
    with the package), so this raises a RuntimeError saying what is missing and what to do.
    """
    inputs = _resolve_build_inputs()
    if inputs is None:
        raise RuntimeError(
            "Fallback codegen unavailable: codegen resources are invalid or unavailable. "
            f"Expected {_BUILD_CONFIG_NAME}, src/ and include/ under {_codegen_root()}; this "
            "ge_py installation ships no fallback sources, so reinstall ge_py with pip for this "
            f"Python ({current_python_tag()}) to build the native pass module."
        )
    raise RuntimeError(
        f"Fallback codegen unavailable: found codegen resources under {inputs.root}, but this "
        "ge_py version cannot compile them in-process yet; reinstall ge_py with pip for this "
        f"Python ({current_python_tag()}) instead."
    )


def ensure_native_module() -> ModuleType:
    """The ``ge.passes._ge_pass_native`` module, loading it if needed; ImportError if impossible."""
    module = sys.modules.get(NATIVE_MODULE_NAME)
    if module is not None:
        return module
    errors: List[str] = []
    artifact = find_prebuilt_artifact()
    if artifact is not None:
        try:
            return load_native_module(artifact.native_path)
        except Exception as exc:
            errors.append(f"load native artifact '{artifact.native_path}' failed: {exc}")
    try:
        generated = run_fallback_codegen()
    except Exception as exc:
        errors.append(f"fallback codegen failed: {exc}")
    else:
        try:
            return load_native_module(generated.native_path)
        except Exception as exc:
            errors.append(f"load fallback native artifact '{generated.native_path}' failed: {exc}")
    roots = search_roots()
    valid, rejected = [], []
    for root in roots:
        if root != artifacts_root() and not root.is_dir():
            rejected.append(f"{ARTIFACT_ROOT_ENV}={root}: not a directory")
        found, refused = scan_artifacts(root)
        valid += found
        rejected += refused
    tag, plat = current_python_tag(), current_platform_tag()
    discovered = sorted(item.key for item in valid)
    message = (
        f"Failed to load GE Python pass native artifact for runtime python tag '{tag}', "
        f"platform '{plat}', bridge ABI {BRIDGE_ABI_VERSION}. "
        f"Searched artifact root: {', '.join(str(root) for root in roots)}. "
        f"Discovered valid artifacts: {', '.join(discovered) if discovered else 'none'}. "
        f"Load errors: {'; '.join(e.rstrip('.') for e in errors) if errors else 'none'}. "
        "Please install the native artifact wheel that matches this Python runtime, for example "
        f"'ge_py_pass_bridge-*-{tag}-{tag}-*.whl', or reinstall the CANN run package that "
        "contains the matching ge_py_pass_bridge wheel."
    )
    if rejected:
        message += f" Rejected artifact sets: {'; '.join(rejected)}."
    raise ImportError(message)
