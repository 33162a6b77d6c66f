"""``parse_onnx``: an ONNX file into a ``ge.graph.Graph`` with the importer ``atc
--framework=5`` uses, so a program can compile and run the model in a ``Session``."""

from __future__ import annotations

import ctypes
from typing import Dict

from ge._capi import pyparser_wrapper
from ge._capi._runtime_lib import options_to_c
from ge.error import raise_ge_error
from ge.graph import Graph

__all__ = ["parse_onnx"]


def parse_onnx(model_path: str, parser_params: Dict[str, str] | None = None) -> Graph:
    """Parses the ONNX model at ``model_path``. ``parser_params`` take the atc flag values
    ``input_format``, ``input_shape`` (``"x:1,3,224,224;y:2"``) and ``out_nodes``
    (``"node:0;other:1"``). Failures raise ``GeError`` naming the file."""
    if not isinstance(model_path, str):
        raise TypeError("model_path must be a string")
    if parser_params is None:
        parser_params = {}
    if not isinstance(parser_params, dict):
        raise TypeError("parser_params must be a dictionary")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in parser_params.items()):
        raise TypeError("parser_params keys and values must be strings")
    keys, values, count = options_to_c(parser_params)
    handle = pyparser_wrapper.parser_lib.GeApiWrapper_Parser_ParseOnnx(
        model_path.encode("utf-8"), keys, values, count
    )
    if not handle:
        raise_ge_error("ParseOnnx", model_path=model_path)
    return Graph._create_from(ctypes.c_void_p(handle))
