"""Kinds of a prototype's inputs, outputs and attributes, with GE's numbering.

The numbers cross to C++ unchanged (the bridge dicts, the canonical ``ir_meta``), so they are
part of the contract: never renumber.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["AttrType", "InputType", "OutputType"]


class InputType(IntEnum):
    """How many tensors an input port takes: exactly one, zero or one, or any number."""

    REQUIRED = 0
    OPTIONAL = 1
    DYNAMIC = 2


class OutputType(IntEnum):
    """How many tensors an output port produces: exactly one, or any number."""

    REQUIRED = 0
    DYNAMIC = 1


class AttrType:
    """The twelve attribute value types of a prototype, by their GE IR names."""

    INT = "VT_INT"
    FLOAT = "VT_FLOAT"
    BOOL = "VT_BOOL"
    STRING = "VT_STRING"
    DATA_TYPE = "VT_DATA_TYPE"
    TENSOR = "VT_TENSOR"
    LIST_INT = "VT_LIST_INT"
    LIST_FLOAT = "VT_LIST_FLOAT"
    LIST_BOOL = "VT_LIST_BOOL"
    LIST_STRING = "VT_LIST_STRING"
    LIST_DATA_TYPE = "VT_LIST_DATA_TYPE"
    LIST_LIST_INT = "VT_LIST_LIST_INT"

    # In the order of GE's C kinds (0..11).
    ALL = (
        INT,
        FLOAT,
        BOOL,
        STRING,
        DATA_TYPE,
        TENSOR,
        LIST_INT,
        LIST_FLOAT,
        LIST_BOOL,
        LIST_STRING,
        LIST_DATA_TYPE,
        LIST_LIST_INT,
    )
