"""ge.runtime.Tensor: a borrowed view of a callback's tensor (here a host tensor the test hooks
own), its properties, expiry with its scope, read-only compile-time views, and the zero-copy
NumPy view of host memory."""

from __future__ import annotations

import struct
import sys

import pytest
from runtime_support import runtime_test_hooks

runtime = pytest.importorskip("ge.runtime", reason="needs the _ge_runtime_native module")

from ge.graph.types import DataType, Format  # noqa: E402

_native = runtime._native


def _borrow(host, read_only=False):
    scope = _native._BorrowScope()
    return _native._borrow_tensor(host.address, scope, read_only), scope


def _host(dims=(2, 3), data_type=DataType.DT_FLOAT, size=24, **kwargs):
    return runtime_test_hooks().HostTensor(list(dims), list(dims), int(data_type), size, **kwargs)


def test_properties_describe_the_lent_tensor():
    host = runtime_test_hooks().HostTensor(
        [2, 3],
        [2, 3, 1],
        int(DataType.DT_INT32),
        24,
        1,
        int(Format.FORMAT_NCHW),
        int(Format.FORMAT_NC1HWC0),
        "1100",
    )
    tensor, _ = _borrow(host)
    assert isinstance(tensor, runtime.Tensor)
    assert tensor.addr == host.data_address and tensor.size == 24
    assert tensor.shape_size == 6
    assert tensor.origin_shape.dims == [2, 3]
    assert tensor.storage_shape.dims == [2, 3, 1]
    assert tensor.shape.storage_shape.dims == [2, 3, 1]
    assert tensor.origin_format is Format.FORMAT_NCHW
    assert tensor.storage_format is Format.FORMAT_NC1HWC0
    assert tensor.format.storage_format is Format.FORMAT_NC1HWC0
    assert tensor.expand_dims_type.full_size == 4
    assert tensor.data_type is DataType.DT_INT32
    assert tensor.placement == runtime.TensorPlacement.ON_HOST


def test_views_of_a_tensor_edit_it_during_execute():
    host = _host()
    tensor, _ = _borrow(host)
    tensor.storage_shape.set_dim(1, 2)
    tensor.format.set_storage_format(Format.FORMAT_NHWC)
    assert host.storage_dims == [2, 2]
    assert host.storage_format == int(Format.FORMAT_NHWC)


def test_everything_borrowed_expires_with_the_scope():
    host = _host()
    tensor, scope = _borrow(host)
    shape, fmt = tensor.storage_shape, tensor.format
    expand = tensor.expand_dims_type
    scope._invalidate()
    assert not scope.valid
    for use in (
        lambda: tensor.addr,
        lambda: tensor.numpy(),
        lambda: shape.dims,
        lambda: fmt.origin_format,
        lambda: expand.full_size,
    ):
        with pytest.raises(RuntimeError, match="^handle has expired$"):
            use()
    assert struct.unpack("6f", host.read()) == (0,) * 6  # the memory itself was not touched


def test_compile_time_views_are_read_only():
    tensor, _ = _borrow(_host(), read_only=True)
    with pytest.raises(RuntimeError, match="^borrowed object is read-only$"):
        tensor.storage_shape.set_dim(0, 1)
    with pytest.raises(RuntimeError, match="borrowed object is read-only"):
        tensor.origin_shape.append_dim(1)
    with pytest.raises(RuntimeError, match="borrowed object is read-only"):
        tensor.shape.set_origin_shape(tensor.storage_shape)
    with pytest.raises(RuntimeError, match="borrowed object is read-only"):
        tensor.format.set_origin_format(Format.FORMAT_NCHW)
    with pytest.raises(RuntimeError, match="borrowed object is read-only"):
        tensor.expand_dims_type.set_expand_index(0)
    assert tensor.storage_shape.dims == [2, 3]


def test_a_null_address_is_refused():
    with pytest.raises(ValueError, match="tensor_address is null"):
        _native._borrow_tensor(0, _native._BorrowScope(), False)


def test_numpy_is_a_zero_copy_view_of_host_memory():
    np = pytest.importorskip("numpy")
    host = _host()
    host.write(struct.pack("6f", *range(6)))
    tensor, _ = _borrow(host)
    array = tensor.numpy()
    assert array.dtype == np.float32 and array.shape == (2, 3)
    assert array.tolist() == [[0, 1, 2], [3, 4, 5]]
    array *= 2
    assert struct.unpack("6f", host.read()) == (0, 2, 4, 6, 8, 10)
    assert array.ctypes.data == host.data_address


def test_numpy_of_a_read_only_tensor_is_read_only():
    pytest.importorskip("numpy")
    tensor, _ = _borrow(_host(), read_only=True)
    array = tensor.numpy()
    assert not array.flags.writeable
    with pytest.raises(ValueError):
        array[0, 0] = 1


@pytest.mark.parametrize(
    "data_type, dims, size, numpy_name",
    [
        (DataType.DT_INT64, [3], 24, "int64"),
        (DataType.DT_BOOL, [4], 4, "bool"),
        (DataType.DT_FLOAT16, [2, 2], 8, "float16"),
        (DataType.DT_UINT8, [], 1, "uint8"),
        (DataType.DT_INT32, [0, 4], 0, "int32"),
    ],
)
def test_numpy_dtypes_and_shapes(data_type, dims, size, numpy_name):
    np = pytest.importorskip("numpy")
    tensor, _ = _borrow(_host(dims, data_type, size))
    array = tensor.numpy()
    assert array.dtype == np.dtype(numpy_name) and list(array.shape) == dims


def test_numpy_refuses_what_it_cannot_view():
    pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="does not support data type DT_INT4"):
        _borrow(_host(data_type=DataType.DT_INT4))[0].numpy()
    with pytest.raises(ValueError, match="holds 8 bytes, its shape needs 24"):
        _borrow(_host(size=8))[0].numpy()
    device = _host(placement=int(runtime.TensorPlacement.ON_DEVICE_HBM))
    with pytest.raises(RuntimeError, match="needs a tensor in host memory"):
        _borrow(device)[0].numpy()


def test_numpy_is_only_needed_by_numpy(monkeypatch):
    tensor, _ = _borrow(_host())
    monkeypatch.setitem(sys.modules, "numpy", None)  # what an interpreter without NumPy sees
    assert tensor.shape_size == 6
    with pytest.raises(ImportError, match=r"Tensor.numpy\(\) needs NumPy"):
        tensor.numpy()
