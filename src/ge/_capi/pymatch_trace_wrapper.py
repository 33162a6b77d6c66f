"""ctypes binding of the MatchTrace C API (``ge/c_api/match_trace.h``).

``match_trace_lib`` is the process-wide compiler library with these signatures declared; it
serves ``ge.passes.testing.trace_pass``.
"""

from __future__ import annotations

import ctypes

from ge._capi._lib_loader import declare_signatures, get_compiler_lib

__all__ = ["match_trace_lib"]

# name (without the GeApiWrapper_ prefix) -> (restype, argtypes)
_SIGNATURES = {
    "MatchTrace_Start": (ctypes.c_uint32, [ctypes.c_char_p, ctypes.c_size_t]),
    "MatchTrace_Finish": (ctypes.c_uint32, [ctypes.POINTER(ctypes.c_char_p)]),
    "MatchTrace_FreeString": (None, [ctypes.c_char_p]),
}

match_trace_lib = declare_signatures(get_compiler_lib(), _SIGNATURES, "GeApiWrapper_")
