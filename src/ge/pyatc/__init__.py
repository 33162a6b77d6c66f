"""``pyatc``: the atc offline compiler run inside the current Python process (docs/atc.md).

Run it as ``python3 -m ge.pyatc <atc flags>`` or through the ``pyatc`` console script; both call
:func:`ge.pyatc.__main__.main`. Compared with the native ``atc`` executable, Python passes
(``ASCEND_GE_PY_PASS_PATH``) run in this interpreter instead of one atc would start.
"""

from __future__ import annotations

__all__ = ["main"]


def __getattr__(name: str):
    # Lazy, so that ``python -m ge.pyatc`` does not import ``__main__`` twice (runpy warns).
    if name == "main":
        from ge.pyatc.__main__ import main

        return main
    raise AttributeError(f"module 'ge.pyatc' has no attribute '{name}'")
