"""Expression replacements without a per-match GraphBuilder: pass-through results in one C call,
inputs created on first use, and contexts the bridge creates only for hooks that take them."""

from __future__ import annotations

import ctypes

import pytest
from passes_support import requires_es, requires_native

from ge.passes import PassStage, PatternFusionPass, _bridge, register_fusion_pass

STAGE = PassStage.BEFORE_INFER_SHAPE


def _structure(graph) -> str:
    return graph.dump_to_stream()


def _eager(name, count, outputs, op=None, scope=None):
    """The graph the eager GraphBuilder makes: ``count`` inputs, then ``op`` on them."""
    from ge.es.graph_builder import GraphBuilder, attr_scope

    builder = GraphBuilder(name)
    if scope is not None:
        with attr_scope(scope):
            holders = [builder.create_input(k) for k in range(count)]
    else:
        holders = [builder.create_input(k) for k in range(count)]
    if op is not None:
        return builder.build_and_reset([op(*holders)])
    return builder.build_and_reset([holders[k] for k in outputs])


class PassThrough(PatternFusionPass):
    def replacement(self, inputs):
        return inputs[0]


class Swapped(PatternFusionPass):
    def replacement(self, inputs, match_result):
        return [inputs[1], inputs[0], inputs[1]]


class Product(PatternFusionPass):
    def replacement(self, inputs):
        first = inputs[0]
        return first * inputs[1]


@requires_es
@pytest.mark.parametrize(
    ("cls", "count", "outputs"), [(PassThrough, 1, [0]), (Swapped, 2, [1, 0, 1])]
)
def test_pass_through_graph_is_the_builder_graph(cls, count, outputs):
    graph, handle = cls.replacement._ge_build(cls(), None)
    assert graph is None and handle
    from ge.graph import Graph

    fast = Graph._create_from(ctypes.c_void_p(handle))
    expected = _eager(f"{cls.__name__}_replacement", count, outputs)
    assert fast.name == expected.name
    assert _structure(fast) == _structure(expected)
    # The public method still returns an owning Graph.
    public = cls().replacement(None)
    assert isinstance(public, Graph) and public._owns_handle
    assert _structure(public) == _structure(expected)


@requires_es
def test_ops_build_through_the_deferred_builder_with_the_eager_structure():
    graph, handle = Product.replacement._ge_build(Product(), None)
    assert handle is None
    expected = _eager("Product_replacement", 2, None, op=lambda a, b: a * b)
    assert _structure(graph) == _structure(expected)


@requires_es
def test_inputs_inside_an_attr_scope_are_created_at_once():
    from ge.es.graph_builder import attr_scope

    class Scoped(PatternFusionPass):
        def replacement(self, inputs):
            with attr_scope({"scoped": 1}):
                held = inputs[0]
            return held

    graph = Scoped().replacement(None)
    expected = _eager("Scoped_replacement", 1, [0], scope={"scoped": 1})
    assert _structure(graph) == _structure(expected)
    assert graph.find_node_by_name("input_0").get_attr("scoped") == 1


@requires_es
def test_holder_kept_past_a_pass_through_build_is_built():
    class Keeper(PatternFusionPass):
        def replacement(self, inputs):
            self.kept = inputs[0]
            return self.kept

    instance = Keeper()
    _, handle = Keeper.replacement._ge_build(instance, None)
    from ge.graph import Graph

    Graph._create_from(ctypes.c_void_p(handle))  # frees the graph
    assert instance.kept.get_owner_builder() is not None
    with pytest.raises(RuntimeError, match="GraphBuilder has already been built"):
        instance.kept + 1


@requires_es
def test_holders_of_another_builder_take_the_ordinary_path():
    from ge.es.graph_builder import GraphBuilder

    other = GraphBuilder("other").create_input(0)

    class Foreign(PatternFusionPass):
        def replacement(self, inputs):
            return [inputs[0], other]

    graph, handle = Foreign.replacement._ge_build(Foreign(), None)
    assert handle is None  # built by the GraphBuilder, exactly as without the short path
    assert [node.type for node in graph.get_all_nodes()].count("Data") == 1


@requires_es
def test_bridge_returns_the_pass_through_handle_without_a_python_graph(monkeypatch):
    from ge.graph import Graph

    def borrow(handle):
        pytest.fail("replacement(self, inputs) never sees the match: nothing to borrow")

    monkeypatch.setattr(_bridge, "borrow_match_result", borrow)
    monkeypatch.setattr(_bridge, "release_graph", lambda graph: pytest.fail("released"))
    register_fusion_pass(name="PassThrough", stage=STAGE)(PassThrough)
    _bridge.create_pass_holder("p", PassThrough.__ge_pass_descriptor__.descriptor_key)
    handle = _bridge.call_replacement("p", 1)
    adopted = Graph._create_from(ctypes.c_void_p(handle))
    assert _structure(adopted) == _structure(_eager("PassThrough_replacement", 1, [0]))


@requires_es
def test_a_replacement_taking_the_match_gets_a_view_that_expires(monkeypatch):
    seen = []

    class View:
        invalidated = 0

        def _invalidate(self):
            self.invalidated += 1

    class WithMatch(PatternFusionPass):
        def replacement(self, inputs, match_result):
            seen.append(match_result)
            return inputs[0]

    monkeypatch.setattr(_bridge, "borrow_match_result", lambda handle: View())
    register_fusion_pass(name="WithMatch", stage=STAGE)(WithMatch)
    _bridge.create_pass_holder("p", WithMatch.__ge_pass_descriptor__.descriptor_key)
    handle = _bridge.call_replacement("p", 1)
    assert handle
    from ge.graph import Graph

    Graph._create_from(ctypes.c_void_p(handle))  # adopts (and frees) the handle
    assert len(seen) == 1 and isinstance(seen[0], View) and seen[0].invalidated == 1


class FakeContext:
    def __init__(self, address):
        self.address = address
        self.invalidated = 0

    def _invalidate(self):
        self.invalidated += 1


@pytest.fixture
def contexts(monkeypatch):
    """Records the PassContext views _bridge borrows for raw context addresses."""
    made = []

    def borrow(address):
        made.append(FakeContext(address))
        return made[-1]

    class View:
        def _invalidate(self):
            pass

    monkeypatch.setattr(_bridge, "borrow_pass_context", borrow)
    monkeypatch.setattr(_bridge, "borrow_match_result", lambda handle: View())
    return made


def test_context_address_makes_no_view_for_hooks_without_context(contexts):
    class NoContext(PatternFusionPass):
        def meet_requirements(self, match_result):
            return True

    register_fusion_pass(name="NoContext", stage=STAGE)(NoContext)
    _bridge.create_pass_holder("p", NoContext.__ge_pass_descriptor__.descriptor_key)
    assert _bridge.call_meet_requirements("p", 1, 0x1000) is True
    assert contexts == []


def test_context_address_becomes_a_view_expired_after_the_hook(contexts):
    seen = []

    class WithContext(PatternFusionPass):
        def meet_requirements(self, match_result, context):
            seen.append(context)
            return False

        def replacement(self, match_result, context):
            seen.append(context)
            raise ValueError("no graph")

    register_fusion_pass(name="WithContext", stage=STAGE)(WithContext)
    _bridge.create_pass_holder("p", WithContext.__ge_pass_descriptor__.descriptor_key)
    assert _bridge.call_meet_requirements("p", 1, 0x1000) is False
    with pytest.raises(ValueError, match="no graph"):
        _bridge.call_replacement("p", 1, 0x2000)
    assert [c.address for c in contexts] == [0x1000, 0x2000]
    assert seen == contexts
    assert [c.invalidated for c in contexts] == [1, 1]


def test_default_hooks_always_get_a_view(contexts):
    class Defaults(PatternFusionPass):
        pass

    register_fusion_pass(name="Defaults", stage=STAGE)(Defaults)
    _bridge.create_pass_holder("p", Defaults.__ge_pass_descriptor__.descriptor_key)
    assert _bridge.call_meet_requirements("p", 1, 0x3000) is True
    assert [(c.address, c.invalidated) for c in contexts] == [(0x3000, 1)]


@requires_es
@pytest.mark.parametrize("cls", [PassThrough, Product])
def test_replacement_inputs_are_freed_without_the_cycle_collector(cls, monkeypatch):
    import gc
    import weakref

    from ge.passes import _replacement_inputs

    seen = []
    original = _replacement_inputs.ReplacementInputs.__getitem__

    def watched(self, key):
        holder = original(self, key)
        seen.append(weakref.ref(holder))
        return holder

    monkeypatch.setattr(_replacement_inputs.ReplacementInputs, "__getitem__", watched)
    gc.disable()
    try:
        graph = cls().replacement(None)
        assert seen and all(ref() is None for ref in seen)
        del graph
    finally:
        gc.enable()


@requires_es
def test_replacement_inputs_index_like_pattern_inputs():
    from ge.passes._replacement_inputs import ReplacementInputs

    inputs = ReplacementInputs("checks")
    second = inputs[1]
    assert inputs[1] is second and inputs[True] is inputs[1]
    assert inputs[:3][:2] == [inputs[0], second]
    with pytest.raises(ValueError, match="PatternInputs index must be non-negative"):
        inputs[-1]
    with pytest.raises(TypeError, match="PatternInputs index must be an integer or slice"):
        inputs["0"]
    with pytest.raises(TypeError, match="cannot be iterated"):
        iter(inputs)
    # The builder made on demand holds every input requested so far, in index order.
    builder = inputs[0].get_owner_builder()
    assert inputs[3].get_owner_builder() is builder
    graph = builder.build_and_reset([inputs[2]])
    assert sorted(n.name for n in graph.get_all_nodes() if n.type == "Data") == [
        "input_0",
        "input_1",
        "input_2",
        "input_3",
    ]


@requires_native
def test_real_context_address_is_a_live_view_during_the_hook_only(borrowed_match):
    from passes_support import native_test_hooks

    box = native_test_hooks().Context({"k": "v"}, "Ctx")
    seen = []

    class UsesContext(PatternFusionPass):
        def meet_requirements(self, match_result, context):
            seen.append((context, context.get_pass_name(), context.get_option_value("k")))
            return True

    register_fusion_pass(name="UsesContext", stage=STAGE)(UsesContext)
    _bridge.create_pass_holder("p", UsesContext.__ge_pass_descriptor__.descriptor_key)
    assert _bridge.call_meet_requirements("p", 1, box.address()) is True
    (context, name, option) = seen[0]
    assert (name, option) == ("Ctx", "v")
    with pytest.raises(RuntimeError, match="PassContext handle has expired"):
        context.get_pass_name()


@pytest.fixture
def borrowed_match(monkeypatch):
    class View:
        def _invalidate(self):
            pass

    monkeypatch.setattr(_bridge, "borrow_match_result", lambda handle: View())
