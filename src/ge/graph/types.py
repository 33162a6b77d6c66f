"""Enumerations of the graph API (GE's names and numbers). Numbers equal the C++ core's values.

Every type is a real ``IntEnum``. Creating one with a class statement runs enum's per-member
machinery (descriptor search over the MRO, alias checks, ``_EnumDict`` bookkeeping), which costs
~8 ms for the ~125 members here on an idle machine in 3.11, a large part of the cold start of a
Python pass. ``_int_enum`` instead creates the class empty and adds the members
the way that machinery leaves them (same attributes, maps and order): importing this module takes
4.5 M instead of 11.9 M instructions (callgrind, 3.11), most of the rest being the four class
creations themselves. tests/python/passes/test_passes_cold_start_enums.py compares the result with
a class statement. On a Python version this was not checked against, the standard machinery builds
the class.
"""

from __future__ import annotations

import sys
from enum import IntEnum

__all__ = ["DataType", "Format", "Placement", "AttrValueType"]

# Versions whose enum internals _add_members reproduces (checked member by member in the test).
_FAST_PATH = (3, 9) <= sys.version_info[:2] <= (3, 13)
# 3.11 added the definition index each member carries.
_SORT_ORDER = sys.version_info >= (3, 11)


def _add_members(enum_class, members) -> None:
    """What enum's class creation does per member for an int-valued member with a unique value
    and a name no base class defines (all members below), without its general-case checks."""
    names = enum_class._member_names_
    by_name = enum_class._member_map_
    by_value = enum_class._value2member_map_
    for name, value in members:
        if value in by_value or name in by_name:  # an alias: not handled here
            raise ValueError(f"{enum_class.__name__}: {name} = {value} repeats a member")
        member = int.__new__(enum_class, value)
        member._value_ = value
        member._name_ = name
        member.__objclass__ = enum_class
        if _SORT_ORDER:
            member._sort_order_ = len(names)
        # type.__setattr__: EnumType.__setattr__ only adds a "cannot reassign member" check.
        type.__setattr__(enum_class, name, member)
        names.append(name)
        by_name[name] = member
        by_value[value] = member


def _int_enum(name: str, doc: str, members) -> type:
    """``class <name>(IntEnum)`` with ``doc`` and ``members`` ((name, value) pairs, in order)."""
    metaclass = type(IntEnum)
    namespace = metaclass.__prepare__(name, (IntEnum,))
    namespace["__module__"] = __name__
    namespace["__qualname__"] = name
    namespace["__doc__"] = doc
    if not _FAST_PATH:
        for member_name, value in members:
            namespace[member_name] = value
    enum_class = metaclass(name, (IntEnum,), namespace)
    if _FAST_PATH:
        _add_members(enum_class, members)
    return enum_class


DataType = _int_enum(
    "DataType",
    "``ge::DataType`` (5 is unused). Not the protobuf model numbering.",
    (
        ("DT_FLOAT", 0),
        ("DT_FLOAT16", 1),
        ("DT_INT8", 2),
        ("DT_INT32", 3),
        ("DT_UINT8", 4),
        ("DT_INT16", 6),
        ("DT_UINT16", 7),
        ("DT_UINT32", 8),
        ("DT_INT64", 9),
        ("DT_UINT64", 10),
        ("DT_DOUBLE", 11),
        ("DT_BOOL", 12),
        ("DT_STRING", 13),
        ("DT_DUAL_SUB_INT8", 14),
        ("DT_DUAL_SUB_UINT8", 15),
        ("DT_COMPLEX64", 16),
        ("DT_COMPLEX128", 17),
        ("DT_QINT8", 18),
        ("DT_QINT16", 19),
        ("DT_QINT32", 20),
        ("DT_QUINT8", 21),
        ("DT_QUINT16", 22),
        ("DT_RESOURCE", 23),
        ("DT_STRING_REF", 24),
        ("DT_DUAL", 25),
        ("DT_VARIANT", 26),
        ("DT_BF16", 27),
        ("DT_UNDEFINED", 28),
        ("DT_INT4", 29),
        ("DT_UINT1", 30),
        ("DT_INT2", 31),
        ("DT_UINT2", 32),
        ("DT_COMPLEX32", 33),
        ("DT_HIFLOAT8", 34),
        ("DT_FLOAT8_E5M2", 35),
        ("DT_FLOAT8_E4M3FN", 36),
        ("DT_FLOAT8_E8M0", 37),
        ("DT_FLOAT6_E3M2", 38),
        ("DT_FLOAT6_E2M3", 39),
        ("DT_FLOAT4_E2M1", 40),
        ("DT_FLOAT4_E1M2", 41),
        ("DT_HIFLOAT4", 42),
        ("DT_MAX", 43),
    ),
)

Format = _int_enum(
    "Format",
    "Primary ``ge::Format`` values (the core never returns sub-format-encoded values).\n"
    "``FORMAT_MAX`` is 53 here; C++ uses 0xff.",
    (
        ("FORMAT_NCHW", 0),
        ("FORMAT_NHWC", 1),
        ("FORMAT_ND", 2),
        ("FORMAT_NC1HWC0", 3),
        ("FORMAT_FRACTAL_Z", 4),
        ("FORMAT_NC1C0HWPAD", 5),
        ("FORMAT_NHWC1C0", 6),
        ("FORMAT_FSR_NCHW", 7),
        ("FORMAT_FRACTAL_DECONV", 8),
        ("FORMAT_C1HWNC0", 9),
        ("FORMAT_FRACTAL_DECONV_TRANSPOSE", 10),
        ("FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS", 11),
        ("FORMAT_NC1HWC0_C04", 12),
        ("FORMAT_FRACTAL_Z_C04", 13),
        ("FORMAT_CHWN", 14),
        ("FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS", 15),
        ("FORMAT_HWCN", 16),
        ("FORMAT_NC1KHKWHWC0", 17),
        ("FORMAT_BN_WEIGHT", 18),
        ("FORMAT_FILTER_HWCK", 19),
        ("FORMAT_HASHTABLE_LOOKUP_LOOKUPS", 20),
        ("FORMAT_HASHTABLE_LOOKUP_KEYS", 21),
        ("FORMAT_HASHTABLE_LOOKUP_VALUE", 22),
        ("FORMAT_HASHTABLE_LOOKUP_OUTPUT", 23),
        ("FORMAT_HASHTABLE_LOOKUP_HITS", 24),
        ("FORMAT_C1HWNCoC0", 25),
        ("FORMAT_MD", 26),
        ("FORMAT_NDHWC", 27),
        ("FORMAT_FRACTAL_ZZ", 28),
        ("FORMAT_FRACTAL_NZ", 29),
        ("FORMAT_NCDHW", 30),
        ("FORMAT_DHWCN", 31),
        ("FORMAT_NDC1HWC0", 32),
        ("FORMAT_FRACTAL_Z_3D", 33),
        ("FORMAT_CN", 34),
        ("FORMAT_NC", 35),
        ("FORMAT_DHWNC", 36),
        ("FORMAT_FRACTAL_Z_3D_TRANSPOSE", 37),
        ("FORMAT_FRACTAL_ZN_LSTM", 38),
        ("FORMAT_FRACTAL_Z_G", 39),
        ("FORMAT_RESERVED", 40),
        ("FORMAT_ALL", 41),
        ("FORMAT_NULL", 42),
        ("FORMAT_ND_RNN_BIAS", 43),
        ("FORMAT_FRACTAL_ZN_RNN", 44),
        ("FORMAT_NYUV", 45),
        ("FORMAT_NYUV_A", 46),
        ("FORMAT_NCL", 47),
        ("FORMAT_FRACTAL_Z_WINO", 48),
        ("FORMAT_C1HWC0", 49),
        ("FORMAT_FRACTAL_NZ_C0_16", 50),
        ("FORMAT_FRACTAL_NZ_C0_32", 51),
        ("FORMAT_END", 52),
        ("FORMAT_MAX", 53),
    ),
)

Placement = _int_enum(
    "Placement",
    "Where a tensor's data lives.",
    (
        ("PLACEMENT_HOST", 0),
        ("PLACEMENT_DEVICE", 1),
    ),
)

AttrValueType = _int_enum(
    "AttrValueType",
    "Value-type ids of an attribute, as ``GeApiWrapper_AttrValue_GetValueType`` returns them.\n"
    "``VT_LIST_<X>`` is ``VT_LIST_BASE + VT_<X>``.",
    (
        ("VT_NONE", 0),
        ("VT_STRING", 1),
        ("VT_FLOAT", 2),
        ("VT_BOOL", 3),
        ("VT_INT", 4),
        ("VT_TENSOR_DESC", 5),
        ("VT_TENSOR", 6),
        ("VT_BYTES", 7),
        ("VT_GRAPH", 8),
        ("VT_NAMED_ATTRS", 9),
        ("VT_LIST_LIST_INT", 10),
        ("VT_DATA_TYPE", 11),
        ("VT_LIST_LIST_FLOAT", 12),
        ("VT_LIST_BASE", 1000),
        ("VT_LIST_STRING", 1001),
        ("VT_LIST_FLOAT", 1002),
        ("VT_LIST_BOOL", 1003),
        ("VT_LIST_INT", 1004),
        ("VT_LIST_TENSOR_DESC", 1005),
        ("VT_LIST_TENSOR", 1006),
        ("VT_LIST_BYTES", 1007),
        ("VT_LIST_GRAPH", 1008),
        ("VT_LIST_NAMED_ATTRS", 1009),
        ("VT_LIST_DATA_TYPE", 1011),
    ),
)
