"""The borrowed ge.graph.Operator as a plugin sees it, over a replaced C API: every C function
is looked up at call time, names go as UTF-8 bytes, dynamic counts as uint32, returned strings
are read and freed through the (replaced) library."""

from __future__ import annotations

import ctypes

import pytest

from ge.graph import operator
from ge.graph._attr import _AttrValue


@pytest.fixture
def fake_capi(monkeypatch):
    calls = []
    lib = operator.graph_lib
    buffers = {}

    def string_result(text):
        buffer = ctypes.create_string_buffer(text.encode())
        pointer = ctypes.cast(buffer, ctypes.POINTER(ctypes.c_char))
        buffers[ctypes.addressof(buffer)] = buffer
        return pointer

    def call(name, result=0):
        def fake(*args):
            calls.append((name, args))
            return result

        return fake

    monkeypatch.setattr(
        lib, "GeApiWrapper_Operator_GetName", lambda h: string_result("target_node")
    )
    monkeypatch.setattr(lib, "GeApiWrapper_Operator_GetType", lambda h: string_result("TargetOp"))
    monkeypatch.setattr(lib, "GeApiWrapper_FreeString", call("free", None))
    for name in (
        "SetAttr",
        "InputRegister",
        "OptionalInputRegister",
        "OutputRegister",
        "DynamicInputRegister",
        "DynamicOutputRegister",
    ):
        monkeypatch.setattr(lib, f"GeApiWrapper_Operator_{name}", call(name))
    monkeypatch.setattr(_AttrValue, "set_value", lambda self, value: None)
    return calls


def test_a_plugin_mutates_the_borrowed_handle_in_call_order(fake_capi):
    handle = ctypes.c_void_p(0x123)
    with operator.create_operator(handle) as target:
        assert (target.name, target.type) == ("target_node", "TargetOp")
        target.set_attr("alpha", 1.0)
        target.register_input("x")
        target.register_optional_input("bias")
        target.register_output("y")
        target.register_dynamic_input("x", 2)
        target.register_dynamic_output("y", 1)
    names = [name for name, _ in fake_capi if name != "free"]
    assert names == [
        "SetAttr",
        "InputRegister",
        "OptionalInputRegister",
        "OutputRegister",
        "DynamicInputRegister",
        "DynamicOutputRegister",
    ]
    assert [name for name, _ in fake_capi].count("free") == 2
    dynamic = [args for name, args in fake_capi if name == "DynamicInputRegister"][0]
    assert dynamic[0] is handle and dynamic[1] == b"x"
    assert isinstance(dynamic[2], ctypes.c_uint32) and dynamic[2].value == 2
    with pytest.raises(RuntimeError, match="only valid inside parse_node"):
        _ = target.name


def test_attr_value_keeps_a_c_void_p_handle(monkeypatch):
    created = ctypes.c_void_p(0x456)
    monkeypatch.setattr(operator.graph_lib, "GeApiWrapper_AttrValue_Create", lambda: created)
    monkeypatch.setattr(operator.graph_lib, "GeApiWrapper_AttrValue_Destroy", lambda h: None)
    assert _AttrValue()._av_ptr is created


@pytest.mark.parametrize(
    ("count", "error"),
    [(True, TypeError), (1.0, TypeError), (-1, ValueError), (1 << 32, ValueError)],
)
def test_dynamic_port_counts_are_checked(fake_capi, count, error):
    with operator.create_operator(0x123) as target:
        with pytest.raises(error, match="count"):
            target.register_dynamic_input("x", count)
