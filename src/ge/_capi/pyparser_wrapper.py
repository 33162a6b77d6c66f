"""ctypes binding of ``GeApiWrapper_Parser_ParseOnnx`` (GE's aclgrphParseONNX), used by
``ge.parser.parse_onnx``; built into ``libge_compiler.so`` like the other bindings."""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = ["parser_lib", "get_parser_lib", "is_parser_lib_loaded"]

_STRP = ctypes.POINTER(ctypes.c_char_p)

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "Parser_ParseOnnx": (ctypes.c_void_p, [ctypes.c_char_p, _STRP, _STRP, ctypes.c_int]),
}


parser_lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GeApiWrapper_")


def get_parser_lib() -> ctypes.CDLL:
    return parser_lib


def is_parser_lib_loaded() -> bool:
    return parser_lib is not None
