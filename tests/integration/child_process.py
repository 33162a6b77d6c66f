"""What the child processes of the end-to-end tests need: the ``ge`` package these tests import
first on PYTHONPATH, so that a child runs the same build (installed, or a development tree)."""

from __future__ import annotations

import os

import ge

GE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(ge.__file__)))


def ge_pythonpath() -> str:
    """PYTHONPATH for a child: the directory holding ``ge``, then this process's PYTHONPATH."""
    return os.pathsep.join(filter(None, [GE_ROOT, os.environ.get("PYTHONPATH")]))
