"""Normalized hooks: who gets the context; dispatch never calls inspect.signature."""

from __future__ import annotations

import inspect

import pytest
from passes_support import requires_es

from ge.passes import DecomposePass, PatternFusionPass


def poison_signature(monkeypatch):
    """Dispatch must use what was learned at class definition, never inspect the hook again."""

    def refuse(*args, **kwargs):
        raise AssertionError("inspect.signature called during dispatch")

    monkeypatch.setattr(inspect, "signature", refuse)


@pytest.fixture
def poisoned_signature(monkeypatch):
    poison_signature(monkeypatch)


class LegacyPattern(PatternFusionPass):
    def meet_requirements(self, match_result, context):
        return ("meet", match_result, context)

    def replacement(self, match_result):
        return ("replacement", match_result)


class ContextUnderAnotherName(PatternFusionPass):
    def meet_requirements(self, match_result, ctx):
        return ("meet", match_result, ctx)

    def replacement(self, match_result, whatever):
        return ("replacement", match_result, whatever)


class LegacyDecompose(DecomposePass):
    def meet_requirements(self, node, context):
        return ("meet", node, context)

    def replacement(self, node):
        return ("replacement", node)


def test_three_parameter_pattern_hooks_receive_the_positional_context(poisoned_signature):
    instance = LegacyPattern()
    assert instance.meet_requirements("match", "ctx") == ("meet", "match", "ctx")
    assert instance.meet_requirements("match") == ("meet", "match", None)


def test_two_parameter_replacement_ignores_an_extra_context(poisoned_signature):
    assert LegacyPattern().replacement("match", "ctx") == ("replacement", "match")


def test_the_third_parameter_gets_the_context_whatever_its_name(poisoned_signature):
    instance = ContextUnderAnotherName()
    assert instance.meet_requirements("m", "c") == ("meet", "m", "c")
    assert instance.replacement("m", "c") == ("replacement", "m", "c")


def test_decompose_hooks_receive_node_and_context(poisoned_signature):
    instance = LegacyDecompose()
    assert instance.meet_requirements("node", "ctx") == ("meet", "node", "ctx")
    assert instance.replacement("node", "ctx") == ("replacement", "node")


def test_a_parameter_named_inputs_in_a_decompose_hook_just_receives_the_node(monkeypatch):
    class InputsNamed(DecomposePass):
        def replacement(self, inputs):
            return inputs

    poison_signature(monkeypatch)
    assert InputsNamed().replacement("node", "ctx") == "node"


def test_normalized_hooks_keep_the_user_function_metadata():
    assert LegacyPattern.meet_requirements.__name__ == "meet_requirements"
    assert LegacyPattern.meet_requirements.__wrapped__.__qualname__.startswith("LegacyPattern.")
    assert list(inspect.signature(LegacyPattern.replacement, follow_wrapped=False).parameters) == [
        "self",
        "value",
        "context",
    ]


def test_defaulted_and_keyword_only_optional_parameters_count_as_declared(monkeypatch):
    class Defaults(PatternFusionPass):
        def meet_requirements(self, match_result, context=None, *, verbose=False):
            return (match_result, context, verbose)

    poison_signature(monkeypatch)
    assert Defaults().meet_requirements("m", "c") == ("m", "c", False)


def test_user_exceptions_propagate_unchanged(monkeypatch):
    class Raising(PatternFusionPass):
        def meet_requirements(self, match_result):
            raise KeyError("user error")

    poison_signature(monkeypatch)
    with pytest.raises(KeyError, match="user error"):
        Raising().meet_requirements("m", "c")


@requires_es
@pytest.mark.parametrize(
    ("signature", "expected"),
    [
        ("(self, inputs)", ("inputs",)),
        ("(self, inputs, context)", ("inputs", "context")),
        ("(self, inputs, details)", ("inputs", "match")),
        ("(self, inputs, details, context)", ("inputs", "match", "context")),
    ],
)
def test_expression_replacement_dispatch_table(signature, expected, monkeypatch):
    from ge.graph import Graph
    from ge.passes.pattern import PatternInputs

    seen = []
    params = signature.strip("()").split(", ")[1:]
    source = (
        f"def replacement{signature}:\n"
        f"    seen.append(tuple('inputs' if isinstance(v, PatternInputs) else v "
        f"for v in ({', '.join(params)},)))\n"
        f"    return inputs[0]\n"
    )
    namespace = {"seen": seen, "PatternInputs": PatternInputs}
    exec(source, namespace)
    cls = type("Expr", (PatternFusionPass,), {"replacement": namespace["replacement"]})
    poison_signature(monkeypatch)
    graph = cls().replacement("match", "context")
    assert isinstance(graph, Graph)
    assert seen == [expected]


@requires_es
def test_expression_replacement_rejects_non_holder_results():
    class ReturnsNone(PatternFusionPass):
        def replacement(self, inputs):
            return None

    with pytest.raises(
        TypeError,
        match=r"^Expression-style replacement must return a TensorHolder or a non-empty "
        r"list/tuple of TensorHolder$",
    ):
        ReturnsNone().replacement(None)


@requires_es
def test_expression_replacement_graph_is_named_after_the_class():
    class NamedReplacement(PatternFusionPass):
        def replacement(self, inputs):
            return inputs[0]

    assert NamedReplacement().replacement(None).name == "NamedReplacement_replacement"
