"""Helpers of the packaging tests that are not fixtures: the repository root, the matrix tool
(tools/build_native_matrix.py) loaded as a module, and fresh venvs."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict

REPO = Path(__file__).resolve().parents[2]


def _load_matrix_tool():
    spec = importlib.util.spec_from_file_location(
        "build_native_matrix", REPO / "tools" / "build_native_matrix.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it executes
    spec.loader.exec_module(module)
    return module


matrix_tool = _load_matrix_tool()


def artifact_set_sources_missing() -> str:
    """Why this checkout cannot build a complete artifact set ('' when it can)."""
    for part in ("bridge", "pass_native", "runtime_native", "custom_op_native"):
        if not list((REPO / "native" / part).glob("*.cc")):
            return f"native/{part} has no sources yet: the Python pass artifact set is incomplete"
    return ""


@dataclass
class Venv:
    root: Path
    tag: str

    @property
    def python(self) -> str:
        return str(self.root / "bin" / "python")

    def env(self, **extra: str) -> Dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GE_PY_", "PYTHON"))}
        env["PATH"] = f"{self.root / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env["VIRTUAL_ENV"] = str(self.root)
        env.update(extra)
        return env

    def run(self, *args: str, check: bool = True, **extra: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [self.python, *args], capture_output=True, text=True, env=self.env(**extra)
        )
        if check:
            assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
        return done


def make_venv(base_python: str, root: Path, tag: str) -> Venv:
    """A fresh venv of ``base_python`` (created by that interpreter, with pip)."""
    subprocess.run([base_python, "-m", "venv", str(root)], check=True, capture_output=True)
    return Venv(root=root, tag=tag)
