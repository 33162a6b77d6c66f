"""ge.error: GeError text and the core's last-error message."""

from __future__ import annotations

import pytest

from ge.error import GeError, get_ge_error_msg, raise_ge_error
from ge.graph import Graph


def test_ge_error_is_a_runtime_error_with_fields():
    error = GeError("boom", api_name="AddGraph", context={"graph_id": 2})
    assert isinstance(error, RuntimeError)
    assert (error.error_message, error.api_name, error.context) == (
        "boom",
        "AddGraph",
        {"graph_id": 2},
    )
    assert GeError("x").context == {}


def test_core_message_names_the_failed_input():
    graph = Graph("g")
    with pytest.raises(RuntimeError):
        graph.find_node_by_name("nowhere")
    assert "nowhere" in get_ge_error_msg()


def test_raise_ge_error_joins_api_context_and_core_message():
    graph = Graph("g")
    with pytest.raises(RuntimeError):
        graph.find_node_by_name("nowhere")
    core = get_ge_error_msg()
    with pytest.raises(GeError) as info:
        raise_ge_error("AddGraph", 1, graph_id=2, stream="0x10")
    assert str(info.value) == f"AddGraph failed; graph_id=2, stream=0x10; {core}"
    assert info.value.api_name == "AddGraph"
    assert info.value.context == {"graph_id": 2, "stream": "0x10"}


def test_raise_ge_error_without_core_message(monkeypatch):
    import ge.error

    monkeypatch.setattr(ge.error, "get_ge_error_msg", lambda: "")
    with pytest.raises(GeError, match="^RunGraph failed$"):
        raise_ge_error("RunGraph")
