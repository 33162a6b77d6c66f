"""Locations of the Python-neutral compiler core: libge_compiler.so, atc, headers, data files.

The ``ge`` package finds the native library through :func:`get_lib_dir`; C++ plugin authors use
:func:`get_include_dir` to compile against the public headers.
"""

from __future__ import annotations

import os

__all__ = ["get_bin_dir", "get_data_dir", "get_include_dir", "get_lib_dir", "get_lib_path"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def get_lib_dir() -> str:
    return os.path.join(_HERE, "lib")


def get_lib_path() -> str:
    return os.path.join(get_lib_dir(), "libge_compiler.so")


def get_bin_dir() -> str:
    return os.path.join(_HERE, "bin")


def get_include_dir() -> str:
    return os.path.join(_HERE, "include")


def get_data_dir() -> str:
    return os.path.join(_HERE, "data")
