"""``GeApi``: GEInitialize / GEFinalize. Initialising loads the pass plugins (C++ plugin
libraries and, when ``ASCEND_GE_PY_PASS_PATH`` is set, the Python passes) and keeps them loaded
until ``ge_finalize``; sessions need it before ``add_graph``/``run_graph``."""

from __future__ import annotations

from ge._capi import pygeapi_wrapper
from ge._capi._runtime_lib import options_to_c
from ge.error import raise_ge_error

__all__ = ["GeApi"]


class GeApi:
    """Stateless: every method is a class method over the runtime library."""

    @classmethod
    def ge_initialize(cls, config: dict) -> int:
        """Initialises GE with ``config`` (global options, str -> str). Returns 0."""
        if not isinstance(config, dict):
            raise TypeError("Ge init config must be a dictionary")
        if not config:
            raise TypeError("Ge init config must not be empty")
        keys, values, count = options_to_c(config)
        ret = pygeapi_wrapper.geapi_lib.GeApiWrapper_GEInitialize(keys, values, count)
        if ret != 0:
            raise_ge_error("GEInitialize", ret)
        return 0

    @classmethod
    def ge_finalize(cls) -> int:
        """Finalises GE (also fine without a prior initialise). Returns 0."""
        ret = pygeapi_wrapper.geapi_lib.GeApiWrapper_GEFinalize()
        if ret != 0:
            raise_ge_error("GEFinalize", ret)
        return 0

    @classmethod
    def is_initialized(cls) -> bool:
        """Whether GE is currently initialised (ge_py addition)."""
        return bool(pygeapi_wrapper.geapi_lib.GeApiWrapper_IsGEInitialized())
