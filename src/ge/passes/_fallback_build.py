"""Fallback codegen: build the artifact set for this interpreter from the sources the ge_py wheel
embeds, into the per-user cache (docs/packaging.md, "Fallback codegen").

The cache entry (its key, the compiler library it must link, whether a published set is usable)
is decided by the compiler (``ge._capi.pypass_artifacts_wrapper``), whose bridge loader searches
that cache. What stays here is running the build: CMake and the C++ compiler in child processes,
for ``sys.executable``, under a lock, published with one ``rename``.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Tuple

from ge._capi import pypass_artifacts_wrapper as _selection
from ge._internal.artifact_utils import (
    PythonArtifact,
    current_platform_tag,
    current_python_tag,
    find_compatible_artifact,
)

from ._artifact_utils import (
    ARTIFACT_ROOT_ENV,
    BRIDGE_ABI_VERSION,
    load_artifact_from_dir,
    log_selection,
)

__all__ = [
    "PythonBuildInfo",
    "embedded_sources_dir",
    "interpreter_build_info",
    "run_fallback_codegen",
]


@dataclass(frozen=True)
class PythonBuildInfo:
    """What a fallback build needs to know about this interpreter."""

    tag: str
    executable: str
    version: str
    include_dir: Path
    library: Path | None
    pybind_include: Path | None


def embedded_sources_dir() -> Path:
    """The source tree the ge_py wheel embeds: the repository's top-level CMakeLists.txt, cmake/,
    native/ and the compiler's public headers (packaging/ge_py/pyproject.toml)."""
    return Path(__file__).resolve().parent / "fallback_codegen"


def _ge_py_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - Python without importlib.metadata
        return "unknown"
    try:
        return version("ge_py")
    except PackageNotFoundError:
        return "unknown"


def _find_libpython() -> Path | None:
    version = "{}.{}".format(*sys.version_info[:2])
    names = [sysconfig.get_config_var(key) for key in ("LDLIBRARY", "INSTSONAME", "LIBRARY")] + [
        f"libpython{version}.so.1.0",
        f"libpython{version}.so",
    ]
    dirs = [
        Path(sys.prefix) / "lib",
        Path(sys.exec_prefix) / "lib",
        Path(sys.executable).resolve().parent.parent / "lib",
        Path(sys.base_prefix) / "lib",
    ]
    libdir = sysconfig.get_config_var("LIBDIR")
    if libdir:
        dirs.append(Path(libdir))
    hits = [d / n for n in names if n for d in dirs if (d / n).is_file()]
    return next((h for h in hits if ".so" in h.name), hits[0] if hits else None)


def interpreter_build_info() -> PythonBuildInfo:
    """Include dir, libpython and pybind11 include of *this* interpreter."""
    include = sysconfig.get_path("include") or sysconfig.get_config_var("INCLUDEPY")
    if not include or not Path(include).is_dir():
        raise RuntimeError("Cannot resolve current Python build info.")
    try:
        import pybind11  # the build must use the pybind11 of the running interpreter

        pybind_include: Path | None = Path(pybind11.get_include())
    except ImportError:
        pybind_include = None
    return PythonBuildInfo(
        tag=current_python_tag(),
        executable=sys.executable,
        version=".".join(str(part) for part in sys.version_info[:3]),
        include_dir=Path(include),
        library=_find_libpython(),
        pybind_include=pybind_include,
    )


def _plan() -> _selection.FallbackPlan:
    """The cache entry for this interpreter and the embedded sources (decided by the compiler)."""
    tag = current_python_tag()
    try:  # first: every later failure of the plan is about the embedded sources
        _selection.fallback_cache_root()
    except _selection.ArtifactSelectionError as exc:
        raise RuntimeError(f"Fallback codegen cannot run: {exc}") from None
    library = _find_libpython()
    try:
        return _selection.plan_fallback(
            tag=tag,
            executable=sys.executable,
            version=sys.version,
            libpython="" if library is None else str(library),
            ge_py_version=_ge_py_version(),
            sources_dir=str(embedded_sources_dir()),
        )
    except _selection.ArtifactSelectionError as exc:
        raise RuntimeError(
            "Fallback codegen unavailable: codegen resources are invalid or unavailable. "
            f"{exc}; only the ge_py wheel ships them. Install the ge_py_pass_bridge wheel "
            f"matching this Python ({tag}), or point {ARTIFACT_ROOT_ENV} at a built artifact set."
        ) from None


def _make_private_dirs(path: Path) -> None:
    """Create ``path`` (and missing parents) owner-only; refuse a cache someone else owns."""
    missing = []
    probe = path
    while not probe.exists():
        missing.append(probe)
        probe = probe.parent
    for directory in reversed(missing):
        try:
            directory.mkdir(mode=0o700)
        except FileExistsError:
            pass
    info = path.stat()
    if info.st_uid != os.getuid():
        raise RuntimeError(
            f"Fallback cache directory {path} belongs to another user (uid {info.st_uid})"
        )


class _BuildLock:
    """An exclusive ``flock`` on ``<cache>/.<key>.lock``: concurrent builders build once."""

    def __init__(self, path: Path):
        self._path = path
        self._fd = -1

    def __enter__(self) -> _BuildLock:
        self._fd = os.open(str(self._path), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log_selection(f"waiting for another process building {self._path.name[1:-5]}")
            fcntl.flock(self._fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)


def _find_cmake() -> str | None:
    found = shutil.which("cmake")
    if found:
        return found
    try:  # the cmake wheel of this interpreter, if any
        import cmake

        candidate = Path(cmake.CMAKE_BIN_DIR) / "cmake"
        return str(candidate) if candidate.is_file() else None
    except (ImportError, AttributeError):
        return None


def _find_cxx() -> str | None:
    """``$CXX`` (its first word) when set, else c++, g++ or clang++ from PATH."""
    configured = os.environ.get("CXX", "").split()
    for name in configured[:1] or ["c++", "g++", "clang++"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def _check_toolchain(python: PythonBuildInfo) -> Dict[str, str]:
    """The tools of the build, or RuntimeError naming every missing one and how to get it."""
    missing = []
    cmake = _find_cmake()
    if cmake is None:
        missing.append("cmake >= 3.20 (apt-get install cmake, or pip install cmake)")
    cxx = _find_cxx()
    if cxx is None:
        what = f"the C++ compiler CXX={os.environ['CXX']}" if os.environ.get("CXX") else "c++"
        missing.append(f"a C++17 compiler: {what} not found on PATH")
    if not (python.include_dir / "Python.h").is_file():
        missing.append(f"Python development headers: {python.include_dir}/Python.h")
    if python.library is None:
        missing.append(f"libpython{sys.version_info[0]}.{sys.version_info[1]} (a shared CPython)")
    if python.pybind_include is None:
        missing.append(f"pybind11 for this Python ({sys.executable} -m pip install pybind11)")
    if missing:
        raise RuntimeError(
            f"Fallback codegen cannot build the Python pass artifact set for {python.tag}: "
            f"missing {'; '.join(missing)}."
        )
    return {"cmake": cmake, "cxx": cxx}


def _run(command: List[str], cwd: Path) -> None:
    done = subprocess.run(
        command, cwd=str(cwd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    if done.returncode != 0:
        tail = "\n".join(done.stdout.splitlines()[-40:])
        raise RuntimeError(f"Command failed: {' '.join(command)}\n{tail}")


def _cmake_build(
    work_dir: Path, python: PythonBuildInfo, plan: _selection.FallbackPlan
) -> Tuple[Path, Dict[str, str]]:
    """Configure and build the set; the directory it was built in and its ``artifacts``."""
    tools = _check_toolchain(python)
    import pybind11

    sources = embedded_sources_dir()
    build = work_dir / "build"
    configure = [
        tools["cmake"],
        "-S",
        str(sources),
        "-B",
        str(build),
        "-DCMAKE_BUILD_TYPE=Release",
        "-DGE_BUILD_COMPILER=OFF",
        "-DGE_BUILD_TESTS=OFF",
        f"-DGE_COMPILER_LIBRARY={plan.compiler_lib}",
        f"-DGE_COMPILER_INCLUDE_DIR={sources / 'compiler' / 'include'}",
        f"-DPython_EXECUTABLE={sys.executable}",
        f"-Dpybind11_DIR={pybind11.get_cmake_dir()}",
        f"-DCMAKE_CXX_COMPILER={tools['cxx']}",
    ]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    log_selection(f"fallback codegen: building the artifact set for {python.tag} in {work_dir}")
    _run(configure, work_dir)
    _run([tools["cmake"], "--build", str(build), "--parallel"], work_dir)
    built = build / "python_pass_artifacts" / f"{python.tag}-{current_platform_tag()}"
    # The set's file list is native/CMakeLists.txt's, read back from the manifest it configured.
    artifacts = _manifest_artifacts(built)
    for name in artifacts.values():
        if not (built / name).is_file():
            raise RuntimeError(f"Missing fallback target output: {name} (expected {built / name})")
    return built, artifacts


def _manifest_artifacts(set_dir: Path) -> Dict[str, str]:
    """The ``artifacts`` object (manifest key -> file name) of the manifest in ``set_dir``."""
    try:
        manifest = json.loads((set_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"Unreadable artifact set manifest in {set_dir}: {exc}") from None
    artifacts = manifest.get("artifacts")
    if not isinstance(artifacts, dict) or not artifacts:
        raise RuntimeError(f"Artifact set manifest in {set_dir} lists no artifacts")
    return artifacts


def _manifest(
    python: PythonBuildInfo, plan: _selection.FallbackPlan, artifacts: Dict[str, str]
) -> dict:
    return {
        "python_tag": python.tag,
        "platform": current_platform_tag(),
        "bridge_abi": BRIDGE_ABI_VERSION,
        "artifacts": artifacts,
        "python_version": python.version,
        "build_python": {
            "executable": python.executable,
            "version": python.version,
            "include": str(python.include_dir),
            "libpython": str(python.library),
            "pybind11_include": str(python.pybind_include or "not-found"),
            "link_python": True,
        },
        # ge_py addition: what the cache entry was built from (the compiler's loader only reuses
        # a cached set built against its own libge_compiler.so, path and stamp).
        "fallback": {
            "key": plan.key,
            "ge_py_version": _ge_py_version(),
            "sources_hash": plan.sources_hash,
            "ge_compiler_lib": plan.compiler_lib,
            "ge_compiler_lib_stamp": plan.compiler_lib_stamp,
        },
    }


def _publish(staging: Path, final_dir: Path, trash: Path) -> None:
    """Atomically move the complete ``staging`` set to ``final_dir`` (an invalid old one aside)."""
    if final_dir.exists():
        final_dir.rename(trash)
    staging.rename(final_dir)


def _usable_set(set_dir: Path) -> PythonArtifact | None:
    """The published set at ``set_dir`` when it is valid, complete and matches this
    interpreter."""
    artifact = load_artifact_from_dir(set_dir)
    if artifact is None:
        return None
    try:
        files = _manifest_artifacts(set_dir).values()
    except RuntimeError:
        return None
    if not all((set_dir / name).is_file() for name in files):
        return None
    return find_compatible_artifact([artifact], BRIDGE_ABI_VERSION)


def run_fallback_codegen() -> PythonArtifact:
    """The fallback set for this interpreter: reused from the per-user cache when its key
    matches, else compiled from the embedded sources and published there atomically.

    Raises RuntimeError naming what is missing (sources, cmake, compiler, headers, pybind11).
    Never writes into the installed package.
    """
    plan = _plan()
    python = interpreter_build_info()
    cache = Path(plan.cache_root)
    final_dir = Path(plan.set_dir)
    cached = _usable_set(final_dir)
    if cached is not None:
        log_selection(f"fallback codegen: reusing cached artifact set {final_dir}")
        return cached
    _make_private_dirs(cache)
    with _BuildLock(cache / f".{plan.key}.lock"):
        cached = _usable_set(final_dir)  # another process may have built it meanwhile
        if cached is not None:
            log_selection(f"fallback codegen: reusing artifact set {final_dir} built concurrently")
            return cached
        if final_dir.exists():
            log_selection(f"fallback codegen: rebuilding invalid cached artifact set {final_dir}")
        work_dir = Path(tempfile.mkdtemp(prefix=f".work.{plan.key}.", dir=str(cache)))
        try:
            built, artifacts = _cmake_build(work_dir, python, plan)
            staging = work_dir / "set"
            staging.mkdir(mode=0o700)
            for name in artifacts.values():
                shutil.copy2(str(built / name), str(staging / name))
            text = json.dumps(_manifest(python, plan, artifacts), indent=2, sort_keys=True)
            (staging / "manifest.json").write_text(text + "\n", encoding="utf-8")
            _publish(staging, final_dir, work_dir / "replaced")
        finally:
            shutil.rmtree(str(work_dir), ignore_errors=True)
    artifact = _usable_set(final_dir)
    if artifact is None:
        raise RuntimeError(
            f"Fallback codegen completed but published artifact is incomplete: {final_dir}"
        )
    log_selection(f"fallback codegen: published artifact set {final_dir}")
    return artifact
