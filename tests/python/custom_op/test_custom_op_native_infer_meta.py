"""infer_meta against the native InferMetaContext and RuntimeAttrs: a prototype with every
attribute type reads real values, returns descs the compiler gets back as tuples, and every
object of the call expires with it (RuntimeError, never a crash)."""

# Annotations are evaluated at definition time here: register_op resolves them.
import struct
from typing import List, Optional

import pytest
from custom_op_support import custom_op_test_hooks, ir, requires_runtime

pytestmark = requires_runtime

# Attribute kinds (GE's C kinds) in the order of the prototype below.
KINDS = list(range(12))


@pytest.fixture
def native():
    from ge.custom_op import _native

    return _native


def _values(DataType):
    return [
        7,
        0.1,
        True,
        "mode",
        int(DataType.DT_INT8),
        ([2], int(DataType.DT_INT32), struct.pack("2i", 5, 6)),
        [1, 2],
        [0.5, 0.25],
        [True, False],
        ["a", "b"],
        [int(DataType.DT_FLOAT), int(DataType.DT_BF16)],
        [[1], [2, 3]],
    ]


def test_infer_meta_reads_every_attr_type_and_every_input_kind(native):
    import ge.custom_op
    from ge.custom_op import _bridge
    from ge.graph.types import DataType
    from ge.runtime import Tensor, TensorDesc

    seen = {}

    @ge.custom_op.register_op(op_type="Everything")
    def everything(
        x: TensorDesc,
        bias: Optional[TensorDesc],
        rest: List[TensorDesc],  # noqa: UP006 - the typing spelling is accepted too
        *,
        a_int: int,
        a_float: float,
        a_bool: bool,
        a_str: str,
        a_dtype: DataType,
        a_tensor: Tensor,
        a_li: list[int],
        a_lf: list[float],
        a_lb: list[bool],
        a_ls: list[str],
        a_ldt: list[DataType],
        a_lli: list[list[int]],
    ) -> TensorDesc:
        seen.update(x=x, bias=bias, rest=rest, tensor=a_tensor.numpy().tolist())
        seen.update(
            attrs=[a_int, a_float, a_bool, a_str, a_dtype, a_li, a_lf, a_lb, a_ls, a_ldt, a_lli]
        )
        rows = x.shape.origin_shape.dims[0] + sum(r.shape.origin_shape.dims[0] for r in rest)
        return TensorDesc([rows, a_int], a_ldt[1])

    inputs = [([7, 13], int(DataType.DT_FLOAT))] + [([1, 13], int(DataType.DT_FLOAT))] * 2
    fixture = custom_op_test_hooks().InferMetaFixture(
        [1, 0, 2], inputs, list(zip(KINDS, _values(DataType))), [1]
    )
    ctx = native._borrow_infer_meta_context(fixture.address)
    descriptor = everything.__ge_op_proto_descriptor__
    ir_meta = ir(
        "Everything",
        inputs=[(i.name, int(i.kind)) for i in descriptor.inputs],
        outputs=[(o.name, int(o.kind)) for o in descriptor.outputs],
        attrs=[(a.name, a.type) for a in descriptor.attrs],
    )
    assert _bridge.call_infer_meta("Everything", ir_meta, ctx) == [
        ([9, 7], [9, 7], int(DataType.DT_BF16))
    ]
    assert seen["x"].shape.origin_shape.dims == [7, 13]  # an owned copy outlives the call
    assert seen["bias"] is None
    assert [r.data_type for r in seen["rest"]] == [DataType.DT_FLOAT] * 2
    assert seen["tensor"] == [5, 6]
    assert seen["attrs"] == [
        7,
        struct.unpack("f", struct.pack("f", 0.1))[0],  # float32-rounded
        True,
        "mode",
        DataType.DT_INT8,
        [1, 2],
        [0.5, 0.25],
        [True, False],
        ["a", "b"],
        [DataType.DT_FLOAT, DataType.DT_BF16],
        [[1], [2, 3]],
    ]
    assert type(seen["attrs"][4]) is DataType


def test_everything_from_the_call_expires_with_it(native):
    from ge.graph.types import DataType

    fixture = custom_op_test_hooks().InferMetaFixture(
        [1], [([2], int(DataType.DT_FLOAT))], list(zip(KINDS, _values(DataType))), [2]
    )
    ctx = native._borrow_infer_meta_context(fixture.address)
    attrs = ctx.get_attrs()
    tensor = attrs.get_tensor(5)
    desc = ctx.get_required_input_tensor(0)
    assert attrs.get_attr_num() == 12 and ctx.get_dynamic_output_num(0) == 2
    ctx._invalidate()
    ctx._invalidate()  # idempotent
    for use in (
        lambda: ctx.get_required_input_tensor(0),
        lambda: ctx.get_optional_input_tensor(0),
        lambda: ctx.get_dynamic_input_num(0),
        lambda: ctx.get_dynamic_input_tensor(0, 0),
        lambda: ctx.get_attrs(),
        lambda: ctx.get_dynamic_output_num(0),
    ):
        with pytest.raises(RuntimeError, match="^Borrowed infer shape context has expired$"):
            use()
    with pytest.raises(RuntimeError, match="^Borrowed runtime attrs have expired$"):
        attrs.get_int(0)
    with pytest.raises(RuntimeError, match="^handle has expired$"):
        _ = tensor.shape_size
    assert desc.shape.origin_shape.dims == [2]  # owned: never expires


def test_reader_errors_name_the_index(native):
    from ge.graph.types import DataType

    fixture = custom_op_test_hooks().InferMetaFixture(
        [2, 1], [([1], 0), ([2], 0), (None, 0)], [(0, 3)], [1]
    )
    ctx = native._borrow_infer_meta_context(fixture.address)
    with pytest.raises(RuntimeError, match="^Failed to get required input tensor at ir index 0$"):
        ctx.get_required_input_tensor(0)  # two instances
    assert ctx.get_optional_input_tensor(1) is None  # an instance without a shape
    with pytest.raises(
        RuntimeError, match="^Failed to get dynamic input tensor at ir index 0, relative index 2$"
    ):
        ctx.get_dynamic_input_tensor(0, 2)
    with pytest.raises(
        RuntimeError, match="^Failed to get dynamic input instance info at ir index 5$"
    ):
        ctx.get_dynamic_input_num(5)
    with pytest.raises(
        RuntimeError, match="^Failed to get dynamic output instance info at ir index 1$"
    ):
        ctx.get_dynamic_output_num(1)
    attrs = ctx.get_attrs()
    with pytest.raises(
        RuntimeError, match=r"^Failed to get runtime attr type\[VT_FLOAT\] at index\[0\]$"
    ):
        attrs.get_float(0)
    with pytest.raises(
        RuntimeError, match=r"^Failed to get runtime attr type\[VT_INT\] at index\[1\]$"
    ):
        attrs.get_int(1)
    assert ctx.get_dynamic_input_tensor(0, 1).data_type is DataType.DT_FLOAT


def test_borrowing_needs_an_address_and_the_classes_are_not_constructible(native):
    with pytest.raises(ValueError, match="^ctx_handle is null$"):
        native._borrow_infer_meta_context(0)
    with pytest.raises(TypeError):
        native.InferMetaContext()
    with pytest.raises(TypeError):
        native.RuntimeAttrs()
    methods = [m for m in vars(native.RuntimeAttrs) if not m.startswith("_")]
    assert len(methods) == 13
    import ge.custom_op

    assert ge.custom_op.InferMetaContext is native.InferMetaContext
    assert "RuntimeAttrs" not in ge.custom_op.__all__
