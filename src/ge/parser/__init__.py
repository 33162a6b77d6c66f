"""Model parsers for online compilation: ``parse_onnx`` (GE's ``aclgrphParseONNX``)."""

from ge.parser.onnx_parser import parse_onnx

__all__ = ["parse_onnx"]
