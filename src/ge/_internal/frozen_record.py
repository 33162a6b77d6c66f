"""Small immutable value records for modules on the compile cold-start path.

``dataclasses`` pulls in ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``, ...), which
costs more than starting the interpreter on a slow machine; a compile with one Python pass must
not pay that just to describe a registration. A record here behaves like a
``@dataclass(frozen=True)`` value: keyword or positional construction, field-order ``repr``,
value equality, hashing, pickling and ``copy``, and assignment raises
``dataclasses.FrozenInstanceError`` (imported only on that error path).
"""

from __future__ import annotations

__all__ = ["FrozenRecord", "frozen_instance_error"]


def frozen_instance_error(name: str) -> Exception:
    """The exception a frozen dataclass raises when ``name`` is assigned or deleted."""
    from dataclasses import FrozenInstanceError  # rare error path: not a cold-start import

    return FrozenInstanceError(f"cannot assign to field {name!r}")


class FrozenRecord:
    """Base of immutable records; a subclass sets ``__slots__ = _fields = (...)`` and calls
    ``self._init(values)`` from its ``__init__``."""

    __slots__ = ()
    _fields: tuple = ()

    def _init(self, *values) -> None:
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self):
        return hash(self._values())

    def __repr__(self):
        items = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({items})"

    def __setattr__(self, name, value):
        raise frozen_instance_error(name)

    def __delattr__(self, name):
        raise frozen_instance_error(name)

    def __reduce__(self):
        # Slots plus a refusing __setattr__: rebuild through __init__ instead of setting state.
        return (type(self), self._values())
