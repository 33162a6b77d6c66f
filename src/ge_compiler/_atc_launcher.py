"""Console entry ``atc``: replaces this process with the native atc shipped in ge_compiler/bin.

Exec (not a subprocess) keeps atc's exit status, signals and stdio exactly as if it had been
started directly; the native binary finds libge_compiler.so through its RPATH.
"""

from __future__ import annotations

import os
import sys

from ge_compiler import get_bin_dir

__all__ = ["main"]

_ENV_OVERRIDE = "GE_PY_ATC"


def atc_path() -> str:
    """``$GE_PY_ATC`` when set (development builds), else the packaged binary."""
    override = os.environ.get(_ENV_OVERRIDE)
    return os.path.abspath(override) if override else os.path.join(get_bin_dir(), "atc")


def main() -> None:
    path = atc_path()
    if not os.access(path, os.X_OK):
        sys.stderr.write(f"atc: native executable {path} is missing or not executable\n")
        sys.exit(255)
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()
