"""execute against the native EagerOpExecutionContext: an implementation written in NumPy reads
its host inputs and attrs, allocates and fills its output, aliases an input in place, and every
object of the call expires with it (RuntimeError, never a crash)."""

# Annotations are evaluated at definition time here: the signature checks resolve them.
import struct

import pytest
from custom_op_support import custom_op_test_hooks, ir, requires_runtime

pytestmark = requires_runtime

np = pytest.importorskip("numpy")
REQ, OPT, DYN = 0, 1, 2
IR = ir(
    "ScaleAdd",
    inputs=[("x", REQ), ("bias", OPT), ("more", DYN)],
    outputs=[("y", REQ), ("x", REQ)],
    attrs=[("alpha", "VT_FLOAT")],
)


@pytest.fixture
def native():
    from ge.custom_op import _native

    return _native


def _floats(values):
    return struct.pack(f"{len(values)}f", *values)


def _fixture(DataType, output_num=2):
    inputs = [
        ([2, 2], int(DataType.DT_FLOAT), _floats([1, 2, 3, 4])),
        ([2, 2], int(DataType.DT_FLOAT), _floats([10, 20, 30, 40])),
        ([2, 2], int(DataType.DT_FLOAT), _floats([100, 100, 100, 100])),
    ]
    return custom_op_test_hooks().EagerFixture([1, 0, 2], inputs, [(1, 0.5)], output_num)


def test_a_numpy_execute_fills_its_output_and_updates_an_input_in_place(native):
    from ge.custom_op import _bridge, get_execute_ctx, register_op_impl
    from ge.graph.types import DataType
    from ge.runtime import StorageFormat, StorageShape, Tensor

    @register_op_impl(op_type="ScaleAdd")
    class ScaleAdd:
        def execute(self, x: Tensor, bias, more: list[Tensor], *, alpha: float):
            ctx = get_execute_ctx()
            assert bias is None and ctx.get_input_num() == 3 and ctx.get_stream() == 42
            total = x.numpy() * alpha + sum(t.numpy() for t in more)
            out = ctx.malloc_output_tensor(
                0, StorageShape([2, 2], [2, 2]), StorageFormat(), DataType.DT_FLOAT
            )
            out.numpy()[...] = total
            x.numpy()[...] += 1  # in place, then exposed as output 1
            ctx.make_output_ref_input(1, 0)
            assert ctx.get_output_tensor(1).addr == x.addr
            scratch = ctx.malloc_workspace(64)
            assert scratch != 0

    key = ScaleAdd.__ge_op_impl_descriptor__.descriptor_key
    assert _bridge.validate_op_impl_descriptor(key, IR)
    _bridge.create_op_impl_holder(f"{key}#1", key)
    fixture = _fixture(DataType)
    ctx = native._borrow_eager_op_execution_context(fixture.address)
    _bridge.call_execute(f"{key}#1", IR, ctx)
    assert struct.unpack("4f", fixture.output_bytes(0)) == (110.5, 121.0, 131.5, 142.0)
    assert fixture.output_data_type(0) == int(DataType.DT_FLOAT)
    assert fixture.output_address(1) == fixture.input_address(0)
    assert struct.unpack("4f", fixture.output_bytes(1)) == (2, 3, 4, 5)
    with pytest.raises(RuntimeError, match="^Borrowed native object has expired$"):
        ctx.get_input_num()


def test_everything_from_the_call_expires_with_it(native):
    from ge.graph.types import DataType

    fixture = _fixture(DataType)
    ctx = native._borrow_eager_op_execution_context(fixture.address)
    tensor = ctx.get_required_input_tensor(0)
    shape = tensor.storage_shape
    attrs = ctx.get_attrs()
    assert attrs.get_float(0) == 0.5 and ctx.get_dynamic_input_num(2) == 2
    ctx._invalidate()
    for use in (
        lambda: ctx.get_input_tensor(0),
        lambda: ctx.get_input_num(),
        lambda: ctx.get_dynamic_input_num(0),
        lambda: ctx.get_attrs(),
        lambda: ctx.get_required_input_tensor(0),
        lambda: ctx.get_optional_input_tensor(1),
        lambda: ctx.get_dynamic_input_tensor(2, 0),
        lambda: ctx.make_output_ref_input(0, 0),
        lambda: ctx.malloc_workspace(8),
        lambda: ctx.get_output_tensor(0),
        lambda: ctx.get_stream(),
    ):
        with pytest.raises(RuntimeError, match="^Borrowed native object has expired$"):
            use()
    with pytest.raises(RuntimeError, match="^Borrowed runtime attrs have expired$"):
        attrs.get_float(0)
    for use in (lambda: tensor.numpy(), lambda: shape.dims, lambda: tensor.addr):
        with pytest.raises(RuntimeError, match="^handle has expired$"):
            use()


def test_reader_and_allocation_errors(native):
    from ge.graph.types import DataType
    from ge.runtime import StorageFormat, StorageShape

    fixture = _fixture(DataType, output_num=1)
    ctx = native._borrow_eager_op_execution_context(fixture.address)
    cases = [
        (lambda: ctx.get_input_tensor(3), "Failed to get input tensor"),
        (lambda: ctx.get_dynamic_input_num(3), "Failed to get dynamic input instance info"),
        (lambda: ctx.get_required_input_tensor(2), "Failed to get required input tensor"),
        (lambda: ctx.get_dynamic_input_tensor(2, 2), "Failed to get dynamic input tensor"),
        (lambda: ctx.get_output_tensor(1), "Failed to get output tensor"),
        (lambda: ctx.make_output_ref_input(1, 0), "Failed to make output reference input"),
        (
            lambda: ctx.malloc_output_tensor(
                1, StorageShape([1], [1]), StorageFormat(), DataType.DT_FLOAT
            ),
            "Failed to malloc output tensor",
        ),
        (
            lambda: ctx.malloc_output_tensor(
                0, StorageShape([1], [1]), StorageFormat(), DataType.DT_STRING
            ),
            "Failed to malloc output tensor",
        ),
    ]
    for use, message in cases:
        with pytest.raises(RuntimeError, match=f"^{message}$"):
            use()
    assert ctx.get_optional_input_tensor(1) is None
    with pytest.raises(ValueError, match="^ctx_handle is null$"):
        native._borrow_eager_op_execution_context(0)
    with pytest.raises(TypeError):
        native.EagerOpExecutionContext()
