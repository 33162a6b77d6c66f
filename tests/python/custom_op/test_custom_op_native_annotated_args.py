"""declare_launch_args against the native AnnotatedArgsContext: launches with their argument
slots reach the compiler's context, usage errors are refused before anything is recorded, and
objects kept from the call expire with it."""

# Annotations are evaluated at definition time here: the signature checks resolve them.
import pytest
from custom_op_support import custom_op_test_hooks, ir, requires_runtime

pytestmark = requires_runtime

IR = ir("Dla", inputs=[("x", 0)], outputs=[("y", 0)])
INPUT, OUTPUT, WORKSPACE, SCALAR = 0, 1, 2, 3


@pytest.fixture
def native():
    from ge.custom_op import _native

    return _native


def test_a_declared_launch_reaches_the_context(native):
    import ge.custom_op
    from ge.custom_op import _bridge, get_declare_launch_args_ctx, register_op_impl
    from ge.runtime import Tensor

    kept = []

    @register_op_impl(op_type="Dla")
    class Declares:
        def declare_launch_args(self, x: Tensor, y: Tensor) -> None:
            ctx = get_declare_launch_args_ctx()
            workspace = ctx.malloc_workspace(12)
            args = ctx.create_kernel_args()
            args.append_input(0, x)
            args.append_output(0, y)
            args.append_workspace(workspace)
            args.append_scalar(7)
            info = ge.custom_op.AnnotatedKernelLaunchInfo(
                kernel_name="st_python_dla",
                kernel_bin=b"\x7fELF",
                block_dim=1,
                stream_id=ctx.get_stream_id(),
            )
            ctx.add_launch(info, args)
            kept.extend([ctx, workspace, args, x])

    key = Declares.__ge_op_impl_descriptor__.descriptor_key
    _bridge.validate_op_impl_descriptor(key, IR)
    _bridge.create_op_impl_holder(f"{key}#1", key)
    fixture = custom_op_test_hooks().ArgsFixture()
    ctx = native._borrow_annotated_args_context(fixture.address)
    _bridge.call_declare_launch_args(f"{key}#1", IR, ctx)
    assert fixture.launches() == [
        (
            "st_python_dla",
            1,
            3,
            [(INPUT, 0, 0x100), (OUTPUT, 0, 0x200), (WORKSPACE, 0, 0x1000), (SCALAR, 0, 7)],
        )
    ]
    assert fixture.workspace_sizes() == [12]
    ctx_kept, workspace, args, tensor = kept
    for use in (
        lambda: ctx_kept.get_stream_id(),
        lambda: ctx_kept.create_kernel_args(),
        lambda: workspace.addr,
        lambda: args.append_scalar(1),
    ):
        with pytest.raises(RuntimeError, match="^Borrowed native object has expired$"):
            use()
    with pytest.raises(RuntimeError, match="^handle has expired$"):
        _ = tensor.addr


def test_usage_errors_record_nothing(native):
    fixture = custom_op_test_hooks().ArgsFixture()
    ctx = native._borrow_annotated_args_context(fixture.address)
    x = ctx._get_required_input_tensor(0)
    args = ctx.create_kernel_args()
    with pytest.raises(
        IndexError, match="^input instance index 2 is out of range for input count 1$"
    ):
        args.append_input(2, x)
    with pytest.raises(
        IndexError, match="^output instance index 3 is out of range for output count 1$"
    ):
        args.append_output(3, x)
    with pytest.raises(TypeError):
        args.append_input(-1, x)
    with pytest.raises(TypeError):
        args.append_scalar(-1)
    with pytest.raises(ValueError, match="^workspace size must be greater than zero$"):
        ctx.malloc_workspace(0)
    workspace = ctx.malloc_workspace(8)
    assert (workspace.index, workspace.addr) == (0, 0x1000)
    with pytest.raises(AttributeError):
        workspace.addr = 0
    other_stream = native.AnnotatedKernelLaunchInfo(
        kernel_name="k", kernel_bin=b"x", block_dim=1, stream_id=4
    )
    with pytest.raises(ValueError, match="^launch stream_id does not match current context"):
        ctx.add_launch(other_stream, args)
    args.append_scalar(1)  # still usable after the stream mismatch
    same_stream = native.AnnotatedKernelLaunchInfo(
        kernel_name="k", kernel_bin=b"x", block_dim=1, stream_id=3
    )
    ctx.add_launch(same_stream, args)
    with pytest.raises(RuntimeError, match="^AnnotatedKernelArgs has been consumed$"):
        args.append_scalar(2)
    with pytest.raises(RuntimeError, match="^AnnotatedKernelArgs has been consumed$"):
        ctx.add_launch(same_stream, args)
    assert fixture.launches() == [("k", 1, 3, [(SCALAR, 0, 1)])]


def test_launch_info_is_keyword_only_checked_and_opaque(native):
    Info = native.AnnotatedKernelLaunchInfo
    with pytest.raises(TypeError):
        Info("k", b"x", 1, 0)
    for kwargs, message in [
        ({"kernel_name": ""}, "kernel_name must not be empty"),
        ({"kernel_bin": b""}, "kernel_bin must not be empty"),
        ({"block_dim": 0}, "block_dim must be greater than zero"),
    ]:
        values = {"kernel_name": "k", "kernel_bin": b"x", "block_dim": 1, "stream_id": 0, **kwargs}
        with pytest.raises(ValueError, match=f"^{message}$"):
            Info(**values)
    info = Info(kernel_name="k", kernel_bin=b"x", block_dim=1, stream_id=0)
    assert [name for name in dir(info) if not name.startswith("_")] == []
    with pytest.raises(ValueError, match="^ctx_handle is null$"):
        native._borrow_annotated_args_context(0)
    for cls in (native.AnnotatedArgsContext, native.AnnotatedKernelArgs, native.WorkspaceAddr):
        with pytest.raises(TypeError):
            cls()
