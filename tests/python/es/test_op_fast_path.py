"""The straight-line code ``ge.es._codegen`` generates for an op (the fast path) and the general
``ge.es._op_runtime.call_op`` (the general path) behave alike, for every catalog op that gets
straight-line code: the same nodes, attributes and edges for good arguments, and the same
exception type and text, with the same nodes left behind, for bad ones."""

from __future__ import annotations

import inspect

import pytest

from ge.es import _catalog, _codegen, _op_runtime
from ge.es import all as es_all
from ge.es.graph_builder import GraphBuilder, attr_scope, control_dependency_scope
from ge.es.tensor_holder import TensorHolder
from ge.graph import DataType, Tensor

_PROTOS = {p["type"]: p for p in _catalog.list_prototypes() if _codegen.is_generatable(p)}
_FAST_OPS = sorted(op for op, p in _PROTOS.items() if _codegen.plan_function(p)["straight_line"])

# A value of each attribute type (made per call: a Tensor is handed over to the builder).
_SAMPLES = {
    "int": lambda: 3,
    "float": lambda: 0.25,
    "bool": lambda: True,
    "string": lambda: "s",
    "data_type": lambda: DataType.DT_INT32,
    "list_int": lambda: [1, 2],
    "list_float": lambda: [0.5, 1.5],
    "list_bool": lambda: [True, False],
    "list_string": lambda: ["a", "b"],
    "list_data_type": lambda: [DataType.DT_FLOAT, DataType.DT_INT8],
    "list_list_int": lambda: [[1], [2, 3]],
    "tensor": Tensor,
}
# TensorLike values an input of a TensorLike op accepts, one per input position.
_TENSOR_LIKE = (2, 1.5, [[1, 2], [3, 4]], [0.5, 1.0])


def _general(func, spec, output_class):
    """``func``'s arguments handed to the general path, as a generated general body does."""
    signature = inspect.signature(func)

    def call(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        inputs = [bound.arguments[param] for _name, _kind, param in spec["inputs"]]
        attrs = [bound.arguments[param] for _name, _type, _required, param in spec["attrs"]]
        return _op_runtime.call_op(spec, func, inputs, None, [], [], attrs, output_class)

    return call


def _holders(result):
    if isinstance(result, TensorHolder):
        return [result]
    if result is None:
        return []
    return [getattr(result, field) for field in result._fields]


def _describe(result):
    """What a call returned: the class and the producer of each holder."""
    if result is None:
        return None
    names = [None if h is None else h.name for h in _holders(result)]
    return type(result).__name__, names


def _run(func, n_inputs: int, scenario):
    """Runs ``scenario(func, builder, inputs, other_builder)`` on a new builder with ``n_inputs``
    graph inputs; returns its outcome (result or exception) and the dump of the builder's graph
    with the results as outputs."""
    builder = GraphBuilder("paths")
    inputs = [builder.create_input(i, shape=[2, 2]) for i in range(n_inputs)]
    other = GraphBuilder("other")
    result = None
    try:
        result = scenario(func, builder, inputs, other)
        outcome = ("returned", _describe(result))
    except Exception as exc:  # the exception is the result being compared
        outcome = (type(exc), str(exc))
    if builder._built:
        return outcome, None
    outputs = [h for h in _holders(result) if h is not None]
    return outcome, builder.build_and_reset(outputs).dump_to_stream()


# Placeholders in a scenario's argument list: the graph input of that position, a holder of
# another builder.
_INPUT = object()
_FOREIGN = object()


def _scenarios(proto, plan):
    """(name, scenario) pairs for one op: good calls, then one bad argument at a time."""
    n = len(plan["in_params"])
    attrs = list(zip(proto["attrs"], plan["attr_params"]))
    optional = [port["kind"] == "optional" for port in proto["inputs"]]

    def required_attrs():
        return {
            p: _SAMPLES[a["type"]]() for a, p in attrs if a["required"] and a["type"] in _SAMPLES
        }

    def call_with(arguments, attrs_of=required_attrs, **changes):
        def scenario(func, _builder, inputs, other):
            values = []
            for i, value in enumerate(arguments):
                if value is _INPUT:
                    value = inputs[i]
                elif value is _FOREIGN:
                    value = other.create_input(0)
                values.append(value)
            return func(*values, **dict(attrs_of(), **changes))

        return scenario

    def every_attr():
        return {p: _SAMPLES[a["type"]]() for a, p in attrs if a["type"] in _SAMPLES}

    def built(arguments):
        def scenario(func, builder, inputs, other):
            builder.build_and_reset()
            return call_with(arguments)(func, builder, inputs, other)

        return scenario

    def scoped(func, builder, inputs, other):
        with attr_scope({"_scope_mark": 7}), control_dependency_scope([inputs[0]]):
            return call_with(holders)(func, builder, inputs, other)

    holders = [_INPUT] * n
    scenarios = [
        ("holders", call_with(holders)),
        ("scopes", scoped),
        ("every attr", call_with(holders, every_attr)),
        ("first None", call_with([None] + holders[1:])),
        ("first text", call_with(["text"] + holders[1:])),
        ("all None", call_with([None] * n)),
        ("foreign holder", call_with(holders[:-1] + [_FOREIGN])),
        ("built builder", built(holders)),
    ]
    if plan["tensor_like"]:
        numbers = [_INPUT] + [_TENSOR_LIKE[i % len(_TENSOR_LIKE)] for i in range(1, n)]
        absent = [None if optional[i] else _INPUT for i in range(n)]
        scenarios.append(("TensorLike", call_with(numbers)))
        scenarios.append(("built builder, TensorLike", built(numbers)))
        scenarios.append(("optional absent", call_with(absent)))
        scenarios.append(("ragged list", call_with(numbers[:-1] + [[[1], [2, 3]]])))
        for i in range(1, n):
            bad = numbers[:i] + [object()] + holders[i + 1 :]
            scenarios.append((f"constants then bad {i}", call_with(bad)))
    for attr, param in attrs:
        scenarios.append((f"{param} object", call_with(holders, **{param: object()})))
        scenarios.append((f"{param} text", call_with(holders, **{param: "text"})))
        if attr["required"]:
            scenarios.append((f"{param} missing", call_with(holders, **{param: None})))
    return scenarios


def test_most_catalog_ops_get_straight_line_code():
    assert len(_FAST_OPS) > 100
    for op in ("Add", "Conv2D", "Identity", "Relu", "BatchMatMulV2", "Dropout"):
        assert op in _FAST_OPS
        assert isinstance(getattr(es_all, f"_CALL_{op}"), es_all._OpCall)
    for op in ("If", "ConcatV2", "Const", "IdentityN"):  # subgraphs, dynamic ports, no inputs
        assert op in _PROTOS and op not in _FAST_OPS


@pytest.mark.parametrize("op", _FAST_OPS)
def test_fast_and_general_paths_agree(op):
    proto = _PROTOS[op]
    plan = _codegen.plan_function(proto)
    fast = getattr(es_all, op)
    spec = getattr(es_all, f"_SPEC_{op}")
    output_class = getattr(es_all, f"{op}Output") if plan["returns"] == "class" else None
    general = _general(fast, spec, output_class)
    n = len(plan["in_params"])
    for name, scenario in _scenarios(proto, plan):
        assert _run(fast, n, scenario) == _run(general, n, scenario), f"{op}: {name}"


def test_the_comparison_sees_a_difference():
    """A general path that differs in one message or one node is caught."""
    spec = es_all._SPEC_Add
    general = _general(es_all.Add, spec, None)
    scenarios = dict(_scenarios(_PROTOS["Add"], _codegen.plan_function(_PROTOS["Add"])))

    def renamed(*args):
        try:
            return general(*args)
        except TypeError as exc:
            raise TypeError(f"{exc}!") from None

    text = scenarios["first text"]
    assert _run(es_all.Add, 2, text) == _run(general, 2, text)
    assert _run(es_all.Add, 2, text) != _run(renamed, 2, text)
    holders = scenarios["holders"]
    assert _run(es_all.Add, 2, holders) != _run(es_all.Sub, 2, holders)
