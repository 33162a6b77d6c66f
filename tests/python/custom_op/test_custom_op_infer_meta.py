"""call_infer_meta: the prototype function receives TensorDesc inputs and keyword attrs in IR
order, and its result is checked against the IR outputs and flattened for the compiler."""

# Annotations are evaluated at definition time here: register_op resolves them, and they refer
# to names local to a test.
from typing import Optional

import pytest
from custom_op_support import RecordingContext, ir, requires_runtime

pytestmark = requires_runtime


@pytest.fixture
def rt():
    import ge.custom_op
    from ge.custom_op import _bridge
    from ge.graph.types import DataType
    from ge.runtime import TensorDesc

    class Rt:
        pass

    rt = Rt()
    rt.register_op, rt.bridge, rt.DT, rt.TD = (
        ge.custom_op.register_op,
        _bridge,
        DataType,
        TensorDesc,
    )
    return rt


def _ir_of(fn) -> dict:
    """The canonical IR the compiler would build from the prototype."""
    d = fn.__ge_op_proto_descriptor__
    return ir(
        d.op_type,
        inputs=[(i.name, int(i.kind)) for i in d.inputs],
        outputs=[(o.name, int(o.kind)) for o in d.outputs],
        attrs=[(a.name, a.type) for a in d.attrs],
    )


def test_inputs_of_every_kind_and_attrs(rt):
    TD, DT = rt.TD, rt.DT
    seen = []

    @rt.register_op(op_type="Concatish")
    def concatish(
        x: TD, bias: Optional[TD], rest: list[TD], *, axis: int, scale: float = 1.0
    ) -> TD:
        seen.append((x, bias, rest, axis, scale))
        total = x.shape.origin_shape.dims[0] + sum(r.shape.origin_shape.dims[0] for r in rest)
        return TD([total, x.shape.origin_shape.dims[1]], DT.DT_FLOAT16)

    x = TD([2, 3], DT.DT_FLOAT)
    rest = [TD([4, 3], DT.DT_FLOAT), TD([1, 3], DT.DT_FLOAT)]
    ctx = RecordingContext(inputs=[x, None, rest], attrs=[0, 0.5])
    result = rt.bridge.call_infer_meta("Concatish", _ir_of(concatish), ctx)
    assert result == [([7, 3], [7, 3], int(DT.DT_FLOAT16))]
    assert seen == [(x, None, rest, 0, 0.5)]
    assert ctx.attrs.reads == [("get_int", 0), ("get_float", 1)]
    assert ctx.invalidated == 1


def test_no_outputs_ignores_the_result(rt):
    @rt.register_op(op_type="Sink")
    def sink(x: rt.TD) -> None:
        return "anything"

    ctx = RecordingContext(inputs=[rt.TD([1], rt.DT.DT_INT8)])
    assert rt.bridge.call_infer_meta("Sink", _ir_of(sink), ctx) == []


def test_several_outputs_with_a_dynamic_one_first(rt):
    TD, DT = rt.TD, rt.DT

    @rt.register_op(op_type="SplitAndCount")
    def split(x: TD, *, parts: int) -> tuple[list[TD], TD]:
        return [TD([1], x.data_type) for _ in range(parts)], TD(None, DT.DT_INT64)

    ctx = RecordingContext(inputs=[TD([3], DT.DT_FLOAT)], attrs=[3], dynamic_output_nums={0: 3})
    result = rt.bridge.call_infer_meta("SplitAndCount", _ir_of(split), ctx)
    assert result == [([1], [1], 0)] * 3 + [([], [], int(DT.DT_INT64))]


def test_a_single_dynamic_output_and_storage_shapes(rt):
    from ge.runtime import StorageShape

    TD, DT = rt.TD, rt.DT

    @rt.register_op(op_type="Pads")
    def pads(x: TD) -> list[TD]:
        return (TD(StorageShape([2, 3], [1, 1, 2, 3]), DT.DT_BF16),)

    ctx = RecordingContext(inputs=[TD([2, 3], DT.DT_FLOAT)], dynamic_output_nums={0: 1})
    assert rt.bridge.call_infer_meta("Pads", _ir_of(pads), ctx) == [
        ([2, 3], [1, 1, 2, 3], int(DT.DT_BF16))
    ]


def test_a_single_output_must_be_a_desc(rt):
    @rt.register_op(op_type="One")
    def one(x: rt.TD) -> rt.TD:
        return "not a desc"

    ctx = RecordingContext(inputs=[rt.TD([1], rt.DT.DT_FLOAT)])
    with pytest.raises(TypeError, match=r"infer_meta output\[0\] must be TensorDesc, got str"):
        rt.bridge.call_infer_meta("One", _ir_of(one), ctx)
    assert ctx.invalidated == 1


def test_result_shape_errors(rt):
    TD, DT = rt.TD, rt.DT
    desc = TD([1], DT.DT_FLOAT)

    @rt.register_op(op_type="Two")
    def two(x: TD) -> tuple[TD, list[TD]]:
        return results.pop(0)

    results = [desc, (desc,), (desc, desc), (desc, [desc])]
    cases = [
        "infer_meta must return list/tuple for multiple outputs, got TensorDesc",
        "infer_meta return count 1 != output count 2",
        r"infer_meta output\[1\] is dynamic, must return list",
        r"infer_meta dynamic output\[1\] instance count mismatch: expected 2, got 1",
    ]
    for message in cases:
        ctx = RecordingContext(inputs=[desc], dynamic_output_nums={1: 2})
        with pytest.raises(TypeError, match=message):
            rt.bridge.call_infer_meta("Two", _ir_of(two), ctx)
        assert ctx.invalidated == 1

    @rt.register_op(op_type="Many")
    def many(x: TD) -> list[TD]:
        return pending.pop(0)

    pending = [desc, [desc, 3]]
    for message in [
        r"infer_meta output\[0\] is dynamic, must return list, got TensorDesc",
        r"infer_meta output\[1\] must be TensorDesc, got int",
    ]:
        ctx = RecordingContext(inputs=[desc], dynamic_output_nums={0: 2})
        with pytest.raises(TypeError, match=message):
            rt.bridge.call_infer_meta("Many", _ir_of(many), ctx)


def test_exceptions_propagate_and_invalidate(rt):
    @rt.register_op(op_type="Fails")
    def fails(x: rt.TD) -> rt.TD:
        raise ArithmeticError("shape rule broken")

    ctx = RecordingContext(inputs=[rt.TD([1], rt.DT.DT_FLOAT)])
    with pytest.raises(ArithmeticError):
        rt.bridge.call_infer_meta("Fails", _ir_of(fails), ctx)
    assert ctx.invalidated == 1
