"""ctypes mirrors of the bridge ABI's node view (ge/onnx_plugin/onnx_plugin_bridge_abi.h), to
build OnnxNode snapshots the way the bridge does."""

from __future__ import annotations

import ctypes

c_char_pp = ctypes.POINTER(ctypes.c_char_p)


class OnnxPluginAttr(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("onnx_type", ctypes.c_int32),
        ("f", ctypes.c_float),
        ("i", ctypes.c_int64),
        ("bytes", ctypes.c_char_p),
        ("bytes_length", ctypes.c_size_t),
        ("floats", ctypes.POINTER(ctypes.c_float)),
        ("float_count", ctypes.c_size_t),
        ("ints", ctypes.POINTER(ctypes.c_int64)),
        ("int_count", ctypes.c_size_t),
        ("strings", c_char_pp),
        ("string_lengths", ctypes.POINTER(ctypes.c_size_t)),
        ("string_count", ctypes.c_size_t),
    ]


class OnnxPluginNodeView(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("origin_type", ctypes.c_char_p),
        ("inputs", c_char_pp),
        ("input_count", ctypes.c_size_t),
        ("outputs", c_char_pp),
        ("output_count", ctypes.c_size_t),
        ("attrs", ctypes.POINTER(OnnxPluginAttr)),
        ("attr_count", ctypes.c_size_t),
    ]


def _strings(items):
    return (ctypes.c_char_p * max(len(items), 1))(*items)


def make_node(name, origin_type, inputs, outputs, attrs=()):
    """An OnnxNode snapshot. ``attrs``: (name bytes, onnx type, value) with value a float, int,
    bytes, or a list of those."""
    keep = []
    records = (OnnxPluginAttr * max(len(attrs), 1))()
    for k, (attr_name, onnx_type, value) in enumerate(attrs):
        record = records[k]
        record.name = attr_name
        record.onnx_type = onnx_type
        if onnx_type == 1:
            record.f = value
        elif onnx_type == 2:
            record.i = value
        elif onnx_type == 3:
            record.bytes, record.bytes_length = value, len(value)
        elif onnx_type == 6:
            array = (ctypes.c_float * max(len(value), 1))(*value)
            record.floats, record.float_count = array, len(value)
            keep.append(array)
        elif onnx_type == 7:
            array = (ctypes.c_int64 * max(len(value), 1))(*value)
            record.ints, record.int_count = array, len(value)
            keep.append(array)
        elif onnx_type == 8:
            texts = _strings(value)
            lengths = (ctypes.c_size_t * max(len(value), 1))(*[len(v) for v in value])
            record.strings, record.string_lengths = texts, lengths
            record.string_count = len(value)
            keep += [texts, lengths]
    view = OnnxPluginNodeView()
    view.name, view.origin_type = name, origin_type
    in_array, out_array = _strings(inputs), _strings(outputs)
    view.inputs, view.input_count = in_array, len(inputs)
    view.outputs, view.output_count = out_array, len(outputs)
    view.attrs, view.attr_count = records, len(attrs)
    from ge.onnx_plugin import _native

    module = __import__(_native._NAME, fromlist=["_from_view"])
    node = module._from_view(ctypes.addressof(view))
    del keep, in_array, out_array, records, view  # the snapshot owns copies
    return node
