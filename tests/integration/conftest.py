"""Fixtures of the end-to-end tests: the real atc executable and the project's ONNX models."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _find_atc() -> str:
    """$GE_PY_ATC (a development build), else the atc shipped in the installed ge_compiler."""
    override = os.environ.get("GE_PY_ATC")
    if override:
        return os.path.abspath(override)
    try:
        import ge_compiler
    except ImportError:
        return ""
    return os.path.join(ge_compiler.get_bin_dir(), "atc")


@dataclass
class AtcRun:
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture(scope="session")
def atc_path() -> str:
    path = _find_atc()
    if not path or not os.access(path, os.X_OK):
        pytest.fail(
            f"atc executable not found ({path or 'no ge_compiler package'}); build it and set "
            "GE_PY_ATC=build/<dir>/compiler/tools/atc, or install the package"
        )
    return path


@pytest.fixture(scope="session")
def run_atc(atc_path):
    def run(*args: str, env: dict | None = None, cwd: str | None = None) -> AtcRun:
        full_env = dict(os.environ)
        full_env.update(env or {})
        done = subprocess.run(
            [atc_path, *args],
            capture_output=True,
            text=True,
            env=full_env,
            cwd=cwd,
            timeout=300,
        )
        return AtcRun(done.returncode, done.stdout, done.stderr)

    return run


@pytest.fixture(scope="session")
def models(tmp_path_factory) -> str:
    """Directory holding every model of tests/models/generate_all.py."""
    script = os.path.join(_REPO, "tests", "models", "generate_all.py")
    directory = str(tmp_path_factory.mktemp("models"))
    # Run the generator as a script with this interpreter (it imports its sibling modules).
    subprocess.run([sys.executable, script, directory], check=True, capture_output=True)
    return directory
