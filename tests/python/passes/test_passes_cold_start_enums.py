"""ge.graph.types builds its IntEnum classes without enum's per-member class machinery (a cold-start
cost of a Python pass). The result must be indistinguishable from a class
statement: these tests build the same enums with ``class X(IntEnum): ...`` and compare structure
and behaviour. No fixtures and no compiler library: the file also runs under other Python
versions (``python -c "import test_passes_cold_start_enums as t; t.run_all()"``).
"""

from __future__ import annotations

import copy
import enum
import pickle
import sys
from enum import IntEnum

from ge.graph import types

ENUMS = (types.DataType, types.Format, types.Placement, types.AttrValueType)
# Class attributes a class statement adds on some versions and a metaclass call does not.
STATEMENT_ONLY = {"__firstlineno__", "__static_attributes__"}


def _reference(enum_class):
    """The same enum written as a class statement (enum's standard creation path)."""
    body = "".join(f"    {member.name} = {member.value}\n" for member in enum_class)
    source = f"class {enum_class.__name__}(IntEnum):\n    {enum_class.__doc__!r}\n{body}"
    namespace = {"IntEnum": IntEnum, "__name__": types.__name__}
    exec(source, namespace)
    return namespace[enum_class.__name__]


def _same_structure(built, reference):
    assert type(built) is type(reference)
    assert built.__mro__[1:] == reference.__mro__[1:]
    assert built.__doc__ == reference.__doc__
    assert (built.__module__, built.__qualname__) == (reference.__module__, reference.__qualname__)
    assert built._member_names_ == reference._member_names_
    assert list(built.__members__) == list(reference.__members__)
    assert {v: m.name for v, m in built._value2member_map_.items()} == {
        v: m.name for v, m in reference._value2member_map_.items()
    }
    built_keys = set(vars(built)) - STATEMENT_ONLY
    assert built_keys == set(vars(reference)) - STATEMENT_ONLY
    for key in built_keys:
        mine, theirs = vars(built)[key], vars(reference)[key]
        if isinstance(theirs, reference):
            assert type(mine) is built and mine.name == theirs.name and int(mine) == int(theirs)
        else:
            assert type(mine) is type(theirs), key
    for mine, theirs in zip(built, reference):
        assert sorted(vars(mine)) == sorted(vars(theirs))
        for attribute, value in vars(theirs).items():
            expected = built if value is reference else value
            assert getattr(mine, attribute) == expected, (mine, attribute)
        assert mine.__objclass__ is built


def test_enums_match_a_class_statement():
    for enum_class in ENUMS:
        _same_structure(enum_class, _reference(enum_class))


def test_fallback_path_builds_the_same_enums():
    # The standard path, used on Python versions the fast path was not checked against.
    saved = types._FAST_PATH
    types._FAST_PATH = False
    try:
        for enum_class in ENUMS:
            members = [(member.name, member.value) for member in enum_class]
            rebuilt = types._int_enum(enum_class.__name__, enum_class.__doc__, members)
            _same_structure(rebuilt, _reference(enum_class))
    finally:
        types._FAST_PATH = saved


def test_spec_numbers():
    dt, fmt, vt = types.DataType, types.Format, types.AttrValueType
    assert (dt.DT_FLOAT, dt.DT_UINT8, dt.DT_INT16, dt.DT_BF16, dt.DT_MAX) == (0, 4, 6, 27, 43)
    assert 5 not in dt._value2member_map_
    assert len(dt) == 43 and len(fmt) == 54 and len(types.Placement) == 2 and len(vt) == 24
    assert (fmt.FORMAT_NCHW, fmt.FORMAT_ND, fmt.FORMAT_C1HWNCoC0, fmt.FORMAT_MAX) == (0, 2, 25, 53)
    assert (vt.VT_LIST_BASE, vt.VT_LIST_DATA_TYPE) == (1000, 1011)


def test_members_behave_like_class_statement_members():
    for enum_class in ENUMS:
        reference = _reference(enum_class)
        assert issubclass(enum_class, IntEnum)
        enum.unique(enum_class)
        for mine, theirs in zip(enum_class, reference):
            value = int(theirs)
            assert isinstance(mine, int) and isinstance(mine, enum_class)
            assert mine == value and hash(mine) == hash(value)
            assert enum_class(value) is mine and enum_class[mine.name] is mine
            assert getattr(enum_class, mine.name) is mine and mine in enum_class
            assert (mine.name, mine.value, mine._name_, mine._value_) == (
                theirs.name,
                theirs.value,
                theirs._name_,
                theirs._value_,
            )
            assert repr(mine) == repr(theirs) and str(mine) == str(theirs)
            assert f"{mine}" == f"{theirs}" and format(mine, "d") == format(theirs, "d")
            assert pickle.loads(pickle.dumps(mine)) is mine and copy.deepcopy(mine) is mine
        assert list(reversed(enum_class)) == [enum_class[m.name] for m in reversed(reference)]


def test_errors_match_a_class_statement():
    for enum_class in ENUMS:
        reference = _reference(enum_class)
        outcomes = []
        for cls in (enum_class, reference):
            try:
                cls(999999)
            except ValueError as exc:
                outcomes.append(str(exc).replace(cls.__qualname__, "X"))
            try:

                class Sub(cls):  # enums with members cannot be extended
                    EXTRA = 1

            except TypeError as exc:
                outcomes.append(str(exc).replace(cls.__qualname__, "X"))
            try:
                setattr(cls, cls._member_names_[0], 1)
            except AttributeError as exc:
                outcomes.append(str(exc))
        assert len(outcomes) == 6
        assert outcomes[:3] == outcomes[3:]


def run_all():
    """Runs every test of this file (for Python versions without pytest installed)."""
    tests = [value for name, value in sorted(globals().items()) if name.startswith("test_")]
    for test in tests:
        test()
    print(f"{len(tests)} passed on Python {sys.version.split()[0]}")
