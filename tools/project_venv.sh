#!/usr/bin/env bash
# Sourced by the set-up scripts: provides ge_project_venv, which makes sure the project-local
# virtual environment .venv exists with a current pip, and prints its python. A venv keeps the
# OS interpreter untouched (Debian/Ubuntu mark it externally managed, PEP 668, and their pip is
# too old for some build options), so the set-up commands work in a plain shell.

GE_VENV_DIR="${GE_VENV_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.venv}"
GE_MIN_PIP_MAJOR=23

ge_project_venv() {
  local python="$GE_VENV_DIR/bin/python"
  if [ ! -x "$python" ]; then
    local base="${GE_BASE_PYTHON:-python3}"
    if ! command -v "$base" >/dev/null 2>&1; then
      echo "error: $base not found: ge_py needs Python >= 3.9 (set GE_BASE_PYTHON to another interpreter)" >&2
      return 1
    fi
    if ! "$base" -c 'import sys; sys.exit(sys.version_info < (3, 9))'; then
      echo "error: $base is Python $("$base" -c 'import platform; print(platform.python_version())'); ge_py needs >= 3.9" >&2
      return 1
    fi
    echo "creating the project environment $GE_VENV_DIR with $("$base" -c 'import sys; print(sys.executable)')" >&2
    if ! "$base" -m venv "$GE_VENV_DIR" >&2; then
      rm -rf "$GE_VENV_DIR"
      echo "error: '$base -m venv' failed; on Debian/Ubuntu install the venv module first:" >&2
      echo "       sudo apt-get install python3-venv" >&2
      return 1
    fi
  fi
  local pip_major
  pip_major=$("$python" -c 'import pip; print(pip.__version__.split(".")[0])' 2>/dev/null || echo 0)
  if [ "$pip_major" -lt "$GE_MIN_PIP_MAJOR" ]; then
    "$python" -m ensurepip --upgrade >/dev/null 2>&1 || true
    "$python" -m pip install --quiet --upgrade pip >&2
  fi
  echo "$python"
}
