"""compile against the native OpCompileContext and CompilePlatformInfo: the bound arguments are
read-only tensors of the node, options and platform are readable, objects kept from one call
have expired by the next, and the argument errors of both classes."""

# Annotations are evaluated at definition time here: the signature checks resolve them.
import pytest
from custom_op_support import custom_op_test_hooks, ir, requires_runtime

pytestmark = requires_runtime

REQ, DYN_OUT = 0, 1
IR = ir("Cmp", inputs=[("x", REQ)], outputs=[("ys", DYN_OUT)], attrs=[("n", "VT_INT")])
PLATFORM = (
    "Ascend910B",
    {"SoCInfo": {"ai_core_cnt": "24", "cube_core_cnt": "24"}},
    8,
    {"AiCore": 8, "VectorCore": 16},
    24,
)


@pytest.fixture
def native():
    from ge.custom_op import _native

    return _native


def _context(native, DataType, platform=PLATFORM):
    fixture = custom_op_test_hooks().CompileFixture(
        [[([2, 3], int(DataType.DT_FLOAT))]],
        [[([2, 3], int(DataType.DT_FLOAT16)), ([1], int(DataType.DT_FLOAT16))]],
        [(0, 3)],
        {"ge.exec.precision_mode": "allow_fp32_to_fp16"},
        platform,
    )
    return fixture, native._borrow_op_compile_context(fixture.address)


def test_compile_sees_read_only_tensors_options_and_platform(native):
    from ge.custom_op import _bridge, get_compile_ctx, get_compile_platform_info, register_op_impl
    from ge.graph.types import DataType, Format
    from ge.runtime import Tensor

    kept = []

    @register_op_impl(op_type="Cmp")
    class Compiles:
        def compile(self, x: Tensor, ys: list[Tensor], *, n: int) -> None:
            ctx = get_compile_ctx()
            info = get_compile_platform_info()
            assert x.addr == 0 and x.storage_shape.dims == [2, 3]
            assert [y.data_type for y in ys] == [DataType.DT_FLOAT16] * 2 and n == 3
            for mutate in (
                lambda: x.storage_shape.set_dim(0, 1),
                lambda: x.origin_shape.append_dim(1),
                lambda: x.shape.set_storage_shape(x.origin_shape),
                lambda: x.format.set_storage_format(Format.FORMAT_NCHW),
            ):
                with pytest.raises(RuntimeError, match="^borrowed object is read-only$"):
                    mutate()
            assert ctx.get_option("ge.exec.precision_mode") == "allow_fp32_to_fp16"
            assert not hasattr(ctx, "get_soc_version")
            assert info.get_soc_version() == "Ascend910B"
            assert info.get_platform_resource("SoCInfo", "ai_core_cnt") == "24"
            assert info.get_platform_resource_group("SoCInfo")["cube_core_cnt"] == "24"
            assert (info.get_core_num(), info.get_core_num("VectorCore")) == (8, 16)
            assert info.get_ai_core_num() == 24
            kept.extend([ctx, info, x])

    key = Compiles.__ge_op_impl_descriptor__.descriptor_key
    _bridge.validate_op_impl_descriptor(key, IR)
    _bridge.create_op_impl_holder(f"{key}#1", key)
    for _ in range(2):  # every compile gets fresh contexts
        fixture, ctx = _context(native, DataType)
        _bridge.call_compile(f"{key}#1", IR, ctx)
    first_ctx, first_info, first_x = kept[:3]
    with pytest.raises(RuntimeError, match="^Borrowed native object has expired$"):
        first_ctx.get_option("ge.exec.precision_mode")
    with pytest.raises(RuntimeError, match="^Borrowed native object has expired$"):
        first_info.get_soc_version()
    with pytest.raises(RuntimeError, match="^handle has expired$"):
        _ = first_x.addr


def test_argument_errors(native):
    from ge.graph.types import DataType

    _, ctx = _context(native, DataType)
    with pytest.raises(TypeError, match="^option_key must be a string$"):
        ctx.get_option(1)
    with pytest.raises(ValueError, match="^option_key must not be empty$"):
        ctx.get_option("")
    with pytest.raises(KeyError, match="missing"):
        ctx.get_option("missing")
    info = ctx._get_platform_info()
    assert info is not ctx._get_platform_info()
    with pytest.raises(TypeError, match="^group must be a string$"):
        info.get_platform_resource(1, "k")
    with pytest.raises(TypeError, match="^key must be a string$"):
        info.get_platform_resource("g", None)
    with pytest.raises(ValueError, match="^platform resource group must not be empty$"):
        info.get_platform_resource("", "k")
    with pytest.raises(ValueError, match="^platform resource key must not be empty$"):
        info.get_platform_resource("g", "")
    with pytest.raises(KeyError, match="SoCInfo:missing"):
        info.get_platform_resource("SoCInfo", "missing")
    with pytest.raises(KeyError, match="Missing"):
        info.get_platform_resource_group("Missing")
    with pytest.raises(TypeError, match="^core_type must be a string or None$"):
        info.get_core_num(3)
    with pytest.raises(ValueError, match="^core_type must not be empty$"):
        info.get_core_num("")
    with pytest.raises(RuntimeError, match="^Failed to get required output tensor$"):
        ctx._get_required_output_tensor(0)  # dynamic: two instances
    with pytest.raises(ValueError, match="^ctx_handle is null$"):
        native._borrow_op_compile_context(0)
    for cls in (native.OpCompileContext, native.CompilePlatformInfo):
        with pytest.raises(TypeError):
            cls()


def test_a_missing_platform_fails_every_query(native):
    from ge.graph.types import DataType

    _, ctx = _context(native, DataType, platform=None)
    info = ctx._get_platform_info()
    for _ in range(2):
        with pytest.raises(RuntimeError, match="^Failed to get platform infos$"):
            info.get_soc_version()
