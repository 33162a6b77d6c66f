"""The storage-only narrow types (float8, float4, int4, int2, uint2) through ge.graph.Tensor's
numpy interop and a Session's Cast, against ml_dtypes' own conversions."""

from __future__ import annotations

import ctypes

import pytest

from ge._capi.pygraph_wrapper import graph_lib, int64_array
from ge.error import get_ge_error_msg
from ge.graph import DataType, Tensor
from ge.session import Session

np = pytest.importorskip("numpy")
ml_dtypes = pytest.importorskip("ml_dtypes")

NARROW = [
    (DataType.DT_FLOAT8_E4M3FN, "float8_e4m3fn"),
    (DataType.DT_FLOAT8_E5M2, "float8_e5m2"),
    (DataType.DT_FLOAT8_E8M0, "float8_e8m0fnu"),
    (DataType.DT_FLOAT4_E2M1, "float4_e2m1fn"),
    (DataType.DT_INT4, "int4"),
    (DataType.DT_INT2, "int2"),
    (DataType.DT_UINT2, "uint2"),
]
PACKED_BITS = {"float4_e2m1fn": 4, "int4": 4, "int2": 2, "uint2": 2}


def _samples(name, shape):
    info = ml_dtypes.iinfo if name in ("int4", "int2", "uint2") else ml_dtypes.finfo
    dtype = getattr(ml_dtypes, name)
    low, high = float(info(dtype).min), float(info(dtype).max)
    values = np.linspace(max(low, -4.0), min(high, 4.0), num=int(np.prod(shape)))
    return values.astype(dtype).reshape(shape)


@pytest.mark.parametrize("data_type, name", NARROW)
@pytest.mark.parametrize("shape", [[5], [2, 3], [], [0, 4]])
def test_numpy_round_trip_keeps_codes_and_packs_sub_byte_types(data_type, name, shape):
    array = _samples(name, shape)
    tensor = Tensor.from_numpy(array)
    assert tensor.get_data_type() == data_type
    assert tensor.get_shape() == shape
    back = tensor.numpy()
    assert back.dtype == array.dtype and back.shape == array.shape
    assert back.view(np.uint8).tolist() == array.view(np.uint8).tolist()
    count = int(np.prod(shape))
    bits = PACKED_BITS.get(name, 8)
    data = ctypes.c_void_p()
    size = ctypes.c_size_t()
    from ge._capi.pytensor_runtime_wrapper import tensor_runtime_lib

    tensor_runtime_lib.GeApiWrapper_Tensor_GetRawData(
        tensor._handle, ctypes.byref(data), ctypes.byref(size)
    )
    assert size.value == (count * bits + 7) // 8


def test_creating_from_bytes_checks_the_packed_size():
    dims = [3]
    handle = graph_lib.GeApiWrapper_Tensor_CreateFromBytes(
        b"\x00", 1, int64_array(dims), 1, int(DataType.DT_INT4), 0
    )
    assert not handle
    assert "shape [3] of DT_INT4 needs 2 bytes, got 1" in get_ge_error_msg()
    handle = graph_lib.GeApiWrapper_Tensor_CreateFromBytes(
        b"\x00", 1, int64_array(dims), 1, int(DataType.DT_STRING), 0
    )
    assert not handle
    assert "needs -1 bytes" in get_ge_error_msg()


def _cast_graph(es, src, dst, shape, **attrs):
    import ge.es.all as ops

    from ge.es.graph_builder import attr_scope

    builder = es.GraphBuilder(f"cast_{int(src)}_{int(dst)}")
    x = builder.create_input(0, name="x", data_type=src, shape=shape)
    with attr_scope(attrs):
        y = ops.Cast(x, dst_type=int(dst))
    return builder.build_and_reset([y])


@pytest.mark.parametrize("data_type, name", NARROW)
def test_session_casts_float_to_each_narrow_type_as_ml_dtypes_does(ge_env, es, data_type, name):
    values = np.array([0.3, -1.7, 2.5, 3.9, -0.0, 1.0, 0.74, -2.2, 1.5], dtype=np.float32)
    if name in ("float8_e8m0fnu", "uint2"):
        values = np.abs(values)
    graph = _cast_graph(es, DataType.DT_FLOAT, data_type, [9])
    session = Session()
    session.add_graph(1, graph)
    (narrow,) = session.run_graph(1, [Tensor.from_numpy(values)])
    got = narrow.numpy()
    dtype = getattr(ml_dtypes, name)
    if name in ("int4", "int2", "uint2"):
        info = ml_dtypes.iinfo(dtype)
        truncated = np.trunc(values)
        fits = (truncated >= info.min) & (truncated <= info.max)
        expected = np.where(fits, truncated, 0).astype(dtype)
    elif name == "float8_e8m0fnu":
        # E8M0 rounds up to a power of two by default (ml_dtypes rounds to nearest).
        expected = np.exp2(np.ceil(np.log2(np.maximum(values, 2.0**-127)))).astype(dtype)
    else:
        expected = values.astype(dtype)
    assert got.dtype == dtype
    assert got.astype(np.float32).tolist() == expected.astype(np.float32).tolist()

    back_graph = _cast_graph(es, data_type, DataType.DT_FLOAT, [9])
    session.add_graph(2, back_graph)
    (wide,) = session.run_graph(2, [Tensor.from_numpy(got)])
    assert wide.numpy().tolist() == got.astype(np.float32).tolist()


def test_float8_saturation_follows_the_cast_node_attribute(ge_env, es):
    values = np.array([1e6, -np.inf, 100.0], dtype=np.float32)
    session = Session()
    session.add_graph(1, _cast_graph(es, DataType.DT_FLOAT, DataType.DT_FLOAT8_E5M2, [3]))
    session.add_graph(
        2,
        _cast_graph(es, DataType.DT_FLOAT, DataType.DT_FLOAT8_E5M2, [3], saturate=False),
    )
    (saturated,) = session.run_graph(1, [Tensor.from_numpy(values)])
    (overflowed,) = session.run_graph(2, [Tensor.from_numpy(values)])
    assert saturated.numpy().astype(np.float32).tolist() == [57344.0, -57344.0, 96.0]
    assert overflowed.numpy().astype(np.float32).tolist() == [np.inf, -np.inf, 96.0]


def test_kernels_other_than_cast_refuse_narrow_types_at_compile(ge_env, es):
    import ge.es.all as ops

    builder = es.GraphBuilder("narrow_add")
    x = builder.create_input(0, name="x", data_type=DataType.DT_INT4, shape=[2])
    graph = builder.build_and_reset([ops.Add(x, x)])
    session = Session()
    session.add_graph(1, graph)
    array = np.array([1, 2], dtype=ml_dtypes.int4)
    with pytest.raises(Exception, match="DT_INT4, which Add does not take on the host runtime"):
        session.run_graph(1, [Tensor.from_numpy(array)])
