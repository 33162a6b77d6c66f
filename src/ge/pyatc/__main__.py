"""Entry of ``python3 -m ge.pyatc`` and the ``pyatc`` console script.

The C library is looked up at call time through the module attribute ``pyatc_lib`` (here or in
``ge._capi.pypyatc_wrapper``), so tests can monkeypatch either.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import List, Sequence

from ge._capi import pypyatc_wrapper
from ge._capi.pypyatc_wrapper import pyatc_lib

__all__ = ["main"]

_LOADED_LIB = pyatc_lib
_MODULE_COMMAND = " -m ge.pyatc"


def _lib():
    """A monkeypatched ``pyatc_lib`` (of this module or of the binding module) wins."""
    if pyatc_lib is not _LOADED_LIB:
        return pyatc_lib
    return pypyatc_wrapper.pyatc_lib


def _build_argv(cmdline_argv0: str | None, args: Sequence[str] | None) -> List[str]:
    if cmdline_argv0 is not None:
        return [cmdline_argv0, *list(args or [])]
    # GE behaviour kept: without cmdline_argv0, ``args`` is ignored.
    argv = list(sys.argv)
    if argv and os.path.basename(argv[0]) == "__main__.py":
        # atc derives its usage command from argv[0]: "python3 -m ge.pyatc" for this form.
        argv[0] = sys.executable + _MODULE_COMMAND
    return argv


def _flush_c_stdio() -> None:
    """atc writes through C stdio; flush it so its text precedes anything Python prints next."""
    try:
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):  # pragma: no cover - libc without fflush is not expected
        pass


def main(cmdline_argv0: str | None = None, args: Sequence[str] | None = None) -> None:
    """Runs atc with ``[cmdline_argv0] + args``, or with ``sys.argv`` when ``cmdline_argv0`` is
    None, in this process; exits with atc's status (0 success or --help, 255 failure)."""
    argv = _build_argv(cmdline_argv0, args)
    # ge_py addition: --verify_py_passes=1 recompiles without Python passes and compares numbers.
    try:
        from ge.passes.testing import _split_verify_flag

        atc_args, verify = _split_verify_flag(argv[1:])
    except ValueError as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        sys.exit(255)
    if argv:
        argv = [argv[0], *atc_args]
    # surrogateescape keeps undecodable file names (os.fsdecode) byte for byte.
    encoded = [arg.encode("utf-8", "surrogateescape") for arg in argv]
    c_argv = (ctypes.c_char_p * (len(encoded) + 1))(*encoded, None)
    sys.stdout.flush()
    sys.stderr.flush()
    ret = _lib().GeApiWrapper_Atc_Main(len(encoded), c_argv)
    _flush_c_stdio()
    if ret == 0 and verify:
        from ge.passes.testing import verify_after_atc

        ret = verify_after_atc(atc_args)
    sys.exit(ret)


if __name__ == "__main__":
    main()
