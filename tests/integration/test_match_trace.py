"""The match tracer from Python: ge.passes.testing.trace_pass names, for a Python pass and a
ge.es graph, the check that stopped each closest candidate (docs/python_passes.md, "Debugging a
pass"). Each pass lives in a file of its own: the compile runs every pass of the pass path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(_REPO, "examples", "passes", "debug_no_match")

HEADER = """
from ge.es.all import MatMul, Neg, Relu
from ge.es.graph_builder import GraphBuilder
from ge.passes import (PassStage, PatternFusionPass, PatternMatcherConfigBuilder,
                       create_pattern, pattern, register_fusion_pass)
"""

PASSES = {
    "TraceReluAddPass": """
@register_fusion_pass(name="TraceReluAddPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceReluAddPass(PatternFusionPass):
    @pattern
    def relu_add(self, inputs):
        a, b = inputs[:2]
        return Relu(a) + b

    def replacement(self, inputs):
        a, b = inputs[:2]
        return Relu(a) + b
""",
    "TraceMatMulPass": """
@register_fusion_pass(name="TraceMatMulPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceMatMulPass(PatternFusionPass):
    def __init__(self):
        super().__init__(PatternMatcherConfigBuilder().enable_ir_attr_match().build())

    @pattern
    def matmul(self, inputs):
        a, b = inputs[:2]
        return MatMul(a, b, None, transpose_x1=False, transpose_x2=False)

    def replacement(self, inputs):
        a, b = inputs[:2]
        return MatMul(a, b, None, transpose_x1=False, transpose_x2=False)
""",
    "TraceAddZeroValuePass": """
@register_fusion_pass(name="TraceAddZeroValuePass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceAddZeroValuePass(PatternFusionPass):
    def __init__(self):
        super().__init__(PatternMatcherConfigBuilder().enable_const_value_match().build())

    def patterns(self):
        builder = GraphBuilder("add_zero_value")
        x = builder.create_input(0)
        zero = builder.create_const_float([0.0], [1])
        return [create_pattern(builder.build_and_reset([x + zero]))]

    def replacement(self, inputs):
        return inputs[0]
""",
    "TraceTwoOutputPass": """
@register_fusion_pass(name="TraceTwoOutputPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceTwoOutputPass(PatternFusionPass):
    @pattern
    def relu_add_both(self, inputs):
        a, b = inputs[:2]
        relu = Relu(a)
        return relu + b, relu

    def replacement(self, inputs):
        a, b = inputs[:2]
        relu = Relu(a)
        return relu + b, relu
""",
    "TraceRaisingRequirementsPass": """
@register_fusion_pass(name="TraceRaisingRequirementsPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceRaisingRequirementsPass(PatternFusionPass):
    @pattern
    def neg(self, inputs):
        return Neg(inputs[0])

    def meet_requirements(self, match_result):
        raise KeyError("no such attribute here")

    def replacement(self, inputs):
        return Neg(inputs[0])
""",
    "TraceBadReplacementPass": """
@register_fusion_pass(name="TraceBadReplacementPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TraceBadReplacementPass(PatternFusionPass):
    @pattern
    def neg(self, inputs):
        return Neg(inputs[0])

    def replacement(self, inputs):
        return Neg(inputs[0]), Neg(inputs[0])  # two outputs for a one-output pattern
""",
}


@pytest.fixture(scope="module")
def pass_files(tmp_path_factory):
    directory = tmp_path_factory.mktemp("trace_passes")
    paths = {}
    for name, body in PASSES.items():
        path = directory / f"{name.lower()}.py"
        path.write_text(textwrap.dedent(HEADER) + textwrap.dedent(body))
        paths[name] = str(path)
    return paths


def _graph(build):
    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("traced")
    x, y = builder.create_inputs(2)
    return builder.build_and_reset(build(builder, x, y))


def _trace(pass_files, name, build, top=3):
    from ge.passes.testing import trace_pass

    return trace_pass(name, _graph(build), pass_path=pass_files[name], top=top)


def _closest(trace):
    assert len(trace.patterns) == 1, str(trace)
    assert trace.patterns[0].closest, str(trace)
    return trace.patterns[0].closest[0]


def test_op_type(pass_files):
    from ge.es.all import Sigmoid

    trace = _trace(pass_files, "TraceReluAddPass", lambda b, x, y: [Sigmoid(x) + y])
    closest = _closest(trace)
    assert closest.check == "op_type", str(trace)
    assert closest.detail == "pattern Relu, target Sigmoid"
    assert [b.target_type for b in closest.bindings] == ["Add"]
    assert "fillcolor=salmon" in closest.dot
    assert "op_type" in str(trace) and "pattern Relu, target Sigmoid" in str(trace)


def test_consumer_outside_the_match(pass_files):
    from ge.es.all import Neg, Relu

    def build(b, x, y):
        relu = Relu(x)
        return [relu + y, Neg(relu)]

    closest = _closest(_trace(pass_files, "TraceReluAddPass", build))
    assert closest.check == "not_self_contained"
    assert "outside the boundary" in closest.detail
    assert closest.bound == 4


def test_ir_attribute(pass_files):
    from ge.es.all import MatMul

    closest = _closest(
        _trace(
            pass_files,
            "TraceMatMulPass",
            lambda b, x, y: [MatMul(x, y, None, transpose_x1=True, transpose_x2=False)],
        )
    )
    assert closest.check == "ir_attr"
    assert closest.detail == "IR attribute transpose_x1 differs"


def test_input_count(pass_files):
    from ge.es.all import MatMul

    def build(b, x, y):
        bias = b.create_const_float([0.5, 0.5], [2])
        return [MatMul(x, y, bias, transpose_x1=False, transpose_x2=False)]

    closest = _closest(_trace(pass_files, "TraceMatMulPass", build))
    assert closest.check == "input_count"
    assert "input 2 is connected in the target, not in the pattern" in closest.detail


def test_const_value_and_dtype(pass_files):
    def build(b, x, y):
        return [x + b.create_const_float([0.5], [1]), y + b.create_const_int32([0], [1])]

    trace = _trace(pass_files, "TraceAddZeroValuePass", build)
    checks = {c.check: c.detail for c in trace.patterns[0].closest}
    assert checks == {"const_value": "values differ", "dtype": "pattern DT_FLOAT, target DT_INT32"}


def test_would_cycle(pass_files):
    from ge.es.all import Neg, Relu

    def build(b, x, y):
        relu = Relu(x)
        return [relu + Neg(relu)]

    trace = _trace(pass_files, "TraceTwoOutputPass", build)
    closest = _closest(trace)
    assert closest.check == "would_cycle" and closest.matched
    assert trace.patterns[0].rewrites == 0


def test_failing_replacement_is_reported_with_the_compile_error(pass_files):
    from ge.es.all import Neg

    trace = _trace(pass_files, "TraceBadReplacementPass", lambda b, x, y: [Neg(x)])
    closest = _closest(trace)
    assert closest.check == "replacement" and closest.matched
    assert "TraceBadReplacementPass" in trace.compile_error


def test_meet_requirements_message_of_the_example():
    done = subprocess.run(
        [sys.executable, os.path.join(EXAMPLE, "trace_add_zero.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "meet_requirements returned false: Const_0 holds 0.5, not 0" in done.stdout
    expected = "#2 candidate Add_2: not_const at pattern node Const_0 vs input_1 (2 bound)"
    assert expected in done.stdout
    assert done.stdout.index("meet_requirements") < done.stdout.index("not_const")


def test_top_and_an_untraced_pass(pass_files):
    from ge.es.all import Sigmoid

    from ge.passes.testing import trace_pass

    def build(b, x, y):
        return [Sigmoid(x) + y, Sigmoid(y) + x]

    assert len(_trace(pass_files, "TraceReluAddPass", build, top=1).patterns[0].closest) == 1
    assert len(_trace(pass_files, "TraceReluAddPass", build, top=2).patterns[0].closest) == 2
    other = trace_pass("NoSuchPass", _graph(build), pass_path=pass_files["TraceReluAddPass"])
    assert other.patterns == [] and "no pattern of this pass was swept" in str(other)
    with pytest.raises(ValueError):
        trace_pass("TraceReluAddPass", _graph(build), top=0)


def test_a_raising_meet_requirements_is_told_from_one_returning_false(pass_files):
    from ge.es.all import Neg

    closest = _closest(_trace(pass_files, "TraceRaisingRequirementsPass", lambda b, x, y: [Neg(x)]))
    assert closest.check == "meet_requirements" and closest.matched
    assert closest.detail == "meet_requirements raised: KeyError: 'no such attribute here'"
