"""Fixtures of the packaging tests: the wheels of tools/build_native_matrix.py and fresh venvs.

Three ways to get the wheels (once per session, into a temporary dist dir):

- default (tools/run_tests.sh): ``GE_PY_TEST_COMPILER_BUILD_DIR`` names the CMake build that
  already compiled the compiler core (build/tests). The matrix tool wraps that core into the
  ge_compiler wheel (no second compile) and builds sub-wheels only for the oldest and the newest
  CPython on the machine, against that core. The build dirs and build venvs are the matrix
  tool's (build/native_matrix), so later runs are incremental.
- ``GE_PY_TEST_PACKAGING=1``: the full matrix, as a release would build it: the compiler core
  compiled again (with the development build's flags, so ccache serves its objects) and a
  sub-wheel for every CPython found.
- ``GE_PY_TEST_DIST=<dir>``: the wheels of an earlier ``build_native_matrix.py --out <dir>``.

In every mode the oldest and the newest CPython found get a venv with their sub-wheel; versions
absent on the machine are skipped with the reason.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

import pytest
from packaging_support import REPO, artifact_set_sources_missing, matrix_tool


@dataclass
class Dist:
    directory: Path
    interpreters: Dict[str, matrix_tool.Interpreter]
    bridge_tags: List[str]  # the sub-wheels the venv tests install: the oldest and the newest
    work_dir: Path | None = None  # the matrix tool's build dirs, when this session built
    matrix_report: str = ""

    def wheels(self, prefix: str) -> List[Path]:
        return sorted(self.directory.glob(f"{prefix}-*.whl"))


@pytest.fixture(scope="session")
def available_interpreters():
    found = matrix_tool.discover([], list(matrix_tool.SUPPORTED_TAGS), False).interpreters
    if not found:
        pytest.skip(
            "not on this machine: no CPython 3.9-3.14 interpreter with headers, libpython and pip"
        )
    return found


def _run_matrix(out: Path, work: Path, tags: List[str], options: List[str]) -> str:
    command = [sys.executable, str(REPO / "tools" / "build_native_matrix.py"), "--out", str(out)]
    command += ["--work-dir", str(work), *options]
    for tag in tags:
        command += ["--tag", tag]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


@pytest.fixture(scope="session")
def dist(tmp_path_factory, available_interpreters) -> Dist:
    """ge_py, ge_compiler and the sub-wheels of the mode chosen by the environment (module doc)."""
    missing = artifact_set_sources_missing()
    if missing:
        pytest.skip(missing)
    tags = [t for t in matrix_tool.SUPPORTED_TAGS if t in available_interpreters]
    ends = sorted({tags[0], tags[-1]}, key=tags.index)
    reuse = os.environ.get("GE_PY_TEST_DIST")
    if reuse:
        out = Path(reuse).resolve()
        built = [t for t in tags if list(out.glob(f"ge_py_pass_bridge-*-{t}-{t}-*.whl"))]
        assert built, f"GE_PY_TEST_DIST={out} has no sub-wheel for any of {tags}"
        built = sorted({built[0], built[-1]}, key=tags.index)
        return Dist(directory=out, interpreters=available_interpreters, bridge_tags=built)
    out = tmp_path_factory.mktemp("dist")
    core_build = os.environ.get("GE_PY_TEST_COMPILER_BUILD_DIR")
    if os.environ.get("GE_PY_TEST_PACKAGING") == "1":
        wanted = tags
        options = []
        for setting in (
            "cmake.build-type=RelWithDebInfo",
            "cmake.define.GE_WERROR=ON",
            f"build-dir={REPO / 'build' / 'wheel_ge_compiler_test'}",
        ):
            options += ["--compiler-config", setting]
    elif core_build:
        wanted = ends
        options = ["--compiler-build-dir", core_build]
    else:
        pytest.skip(
            "the wheel tests need the compiler core of a build: set GE_PY_TEST_COMPILER_BUILD_DIR"
            "=<CMake build dir> (tools/run_tests.sh sets build/tests), GE_PY_TEST_PACKAGING=1 "
            "(full matrix, compiles the core again) or GE_PY_TEST_DIST=<build_native_matrix.py "
            "--out dir>"
        )
    # The matrix tool's own build dirs and build venvs: shared with a build_native_matrix.py run
    # of this checkout, so either one makes the other incremental.
    work = REPO / "build" / "native_matrix"
    report = _run_matrix(out, work, wanted, options)
    built = [t for t in wanted if list(out.glob(f"ge_py_pass_bridge-*-{t}-{t}-*.whl"))]
    assert built == wanted, report
    return Dist(
        directory=out,
        interpreters=available_interpreters,
        bridge_tags=ends,
        work_dir=work,
        matrix_report=report,
    )
