"""Selection of the native helper module ``_ge_pass_native`` (docs/packaging.md).

Order: an already imported module (the C++ bridge pre-loads the one its loader chose), then the
first prebuilt artifact set matching this interpreter (search order of :func:`search_roots`, the
same as the C++ loader's), then fallback codegen: a set compiled for this interpreter from the
sources the ge_py wheel embeds, kept in a per-user cache and reused while its key is unchanged.
The names below are module globals looked up at call time, so tests (and embedders) can replace
them.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Dict, List

from ge._internal.artifact_utils import (
    PythonArtifact,
    current_platform_tag,
    current_python_tag,
    find_compatible_artifact,
)

from ._artifact_utils import (
    ARTIFACT_ROOT_ENV,
    BRIDGE_ABI_VERSION,
    NATIVE_MODULE_NAME,
    artifacts_root,
    fallback_cache_root,
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
    "fallback_cache_root",
    "find_prebuilt_artifact",
    "iter_artifacts",
    "load_artifact_from_dir",
    "load_native_module",
    "run_fallback_codegen",
]

_LOG = logging.getLogger(__name__)
_BRIDGE_FILE = "libge_python_pass_bridge.so"
_NATIVE_FILE = "_ge_pass_native.so"
# The embedded source tree: the repository's top-level CMakeLists.txt, cmake/, native/ and the
# compiler's public headers, laid out as in the repository (packaging/ge_py/pyproject.toml).
_SOURCE_MARKERS = ("CMakeLists.txt", "native/CMakeLists.txt", "compiler/include")
_HASHED_DIRS = ("cmake", "native", "compiler/include")


def _info(message: str) -> None:
    """Selection reasons: logging INFO, and stderr when GE logs at info (ASCEND_GLOBAL_LOG_LEVEL
    0/1, what ``atc --log=info`` means), so a compile's log explains the choice."""
    _LOG.info(message)
    if os.environ.get("ASCEND_GLOBAL_LOG_LEVEL", "").strip() in ("0", "1"):
        sys.stderr.write(f"[INFO] GE({os.getpid()}) ge.passes.runtime: {message}\n")


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
    """The embedded sources: ``root`` is a CMake source tree, ``src_dir`` its ``native/``,
    ``include_dir`` the compiler's public headers; ``config`` what keys the cache entry."""

    config: dict
    root: Path
    src_dir: Path
    include_dir: Path


def _codegen_root() -> Path:
    return Path(__file__).resolve().parent / "fallback_codegen"


def _source_files(root: Path) -> List[Path]:
    files = [root / "CMakeLists.txt"]
    for name in _HASHED_DIRS:
        files += sorted(p for p in (root / name).rglob("*") if p.is_file() and _is_source(p))
    return files


def _is_source(path: Path) -> bool:
    return "__pycache__" not in path.parts and path.suffix != ".pyc"


def _sources_hash(root: Path) -> str:
    digest = hashlib.sha256()
    for path in _source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _ge_py_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - Python without importlib.metadata
        return "unknown"
    try:
        return version("ge_py")
    except PackageNotFoundError:
        return "unknown"


def _resolve_build_inputs() -> _BuildInputs | None:
    """The embedded source tree under the codegen root, or None if it is missing or incomplete."""
    root = _codegen_root()
    if not all((root / marker).exists() for marker in _SOURCE_MARKERS):
        return None
    try:
        config = {"bridge_abi": BRIDGE_ABI_VERSION, "sources_hash": _sources_hash(root)}
    except OSError:
        return None
    return _BuildInputs(
        config=config,
        root=root,
        src_dir=root / "native",
        include_dir=root / "compiler" / "include",
    )


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


def _current_python_build_info() -> PythonBuildInfo:
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


def _compiler_library() -> Path:
    """The libge_compiler.so this process uses (or would load), the one the set must link."""
    from ge._capi._lib_loader import get_compiler_lib_path

    return Path(get_compiler_lib_path()).resolve()


def _file_stamp(path: Path) -> str:
    info = path.stat()
    return f"{info.st_size}:{info.st_mtime_ns}"


def _cache_key(inputs: _BuildInputs, python: PythonBuildInfo, compiler_lib: Path) -> str:
    """``<tag>-<platform>-<hash>``: the hash covers the bridge ABI, the ge_py version, the
    embedded sources, this interpreter build and the compiler library (path and stamp)."""
    parts = [
        str(BRIDGE_ABI_VERSION),
        _ge_py_version(),
        inputs.config["sources_hash"],
        str(Path(python.executable).resolve()),
        sys.version,
        str(python.library),
        str(compiler_lib),
        _file_stamp(compiler_lib),
    ]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    return f"{current_python_tag()}-{current_platform_tag()}-{digest}"


def _fallback_artifact_dir() -> Path:
    """Where run_fallback_codegen() publishes (or finds) the set for this interpreter."""
    inputs = _resolve_build_inputs()
    if inputs is None:
        raise RuntimeError(_unavailable_message())
    return fallback_cache_root() / _cache_key(
        inputs, _current_python_build_info(), _compiler_library()
    )


def _unavailable_message() -> str:
    return (
        "Fallback codegen unavailable: codegen resources are invalid or unavailable. "
        f"Expected {', '.join(_SOURCE_MARKERS)} under {_codegen_root()}; only the ge_py wheel "
        "ships them. Install the ge_py_pass_bridge wheel matching this Python "
        f"({current_python_tag()}), or point {ARTIFACT_ROOT_ENV} at a built artifact set."
    )


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
            _info(f"waiting for another process building {self._path.name[1:-5]}")
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


def _compile_artifact_set(
    inputs: _BuildInputs, work_dir: Path, python: PythonBuildInfo, compiler_lib: Path
) -> Dict[str, Path]:
    """Configure and build the bridge and native targets; their paths keyed by file name."""
    tools = _check_toolchain(python)
    import pybind11

    build = work_dir / "build"
    configure = [
        tools["cmake"],
        "-S",
        str(inputs.root),
        "-B",
        str(build),
        "-DCMAKE_BUILD_TYPE=Release",
        "-DGE_BUILD_COMPILER=OFF",
        "-DGE_BUILD_TESTS=OFF",
        f"-DGE_COMPILER_LIBRARY={compiler_lib}",
        f"-DGE_COMPILER_INCLUDE_DIR={inputs.include_dir}",
        f"-DPython_EXECUTABLE={sys.executable}",
        f"-Dpybind11_DIR={pybind11.get_cmake_dir()}",
        f"-DCMAKE_CXX_COMPILER={tools['cxx']}",
    ]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    _info(f"fallback codegen: building the artifact set for {python.tag} in {work_dir}")
    _run(configure, work_dir)
    targets = ["--target", "ge_python_pass_bridge", "_ge_pass_native"]
    _run([tools["cmake"], "--build", str(build), *targets, "--parallel"], work_dir)
    built = build / "python_pass_artifacts" / f"{python.tag}-{current_platform_tag()}"
    outputs = {name: built / name for name in (_BRIDGE_FILE, _NATIVE_FILE)}
    for name, path in outputs.items():
        if not path.is_file():
            raise RuntimeError(f"Missing fallback target output: {name} (expected {path})")
    return outputs


def _manifest(python: PythonBuildInfo, inputs: _BuildInputs, compiler_lib: Path, key: str) -> dict:
    return {
        "python_tag": python.tag,
        "platform": current_platform_tag(),
        "bridge_abi": BRIDGE_ABI_VERSION,
        "artifacts": {"bridge": _BRIDGE_FILE, "native": _NATIVE_FILE},
        "python_version": python.version,
        "build_python": {
            "executable": python.executable,
            "version": python.version,
            "include": str(python.include_dir),
            "libpython": str(python.library),
            "pybind11_include": str(python.pybind_include or "not-found"),
            "link_python": True,
        },
        # ge_py addition: what the cache entry was built from (the C++ loader only reuses a
        # cached set built against its own libge_compiler.so, path and stamp).
        "fallback": {
            "key": key,
            "ge_py_version": _ge_py_version(),
            "sources_hash": inputs.config["sources_hash"],
            "ge_compiler_lib": str(compiler_lib),
            "ge_compiler_lib_stamp": _file_stamp(compiler_lib),
        },
    }


def _publish(staging: Path, final_dir: Path, trash: Path) -> None:
    """Atomically move the complete ``staging`` set to ``final_dir`` (an invalid old one aside)."""
    if final_dir.exists():
        final_dir.rename(trash)
    staging.rename(final_dir)


def _cached_artifact(final_dir: Path) -> PythonArtifact | None:
    artifact = load_artifact_from_dir(final_dir)
    if artifact is None:
        return None
    return find_compatible_artifact([artifact], BRIDGE_ABI_VERSION)


def run_fallback_codegen() -> PythonArtifact:
    """The fallback set for this interpreter: reused from the per-user cache when its key
    matches, else compiled from the embedded sources and published there atomically.

    Raises RuntimeError naming what is missing (sources, cmake, compiler, headers, pybind11).
    Never writes into the installed package.
    """
    inputs = _resolve_build_inputs()
    if inputs is None:
        raise RuntimeError(_unavailable_message())
    python = _current_python_build_info()
    compiler_lib = _compiler_library()
    key = _cache_key(inputs, python, compiler_lib)
    cache = fallback_cache_root()
    final_dir = cache / key
    cached = _cached_artifact(final_dir)
    if cached is not None:
        _info(f"fallback codegen: reusing cached artifact set {final_dir}")
        return cached
    _make_private_dirs(cache)
    with _BuildLock(cache / f".{key}.lock"):
        cached = _cached_artifact(final_dir)  # another process may have built it meanwhile
        if cached is not None:
            _info(f"fallback codegen: reusing artifact set {final_dir} built concurrently")
            return cached
        if final_dir.exists():
            _info(f"fallback codegen: rebuilding invalid cached artifact set {final_dir}")
        work_dir = Path(tempfile.mkdtemp(prefix=f".work.{key}.", dir=str(cache)))
        try:
            outputs = _compile_artifact_set(inputs, work_dir, python, compiler_lib)
            staging = work_dir / "set"
            staging.mkdir(mode=0o700)
            for name, path in outputs.items():
                shutil.copy2(str(path), str(staging / name))
            text = json.dumps(
                _manifest(python, inputs, compiler_lib, key), indent=2, sort_keys=True
            )
            (staging / "manifest.json").write_text(text + "\n", encoding="utf-8")
            _publish(staging, final_dir, work_dir / "replaced")
        finally:
            shutil.rmtree(str(work_dir), ignore_errors=True)
    artifact = _cached_artifact(final_dir)
    if artifact is None:
        raise RuntimeError(
            f"Fallback codegen completed but published artifact is incomplete: {final_dir}"
        )
    _info(f"fallback codegen: published artifact set {final_dir}")
    return artifact


def ensure_native_module() -> ModuleType:
    """The ``ge.passes._ge_pass_native`` module, loading it if needed; ImportError if impossible."""
    module = sys.modules.get(NATIVE_MODULE_NAME)
    if module is not None:
        return module
    errors: List[str] = []
    artifact = find_prebuilt_artifact()
    if artifact is not None:
        try:
            module = load_native_module(artifact.native_path)
            _info(f"loaded prebuilt native artifact {artifact.native_path}")
            return module
        except Exception as exc:
            errors.append(f"load native artifact '{artifact.native_path}' failed: {exc}")
    else:
        _info(f"no prebuilt artifact set matches {current_python_tag()}-{current_platform_tag()}")
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
    for reason in rejected:
        _info(f"rejected artifact set: {reason}")
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
