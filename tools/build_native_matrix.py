#!/usr/bin/env python3
"""Build the ge_py distributions: the pure ``ge_py`` wheel, the ``ge_compiler`` wheel (built once)
and one ``ge_py_pass_bridge`` wheel per CPython minor version found on this machine.

Each sub-wheel is an ordinary scikit-build-core build of packaging/ge_py_pass_bridge run by its
own interpreter (so pip tags it cpXY-cpXY-<platform>), linked against the compiler core of the
ge_compiler wheel built first (GE_BUILD_COMPILER=OFF + GE_COMPILER_PREBUILT_DIR): the core is
compiled once, only native/ (the bridge and the extension modules) is compiled per interpreter.
Those builds run without pip's build isolation, in a persistent build venv per tag
(build/native_matrix/env-<tag>, with scikit-build-core and pybind11), so the CMake build dirs
build/native_matrix/<tag> stay valid between runs and rebuilds are incremental (ccache, when
installed, serves the objects of an identical rebuild).

``--compiler-build-dir <dir>`` wraps the core an existing CMake build already compiled (e.g.
build/tests of tools/run_tests.sh) into the ge_compiler wheel instead of compiling it again.

Interpreters: each --python, then python3.9 ... python3.14 and python3/python on PATH, pyenv
versions ($PYENV_ROOT or ~/.pyenv), conda environments (``conda env list --json``, then the usual
envs directories). One interpreter per tag, the first found; those without headers, libpython or
pip are skipped with a one-line reason. See docs/packaging.md.

    python tools/build_native_matrix.py --out dist/
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List

SUPPORTED_TAGS = ("cp39", "cp310", "cp311", "cp312", "cp313", "cp314")
# The build-system requirements of packaging/ge_py_pass_bridge (kept equal by a test): installed
# into the per-tag build venvs that replace pip's throw-away isolated environments.
BRIDGE_BUILD_REQUIREMENTS = ("scikit-build-core>=0.10", "pybind11>=2.12")
REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"

# Run inside each candidate interpreter: what a sub-wheel build needs from it, as JSON.
_QUERY = r"""
import json, sys, sysconfig
from pathlib import Path
info = {"implementation": sys.implementation.name, "executable": sys.executable,
        "version": ".".join(map(str, sys.version_info[:3])),
        "tag": "cp%d%d" % sys.version_info[:2]}
inc = sysconfig.get_path("include") or sysconfig.get_config_var("INCLUDEPY") or ""
info["include"] = inc if inc and Path(inc, "Python.h").is_file() else ""
ver = "%d.%d" % sys.version_info[:2]
names = [sysconfig.get_config_var(k) for k in ("LDLIBRARY", "INSTSONAME")]
names += ["libpython%s.so.1.0" % ver, "libpython%s.so" % ver]
dirs = [Path(sys.base_prefix, "lib"), Path(sys.executable).resolve().parent.parent / "lib"]
if sysconfig.get_config_var("LIBDIR"):
    dirs.append(Path(sysconfig.get_config_var("LIBDIR")))
hits = [str(d / n) for n in names if n and ".so" in n for d in dirs if (d / n).is_file()]
info["libpython"] = hits[0] if hits else ""
def has(module):
    import importlib.util
    return importlib.util.find_spec(module) is not None
info["pip"] = has("pip")
info["isolation_free"] = has("scikit_build_core") and has("pybind11")
print(json.dumps(info))
"""


@dataclass
class Interpreter:
    command: str
    tag: str
    executable: str
    version: str
    include: str
    libpython: str
    has_pip: bool
    isolation_free: bool


@dataclass
class Row:
    tag: str
    wheel: str = "-"
    seconds: float = 0.0
    status: str = ""


@dataclass
class Matrix:
    interpreters: Dict[str, Interpreter] = field(default_factory=dict)
    skipped: Dict[str, str] = field(default_factory=dict)


def log(message: str) -> None:
    print(message, flush=True)


def warn(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _pyenv_pythons() -> List[str]:
    root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    return sorted(glob.glob(str(root / "versions" / "*" / "bin" / "python3")))


def _conda_pythons() -> List[str]:
    found: List[str] = []
    for conda in (os.environ.get("CONDA_EXE"), shutil.which("conda")):
        if not conda or not os.access(conda, os.X_OK):
            continue
        try:
            done = subprocess.run(
                [conda, "env", "list", "--json"], capture_output=True, text=True, timeout=60
            )
            envs = json.loads(done.stdout).get("envs", [])
        except (OSError, ValueError, subprocess.SubprocessError):
            continue
        found += [str(Path(env) / "bin" / "python") for env in envs]
        break
    env_dirs = []
    prefix = os.environ.get("CONDA_PREFIX")
    if prefix:
        parent = Path(prefix).parent
        env_dirs.append(parent if parent.name == "envs" else Path(prefix) / "envs")
    if os.environ.get("CONDA_EXE"):
        env_dirs.append(Path(os.environ["CONDA_EXE"]).resolve().parent.parent / "envs")
    home = Path.home()
    env_dirs += [
        home / "miniconda3" / "envs",
        home / "anaconda3" / "envs",
        home / ".conda" / "envs",
    ]
    for env_dir in env_dirs:
        if env_dir.is_dir():
            found += [str(p / "bin" / "python") for p in sorted(env_dir.iterdir())]
    return found


def candidate_commands(explicit: Iterable[str]) -> List[str]:
    commands = list(explicit)
    names = [f"python3.{minor}" for minor in range(9, 15)] + ["python3", "python"]
    commands += [path for path in (shutil.which(n) for n in names) if path]
    return commands + _pyenv_pythons() + _conda_pythons()


def query(command: str) -> dict | None:
    try:
        done = subprocess.run([command, "-c", _QUERY], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def discover(explicit: List[str], tags: List[str], need_isolation_free: bool) -> Matrix:
    """First usable interpreter per requested tag; one-line reasons for the rejected ones."""
    matrix = Matrix()
    seen = set()
    for command in candidate_commands(explicit):
        path = shutil.which(command) or command
        if not os.path.exists(path):
            if command in explicit:
                warn(f"Skip --python {command}: not found")
            continue
        info = query(path)
        if info is None:
            if command in explicit:
                warn(f"Skip {command}: does not run as a Python interpreter")
            continue
        real = os.path.realpath(info["executable"])
        if real in seen:
            continue
        seen.add(real)
        tag = info["tag"]
        if info["implementation"] != "cpython" or tag not in tags or tag in matrix.interpreters:
            continue
        reason = None
        if not info["include"]:
            reason = f"cannot resolve Python development include for {command}"
        elif not info["libpython"]:
            reason = f"cannot resolve libpython for {info['executable']}"
        elif not info["pip"]:
            reason = f"pip is not available for {info['executable']}"
        elif need_isolation_free and not info["isolation_free"]:
            reason = f"--no-isolation needs scikit-build-core and pybind11 in {info['executable']}"
        if reason:
            matrix.skipped.setdefault(tag, reason)
            warn(f"Skip {tag}: {reason}")
            continue
        matrix.skipped.pop(tag, None)
        matrix.interpreters[tag] = Interpreter(
            command=command,
            tag=tag,
            executable=info["executable"],
            version=info["version"],
            include=info["include"],
            libpython=info["libpython"],
            has_pip=info["pip"],
            isolation_free=info["isolation_free"],
        )
    for tag in tags:
        if tag not in matrix.interpreters and tag not in matrix.skipped:
            matrix.skipped[tag] = f"no python3.{tag[3:]} interpreter found (PATH, pyenv, conda)"
    return matrix


def pip_wheel(
    python: str, project: Path, out: Path, settings: List[str], isolated: bool, env: dict
) -> Path:
    """``<python> -m pip wheel <project>``; the path of the wheel it wrote."""
    before = {p.name: p.stat().st_mtime_ns for p in out.glob("*.whl")}
    command = [python, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(out), str(project)]
    if not isolated:
        command.append("--no-build-isolation")
    for setting in settings:
        command += ["--config-settings", setting]
    done = subprocess.run(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    if done.returncode != 0:
        tail = "\n".join(done.stdout.splitlines()[-30:])
        raise RuntimeError(f"{' '.join(command)} failed:\n{tail}")
    written = [p for p in out.glob("*.whl") if before.get(p.name) != p.stat().st_mtime_ns]
    if len(written) != 1:
        raise RuntimeError(f"expected one new wheel in {out}, found {[p.name for p in written]}")
    return written[0]


def unpack_compiler(wheel: Path, work: Path) -> Path:
    """Extract the ge_compiler package of the wheel: the prebuilt core the sub-wheels link."""
    target = work / "ge_compiler_prefix"
    shutil.rmtree(target, ignore_errors=True)
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            if member.startswith("ge_compiler/"):
                archive.extract(member, target)
    prefix = target / "ge_compiler"
    for path in (prefix / "bin").glob("*"):
        path.chmod(0o755)
    if not (prefix / "lib" / "libge_compiler.so").is_file():
        raise RuntimeError(f"{wheel} has no ge_compiler/lib/libge_compiler.so")
    return prefix


def install_build_tree(build_dir: Path, work: Path) -> Path:
    """``cmake --install`` of a build that already compiled the core; its ge_compiler/ dir."""
    if not (build_dir / "CMakeCache.txt").is_file():
        raise RuntimeError(
            f"--compiler-build-dir {build_dir}: not a CMake build dir (no CMakeCache.txt)"
        )
    if not (build_dir / "compiler" / "libge_compiler.so").is_file():
        raise RuntimeError(
            f"--compiler-build-dir {build_dir}: compiler/libge_compiler.so is missing "
            "(build it first)"
        )
    target = work / "core_install"
    shutil.rmtree(target, ignore_errors=True)
    done = subprocess.run(
        # Only the core (the default component; the Python set is `python_pass_artifacts`),
        # stripped: a development build carries debug info the wheel does not need.
        [
            "cmake",
            "--install",
            str(build_dir),
            "--prefix",
            str(target),
            "--component",
            "Unspecified",
            "--strip",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"cmake --install {build_dir} failed:\n{done.stdout[-3000:]}")
    prefix = target / "ge_compiler"
    for required in ("lib/libge_compiler.so", "bin/atc"):
        if not (prefix / required).is_file():
            raise RuntimeError(f"cmake --install {build_dir} installed no ge_compiler/{required}")
    return prefix


def bridge_build_python(interp: Interpreter, work: Path, env: dict) -> tuple:
    """(python, isolated): who runs the sub-wheel build of ``interp``'s tag.

    pip's isolated build puts scikit-build-core and pybind11 into a new temporary directory each
    time; the pybind11 path recorded in the CMake cache then changes, so every run reconfigures
    and recompiles everything (and ccache misses on the changed include paths). A persistent venv
    per tag with both packages keeps the paths stable instead.
    """
    if interp.isolation_free:
        return interp.executable, False
    root = work / f"env-{interp.tag}"
    python = root / "bin" / "python"
    if not python.exists():
        done = subprocess.run(
            [interp.executable, "-m", "venv", str(root)], capture_output=True, text=True, env=env
        )
        if done.returncode != 0:
            warn(f"{interp.tag}: cannot create build venv {root}: {done.stderr.strip()[-300:]}")
            return interp.executable, True
    if not _has_modules(str(python), "scikit_build_core", "pybind11"):
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", *BRIDGE_BUILD_REQUIREMENTS],
            capture_output=True,
            text=True,
            env=env,
        )
        if done.returncode != 0:
            warn(
                f"{interp.tag}: cannot install the build requirements into {root}, using pip's "
                f"isolated build: {done.stderr.strip()[-300:]}"
            )
            return interp.executable, True
    return str(python), False


def check_core_not_rebuilt(build_dir: Path) -> None:
    """A sub-wheel build must link the prebuilt core, never compile compiler/ itself."""
    cache = build_dir / "CMakeCache.txt"
    text = cache.read_text(errors="replace") if cache.is_file() else ""
    if "GE_BUILD_COMPILER:BOOL=OFF" not in text or (build_dir / "compiler").exists():
        raise RuntimeError(f"{build_dir} compiled the compiler core (GE_BUILD_COMPILER is not OFF)")


def build_env(work: Path, jobs: int | None) -> dict:
    env = dict(os.environ)
    if jobs:
        env["CMAKE_BUILD_PARALLEL_LEVEL"] = str(jobs)
    env["TMPDIR"] = str(work / "tmp")
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    return env


def print_summary(rows: List[Row]) -> None:
    width = max([len(r.wheel) for r in rows] + [5])
    log("")
    log(f"{'tag':<7} {'wheel':<{width}} {'seconds':>8}  status")
    for row in rows:
        seconds = f"{row.seconds:8.1f}" if row.seconds else f"{'-':>8}"
        log(f"{row.tag:<7} {row.wheel:<{width}} {seconds}  {row.status}")


def parse_args(argv: List[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="dist", help="wheel output directory (default dist/)")
    parser.add_argument(
        "--python", action="append", default=[], help="an interpreter to use (repeatable)"
    )
    parser.add_argument(
        "--tag", action="append", choices=SUPPORTED_TAGS, help="build only these tags"
    )
    parser.add_argument(
        "--work-dir",
        default=str(REPO / "build" / "native_matrix"),
        help="per-tag CMake build dirs (kept: rebuilds are incremental)",
    )
    parser.add_argument(
        "--compiler-wheel",
        help="reuse this ge_compiler wheel instead of building one (it is copied to --out)",
    )
    parser.add_argument(
        "--compiler-build-dir",
        help="wrap the core already compiled in this CMake build dir (e.g. build/tests of "
        "tools/run_tests.sh) into the ge_compiler wheel instead of compiling it again",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        help="parallel compile jobs of each CMake build (CMAKE_BUILD_PARALLEL_LEVEL)",
    )
    parser.add_argument(
        "--compiler-config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="extra scikit-build-core setting for the ge_compiler build (repeatable), e.g. "
        "cmake.build-type=RelWithDebInfo to share ccache objects with a development build",
    )
    parser.add_argument("--skip-main", action="store_true", help="do not build the ge_py wheel")
    parser.add_argument(
        "--no-isolation",
        action="store_true",
        help="build sub-wheels without pip build isolation (each interpreter needs "
        "scikit-build-core and pybind11 installed)",
    )
    parser.add_argument("--fresh", action="store_true", help="delete the per-tag build dirs first")
    parser.add_argument(
        "--dry-run", action="store_true", help="only print '<tag>: <python> -> <build dir>'"
    )
    return parser.parse_args(argv)


def main(argv: List[str] | None = None) -> int:
    args = parse_args(argv)
    out = Path(args.out).resolve()
    work = Path(args.work_dir).resolve()
    tags = list(args.tag or SUPPORTED_TAGS)
    matrix = discover(args.python, tags, args.no_isolation)
    if not matrix.interpreters:
        warn("No supported Python interpreter found for native wheel matrix")
        return 1
    if args.dry_run:
        for tag, interp in sorted(matrix.interpreters.items(), key=lambda i: tags.index(i[0])):
            log(f"{tag}: {interp.executable} -> {work / tag}")
        return 0
    out.mkdir(parents=True, exist_ok=True)
    env = build_env(work, args.jobs)
    host = sys.executable
    host_isolated = not _has_modules(host, "scikit_build_core")
    rows: List[Row] = []
    total = len(matrix.interpreters) + (0 if args.skip_main else 1) + 1
    step = 0

    def progress(what: str) -> None:
        nonlocal step
        step += 1
        log(f"[{step}/{total}] {what}")

    if not args.skip_main:
        progress("ge_py (pure Python)")
        rows.append(
            _timed("py3", lambda: pip_wheel(host, PACKAGING / "ge_py", out, [], host_isolated, env))
        )
    progress("ge_compiler (compiler core, built once)")
    if args.compiler_wheel:
        source = Path(args.compiler_wheel).resolve()
        compiler_row = _timed("core", lambda: _copy_into(source, out))
    elif args.compiler_build_dir:
        build_tree = Path(args.compiler_build_dir).resolve()

        def wrap_prebuilt() -> Path:
            prebuilt = install_build_tree(build_tree, work)
            settings = [
                "cmake.define.GE_BUILD_COMPILER=OFF",
                f"cmake.define.GE_COMPILER_PREBUILT_DIR={prebuilt}",
                "cmake.define.GE_INSTALL_PREBUILT_COMPILER=ON",
                f"build-dir={work / 'ge_compiler_prebuilt'}",
            ]
            return pip_wheel(host, PACKAGING / "ge_compiler", out, settings, host_isolated, env)

        compiler_row = _timed("core", wrap_prebuilt)
    else:
        compiler_row = _timed(
            "core",
            lambda: pip_wheel(
                host, PACKAGING / "ge_compiler", out, args.compiler_config, host_isolated, env
            ),
        )
    rows.append(compiler_row)
    if any(row.status != "built" for row in rows):
        print_summary(rows)
        return 1
    prefix = unpack_compiler(out / compiler_row.wheel, work)
    built = 0
    for tag in tags:
        interp = matrix.interpreters.get(tag)
        if interp is None:
            rows.append(Row(tag=tag, status=f"skipped: {matrix.skipped[tag]}"))
            continue
        progress(f"ge_py_pass_bridge {tag} with {interp.executable} ({interp.version})")
        build_dir = work / tag
        if args.fresh:
            shutil.rmtree(build_dir, ignore_errors=True)
        settings = [
            "cmake.define.GE_BUILD_COMPILER=OFF",
            f"cmake.define.GE_COMPILER_PREBUILT_DIR={prefix}",
            f"build-dir={build_dir}",
        ]

        def build_bridge(i=interp, s=settings, d=build_dir) -> Path:
            if args.no_isolation:
                python, isolated = i.executable, False
            else:
                python, isolated = bridge_build_python(i, work, env)
            wheel = pip_wheel(python, PACKAGING / "ge_py_pass_bridge", out, s, isolated, env)
            check_core_not_rebuilt(d)
            return wheel

        row = _timed(tag, build_bridge)
        if row.status != "built":
            warn(f"Skip optional {tag}: native wheel build failed for {interp.executable}:")
            warn(row.status)
            row.status = "failed (see above)"
        else:
            built += 1
        rows.append(row)
    print_summary(rows)
    built_tags = [r.tag for r in rows if r.tag.startswith("cp") and r.status == "built"]
    log(f"GE python pass native wheel matrix built {built} tag(s): {', '.join(built_tags)}")
    return 0 if built else 1


def _has_modules(python: str, *modules: str) -> bool:
    script = (
        "import importlib.util as u, sys; "
        "sys.exit(any(u.find_spec(m) is None for m in sys.argv[1:]))"
    )
    return subprocess.run([python, "-c", script, *modules]).returncode == 0


def _copy_into(source: Path, out: Path) -> Path:
    target = out / source.name
    if source != target:
        shutil.copy2(source, target)
    return target


def _timed(tag: str, action) -> Row:
    start = time.monotonic()
    try:
        wheel = action()
    except Exception as exc:  # reported in the summary; other tags still build
        return Row(tag=tag, seconds=time.monotonic() - start, status=str(exc))
    return Row(tag=tag, wheel=wheel.name, seconds=time.monotonic() - start, status="built")


if __name__ == "__main__":
    sys.exit(main())
