"""_ge_pass_native handle conventions and hand-overs: reading
``_handle``, borrow_node, release_graph and the borrowed PassContext."""

from __future__ import annotations

import ctypes

import pytest
from passes_support import (
    borrow_pass_context,
    native_test_hooks,
    requires_es,
    requires_native,
    requires_native_hooks,
)

pytestmark = requires_native


def _native():
    from ge.passes import _native

    return _native


class _Carrier:
    """An object that is not a ge.graph.Graph/Node but carries a ``_handle``."""

    def __init__(self, handle):
        self._handle = handle


# ---- how _handle is read ---------------------------------------------------------------------


def test_objects_without_handle_are_rejected_by_kind():
    native = _native()
    with pytest.raises(RuntimeError, match=r"^Graph object must carry _handle$"):
        native.release_graph(object())
    with pytest.raises(RuntimeError, match=r"^Graph object must carry _handle$"):
        native.Pattern(object())
    with pytest.raises(RuntimeError, match=r"^Node object must carry _handle$"):
        native.SubgraphOutput(object(), 0)


@pytest.mark.parametrize("handle", [ctypes.c_void_p(None), "0x1234", 1.5, True, -1, 2**70])
def test_unsupported_handle_values_are_rejected(handle):
    with pytest.raises(RuntimeError, match=r"^Unsupported pointer handle object$"):
        _native().release_graph(_Carrier(handle))


@pytest.mark.parametrize("handle", [None, 0])
def test_null_handles_are_empty(handle):
    native = _native()
    with pytest.raises(RuntimeError, match=r"^Graph handle is empty$"):
        native.release_graph(_Carrier(handle))
    with pytest.raises(RuntimeError, match=r"^Pattern graph handle is empty$"):
        native.Pattern(_Carrier(handle))
    with pytest.raises(RuntimeError, match=r"^Node handle is empty$"):
        native.SubgraphOutput(_Carrier(handle), 0)


def test_an_int_handle_is_used_as_the_address():
    from ge.graph import Graph

    graph = Graph("int_handle")
    carrier = _Carrier(graph._handle.value)  # same C API handle, as a plain int
    assert isinstance(carrier._handle, int)
    pat = _native().Pattern(carrier)  # a non-owning carrier: its handle is left alone
    assert pat.is_valid() is True
    assert graph.name == "int_handle"  # the owner's handle still works


# ---- release_graph / borrow_node ------------------------------------------------------------


def test_release_graph_hands_over_the_owned_handle_and_invalidates_the_graph():
    from ge.graph import Graph
    from ge.passes import _native

    graph = Graph("to_cpp")
    address = graph._handle.value
    assert _native.release_graph(graph) == address
    assert (graph._handle, graph._owns_handle, graph._owner) == (None, False, None)
    with pytest.raises(RuntimeError, match=r"^graph handle has expired$"):
        _ = graph.name
    with pytest.raises(RuntimeError, match=r"^Graph handle is empty$"):
        _native.release_graph(graph)
    # The caller (here: the test, standing in for the bridge) now owns the handle.
    adopted = Graph._create_from(ctypes.c_void_p(address), owns_handle=True)
    assert adopted.name == "to_cpp"


def test_release_graph_of_a_borrowed_view_returns_a_new_handle():
    from ge.graph import Graph
    from ge.passes import _native

    owner = Graph("owner")
    view = Graph._create_from(owner._handle, owns_handle=False, owner=owner)
    address = _native.release_graph(view)
    assert address not in (0, owner._handle.value)  # never the handle the owner frees
    assert view._handle is None and view._owns_handle is False
    adopted = Graph._create_from(ctypes.c_void_p(address), owns_handle=True)
    assert adopted.name == owner.name == "owner"


def test_borrow_node_rejects_null():
    with pytest.raises(RuntimeError, match=r"^Node handle cannot be null$"):
        _native().borrow_node(0)


@requires_native_hooks
@requires_es
def test_borrow_node_gives_an_independent_owning_node():
    from ge.es.graph_builder import GraphBuilder
    from ge.graph import Node
    from ge.passes import _native

    builder = GraphBuilder("borrow")
    graph = builder.build_and_reset([builder.create_input(0)])
    data = next(n for n in graph.get_all_nodes() if n.type == "Data")
    ref = native_test_hooks().NodeRef(data._handle.value)
    node = _native.borrow_node(ref.address())
    assert isinstance(node, Node)
    # The handle is the node's own: a capsule in `_keeper` frees it, Node.__del__ does not.
    assert node._owns_handle is False
    assert type(node._keeper).__name__ == "PyCapsule"
    assert node._handle.value not in (0, data._handle.value)
    del ref  # the C++ GNode is gone; the Python node has its own handle
    assert (node.name, node.type) == (data.name, "Data")


# ---- PassContext ----------------------------------------------------------------------------


def test_pass_context_has_no_python_constructor():
    with pytest.raises(TypeError):
        _native().PassContext()


def test_borrow_pass_context_rejects_null():
    from ge.passes.runtime import ensure_native_module

    with pytest.raises(RuntimeError, match=r"^PassContext handle cannot be null$"):
        ensure_native_module()._borrow_pass_context(0)


@requires_native_hooks
def test_pass_context_reads_and_writes_the_cpp_context():
    owner = native_test_hooks().Context({"ge.exec.precision_mode": "fp16"}, "MyPass")
    context = borrow_pass_context(owner)
    assert context.get_pass_name() == "MyPass"
    context.set_pass_name("Renamed")
    assert context.get_pass_name() == "Renamed"
    assert context.get_error_message() == ""
    context.set_error_message("went wrong")
    assert context.get_error_message() == "went wrong"
    assert owner.error_message() == "went wrong"  # the C++ object itself was written
    assert context.get_option_value("ge.exec.precision_mode") == "fp16"
    with pytest.raises(RuntimeError, match=r"^Failed to get option value for key: missing\.key$"):
        context.get_option_value("missing.key")


@requires_native_hooks
def test_pass_context_methods_are_positional_only():
    owner = native_test_hooks().Context()
    context = borrow_pass_context(owner)
    with pytest.raises(TypeError):
        context.set_pass_name(name="x")


@requires_native_hooks
def test_an_invalidated_pass_context_raises_instead_of_dangling():
    owner = native_test_hooks().Context({"k": "v"}, "P")
    context = borrow_pass_context(owner)
    context._invalidate()
    del owner  # the C++ context no longer exists
    calls = [
        context.get_pass_name,
        lambda: context.set_pass_name("x"),
        context.get_error_message,
        lambda: context.set_error_message("x"),
        lambda: context.get_option_value("k"),
    ]
    for call in calls:
        with pytest.raises(RuntimeError, match=r"^PassContext handle has expired$"):
            call()
