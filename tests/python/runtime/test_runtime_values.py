"""The ge.runtime value types built in Python: TensorDesc, StorageShape, StorageFormat,
ExpandDimsType, and the Shape views they hand out."""

from __future__ import annotations

import gc

import pytest

runtime = pytest.importorskip("ge.runtime", reason="needs the _ge_runtime_native module")

from ge.graph.types import DataType, Format  # noqa: E402

TensorDesc = runtime.TensorDesc
StorageShape = runtime.StorageShape


def test_the_classes_are_the_native_ones():
    native = runtime._native._module
    assert runtime.TensorDesc is native.TensorDesc
    assert runtime.__all__ == [
        "ExpandDimsType",
        "Shape",
        "StorageFormat",
        "StorageShape",
        "Tensor",
        "TensorDesc",
        "TensorPlacement",
    ]
    assert native.__name__ == "ge.runtime._ge_runtime_native"


def test_a_list_shape_is_both_origin_and_storage_and_none_is_a_scalar():
    desc = TensorDesc([2, 3], DataType.DT_FLOAT)
    assert desc.shape.origin_shape.dims == [2, 3]
    assert desc.shape.storage_shape.dims == [2, 3]
    assert desc.shape.storage_shape.size == 6
    assert desc.data_type is DataType.DT_FLOAT
    scalar = TensorDesc(None, DataType.DT_INT8)
    assert scalar.shape.origin_shape.is_scalar()
    assert scalar.shape.origin_shape.size == 1 and scalar.shape.origin_shape.dim_num == 0


def test_the_desc_copies_a_storage_shape_and_the_shape_it_is_given():
    shape = StorageShape([2, 3], [1, 2, 3])
    desc = TensorDesc(shape, DataType.DT_FLOAT16)
    shape.origin_shape.set_dim(0, 9)
    assert desc.shape.origin_shape.dims == [2, 3]
    assert desc.shape.storage_shape.dims == [1, 2, 3]
    desc.shape = [5]
    assert desc.shape.origin_shape.dims == [5]
    desc.shape.storage_shape.append_dim(4)
    assert desc.shape.storage_shape.dims == [5, 4]


def test_the_data_type_can_be_changed_including_to_undefined():
    desc = TensorDesc([1], DataType.DT_FLOAT)
    desc.data_type = DataType.DT_UNDEFINED
    assert desc.data_type is DataType.DT_UNDEFINED


@pytest.mark.parametrize("shape", [(2, 3), "23", [True], [1.0]])
def test_bad_shapes(shape):
    with pytest.raises(TypeError, match="shape must be a StorageShape, list of integers, or None"):
        TensorDesc(shape, DataType.DT_FLOAT)


def test_too_many_dims():
    with pytest.raises(ValueError, match="shape exceeds maximum dimension count"):
        TensorDesc([1] * 1024, DataType.DT_FLOAT)
    with pytest.raises(ValueError, match="exceeds gert::Shape::kMaxDimNum"):
        StorageShape([1] * 26, [1])


@pytest.mark.parametrize("data_type", [0, True, Format.FORMAT_ND, "DT_FLOAT"])
def test_bad_data_types(data_type):
    with pytest.raises(TypeError, match="data_type must be a DataType"):
        TensorDesc([1], data_type)
    desc = TensorDesc([1], DataType.DT_FLOAT)
    with pytest.raises(TypeError, match="data_type must be a DataType"):
        desc.data_type = data_type


def test_dt_max_is_out_of_range():
    with pytest.raises(ValueError, match="data_type must be less than DataType.DT_MAX"):
        TensorDesc([1], DataType.DT_MAX)


def test_a_shape_view_expires_with_its_owner():
    desc = TensorDesc([2, 3], DataType.DT_FLOAT)
    view = desc.shape.origin_shape
    storage = desc.shape
    del desc
    gc.collect()
    with pytest.raises(RuntimeError, match="^handle has expired$"):
        _ = view.dims
    with pytest.raises(RuntimeError, match="^handle has expired$"):
        _ = storage.origin_shape


def test_shape_views_edit_their_owner():
    shape = StorageShape()
    origin = shape.origin_shape
    assert origin.is_scalar()
    assert origin.append_dim(2) is origin
    origin.append_dim(3).append_dim(4)
    origin.set_dim(1, 7)
    assert shape.origin_shape.dims == [2, 7, 4]
    assert origin.get_dim(2) == 4
    with pytest.raises(ValueError, match="shape dimension index out of range"):
        origin.get_dim(3)
    with pytest.raises(ValueError, match="shape dimension index out of range"):
        origin.set_dim(3, 1)
    for _ in range(30):
        origin.append_dim(1)
    assert origin.dim_num == 25
    origin.set_scalar()
    assert shape.origin_shape.dims == []
    other = StorageShape([8, 9], [8, 9])
    shape.set_storage_shape(other.origin_shape)
    assert shape.storage_shape.dims == [8, 9]


def test_views_cannot_be_constructed():
    with pytest.raises(TypeError):
        runtime.Shape()
    with pytest.raises(TypeError):
        runtime.Tensor()


def test_expand_dims_type_in_its_three_forms():
    ExpandDimsType = runtime.ExpandDimsType
    assert ExpandDimsType().full_size == 0
    rule = ExpandDimsType("1001")
    assert rule.full_size == 4
    assert [rule.is_expand_index(i) for i in range(4)] == [True, False, False, True]
    assert ExpandDimsType("").full_size == 0
    assert ExpandDimsType("1" * 57).full_size == 0
    packed = ExpandDimsType((3 << 56) | 0b110)
    assert packed.full_size == 3
    assert [packed.is_expand_index(i) for i in range(3)] == [True, True, False]
    rule.set_expand_index(1)
    assert rule.is_expand_index(1)


def test_storage_format():
    ExpandDimsType, StorageFormat = runtime.ExpandDimsType, runtime.StorageFormat
    default = StorageFormat()
    assert default.origin_format is Format.FORMAT_ND
    assert default.storage_format is Format.FORMAT_ND
    assert default.expand_dims_type.full_size == 0
    fmt = StorageFormat(Format.FORMAT_NCHW, Format.FORMAT_NC1HWC0, ExpandDimsType("11"))
    assert (fmt.origin_format, fmt.storage_format) == (Format.FORMAT_NCHW, Format.FORMAT_NC1HWC0)
    fmt.set_storage_format(Format.FORMAT_ND)
    fmt.set_origin_format(Format.FORMAT_NHWC)
    fmt.set_expand_dims_type(ExpandDimsType("1"))
    assert fmt.storage_format is Format.FORMAT_ND and fmt.origin_format is Format.FORMAT_NHWC
    assert fmt.expand_dims_type.full_size == 1
    view = fmt.expand_dims_type
    view.set_expand_index(0)
    assert fmt.expand_dims_type.is_expand_index(0)


def test_tensor_placement_members_in_order():
    names = list(runtime.TensorPlacement.__members__)
    assert names == ["ON_DEVICE_HBM", "ON_HOST", "FOLLOWING", "ON_DEVICE_P2P", "END"]
    assert int(runtime.TensorPlacement.ON_HOST) == 1
