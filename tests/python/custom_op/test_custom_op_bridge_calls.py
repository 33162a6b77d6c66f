"""The bridge side of implementations: validation against the IR at load, holders, and the
execute / declare_launch_args / compile flows reading their arguments from a context."""

# Annotations are evaluated at definition time here: register_op and the signature checks
# resolve them, and several refer to names local to a test.
from typing import List, Optional

import pytest
from custom_op_support import RecordingContext, ir, requires_runtime

from ge.custom_op.registry import register_op_impl

pytestmark = requires_runtime

REQ, OPT, DYN = 0, 1, 2
IR_ALPHA = ir(
    "Scale",
    inputs=[("x", REQ), ("bias", OPT), ("xs", DYN)],
    outputs=[("y", REQ)],
    attrs=[("alpha", "VT_FLOAT"), ("axes", "VT_LIST_INT")],
)


@pytest.fixture
def bridge():
    from ge.custom_op import _bridge

    return _bridge


@pytest.fixture
def Tensor():
    from ge.runtime import Tensor

    return Tensor


def _key(cls) -> str:
    return cls.__ge_op_impl_descriptor__.descriptor_key


def test_unknown_keys_raise_key_error(bridge):
    with pytest.raises(KeyError, match="python op impl descriptor_key not found: nope"):
        bridge.validate_op_impl_descriptor("nope", None)
    with pytest.raises(KeyError, match="python op impl descriptor_key not found: nope"):
        bridge.create_op_impl_holder("nope#1", "nope")


def test_validation_never_instantiates_and_needs_an_ir(bridge):
    @register_op_impl(op_type="Scale")
    class Scale:
        def __init__(self):
            raise AssertionError("instantiated")

        def execute(self, x, bias, xs, *, alpha, axes):
            pass

    assert bridge.validate_op_impl_descriptor(_key(Scale), IR_ALPHA) is True
    with pytest.raises(
        RuntimeError, match="^canonical IR not found for schema-bound execute: Scale$"
    ):
        bridge.validate_op_impl_descriptor(_key(Scale), None)


@pytest.mark.parametrize(
    "interface_class, message",
    [
        ("compile", "canonical IR not found for schema-bound compile"),
        ("declare_launch_args", "canonical IR not found for schema-bound declare_launch_args"),
    ],
)
def test_compile_and_declare_need_an_ir_too(bridge, interface_class, message):
    cls = type("NoIr", (), {interface_class: lambda self: None})
    register_op_impl(op_type="NoIr")(cls)
    with pytest.raises(RuntimeError, match=f"^{message}$"):
        bridge.validate_op_impl_descriptor(_key(cls), None)


def test_holder_lifecycle_and_one_instance_per_id(bridge):
    created = []

    @register_op_impl(op_type="Held")
    class Held:
        def __init__(self):
            created.append(self)

        def execute(self):
            pass

    assert bridge.create_op_impl_holder("k#1", _key(Held)) is True
    assert bridge.create_op_impl_holder("k#1", _key(Held)) is True
    assert len(created) == 1
    assert bridge.destroy_op_impl_holder("k#1") is True
    assert bridge.destroy_op_impl_holder("k#1") is False
    ctx = RecordingContext()
    with pytest.raises(KeyError, match="python op impl holder is not created: k#1"):
        bridge.call_execute("k#1", ir("Held"), ctx)
    assert ctx.invalidated == 1


def _execute_class(kind):
    calls = []

    class Impl:
        if kind == "static":

            @staticmethod
            def execute(x, bias, xs, *, alpha, axes):
                calls.append((x, bias, xs, alpha, axes))
                return "ignored"

        elif kind == "class":

            @classmethod
            def execute(cls, x, bias, xs, *, alpha, axes):
                calls.append((x, bias, xs, alpha, axes))

        else:

            def execute(self, x, bias, xs, *, alpha, axes):
                calls.append((x, bias, xs, alpha, axes))

    register_op_impl(op_type="Scale")(Impl)
    return Impl, calls


@pytest.mark.parametrize("kind", ["plain", "static", "class"])
def test_execute_gets_inputs_then_attrs_in_ir_order(bridge, kind):
    from ge.custom_op import get_execute_ctx

    cls, calls = _execute_class(kind)
    bridge.validate_op_impl_descriptor(_key(cls), IR_ALPHA)
    bridge.create_op_impl_holder("s#1", _key(cls))
    ctx = RecordingContext(inputs=["req", None, ["d0", "d1"]], attrs=[0.5, [1, 2]])
    assert bridge.call_execute("s#1", IR_ALPHA, ctx) is None
    assert calls == [("req", None, ["d0", "d1"], 0.5, [1, 2])]
    assert ctx.attrs.reads == [("get_float", 0), ("get_list_int", 1)]
    assert ctx.calls == [
        "required_input",
        "optional_input",
        "dynamic_input_num",
        "dynamic_input",
        "dynamic_input",
        "attrs",
    ]
    assert ctx.invalidated == 1
    with pytest.raises(RuntimeError):
        get_execute_ctx()


def test_execute_reads_nothing_without_inputs_or_attrs(bridge):
    seen = []

    @register_op_impl(op_type="Bare")
    class Bare:
        def execute(self):
            from ge.custom_op import get_execute_ctx

            seen.append(get_execute_ctx())

    bridge.create_op_impl_holder("b#1", _key(Bare))
    ctx = RecordingContext()
    bridge.call_execute("b#1", ir("Bare", outputs=[("y", REQ)]), ctx)
    assert seen == [ctx] and ctx.calls == [] and ctx.invalidated == 1


def test_execute_is_not_checked_again_at_call_time(bridge):
    @register_op_impl(op_type="Loose")
    class Loose:
        def execute(self, *anything) -> int:
            return 7

    bridge.create_op_impl_holder("l#1", _key(Loose))
    bridge.call_execute("l#1", ir("Loose", inputs=[("x", REQ)]), RecordingContext(inputs=["x"]))


def test_a_missing_ir_at_execute_still_invalidates(bridge):
    cls, _ = _execute_class("plain")
    bridge.create_op_impl_holder("m#1", _key(cls))
    ctx = RecordingContext()
    with pytest.raises(
        RuntimeError, match="canonical IR not found for schema-bound execute: Scale"
    ):
        bridge.call_execute("m#1", None, ctx)
    assert ctx.invalidated == 1


def test_execute_exceptions_propagate_and_end_the_scope(bridge):
    from ge.custom_op import get_execute_ctx

    @register_op_impl(op_type="Boom")
    class Boom:
        def execute(self):
            raise ZeroDivisionError("user bug")

    bridge.create_op_impl_holder("x#1", _key(Boom))
    ctx = RecordingContext()
    with pytest.raises(ZeroDivisionError, match="user bug"):
        bridge.call_execute("x#1", ir("Boom"), ctx)
    assert ctx.invalidated == 1
    with pytest.raises(RuntimeError):
        get_execute_ctx()


def test_an_execute_replaced_on_the_instance_by_a_value_is_refused(bridge):
    @register_op_impl(op_type="Replaced")
    class Replaced:
        def __init__(self):
            self.execute = None

        def execute(self):  # noqa: F811 - replaced per instance on purpose
            pass

    bridge.create_op_impl_holder("r#1", _key(Replaced))
    with pytest.raises(TypeError, match="python op impl does not implement callable execute: r#1"):
        bridge.call_execute("r#1", ir("Replaced"), RecordingContext())


def test_execute_signature_errors(bridge, Tensor):
    @register_op_impl(op_type="Scale")
    class WrongName:
        def execute(self, x, bias, xs, *, beta, axes):
            pass

    with pytest.raises(TypeError) as info:
        bridge.validate_op_impl_descriptor(_key(WrongName), IR_ALPHA)
    message = str(info.value)
    assert message.startswith("invalid execute signature for op type Scale, descriptor key ")
    assert "expected attr name alpha at index 0, actual attr name beta" in message

    from ge.custom_op import registry

    registry.clear_registered_op_impls()

    @register_op_impl(op_type="Scale")
    class WrongAnnotation:
        def execute(self, x: List[Tensor], bias, xs, *, alpha, axes):  # noqa: UP006
            pass

    with pytest.raises(TypeError, match="expected input parameter at index 0 annotation"):
        bridge.validate_op_impl_descriptor(_key(WrongAnnotation), IR_ALPHA)


def test_execute_counts_inputs_only(bridge):
    @register_op_impl(op_type="Scale")
    class WithOutput:
        def execute(self, x, bias, xs, y, *, alpha, axes):
            pass

    with pytest.raises(TypeError, match="expected 3 positional input parameters followed by 2"):
        bridge.validate_op_impl_descriptor(_key(WithOutput), IR_ALPHA)


ALL_ATTRS = ir(
    "Attrs",
    attrs=[
        ("a0", "VT_INT"),
        ("a1", "VT_FLOAT"),
        ("a2", "VT_BOOL"),
        ("a3", "VT_STRING"),
        ("a4", "VT_DATA_TYPE"),
        ("a5", "VT_TENSOR"),
        ("a6", "VT_LIST_INT"),
        ("a7", "VT_LIST_FLOAT"),
        ("a8", "VT_LIST_BOOL"),
        ("a9", "VT_LIST_STRING"),
        ("a10", "VT_LIST_DATA_TYPE"),
        ("a11", "VT_LIST_LIST_INT"),
    ],
)


def test_each_attr_type_is_read_with_its_getter(bridge):
    seen = {}

    @register_op_impl(op_type="Attrs")
    class Attrs:
        def execute(self, **kwargs):
            seen.update(kwargs)

    bridge.create_op_impl_holder("a#1", _key(Attrs))
    ctx = RecordingContext(attrs=list(range(12)))
    bridge.call_execute("a#1", ALL_ATTRS, ctx)
    assert [g for g, _ in ctx.attrs.reads] == [
        "get_int",
        "get_float",
        "get_bool",
        "get_str",
        "get_data_type",
        "get_tensor",
        "get_list_int",
        "get_list_float",
        "get_list_bool",
        "get_list_str",
        "get_list_data_type",
        "get_list_list_int",
    ]
    assert seen == {f"a{i}": i for i in range(12)}


def test_an_unknown_attr_type_or_input_kind_is_reported(bridge):
    cls, _ = _execute_class("plain")
    bridge.create_op_impl_holder("u#1", _key(cls))
    bad_attr = ir("Scale", attrs=[("a", "VT_NAMED_ATTRS")])
    with pytest.raises(ValueError, match="unsupported custom op runtime attr type: VT_NAMED_ATTRS"):
        bridge.call_execute("u#1", bad_attr, RecordingContext(attrs=[1]))
    with pytest.raises(ValueError, match="unsupported custom op IR input kind: 5, ir index: 0"):
        bridge.call_execute("u#1", ir("Scale", inputs=[("x", 5)]), RecordingContext(inputs=[1]))


def _annotated(Tensor, DataType):
    """Every attribute type in both spellings, as callbacks may annotate them."""
    return [
        ("VT_INT", int, int),
        ("VT_FLOAT", float, float),
        ("VT_BOOL", bool, bool),
        ("VT_STRING", str, str),
        ("VT_DATA_TYPE", DataType, DataType),
        ("VT_TENSOR", Tensor, Tensor),
        ("VT_LIST_INT", List[int], list[int]),
        ("VT_LIST_FLOAT", List[float], list[float]),
        ("VT_LIST_BOOL", List[bool], list[bool]),
        ("VT_LIST_STRING", List[str], list[str]),
        ("VT_LIST_DATA_TYPE", List[DataType], list[DataType]),
        ("VT_LIST_LIST_INT", List[List[int]], list[list[int]]),
    ]


@pytest.mark.parametrize("spelling", [1, 2])
def test_declare_accepts_every_attr_annotation(bridge, Tensor, spelling):
    from ge.custom_op._signature import _validate_args_signature
    from ge.graph.types import DataType

    for vt, *annotations in _annotated(Tensor, DataType):

        def declare(x: Tensor, maybe: Optional[Tensor], y: list[Tensor], *, a) -> None:
            pass

        declare.__annotations__["a"] = annotations[spelling - 1]
        ir_meta = ir("T", inputs=[("x", REQ), ("m", OPT)], outputs=[("y", 1)], attrs=[("a", vt)])
        descriptor = type("D", (), {"op_type": "T", "descriptor_key": "k"})
        _validate_args_signature(declare, ir_meta, descriptor, method_name="declare_launch_args")


def _signature_error(bridge, method_name, method, ir_meta):
    from ge.custom_op._signature import _validate_args_signature

    descriptor = type("D", (), {"op_type": "Sig", "descriptor_key": "mod:Sig:Sig"})
    with pytest.raises(TypeError) as info:
        _validate_args_signature(method, ir_meta, descriptor, method_name=method_name)
    message = str(info.value)
    assert message.startswith(
        f"invalid {method_name} signature for op type Sig, descriptor key mod:Sig:Sig, "
        f"method {method_name}: expected "
    )
    return message


SIG_IR = ir("Sig", inputs=[("x", REQ)], outputs=[("y", REQ)], attrs=[("n", "VT_INT")])


@pytest.mark.parametrize("method_name", ["declare_launch_args", "compile"])
def test_the_five_signature_errors(bridge, method_name):
    def count(x, *, n) -> None:
        pass

    def keyword_input(x, *, y, n) -> None:
        pass

    def attr_name(x, y, *, m) -> None:
        pass

    def variadic(x, y, *rest, n) -> None:
        pass

    def returns_int(x, y, *, n) -> int:
        pass

    def positional_attr(x, y, n) -> None:
        pass

    def no_return(x, y, *, n):
        pass

    cases = [
        (
            count,
            "expected 2 positional input/output parameters followed by 1 keyword-only attrs, "
            "actual 2 parameters",
        ),
        (
            keyword_input,
            "expected positional output parameter at index 0, actual parameter y kind KEYWORD_ONLY",
        ),
        (attr_name, "expected attr name n at index 0, actual attr name m"),
        (variadic, "expected no variadic parameters, actual variadic parameter rest"),
        (returns_int, "expected None return annotation, actual <class 'int'>"),
        (
            positional_attr,
            "expected keyword-only attr parameter n, actual parameter n kind POSITIONAL_OR_KEYWORD",
        ),
        (no_return, "expected None return annotation, actual missing return annotation"),
    ]
    for method, expected in cases:
        assert _signature_error(bridge, method_name, method, SIG_IR).endswith(expected)


def test_unresolvable_hints_and_unknown_callbacks(bridge):
    from ge.custom_op._signature import _validate_args_signature

    def bad_hint(x: "Missing", y, *, n) -> None:  # noqa: F821
        pass

    message = _signature_error(bridge, "compile", bad_hint, SIG_IR)
    assert "expected resolvable type annotations, actual type hint resolution failed" in message
    with pytest.raises(ValueError, match="unsupported schema callback: run"):
        _validate_args_signature(bad_hint, SIG_IR, object(), method_name="run")


def test_execute_ignores_an_unresolvable_return_and_no_type_check_skips_hints(bridge):
    import typing

    from ge.custom_op._signature import _validate_args_signature

    descriptor = type("D", (), {"op_type": "Sig", "descriptor_key": "k"})

    def execute(x, *, n) -> "Missing":  # noqa: F821
        pass

    _validate_args_signature(execute, SIG_IR, descriptor, method_name="execute")

    @typing.no_type_check
    def unchecked(x: int, *, n: str) -> None:
        pass

    _validate_args_signature(unchecked, SIG_IR, descriptor, method_name="execute")


def _declare_class(result=None):
    calls = []

    @register_op_impl(op_type="Sig")
    class Declares:
        def declare_launch_args(self, x, y, *, n) -> None:
            from ge.custom_op import get_declare_launch_args_ctx

            calls.append((x, y, n, get_declare_launch_args_ctx()))
            return result

    return Declares, calls


def test_declare_binds_inputs_outputs_then_attrs(bridge):
    cls, calls = _declare_class()
    bridge.validate_op_impl_descriptor(_key(cls), SIG_IR)
    bridge.create_op_impl_holder("d#1", _key(cls))
    ctx = RecordingContext(inputs=["in"], outputs=["out"], attrs=[3])
    bridge.call_declare_launch_args("d#1", SIG_IR, ctx)
    assert calls == [("in", "out", 3, ctx)]
    assert ctx.calls == ["required_input", "required_output", "attrs"]
    assert ctx.invalidated == 1


def test_declare_must_return_none_and_needs_an_ir(bridge):
    cls, _ = _declare_class(result=True)
    bridge.create_op_impl_holder("d#2", _key(cls))
    ctx = RecordingContext(inputs=["in"], outputs=["out"], attrs=[3])
    with pytest.raises(TypeError, match="^declare_launch_args must return None$"):
        bridge.call_declare_launch_args("d#2", SIG_IR, ctx)
    assert ctx.invalidated == 1
    with pytest.raises(RuntimeError, match="schema-bound declare_launch_args"):
        bridge.call_declare_launch_args("d#2", None, RecordingContext())


def test_declare_is_not_checked_again_at_call_time(bridge):
    @register_op_impl(op_type="Sig")
    class Changed:
        def declare_launch_args(self, *args, **kwargs):
            pass

    bridge.create_op_impl_holder("d#3", _key(Changed))
    ctx = RecordingContext(inputs=["in"], outputs=["out"], attrs=[3])
    bridge.call_declare_launch_args("d#3", SIG_IR, ctx)


def test_declare_needs_the_method_on_the_instance(bridge):
    @register_op_impl(op_type="Sig")
    class Gone:
        def __init__(self):
            self.declare_launch_args = 1

        def declare_launch_args(self):  # noqa: F811 - replaced per instance on purpose
            pass

    bridge.create_op_impl_holder("d#4", _key(Gone))
    with pytest.raises(TypeError, match="does not implement declare_launch_args: d#4"):
        bridge.call_declare_launch_args("d#4", SIG_IR, RecordingContext())


def test_dynamic_outputs_are_read_as_lists(bridge):
    seen = []

    @register_op_impl(op_type="Dyn")
    class Dyn:
        def declare_launch_args(self, ys) -> None:
            seen.append(ys)

    bridge.create_op_impl_holder("y#1", _key(Dyn))
    ctx = RecordingContext(outputs=[["o0", "o1"]])
    bridge.call_declare_launch_args("y#1", ir("Dyn", outputs=[("ys", 1)]), ctx)
    assert seen == [["o0", "o1"]]
    with pytest.raises(ValueError, match="unsupported custom op IR output kind: 4"):
        bridge.call_declare_launch_args("y#1", ir("Dyn", outputs=[("ys", 4)]), ctx)


def test_compile_is_checked_again_on_every_call(bridge):
    from ge.custom_op import get_compile_ctx, get_compile_platform_info

    seen = []

    @register_op_impl(op_type="Sig")
    class Compiles:
        def compile(self, x, y, *, n) -> None:
            seen.append((x, y, n, get_compile_ctx(), get_compile_platform_info()))

    bridge.validate_op_impl_descriptor(_key(Compiles), SIG_IR)
    bridge.create_op_impl_holder("c#1", _key(Compiles))
    ctx = RecordingContext(inputs=["in"], outputs=["out"], attrs=[3])
    bridge.call_compile("c#1", SIG_IR, ctx)
    assert seen == [("in", "out", 3, ctx, ("platform of", ctx))]
    # The same instance against another IR: refused before anything is read.
    other = RecordingContext()
    with pytest.raises(TypeError, match="expected 0 positional input/output parameters"):
        bridge.call_compile("c#1", ir("Sig"), other)
    assert other.calls == [] and other.invalidated == 1


def test_compile_result_ir_and_exceptions(bridge):
    from ge.custom_op import get_compile_ctx

    @register_op_impl(op_type="Sig")
    class Returns:
        def compile(self) -> None:
            return True

    bridge.create_op_impl_holder("c#2", _key(Returns))
    with pytest.raises(TypeError, match="^compile must return None$"):
        bridge.call_compile("c#2", ir("Sig"), RecordingContext())
    with pytest.raises(RuntimeError, match="^canonical IR not found for schema-bound compile$"):
        bridge.call_compile("c#2", None, RecordingContext())

    from ge.custom_op import registry

    registry.clear_registered_op_impls()

    @register_op_impl(op_type="Sig")
    class Raises:
        def compile(self) -> None:
            raise OSError("disk")

    bridge.create_op_impl_holder("c#3", _key(Raises))
    ctx = RecordingContext()
    with pytest.raises(OSError, match="disk"):
        bridge.call_compile("c#3", ir("Sig"), ctx)
    assert ctx.invalidated == 1
    with pytest.raises(RuntimeError):
        get_compile_ctx()
