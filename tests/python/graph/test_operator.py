"""ge.graph.operator: construction rules and callback-scoped validity. Operations on
a live OpDesc are covered by the C++ test of the Operator C API (c_api/operator_c_api_test.cc)."""

from __future__ import annotations

import copy
import ctypes

import pytest

from ge.graph import Operator
from ge.graph.operator import create_operator


def test_direct_construction_is_refused():
    with pytest.raises(RuntimeError, match=r"^Operator objects should not be created directly\.$"):
        Operator()
    with pytest.raises(RuntimeError, match=r"^Operator objects should not be created directly\.$"):
        Operator(1)
    with pytest.raises(RuntimeError, match=r"^Operator objects should not be created directly\.$"):
        Operator(1, object())


def test_handle_validation():
    with pytest.raises(ValueError, match="^Operator handle cannot be None$"):
        create_operator(None)
    with pytest.raises(ValueError, match="^Operator handle cannot be null$"):
        create_operator(0)
    with pytest.raises(ValueError, match="^Operator handle cannot be null$"):
        create_operator(ctypes.c_void_p(None))
    with pytest.raises(ValueError, match="^Operator handle cannot be null$"):
        create_operator("0x1")


def test_operator_is_invalid_after_its_scope():
    # A non-null dummy address: nothing is dereferenced before the validity check.
    with create_operator(0x10) as op:
        assert op._valid is True
    assert op._valid is False
    for call in (
        lambda: op.name,
        lambda: op.type,
        lambda: op.set_attr("a", 1),
        lambda: op.register_input("x"),
        lambda: op.register_optional_input("x"),
        lambda: op.register_output("y"),
        lambda: op.register_dynamic_input("x", 2),
        lambda: op.register_dynamic_output("y", 2),
    ):
        with pytest.raises(RuntimeError, match="^Operator is only valid inside parse_node$"):
            call()


def test_operator_has_slots_and_refuses_copy():
    op = create_operator(0x10)
    with pytest.raises(AttributeError):
        op.extra = 1
    with pytest.raises(RuntimeError, match="Operator does not support copy"):
        copy.copy(op)
    with pytest.raises(RuntimeError, match="Operator does not support deepcopy"):
        copy.deepcopy(op)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda op: op.set_attr("", 1), "^Operator attribute name must be a non-empty string$"),
        (lambda op: op.register_input(1), "^Operator input name must be a non-empty string$"),
        (
            lambda op: op.register_optional_input(""),
            "^Operator optional input name must be a non-empty string$",
        ),
        (lambda op: op.register_output(None), "^Operator output name must be a non-empty string$"),
        (
            lambda op: op.register_dynamic_input("", 1),
            "^Operator dynamic port name must be a non-empty string$",
        ),
        (
            lambda op: op.register_dynamic_output("y", True),
            "^Operator dynamic port count must be an integer$",
        ),
    ],
)
def test_argument_type_errors(call, message):
    with pytest.raises(TypeError, match=message):
        call(create_operator(0x10))


def test_dynamic_count_range():
    op = create_operator(0x10)
    with pytest.raises(ValueError, match="^Operator dynamic port count must be in uint32 range$"):
        op.register_dynamic_input("x", -1)
    with pytest.raises(ValueError, match="^Operator dynamic port count must be in uint32 range$"):
        op.register_dynamic_output("y", 2**32)
