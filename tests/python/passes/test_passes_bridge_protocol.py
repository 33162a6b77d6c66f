"""The protocol the C++ bridge drives: holders, hook calls, result checks, reset."""

from __future__ import annotations

import inspect
import textwrap

import pytest
from passes_support import requires_graph, requires_native

from ge.passes import (
    DecomposePass,
    FusionBasePass,
    PassStage,
    PatternFusionPass,
    _bridge,
    get_registered_passes,
    register_decompose_pass,
    register_fusion_pass,
)

STAGE = PassStage.BEFORE_INFER_SHAPE


class BorrowedView:
    """Stands in for the native borrowed MatchResult / Node handed to hooks (as the reference
    tests do): records its handle and whether the bridge invalidated it."""

    def __init__(self, handle, type_name="Add"):
        self.handle = handle
        self.type = type_name
        self.invalidated = 0

    def _invalidate(self):
        self.invalidated += 1


@pytest.fixture
def borrowed(monkeypatch):
    """Replace the native borrow functions on _bridge (module globals looked up at call time)."""
    views = []

    def borrow(handle):
        view = BorrowedView(handle)
        views.append(view)
        return view

    monkeypatch.setattr(_bridge, "borrow_match_result", borrow)
    monkeypatch.setattr(_bridge, "borrow_node", borrow)
    return views


def register(cls, name=None, **kwargs):
    name = name or cls.__name__
    if issubclass(cls, DecomposePass):
        register_decompose_pass(name=name, stage=STAGE, op_types=kwargs.pop("op_types", ["Add"]))(
            cls
        )
    else:
        register_fusion_pass(name=name, stage=STAGE, **kwargs)(cls)
    return cls.__ge_pass_descriptor__.descriptor_key


class Counter(FusionBasePass):
    def __init__(self):
        self.calls = 0

    def run(self, graph, context):
        self.calls += 1
        return self.calls


class Pattern1(PatternFusionPass):
    def patterns(self):
        return None

    def meet_requirements(self, match_result, context):
        if isinstance(context, dict):
            context["meet"] = match_result.handle
        return "truthy"

    def replacement(self, match_result, context):
        if isinstance(context, dict):
            context["replacement"] = match_result.handle
        return None


class Decompose1(DecomposePass):
    def meet_requirements(self, node, context):
        if isinstance(context, dict):
            context["node_type"] = node.type
        return 1

    def replacement(self, node, context):
        if isinstance(context, dict):
            context["replaced"] = node.handle
        return None


def test_create_pass_holder_with_unknown_key_raises_key_error():
    with pytest.raises(KeyError) as info:
        _bridge.create_pass_holder("id#1", "no:such:key")
    assert info.value.args[0] == "python pass descriptor_key not found: no:such:key"


def test_holders_of_one_descriptor_are_independent_instances():
    key = register(Counter)
    assert _bridge.create_pass_holder(f"{key}#1", key) is True
    assert _bridge.create_pass_holder(f"{key}#2", key) is True
    assert _bridge.run_fusion_base_pass(f"{key}#1", graph="g1", context=None) == 1
    assert _bridge.run_fusion_base_pass(f"{key}#1", "g1") == 2
    assert _bridge.run_fusion_base_pass(instance_id=f"{key}#2", graph="g2", context=None) == 1
    assert _bridge.destroy_pass_holder(f"{key}#1") is True
    assert _bridge.destroy_pass_holder(f"{key}#2") is True
    assert _bridge.destroy_pass_holder(f"{key}#2") is False


def test_creating_an_existing_holder_keeps_its_instance():
    key = register(Counter)
    _bridge.create_pass_holder("same", key)
    _bridge.run_fusion_base_pass("same", None)
    assert _bridge.create_pass_holder("same", key) is True
    assert _bridge.run_fusion_base_pass("same", None) == 2


def test_run_result_is_returned_unchanged():
    class Returns(FusionBasePass):
        def run(self, graph, context):
            return graph

    key = register(Returns)
    _bridge.create_pass_holder("r", key)
    marker = object()
    assert _bridge.run_fusion_base_pass("r", marker) is marker


def test_missing_holder_raises_key_error():
    with pytest.raises(KeyError) as info:
        _bridge.run_fusion_base_pass("ghost#1", None)
    assert info.value.args[0] == "python pass holder is not created: ghost#1"


def test_protocol_entries_check_the_holder_kind():
    fusion_key = register(Counter)
    pattern_key = register(Pattern1)
    _bridge.create_pass_holder("fusion", fusion_key)
    _bridge.create_pass_holder("pattern", pattern_key)
    for call in (
        _bridge.get_pass_patterns,
        _bridge.get_pattern_matcher_config,
        lambda i: _bridge.call_meet_requirements(i, 1),
        lambda i: _bridge.call_replacement(i, 1),
    ):
        with pytest.raises(
            TypeError, match=r"^python pass holder is not PatternFusionPass: fusion$"
        ):
            call("fusion")
    for call in (_bridge.call_decompose_meet_requirements, _bridge.call_decompose_replacement):
        with pytest.raises(TypeError, match=r"^python pass holder is not DecomposePass: pattern$"):
            call("pattern", 1)


def test_patterns_returning_none_gives_no_patterns():
    _bridge.create_pass_holder("p", register(Pattern1))
    assert _bridge.get_pass_patterns("p") == []


@pytest.mark.parametrize("value", ["pattern", b"pattern", 3])
def test_patterns_must_return_an_iterable_that_is_not_a_string(value):
    cls = type("BadPatterns", (PatternFusionPass,), {"patterns": lambda self: value})
    _bridge.create_pass_holder("p", register(cls))
    with pytest.raises(
        TypeError,
        match=r"^PatternFusionPass\.patterns must return an iterable of Pattern or Graph$",
    ):
        _bridge.get_pass_patterns("p")


def test_default_matcher_config_is_none():
    _bridge.create_pass_holder("p", register(Pattern1))
    assert _bridge.get_pattern_matcher_config("p") is None


def test_meet_requirements_gets_a_borrowed_match_result_invalidated_afterwards(borrowed):
    _bridge.create_pass_holder("p", register(Pattern1))
    context = {}
    assert _bridge.call_meet_requirements("p", 7, context) is True
    assert context == {"meet": 7}
    assert [view.invalidated for view in borrowed] == [1]


def test_match_result_is_invalidated_even_when_the_hook_raises(borrowed):
    class Raising(PatternFusionPass):
        def meet_requirements(self, match_result):
            raise ValueError("hook failed")

        def replacement(self, match_result):
            raise ValueError("replacement failed")

    _bridge.create_pass_holder("p", register(Raising))
    with pytest.raises(ValueError, match="hook failed"):
        _bridge.call_meet_requirements("p", 1)
    with pytest.raises(ValueError, match="replacement failed"):
        _bridge.call_replacement("p", 2)
    assert [view.invalidated for view in borrowed] == [1, 1]


def test_default_meet_requirements_is_true_and_none_replacement_is_a_type_error(borrowed):
    class OnlyReplacement(PatternFusionPass):
        def replacement(self, match_result):
            return None

    _bridge.create_pass_holder("p", register(OnlyReplacement))
    assert _bridge.call_meet_requirements("p", 1, {}) is True
    with pytest.raises(
        TypeError, match=r"^PatternFusionPass\.replacement must return ge\.graph\.Graph$"
    ):
        _bridge.call_replacement("p", 1, {})
    assert [view.invalidated for view in borrowed] == [1, 1]


def test_context_reaches_three_parameter_hooks_without_inspect_signature(borrowed, monkeypatch):
    _bridge.create_pass_holder("p", register(Pattern1))
    _bridge.create_pass_holder("d", register(Decompose1))
    monkeypatch.setattr(inspect, "signature", lambda *a, **k: pytest.fail("signature called"))
    context = {}
    assert _bridge.call_meet_requirements("p", 11, context) is True
    with pytest.raises(TypeError):
        _bridge.call_replacement("p", 12, context)
    assert _bridge.call_decompose_meet_requirements("d", 21, context) is True
    with pytest.raises(
        TypeError, match=r"^DecomposePass\.replacement must return ge\.graph\.Graph$"
    ):
        _bridge.call_decompose_replacement("d", 22, context)
    assert context == {"meet": 11, "replacement": 12, "node_type": "Add", "replaced": 22}


def test_decompose_node_is_not_invalidated(borrowed):
    _bridge.create_pass_holder("d", register(Decompose1))
    assert _bridge.call_decompose_meet_requirements("d", 5) is True
    assert borrowed[0].invalidated == 0


def test_decompose_context_is_forwarded_positionally_to_legacy_hooks(borrowed):
    class Legacy(DecomposePass):
        def meet_requirements(self, node):
            return node.type == "Add"

    _bridge.create_pass_holder("d", register(Legacy))
    assert _bridge.call_decompose_meet_requirements("d", 5, {"ignored": True}) is True


def test_clear_pass_holders_drops_every_holder():
    key = register(Counter)
    _bridge.create_pass_holder("a", key)
    _bridge.clear_pass_holders()
    with pytest.raises(KeyError):
        _bridge.run_fusion_base_pass("a", None)


def test_load_and_get_pass_descriptors_includes_plugins_and_passes_registered_in_code(
    monkeypatch, write_plugin
):
    register(Counter, name="InCode")
    path = write_plugin(
        "decompose_plugin.py",
        """
        from ge.passes import DecomposePass, PassStage, register_decompose_pass

        @register_decompose_pass(name="PluginDecompose", stage=PassStage.AFTER_INFER_SHAPE,
                                 op_types=["Add"])
        class PluginDecompose(DecomposePass):
            def replacement(self, node):
                return None
        """,
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    dicts = _bridge.load_and_get_pass_descriptors()
    assert [d["pass_name"] for d in dicts] == ["InCode", "PluginDecompose"]
    plugin = dicts[1]
    assert plugin["kind"] == "decompose" and plugin["op_types"] == ["Add"]
    assert plugin["module_name"].startswith("_ge_py_pass_decompose_plugin_")
    descriptor = get_registered_passes()[1]
    assert descriptor.op_types == ["Add"] and descriptor.cls.op_types == ["Add"]


def test_reset_python_state_clears_holders_modules_and_registry(monkeypatch, write_plugin):
    path = write_plugin(
        "reset_plugin.py",
        textwrap.dedent(
            """
            from ge.passes import FusionBasePass, PassStage, register_fusion_pass

            @register_fusion_pass(name="ResetPass", stage=PassStage.BEFORE_INFER_SHAPE)
            class ResetPass(FusionBasePass):
                def run(self, graph, context):
                    return 0
            """
        ),
    )
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(path))
    (descriptor,) = _bridge.load_and_get_pass_descriptors()
    _bridge.create_pass_holder("r#1", descriptor["descriptor_key"])
    _bridge.reset_python_state()
    import sys

    assert not [name for name in sys.modules if name.startswith("_ge_py_pass_")]
    assert get_registered_passes() == []
    with pytest.raises(KeyError):
        _bridge.run_fusion_base_pass("r#1", None)
    assert [d["pass_name"] for d in _bridge.load_and_get_pass_descriptors()] == ["ResetPass"]


@requires_native
def test_run_fusion_base_pass_rejects_a_context_that_is_not_a_pass_context():
    _bridge.create_pass_holder("c", register(Counter))
    with pytest.raises(TypeError, match=r"^context type error$"):
        _bridge.run_fusion_base_pass("c", None, {})


@requires_native
def test_matcher_config_of_the_wrong_type_is_rejected():
    class BadConfig(PatternFusionPass):
        def __init__(self):
            super().__init__(matcher_config="strict")

    _bridge.create_pass_holder("p", register(BadConfig))
    with pytest.raises(
        TypeError,
        match=r"^PatternFusionPass\.matcher_config must be PatternMatcherConfig or None$",
    ):
        _bridge.get_pattern_matcher_config("p")


@requires_graph
def test_replacement_graph_is_released_to_cpp(borrowed, monkeypatch):
    from ge.graph import Graph

    released = []
    monkeypatch.setattr(_bridge, "release_graph", lambda graph: released.append(graph) or 4242)

    class Replace(PatternFusionPass):
        def replacement(self, match_result):
            return Graph("replacement_graph")

    class ReplaceNode(DecomposePass):
        def replacement(self, node):
            return Graph("decomposed")

    _bridge.create_pass_holder("p", register(Replace))
    _bridge.create_pass_holder("d", register(ReplaceNode))
    assert _bridge.call_replacement("p", 1) == 4242
    assert _bridge.call_decompose_replacement("d", 2) == 4242
    assert [graph.name for graph in released] == ["replacement_graph", "decomposed"]
    assert borrowed[0].invalidated == 1


@requires_graph
def test_returning_a_borrowed_graph_is_rejected_before_release(borrowed, monkeypatch):
    from ge.graph import Graph

    monkeypatch.setattr(_bridge, "release_graph", lambda graph: pytest.fail("released"))
    owned = Graph("owned")

    class ReturnsBorrowed(PatternFusionPass):
        def replacement(self, match_result):
            return Graph._create_from(owned._handle, False, owned)

    _bridge.create_pass_holder("p", register(ReturnsBorrowed))
    with pytest.raises(TypeError, match=r"it owns"):
        _bridge.call_replacement("p", 1)
