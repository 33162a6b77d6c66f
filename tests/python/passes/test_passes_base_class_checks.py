"""Class-definition-time contract of the pass base classes."""

from __future__ import annotations

import re

import pytest

from ge.passes import DecomposePass, FusionBasePass, PatternFusionPass, pattern


def test_fusion_base_pass_run_must_be_implemented():
    with pytest.raises(NotImplementedError, match=r"^FusionBasePass\.run must be implemented$"):
        FusionBasePass().run(None, None)


def test_pattern_fusion_pass_rejects_run_override_at_class_definition():
    with pytest.raises(TypeError) as info:

        class RunPass(PatternFusionPass):
            def run(self, graph, context):
                return 0

    assert str(info.value) == (
        "RunPass overrides run(), which is never invoked by the PatternFusionPass execution "
        "path. Implement patterns()/replacement() instead."
    )


def test_pattern_fusion_pass_rejects_run_even_when_it_is_not_a_function():
    with pytest.raises(TypeError, match=r"overrides run\(\)"):

        class RunAttrPass(PatternFusionPass):
            run = None


def test_decompose_pass_rejects_run_override_at_class_definition():
    with pytest.raises(TypeError) as info:

        class RunDecompose(DecomposePass):
            def run(self, graph, context):
                return 0

    assert str(info.value) == (
        "RunDecompose overrides run(), which is never invoked by the DecomposePass execution "
        "path. Implement meet_requirements()/replacement() instead."
    )


def test_pattern_methods_cannot_be_combined_with_patterns():
    with pytest.raises(TypeError) as info:

        class Mixed(PatternFusionPass):
            @pattern
            def p(self, inputs):
                return inputs[0]

            def patterns(self):
                return []

    assert str(info.value) == (
        "Mixed cannot combine @pattern methods with patterns(). "
        "Use one style for declaring patterns."
    )


@pytest.mark.parametrize(
    "source",
    [
        "def p(self): pass",
        "def p(self, inputs, extra): pass",
        "def p(self, inputs, *, required): pass",
        "def p(self, inputs, extra=None): pass",
    ],
)
def test_pattern_methods_must_take_exactly_self_and_inputs(source):
    namespace = {}
    exec(source, namespace)
    with pytest.raises(TypeError, match=r"^@pattern methods only support method\(self, inputs\)$"):
        type("BadPattern", (PatternFusionPass,), {"p": pattern(namespace["p"])})


def test_pattern_method_may_have_optional_keyword_only_parameters():
    class KwOnly(PatternFusionPass):
        @pattern
        def p(self, inputs, *, scale=1.0):
            return inputs[0]

    assert KwOnly.patterns is not PatternFusionPass.patterns


def test_pattern_decorator_marks_and_returns_the_same_function():
    def method(self, inputs):
        return inputs

    assert pattern(method) is method
    assert method.__ge_expression_pattern_method__ is True


@pytest.mark.parametrize(
    ("source", "value_name"),
    [
        ("def meet_requirements(self): pass", "match_result"),
        ("def meet_requirements(self, match_result, context, extra): pass", "match_result"),
        ("def meet_requirements(self, match_result, *, flag): pass", "match_result"),
    ],
)
def test_pattern_meet_requirements_signature_is_checked(source, value_name):
    namespace = {}
    exec(source, namespace)
    expected = (
        f"meet_requirements only supports meet_requirements(self, {value_name}) or "
        f"meet_requirements(self, {value_name}, context)"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(expected)}$"):
        type("BadMeet", (PatternFusionPass,), {"meet_requirements": namespace["meet_requirements"]})


def test_decompose_hooks_name_node_in_the_signature_error():
    with pytest.raises(TypeError, match=r"meet_requirements\(self, node\)"):

        class BadDecomposeMeet(DecomposePass):
            def meet_requirements(self, node, context, extra):
                return True

    with pytest.raises(TypeError, match=r"^replacement only supports replacement\(self, node\)"):

        class BadDecomposeReplacement(DecomposePass):
            def replacement(self):
                return None


def test_legacy_pattern_replacement_signature_is_checked():
    with pytest.raises(
        TypeError,
        match=r"^replacement only supports replacement\(self, match_result\) or "
        r"replacement\(self, match_result, context\)$",
    ):

        class BadReplacement(PatternFusionPass):
            def replacement(self, match_result, context, extra):
                return None


@pytest.mark.parametrize(
    "source",
    [
        "def replacement(self, inputs, a, b, c): pass",
        "def replacement(self, inputs, *, required): pass",
    ],
)
def test_expression_replacement_signature_outside_two_to_four_is_rejected(source):
    namespace = {}
    exec(source, namespace)
    with pytest.raises(TypeError) as info:
        type("BadExpr", (PatternFusionPass,), {"replacement": namespace["replacement"]})
    assert str(info.value) == (
        "Expression-style replacement only supports replacement(self, inputs), "
        "replacement(self, inputs, match_result), replacement(self, inputs, context), or "
        "replacement(self, inputs, match_result, context)"
    )


def test_expression_replacement_with_four_arguments_needs_context_last():
    with pytest.raises(TypeError) as info:

        class FourArgs(PatternFusionPass):
            def replacement(self, inputs, match_result, options):
                return inputs[0]

    assert str(info.value) == (
        "Expression-style replacement with four arguments must use "
        "replacement(self, inputs, match_result, context)"
    )


def test_hooks_that_are_not_plain_functions_are_rejected_with_the_class_name():
    with pytest.raises(TypeError, match=r"^StaticHook\.meet_requirements must be a plain method"):

        class StaticHook(PatternFusionPass):
            @staticmethod
            def meet_requirements(match_result):
                return True


def test_pattern_fusion_defaults():
    instance = PatternFusionPass()
    assert instance.matcher_config is None
    assert instance.meet_requirements("match") is True
    with pytest.raises(NotImplementedError, match=r"^PatternFusionPass\.patterns must be"):
        instance.patterns()
    with pytest.raises(NotImplementedError, match=r"^PatternFusionPass\.replacement must be"):
        instance.replacement("match")


def test_matcher_config_is_stored_and_read_only():
    marker = object()
    instance = PatternFusionPass(marker)
    assert instance.matcher_config is marker
    with pytest.raises(AttributeError):
        instance.matcher_config = None


def test_subclass_init_skipping_super_gets_the_default_matcher_config():
    class NoSuper(PatternFusionPass):
        def __init__(self):
            self.state = 1

    assert NoSuper().matcher_config is None


def test_decompose_defaults():
    instance = DecomposePass()
    assert DecomposePass.op_types is None
    assert instance.meet_requirements("node") is True
    with pytest.raises(NotImplementedError, match=r"^DecomposePass\.replacement must be"):
        instance.replacement("node")


def test_inherited_hooks_are_not_checked_or_wrapped_again():
    class Parent(PatternFusionPass):
        @pattern
        def p(self, inputs):
            return inputs[0]

        def meet_requirements(self, match_result):
            return "parent"

    class Child(Parent):
        def patterns(self):  # allowed: the @pattern methods live in the parent
            return []

    assert Child.meet_requirements is Parent.meet_requirements
    assert Child().patterns() == []
    assert Child().meet_requirements("m", "ctx") == "parent"


def test_pattern_marked_methods_outside_pattern_fusion_pass_stay_plain_methods():
    class Plain(FusionBasePass):
        @pattern
        def p(self, inputs):
            return inputs

    assert Plain().p(3) == 3
