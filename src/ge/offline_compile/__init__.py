"""``ge.offline_compile``: build ``.om`` models from ``ge.graph.Graph`` objects without ``atc``
(GE's aclgrphBuildInitialize / BuildModel / SaveModel / Bundle* /
BuildFinalize).

Typical use::

    build_initialize({"ge.socVersion": "Ascend910B1"})
    model = build_model(graph, {"ge.oo.level": "O3"})
    save_model("out/model", model)          # writes out/model.om
    build_finalize()
"""

from __future__ import annotations

from ge.offline_compile.model_buffer import ModelBuffer
from ge.offline_compile.offline_compile import (
    GraphWithOptions,
    build_finalize,
    build_initialize,
    build_model,
    bundle_build_model,
    bundle_save_model,
    save_model,
)

__all__ = [
    "GraphWithOptions",
    "ModelBuffer",
    "build_initialize",
    "build_finalize",
    "build_model",
    "save_model",
    "bundle_build_model",
    "bundle_save_model",
]
