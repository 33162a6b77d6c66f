"""ge.graph.Tensor numpy interop and DEVICE placement through Tensor_ToDevice / Tensor_ToHost."""

from __future__ import annotations

import pytest

from ge.graph import DataType, Format, Placement, Tensor

np = pytest.importorskip("numpy")

_CASES = [
    (np.float32, DataType.DT_FLOAT),
    (np.float16, DataType.DT_FLOAT16),
    (np.float64, DataType.DT_DOUBLE),
    (np.int8, DataType.DT_INT8),
    (np.int16, DataType.DT_INT16),
    (np.int32, DataType.DT_INT32),
    (np.int64, DataType.DT_INT64),
    (np.uint8, DataType.DT_UINT8),
    (np.uint16, DataType.DT_UINT16),
    (np.uint32, DataType.DT_UINT32),
    (np.uint64, DataType.DT_UINT64),
    (np.bool_, DataType.DT_BOOL),
]


@pytest.mark.parametrize("np_type, data_type", _CASES)
def test_from_numpy_round_trip(np_type, data_type):
    array = (np.arange(24).reshape(2, 3, 4) % 7).astype(np_type)
    tensor = Tensor.from_numpy(array)
    assert tensor.get_data_type() == data_type
    assert tensor.get_shape() == [2, 3, 4]
    back = tensor.numpy()
    assert back.dtype == np.dtype(np_type)
    np.testing.assert_array_equal(back, array)


def test_scalar_empty_and_non_contiguous_arrays():
    scalar = Tensor.from_numpy(np.array(2.5, dtype=np.float32))
    assert scalar.get_shape() == [] and scalar.numpy().shape == ()
    assert scalar.numpy() == np.float32(2.5)
    empty = Tensor.from_numpy(np.zeros([0, 3], dtype=np.float32))
    assert empty.numpy().shape == (0, 3)
    strided = np.arange(12, dtype=np.int32).reshape(3, 4).T
    np.testing.assert_array_equal(Tensor.from_numpy(strided).numpy(), strided)
    big_endian = np.arange(4, dtype=">f4")
    np.testing.assert_array_equal(Tensor.from_numpy(big_endian).numpy(), np.arange(4))


def test_numpy_matches_the_text_data_and_format_is_kept():
    tensor = Tensor.from_numpy(np.array([[1, 2], [3, 4]], dtype=np.int32), Format.FORMAT_NCHW)
    assert tensor.get_format() == Format.FORMAT_NCHW
    assert tensor.get_data() == [[1, 2], [3, 4]]
    list_tensor = Tensor([1.5, 2.5, 3.5], shape=[3])
    np.testing.assert_array_equal(list_tensor.numpy(), np.array([1.5, 2.5, 3.5], np.float32))


def test_from_numpy_rejects_unsupported_input():
    with pytest.raises(TypeError, match="^array must be a numpy.ndarray$"):
        Tensor.from_numpy([1.0])
    with pytest.raises(TypeError, match="does not support numpy dtype complex64"):
        Tensor.from_numpy(np.zeros(2, dtype=np.complex64))
    with pytest.raises(TypeError, match="^Format must be a Format$"):
        Tensor.from_numpy(np.zeros(2, dtype=np.float32), 1)


def test_numpy_rejects_tensors_without_matching_bytes():
    with pytest.raises(RuntimeError, match="needs 4"):
        Tensor().numpy()  # an empty core tensor: [] shape (one float) without bytes


def test_device_placement_round_trip():
    tensor = Tensor([1.0, 2.0, 3.0], shape=[3])
    assert tensor.to_device() is tensor
    assert tensor.get_placement() == Placement.PLACEMENT_DEVICE
    with pytest.raises(ValueError, match=r"^to_device\(\) only supports host tensors$"):
        tensor.to_device()
    with pytest.raises(RuntimeError, match=r"call to_host\(\) first"):
        tensor.numpy()
    assert tensor.to_host() is tensor
    assert tensor.get_placement() == Placement.PLACEMENT_HOST
    assert tensor.get_data() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match=r"^to_host\(\) only supports device tensors$"):
        tensor.to_host()


def test_device_placement_in_constructor():
    tensor = Tensor([7, 8], None, DataType.DT_INT32, Format.FORMAT_ND, [2],
                    Placement.PLACEMENT_DEVICE)  # fmt: skip
    assert tensor.get_placement() == Placement.PLACEMENT_DEVICE
    np.testing.assert_array_equal(tensor.to_host().numpy(), [7, 8])


def test_placement_failure_text_on_a_null_handle():
    import ctypes

    tensor = Tensor([1.0], shape=[1])
    handle = tensor._handle
    tensor._handle = ctypes.c_void_p(None)
    with pytest.raises(RuntimeError, match="^Failed to get placement of tensor$"):
        tensor.to_device()
    tensor._handle = handle


def test_bfloat16_round_trip_through_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    array = np.array([[1.5, -2.25], [3.0e38, 0.0078125]], dtype=ml_dtypes.bfloat16)
    tensor = Tensor.from_numpy(array)
    assert tensor.get_data_type() == DataType.DT_BF16
    back = tensor.numpy()
    assert back.dtype == array.dtype
    np.testing.assert_array_equal(back.view(np.uint16), array.view(np.uint16))


def test_bfloat16_reads_need_ml_dtypes(monkeypatch):
    import sys

    ml_dtypes = pytest.importorskip("ml_dtypes")
    array = np.array([1.0, 2.0], dtype=ml_dtypes.bfloat16)
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # an interpreter without ml_dtypes
    tensor = Tensor.from_numpy(array)  # the dtype names itself: no import needed
    assert tensor.get_data_type() == DataType.DT_BF16
    with pytest.raises(TypeError, match="DT_BF16 without ml_dtypes installed"):
        tensor.numpy()
