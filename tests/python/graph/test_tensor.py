"""ge.graph.Tensor: construction, accessors, text data form."""

from __future__ import annotations

import copy

import pytest

from ge.graph import DataType, Format, Placement, Shape, Tensor, TensorDesc
from ge.graph.tensor import _parse_str_list, unflatten_tensor_data


@pytest.fixture
def int8_tensor():
    return Tensor([1, 2, 3, 4, 5, 6], None, DataType.DT_INT8, Format.FORMAT_ND, [1, 2, 3])


def test_empty_tensor_chains_setters():
    tensor = Tensor().set_data_type(DataType.DT_INT32).set_format(Format.FORMAT_NCHW)
    assert tensor.get_data_type() == DataType.DT_INT32
    assert tensor.format == Format.FORMAT_NCHW
    assert tensor.get_shape() == []
    with pytest.raises(ValueError):  # "<empty>" has no number form
        tensor.get_data()


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"shape": 1}, TypeError, "^Shape must be a list of integers$"),
        ({"shape": [1, 2.0]}, TypeError, "^Shape must be a list of integers$"),
        ({"placement": 1}, TypeError, "^Placement must be a Placement$"),
        ({"data": [1.0], "file_path": "x"}, RuntimeError, "either by data or by file"),
        ({"data": (1.0,)}, TypeError, "^data should be List$"),
        (
            {"data": [1.0], "data_type": DataType.DT_DOUBLE},
            RuntimeError,
            "^DT_DOUBLE is not supported in python Tensor constructor$",
        ),
        (
            {"data": [1, 0], "data_type": DataType.DT_BOOL},
            RuntimeError,
            "^Failed to create Tensor with data type: 12$",
        ),
        ({"file_path": "/no/such/file.bin"}, RuntimeError, "^Failed to create Tensor$"),
    ],
)
def test_constructor_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        Tensor(**kwargs)


def test_constructor_error_frees_nothing():
    with pytest.raises(TypeError):
        Tensor(shape="bad")
    # __del__ of the half-built object ran without touching a handle (no crash).


def test_float_int32_bool_construction():
    floats = Tensor([1.5, -2.0], data_type=DataType.DT_FLOAT, shape=[2])
    assert floats.get_data() == [1.5, -2.0]
    ints = Tensor([7, -8, 9], data_type=DataType.DT_INT32, shape=[3])
    assert ints.get_data() == [7, -8, 9]
    assert ints.data_type == DataType.DT_INT32
    bools = Tensor([True, False], data_type=DataType.DT_BOOL, shape=[2])
    assert bools.get_data_type() == DataType.DT_BOOL
    with pytest.raises(ValueError, match="Invalid item: 'true'"):  # bool data has no number form
        bools.get_data()


def test_fp16_and_wide_int_construction():
    half = Tensor([0.5, 65504.0, 1e6], data_type=DataType.DT_FLOAT16, shape=[3])
    assert half.get_data() == [0.5, 65504.0, float("inf")]
    wide = Tensor([2**40, -(2**40)], data_type=DataType.DT_INT64, shape=[2])
    assert wide.get_data() == [2**40, -(2**40)]
    unsigned = Tensor([2**64 - 1], data_type=DataType.DT_UINT64, shape=[1])
    assert unsigned.get_data() == [2**64 - 1]


def test_short_data_is_zero_filled_not_rejected():
    tensor = Tensor([1, 2, 3, 4, 5], None, DataType.DT_INT8, Format.FORMAT_ND, [1, 2, 3])
    assert tensor.get_data() == [[[1, 2, 3], [4, 5, 0]]]


def test_unshaped_data_is_a_scalar_or_a_vector():
    assert Tensor([3.0]).get_shape() == []
    assert Tensor([3.0]).get_data() == 3.0
    assert Tensor([1.0, 2.0]).get_shape() == [2]


def test_tensor_from_file(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(bytes([1, 2, 3, 4]))
    tensor = Tensor(file_path=str(path), data_type=DataType.DT_UINT8, shape=[2, 2])
    assert tensor.get_data() == [[1, 2], [3, 4]]
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with pytest.raises(RuntimeError, match="^Failed to create Tensor$"):
        Tensor(file_path=str(empty), data_type=DataType.DT_UINT8, shape=[1])
    with pytest.raises(RuntimeError, match="^Failed to create Tensor$"):
        Tensor(file_path=str(path), data_type=DataType.DT_INT32, shape=[2, 2])  # too short


def test_tensor_cannot_be_copied(int8_tensor):
    with pytest.raises(RuntimeError, match="Tensor does not support copy"):
        copy.copy(int8_tensor)
    with pytest.raises(RuntimeError, match="Tensor does not support deepcopy"):
        copy.deepcopy(int8_tensor)


def test_create_from(int8_tensor):
    with pytest.raises(ValueError, match="Tensor pointer cannot be None"):
        Tensor._create_from(None)
    from ge._capi.pygraph_wrapper import graph_lib

    wrapped = Tensor._create_from(graph_lib.GeApiWrapper_Tensor_CreateTensor())
    assert wrapped._owns_handle is True and wrapped._owner is None
    assert wrapped.get_data_type() == DataType.DT_FLOAT


def test_getters_and_setters_on_int8_tensor(int8_tensor):
    assert int8_tensor.get_format() == Format.FORMAT_ND
    assert int8_tensor.get_data_type() == DataType.DT_INT8
    assert int8_tensor.get_shape() == [1, 2, 3]
    assert isinstance(int8_tensor.shape, Shape)
    desc = int8_tensor.get_tensor_desc()
    assert isinstance(desc, TensorDesc)
    assert desc.get_shape().get_shape_size() == 6
    int8_tensor.set_format(Format.FORMAT_NCHW)
    assert int8_tensor.format == Format.FORMAT_NCHW
    with pytest.raises(TypeError, match="^Format must be a Format$"):
        int8_tensor.set_format(0)
    with pytest.raises(TypeError, match="^Data_type must be a DataType$"):
        int8_tensor.set_data_type(2)


def test_null_tensor_handle_fails_cleanly(int8_tensor, null_handle):
    int8_tensor._handle = null_handle
    with pytest.raises(RuntimeError, match="^Failed to set format 0$"):
        int8_tensor.set_format(Format.FORMAT_NCHW)
    with pytest.raises(RuntimeError, match="^Failed to set datatype 9$"):
        int8_tensor.set_data_type(DataType.DT_INT64)
    with pytest.raises(RuntimeError, match="^Failed to get Tensor data$"):
        int8_tensor.get_data()
    with pytest.raises(RuntimeError, match="^Failed to get shape of tensor$"):
        int8_tensor.get_shape()
    with pytest.raises(RuntimeError, match="^Failed to get tensor desc$"):
        int8_tensor.get_tensor_desc()


def test_placement_is_host_and_to_host_needs_a_device_tensor(int8_tensor):
    assert int8_tensor.get_placement() == Placement.PLACEMENT_HOST
    assert int8_tensor.placement == Placement.PLACEMENT_HOST
    with pytest.raises(ValueError, match=r"^to_host\(\) only supports device tensors$"):
        int8_tensor.to_host()


def test_attr_ownership_transfers_only_once(es, int8_tensor):
    first = es.GraphBuilder("first")
    int8_tensor._transfer_ownership_when_pass_as_attr(first)
    assert int8_tensor._owns_handle is False and int8_tensor._owner is first
    with pytest.raises(
        RuntimeError,
        match="^Tensor already has an new owner builder :first, cannot transfer ownership again$",
    ):
        int8_tensor._transfer_ownership_when_pass_as_attr(es.GraphBuilder("second"))
    # The handle stays usable while the new owner lives.
    assert int8_tensor.get_shape() == [1, 2, 3]
    int8_tensor._owns_handle = True  # hand it back so the test does not leak


def test_data_nesting_and_scalar(int8_tensor):
    assert int8_tensor.get_data() == [[[1, 2, 3], [4, 5, 6]]]
    assert int8_tensor.data == [[[1, 2, 3], [4, 5, 6]]]
    assert Tensor([7], data_type=DataType.DT_INT32, shape=[]).get_data() == 7


def test_str_has_exact_layout(int8_tensor):
    assert str(int8_tensor) == (
        "\n        Tensor format is 2,\n        data_type is 2,\n"
        "        shape is [1, 2, 3],\n        data is [[[1, 2, 3], [4, 5, 6]]]\n        "
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        ("[1,2,3]", [1, 2, 3]),
        ("  [ -1 , 2.5 ,3 ]  ", [-1, 2.5, 3]),
        ("[]", []),
        ("[ ]", []),
        ("[1.000000,-0.500000]", [1.0, -0.5]),
        ("[1e3]", [1000.0]),
    ],
)
def test_parse_str_list(text, expected):
    result = _parse_str_list(text)
    assert result == expected
    assert [type(v) for v in result] == [type(v) for v in expected]


@pytest.mark.parametrize(
    "text, message",
    [
        ("1,2]", r"Input must start with '\[' and end with '\]'"),
        ("[1,2", r"Input must start with '\[' and end with '\]'"),
        ("[1,2;23]", "^Invalid item: '2;23'$"),
        ("[abc]", "^Invalid item: 'abc'$"),
    ],
)
def test_parse_str_list_errors(text, message):
    with pytest.raises(ValueError, match=message):
        _parse_str_list(text)


def test_unflatten_tensor_data():
    assert unflatten_tensor_data("[1,2,3,4,5,6]", [3, 2, 1]) == [[[1], [2]], [[3], [4]], [[5], [6]]]
    assert unflatten_tensor_data("[4]", []) == 4
    assert unflatten_tensor_data(tensor_data="[1,2]", shape=[2]) == [1, 2]  # GE's parameter names
    with pytest.raises(
        ValueError, match="^Scalar tensor should contain exactly one element, got 2$"
    ):
        unflatten_tensor_data("[1,2]", [])
    with pytest.raises(ValueError, match="Length of list 2 does not match shape 3"):
        unflatten_tensor_data("[1,2]", [3])


@pytest.mark.parametrize(
    ("data", "data_type", "shape", "expected"),
    [
        ([0.5], DataType.DT_FLOAT, [], 0.5),  # scalar: one call, parsed in place
        ([-3], DataType.DT_INT32, [1], [-3]),
        ([7], DataType.DT_INT64, [1, 1], [[7]]),
        ([1, 2, 3, 4], DataType.DT_INT8, [2, 2], [[1, 2], [3, 4]]),
        ([0.1], DataType.DT_FLOAT, [], 0.1),  # the %f text: 0.100000, not the float32 value
        # Text longer than the one-call buffer (256 bytes) and more dims than it holds (8): the
        # separate text and shape reads give the same values.
        ([float(i) for i in range(64)], DataType.DT_FLOAT, [64], [float(i) for i in range(64)]),
        ([5], DataType.DT_INT32, [1] * 9, [[[[[[[[[5]]]]]]]]]),
    ],
)
def test_data_reads_small_and_large_tensors_alike(data, data_type, shape, expected):
    tensor = Tensor(data, None, data_type, Format.FORMAT_ND, shape)
    assert tensor.data == expected
    assert tensor.get_data() == unflatten_tensor_data(
        "[" + ",".join(_text(v, data_type) for v in data) + "]", shape
    )


def _text(value, data_type):
    return f"{value:f}" if data_type == DataType.DT_FLOAT else str(value)
