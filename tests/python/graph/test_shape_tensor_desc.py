"""ge.graph.Shape and TensorDesc: list semantics, sizes, defaults, setters."""

from __future__ import annotations

import copy

import pytest

from ge.graph import DataType, Format, Shape, TensorDesc
from ge.graph.tensor_desc import UNKNOWN_DIM, UNKNOWN_DIM_NUM, UNKNOWN_DIM_SIZE


def test_shape_is_a_list():
    shape = Shape([1, 2, 3])
    assert isinstance(shape, list)
    assert shape == [1, 2, 3] and len(shape) == 3 and shape[1] == 2
    shape.append(4)
    assert shape.get_shape_size() == 24
    assert Shape() == [] and Shape(None) == []


@pytest.mark.parametrize(
    "dims, size, unknown",
    [
        ([2, 3, 4], 24, False),
        ([1], 1, False),
        ([], 0, False),
        ([2, -1], -1, True),
        ([-2], -1, True),
    ],
)
def test_shape_size_and_unknown_flag(dims, size, unknown):
    shape = Shape(dims)
    assert shape.get_shape_size() == size
    assert shape.is_unknown_shape() is unknown


def test_unknown_constants():
    assert (UNKNOWN_DIM, UNKNOWN_DIM_NUM, UNKNOWN_DIM_SIZE) == (-1, -2, -1)


@pytest.mark.parametrize("bad", [(1, 2), [1.0, 2], "12", [1, "2"], 3])
def test_shape_rejects_non_int_lists(bad):
    with pytest.raises(TypeError, match="^dims must be a list of integers$"):
        Shape(bad)


def test_tensor_desc_defaults():
    desc = TensorDesc()
    assert desc.get_shape() == []
    assert desc.get_format() == Format.FORMAT_ND
    assert desc.get_origin_format() == Format.FORMAT_ND
    assert desc.get_data_type() == DataType.DT_FLOAT
    assert desc.get_origin_shape() == []


def test_tensor_desc_creation_and_properties():
    desc = TensorDesc([1, 3, 8, 8], Format.FORMAT_NCHW, DataType.DT_FLOAT16)
    assert desc.shape == [1, 3, 8, 8] and isinstance(desc.shape, Shape)
    assert desc.format == Format.FORMAT_NCHW
    assert desc.origin_format == Format.FORMAT_NCHW
    assert desc.data_type == DataType.DT_FLOAT16
    assert TensorDesc(Shape([2])).shape == [2]


def test_tensor_desc_setters_chain():
    desc = (
        TensorDesc()
        .set_shape([4, 5])
        .set_origin_shape([20])
        .set_format(Format.FORMAT_NHWC)
        .set_origin_format(Format.FORMAT_NCHW)
        .set_data_type(DataType.DT_INT64)
    )
    assert desc.get_shape() == [4, 5]
    assert desc.origin_shape == [20]
    assert desc.format == Format.FORMAT_NHWC
    assert desc.origin_format == Format.FORMAT_NCHW
    assert desc.data_type == DataType.DT_INT64


def test_tensor_desc_constructor_checks_in_order():
    with pytest.raises(TypeError, match="^Format must be a Format$"):
        TensorDesc("bad", 1, 2)
    with pytest.raises(TypeError, match="^Data type must be a DataType$"):
        TensorDesc("bad", Format.FORMAT_ND, 2)
    with pytest.raises(TypeError, match="^shape must be a list of integers$"):
        TensorDesc("bad", Format.FORMAT_ND, DataType.DT_FLOAT)


def test_tensor_desc_setter_type_errors():
    desc = TensorDesc()
    with pytest.raises(TypeError, match="^shape must be a list of integers$"):
        desc.set_shape((1,))
    with pytest.raises(TypeError, match="^origin shape must be a list of integers$"):
        desc.set_origin_shape([1.0])
    with pytest.raises(TypeError, match="^Format must be a Format$"):
        desc.set_format(1)
    with pytest.raises(TypeError, match="^Format must be a Format$"):
        desc.set_origin_format(DataType.DT_FLOAT)
    with pytest.raises(TypeError, match="^Data type must be a DataType$"):
        desc.set_data_type(Format.FORMAT_ND)


def test_tensor_desc_null_handle_failures(null_handle):
    desc = TensorDesc()
    desc._handle = null_handle
    with pytest.raises(RuntimeError, match="^Failed to get shape$"):
        desc.get_shape()
    with pytest.raises(RuntimeError, match="^Failed to get origin shape$"):
        desc.get_origin_shape()
    with pytest.raises(RuntimeError, match="^Failed to set shape$"):
        desc.set_shape([1])
    with pytest.raises(RuntimeError, match="^Failed to set origin shape$"):
        desc.set_origin_shape([1])
    with pytest.raises(RuntimeError, match="^Failed to set format 1$"):
        desc.set_format(Format.FORMAT_NHWC)
    with pytest.raises(RuntimeError, match="^Failed to set origin format 0$"):
        desc.set_origin_format(Format.FORMAT_NCHW)
    with pytest.raises(RuntimeError, match="^Failed to set data type 3$"):
        desc.set_data_type(DataType.DT_INT32)


def test_tensor_desc_copy_is_refused():
    with pytest.raises(RuntimeError, match="TensorDesc does not support copy"):
        copy.copy(TensorDesc())
    with pytest.raises(RuntimeError, match="TensorDesc does not support deepcopy"):
        copy.deepcopy(TensorDesc())


def test_tensor_desc_repr():
    text = repr(TensorDesc([2, 3], Format.FORMAT_NCHW, DataType.DT_INT8))
    assert text == "TensorDesc(shape=[2, 3], format=0, data_type=2)"


def test_create_from_null_is_rejected():
    with pytest.raises(ValueError, match="TensorDesc pointer cannot be None"):
        TensorDesc._create_from(None)
