"""ge.session.Session argument checking and error texts."""

from __future__ import annotations

import copy

import pytest

from ge.error import GeError
from ge.graph import Tensor
from ge.session import Session


@pytest.fixture
def graph(es):
    builder = es.GraphBuilder("g")
    x = builder.create_input(0, name="x", shape=[2])
    return builder.build_and_reset([x + 1.0])


def test_session_is_not_copyable():
    session = Session()
    with pytest.raises(RuntimeError, match="^Session does not support copy$"):
        copy.copy(session)
    with pytest.raises(RuntimeError, match="^Session does not support deepcopy$"):
        copy.deepcopy(session)


def test_session_options_must_be_a_dict():
    assert Session({"ge.exec.precision_mode": "force_fp32"})._handle
    with pytest.raises(TypeError, match="^option must be a dictionary$"):
        Session({"a", "b"})
    with pytest.raises(TypeError, match="^option must be a dictionary$"):
        Session([("a", "b")])


def test_add_and_run_without_initialize_raise_ge_error(no_ge, graph):
    session = Session()
    with pytest.raises(GeError, match="AddGraph failed;.*graph_id=2") as info:
        session.add_graph(2, graph)
    assert "GE is not initialized" in str(info.value)
    assert info.value.context == {"graph_id": 2}
    with pytest.raises(GeError, match="RunGraph failed;.*graph_id=2"):
        session.run_graph(2, [])
    with pytest.raises(GeError, match="RemoveGraph failed;.*graph_id=2"):
        session.remove_graph(2)


def test_add_graph_argument_errors(ge_env, graph):
    session = Session()
    with pytest.raises(TypeError, match="^Graph_id must be an integer$"):
        session.add_graph("1", graph)
    with pytest.raises(TypeError, match="^Add_graph must be a Graph$"):
        session.add_graph(1, "graph")
    with pytest.raises(TypeError, match="^options must be a dictionary$"):
        session.add_graph(1, graph, ["a"])
    with pytest.raises(TypeError, match="^options must be a dictionary$"):
        session.add_graph_with_options(1, graph, None)
    with pytest.raises(ValueError, match="uint32 range"):
        session.add_graph(-1, graph)
    assert session.add_graph(1, graph, {"ge.exec.precision_mode": "force_fp32"}) == 0
    assert session.add_graph_with_options(3, graph, {"k": "v"}) == 0
    with pytest.raises(GeError, match="AddGraph failed; graph_id=1; .*already used"):
        session.add_graph(1, graph)


def test_remove_graph(ge_env, graph):
    session = Session()
    with pytest.raises(TypeError, match="^Graph_id must be an integer$"):
        session.remove_graph(1.0)
    session.add_graph(5, graph)
    assert session.remove_graph(5) == 0
    with pytest.raises(GeError, match="RemoveGraph failed; graph_id=5; .*not added"):
        session.remove_graph(5)


def test_run_graph_argument_errors(ge_env, graph):
    session = Session()
    session.add_graph(1, graph)
    with pytest.raises(TypeError, match="^Graph_id must be an integer$"):
        session.run_graph(None, [])
    with pytest.raises(TypeError, match="^inputs must be a list of Tensor$"):
        session.run_graph(1, (Tensor([1.0, 2.0]),))
    with pytest.raises(TypeError, match="^All elements in inputs must be the type of Tensor$"):
        session.run_graph(1, [Tensor([1.0, 2.0]), [1.0]])
    with pytest.raises(GeError, match="RunGraph failed; graph_id=9; .*not added"):
        session.run_graph(9, [Tensor([1.0, 2.0])])


def test_run_graph_async_argument_errors(ge_env, graph):
    session = Session()
    session.add_graph(1, graph)
    with pytest.raises(TypeError, match="^Graph_id must be an integer$"):
        session.run_graph_with_stream_async("1", 0, [])
    with pytest.raises(TypeError, match="^Stream must be an integer$"):
        session.run_graph_with_stream_async(1, None, [])
    with pytest.raises(TypeError, match="^inputs must be a list of Tensor$"):
        session.run_graph_with_stream_async(1, 0, None)
    with pytest.raises(TypeError, match="^All elements in inputs must be the type of Tensor$"):
        session.run_graph_with_stream_async(1, 0, [1])
    with pytest.raises(
        GeError, match="RunGraphWithStreamAsync failed; graph_id=4, stream=0x1f; .*not added"
    ):
        session.run_graph_with_stream_async(4, 0x1F, [Tensor([1.0, 2.0])])


def test_input_validation_names_index_expected_and_got(ge_env, graph):
    session = Session()
    session.add_graph(1, graph)
    with pytest.raises(GeError, match=r"RunGraph failed; graph_id=1; .*input 0.*\[3\].*\[2\]"):
        session.run_graph(1, [Tensor([1.0, 2.0, 3.0])])
    with pytest.raises(GeError, match="RunGraph failed; graph_id=1; .*takes 1 inputs, got 0"):
        session.run_graph(1, [])


def test_create_session_failure_raises_ge_error(monkeypatch):
    from ge._capi.pysession_wrapper import session_lib

    monkeypatch.setattr(session_lib, "GeApiWrapper_Session_CreateSession", lambda: None)
    with pytest.raises(GeError, match="^CreateSession failed") as info:
        Session()
    assert info.value.api_name == "CreateSession"


def test_default_allocator_failure_raises_ge_error(ge_env, graph, monkeypatch):
    from ge._capi.pysession_wrapper import session_lib

    session = Session()
    session.add_graph(1, graph)
    monkeypatch.setattr(
        session_lib, "GeApiWrapper_Session_RegisterDefaultAllocator", lambda *args: 1
    )
    with pytest.raises(GeError, match="^RegisterDefaultAllocator failed; stream=0x2a"):
        session.run_graph_with_stream_async(1, 0x2A, [Tensor([1.0, 2.0])])
    assert session._default_allocator_streams == set()
