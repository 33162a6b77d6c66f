"""The offline build functions over the core's offline compile C API.

The C library is looked up at call time through the module attribute ``offline_compile_lib``
(here or in ``ge._capi.pyoffline_compile_wrapper``), so tests can monkeypatch either.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any, Dict, List, Tuple

from ge._capi import pyoffline_compile_wrapper
from ge._capi.pyoffline_compile_wrapper import offline_compile_lib
from ge.error import raise_ge_error
from ge.graph import Graph
from ge.offline_compile.model_buffer import ModelBuffer

__all__ = [
    "GraphWithOptions",
    "build_initialize",
    "build_finalize",
    "build_model",
    "save_model",
    "bundle_build_model",
    "bundle_save_model",
]

_LOADED_LIB = offline_compile_lib
_CharArray = Any  # ctypes array of c_char_p, or None


def _lib():
    """A monkeypatched ``offline_compile_lib`` (of this module or of the binding module) wins."""
    if offline_compile_lib is not _LOADED_LIB:
        return offline_compile_lib
    return pyoffline_compile_wrapper.offline_compile_lib


def _check_options(options: Any, name: str) -> Dict[str, str]:
    """None -> {}; else a dict of str -> str, or TypeError naming the argument."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TypeError(f"{name} must be a dictionary")
    for key, value in options.items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError(f"{name} keys and values must be strings")
    return options


def _to_c_arrays(options: Dict[str, str]) -> Tuple[_CharArray, _CharArray, int]:
    """Key and value arrays of UTF-8 strings; NULL arrays and 0 for no options."""
    if not options:
        return None, None, 0
    keys = (ctypes.c_char_p * len(options))(*(k.encode("utf-8") for k in options))
    values = (ctypes.c_char_p * len(options))(*(v.encode("utf-8") for v in options.values()))
    return keys, values, len(options)


@dataclass
class GraphWithOptions:
    """One graph of a bundle with its build options (they override the global ones)."""

    graph: Graph
    build_options: Dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.graph, Graph):
            raise TypeError("graph must be a Graph")
        self.build_options = _check_options(self.build_options, "build_options")


def build_initialize(global_options: Dict[str, str] | None = None) -> None:
    """Starts the builder session with options every build uses (e.g. ``ge.socVersion``) and
    loads the pass plugins once for all builds until :func:`build_finalize`."""
    options = _check_options(global_options, "global_options")
    keys, values, count = _to_c_arrays(options)
    if _lib().GeApiWrapper_OfflineCompile_BuildInitialize(keys, values, count) != 0:
        raise_ge_error("BuildInitialize")


def build_finalize() -> None:
    """Ends the builder session (releases the pass plugins); harmless without one."""
    if _lib().GeApiWrapper_OfflineCompile_BuildFinalize() != 0:
        raise_ge_error("BuildFinalize")


def build_model(graph: Graph, build_options: Dict[str, str] | None = None) -> ModelBuffer:
    """Compiles a copy of ``graph`` (the graph itself is not modified) with the global options
    overridden by ``build_options``; returns the serialized ``.om`` model."""
    if not isinstance(graph, Graph):
        raise TypeError("graph must be a Graph")
    options = _check_options(build_options, "build_options")
    keys, values, count = _to_c_arrays(options)
    out = ctypes.c_void_p()
    ret = _lib().GeApiWrapper_OfflineCompile_BuildModel(
        graph._handle, keys, values, count, ctypes.byref(out)
    )
    if ret != 0:
        raise_ge_error("BuildModel")
    return ModelBuffer._create_from(out)


def _check_save_args(output_file: Any, model: Any) -> None:
    if not isinstance(output_file, str):
        raise TypeError("output_file must be a string")
    if not isinstance(model, ModelBuffer):
        raise TypeError("model must be a ModelBuffer")


def save_model(output_file: str, model: ModelBuffer) -> None:
    """Writes a :func:`build_model` result to ``output_file + ".om"``."""
    _check_save_args(output_file, model)
    if _lib().GeApiWrapper_OfflineCompile_SaveModel(output_file.encode("utf-8"), model._handle):
        raise_ge_error("SaveModel", output_file=output_file)


def bundle_build_model(graph_with_options: List[GraphWithOptions]) -> ModelBuffer:
    """Compiles several graphs into one bundle (docs/om_format.md §5)."""
    if not isinstance(graph_with_options, list):
        raise TypeError("graph_with_options must be a list")
    if len(graph_with_options) <= 1:
        raise ValueError("graph_with_options size must be larger than 1")
    for item in graph_with_options:
        if not isinstance(item, GraphWithOptions):
            raise TypeError("Each item in graph_with_options must be a GraphWithOptions")
    count = len(graph_with_options)
    graphs = (ctypes.c_void_p * count)()
    key_arrays = (ctypes.POINTER(ctypes.c_char_p) * count)()
    value_arrays = (ctypes.POINTER(ctypes.c_char_p) * count)()
    sizes = (ctypes.c_int * count)()
    keep_alive = []  # the per-graph arrays must outlive the call
    for index, item in enumerate(graph_with_options):
        # Fields of the dataclass may have been reassigned since construction.
        if not isinstance(item.graph, Graph):
            raise TypeError("graph must be a Graph")
        options = _check_options(item.build_options, "build_options")
        keys, values, size = _to_c_arrays(options)
        keep_alive.append((keys, values))
        graphs[index] = item.graph._handle
        if size:
            key_arrays[index] = ctypes.cast(keys, ctypes.POINTER(ctypes.c_char_p))
            value_arrays[index] = ctypes.cast(values, ctypes.POINTER(ctypes.c_char_p))
        sizes[index] = size
    out = ctypes.c_void_p()
    ret = _lib().GeApiWrapper_OfflineCompile_BundleBuildModel(
        graphs, key_arrays, value_arrays, sizes, count, ctypes.byref(out)
    )
    if ret != 0:
        raise_ge_error("BundleBuildModel", graph_count=count)
    return ModelBuffer._create_from(out)


def bundle_save_model(output_file: str, model: ModelBuffer) -> None:
    """Writes a :func:`bundle_build_model` result to ``output_file + ".om"``."""
    _check_save_args(output_file, model)
    if _lib().GeApiWrapper_OfflineCompile_BundleSaveModel(
        output_file.encode("utf-8"), model._handle
    ):
        raise_ge_error("BundleSaveModel", output_file=output_file)
