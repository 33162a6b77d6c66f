"""Native-module selection: which ``_ge_pass_native`` this interpreter imports
(docs/packaging.md, "Runtime selection").

Order: an already imported module (the C++ bridge pre-loads the one its loader chose); the first
artifact set of the compiler's search that matches this interpreter (the bridge loader's own code,
through the C API); then the set fallback codegen builds for this interpreter into the per-user
cache (:mod:`ge.passes._fallback_build`). The names below are module globals looked up at call
time, so tests (and embedders) can replace them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import List

from ge._capi._lib_loader import COMPILER_LIB_NAME, get_compiler_lib
from ge._internal.artifact_utils import (
    MANIFEST_NAME,
    PythonArtifact,
    artifact_from_record,
    current_platform_tag,
    current_python_tag,
    load_module_from_path,
)

from ._artifact_utils import (
    BRIDGE_ABI_VERSION,
    NATIVE_MODULE_NAME,
    artifacts_root,
    fallback_cache_root,
    find_prebuilt_artifact,
    iter_artifacts,
    load_artifact_from_dir,
    load_native_module,
    log_selection,
    search_prebuilt_artifacts,
)
from ._fallback_build import PythonBuildInfo, run_fallback_codegen

__all__ = [
    "BRIDGE_ABI_VERSION",
    "NATIVE_MODULE_NAME",
    "PythonArtifact",
    "PythonBuildInfo",
    "artifacts_root",
    "current_platform_tag",
    "current_python_tag",
    "ensure_native_module",
    "ensure_set_module",
    "fallback_cache_root",
    "find_prebuilt_artifact",
    "iter_artifacts",
    "load_artifact_from_dir",
    "load_native_module",
    "run_fallback_codegen",
]


def _no_native_module_error(load_errors: List[str]) -> ImportError:
    """What was searched, what was found and why nothing could be loaded."""
    search = search_prebuilt_artifacts()
    for reason in search.rejected:
        log_selection(f"rejected artifact set: {reason}")
    tag, plat = current_python_tag(), current_platform_tag()
    discovered = sorted(artifact_from_record(record).key for record in search.sets)
    errors = "; ".join(error.rstrip(".") for error in load_errors)
    message = (
        f"Failed to load GE Python pass native artifact for runtime python tag '{tag}', "
        f"platform '{plat}', bridge ABI {BRIDGE_ABI_VERSION}. "
        f"Searched artifact root: {', '.join(search.roots) or 'none'}. "
        f"Discovered valid artifacts: {', '.join(discovered) if discovered else 'none'}. "
        f"Load errors: {errors or 'none'}. "
        "Please install the native artifact wheel that matches this Python runtime, for example "
        f"'ge_py_pass_bridge-*-{tag}-{tag}-*.whl', or reinstall the CANN run package that "
        "contains the matching ge_py_pass_bridge wheel."
    )
    if search.rejected:
        message += f" Rejected artifact sets: {'; '.join(search.rejected)}."
    return ImportError(message)


def ensure_native_module() -> ModuleType:
    """The ``ge.passes._ge_pass_native`` module, loading it if needed; ImportError if impossible."""
    module = sys.modules.get(NATIVE_MODULE_NAME)
    if module is not None:
        return module
    try:  # it decides which set matches, and every native module links it
        get_compiler_lib()
    except OSError as exc:
        raise ImportError(
            f"Failed to load GE Python pass native artifact: {COMPILER_LIB_NAME} cannot be "
            f"loaded ({exc}). Install the ge_compiler package, or point GE_PY_COMPILER_LIB at "
            "a built library."
        ) from exc
    errors: List[str] = []
    artifact = find_prebuilt_artifact()
    if artifact is not None:
        try:
            module = load_native_module(artifact.native_path)
            log_selection(f"loaded prebuilt native artifact {artifact.native_path}")
            return module
        except Exception as exc:
            errors.append(f"load native artifact '{artifact.native_path}' failed: {exc}")
    else:
        log_selection(
            f"no prebuilt artifact set matches {current_python_tag()}-{current_platform_tag()}"
        )
    try:
        generated = run_fallback_codegen()
    except Exception as exc:
        errors.append(f"fallback codegen failed: {exc}")
    else:
        try:
            return load_native_module(generated.native_path)
        except Exception as exc:
            errors.append(f"load fallback native artifact '{generated.native_path}' failed: {exc}")
    raise _no_native_module_error(errors)


def ensure_set_module(artifact_key: str, module_name: str) -> ModuleType:
    """Another extension module of the artifact set ``_ge_pass_native`` came from (the manifest's
    ``artifacts[artifact_key]``, e.g. ``runtime``), imported as ``module_name``; ImportError naming
    the set when it has no such module (a set built before the module existed)."""
    module = sys.modules.get(module_name)
    if module is not None:
        return module
    set_dir = Path(ensure_native_module().__file__).resolve().parent
    manifest = set_dir / MANIFEST_NAME
    try:
        artifacts = json.loads(manifest.read_text(encoding="utf-8")).get("artifacts", {})
    except (OSError, ValueError) as exc:
        raise ImportError(f"Cannot read the artifact set manifest {manifest}: {exc}") from exc
    file_name = artifacts.get(artifact_key) if isinstance(artifacts, dict) else None
    if not isinstance(file_name, str) or not (set_dir / file_name).is_file():
        raise ImportError(
            f"The GE Python artifact set {set_dir} has no '{artifact_key}' module "
            f"({module_name}); install the native artifact wheel of this ge_py version that "
            f"matches this Python ({current_python_tag()}), or rebuild the set."
        )
    return load_module_from_path(module_name, set_dir / file_name)
