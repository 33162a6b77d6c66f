"""declare_signatures: the one place the ctypes binding modules declare their C signatures."""

from __future__ import annotations

import ctypes

import pytest

from ge._capi._lib_loader import declare_signatures


def _libc() -> ctypes.CDLL:
    # The process's own symbols: libc is always there, so this needs no compiler build.
    return ctypes.CDLL(None)


def test_prefix_and_types_are_applied() -> None:
    lib = declare_signatures(_libc(), {"len": (ctypes.c_size_t, [ctypes.c_char_p])}, "str")
    assert lib.strlen.restype is ctypes.c_size_t
    assert lib.strlen.argtypes == [ctypes.c_char_p]
    assert lib.strlen(b"four") == 4
    with pytest.raises(ctypes.ArgumentError):
        lib.strlen(4)  # argtypes are enforced


def test_missing_symbol_names_it() -> None:
    with pytest.raises(AttributeError, match="ge_py_no_such_symbol"):
        declare_signatures(_libc(), {"ge_py_no_such_symbol": (None, [])})
