"""What the child processes of the end-to-end tests need: the ``ge`` package these tests import
first on PYTHONPATH, so that a child runs the same build (installed, or a development tree)."""

from __future__ import annotations

import os
import subprocess
import sys

import ge

GE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(ge.__file__)))


def ge_pythonpath() -> str:
    """PYTHONPATH for a child: the directory holding ``ge``, then this process's PYTHONPATH."""
    return os.pathsep.join(filter(None, [GE_ROOT, os.environ.get("PYTHONPATH")]))


def child_env(**extra: str) -> dict:
    """The variables a child needs on top of this process's: PYTHONPATH, then ``extra``."""
    return {"PYTHONPATH": ge_pythonpath(), **extra}


def run_python(*args: str, env: dict) -> subprocess.CompletedProcess:
    """This interpreter on ``args`` with ``env`` over this process's environment."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=300,
    )


def onnx_compile_args(model, output) -> list:
    """atc/pyatc arguments compiling ONNX ``model`` for Ascend910B1 into ``output``.om."""
    return [f"--model={model}", "--framework=5", "--soc_version=Ascend910B1", f"--output={output}"]
