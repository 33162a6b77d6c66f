"""ge.error: GeError text and the core's last-error message."""

from __future__ import annotations

import pytest

from ge.error import GeError, get_ge_error_msg, raise_ge_error
from ge.graph import Graph


def test_ge_error_is_a_runtime_error_with_ge_signature():
    error = GeError("AddGraph failed; E1: bad", "E1: bad", "AddGraph", {"graph_id": 2})
    assert isinstance(error, RuntimeError)
    assert str(error) == "AddGraph failed; E1: bad"
    assert (error.error_message, error.api_name, error.context) == (
        "E1: bad",
        "AddGraph",
        {"graph_id": 2},
    )
    keywords = GeError(message="m", error_message="core", api_name="RunGraph", context=None)
    assert (str(keywords), keywords.error_message, keywords.api_name) == ("m", "core", "RunGraph")


def test_ge_error_defaults():
    error = GeError("x")
    assert (error.error_message, error.api_name, error.context) == (None, None, {})


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
    assert info.value.error_message == core  # the core message only, not the joined text
    assert info.value.api_name == "AddGraph"
    assert info.value.context == {"graph_id": 2, "stream": "0x10"}


def test_raise_ge_error_without_core_message(monkeypatch):
    import ge.error

    monkeypatch.setattr(ge.error, "get_ge_error_msg", lambda: "")
    with pytest.raises(GeError, match="^RunGraph failed$") as info:
        raise_ge_error("RunGraph")
    assert info.value.error_message == ""
