"""Fixtures of the session tests: GE initialised around a test, the project's ONNX models and
the atc executable (for .om files)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

_REPO = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)


@pytest.fixture
def ge_env():
    """GE initialised for the test, finalised afterwards."""
    from ge.ge_global import GeApi

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    yield GeApi
    GeApi.ge_finalize()


@pytest.fixture
def no_ge():
    """GE finalised (as a fresh process is)."""
    from ge.ge_global import GeApi

    GeApi.ge_finalize()
    yield GeApi


@pytest.fixture(scope="session")
def models(tmp_path_factory) -> str:
    """Directory holding every model of tests/models/generate_all.py."""
    pytest.importorskip("onnx", reason="the test models are written with onnx")
    script = os.path.join(_REPO, "tests", "models", "generate_all.py")
    directory = str(tmp_path_factory.mktemp("models"))
    subprocess.run([sys.executable, script, directory], check=True, capture_output=True)
    return directory


@pytest.fixture(scope="session")
def atc_path() -> str:
    """$GE_PY_ATC, else the atc next to the compiler library in use (a build tree), else the
    installed ge_compiler's."""
    candidates = []
    if os.environ.get("GE_PY_ATC"):
        candidates.append(os.path.abspath(os.environ["GE_PY_ATC"]))
    from ge._capi._lib_loader import get_compiler_lib_path

    lib_dir = os.path.dirname(get_compiler_lib_path())
    candidates.append(os.path.join(lib_dir, "tools", "atc"))
    try:
        import ge_compiler

        candidates.append(os.path.join(ge_compiler.get_bin_dir(), "atc"))
    except ImportError:
        pass
    for path in candidates:
        if os.access(path, os.X_OK):
            return path
    pytest.fail(f"atc executable not found (tried {candidates}); set GE_PY_ATC")
