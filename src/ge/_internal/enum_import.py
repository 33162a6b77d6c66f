"""``import enum`` without importing ``functools`` and ``collections`` (cold start).

The standard ``enum`` module takes exactly two names from other pure-Python modules:
``functools.reduce`` and ``operator.or_``. Both are the C functions of ``_functools`` and
``_operator`` re-exported (``functools`` and ``operator`` do ``from _functools import reduce`` /
``from _operator import *``). Importing the real modules costs far more than ``enum`` itself:
``functools`` brings ``collections`` (``namedtuple`` runs ``exec``), ``itertools``, ``keyword``
and ``reprlib`` -- about 10 M of the 17 M instructions of a first ``import enum`` in 3.11, in a
process (atc's embedded interpreter, a bare ``pyatc`` script) that otherwise never needs them.

``import_enum()`` therefore imports ``enum`` while ``sys.modules`` holds, for each of the two
modules not imported yet, a small stand-in carrying the C function. The stand-ins are removed
right after, so a later ``import functools`` loads the real module; the ``enum`` module ends up
with the very same objects it would have had. This is done only when it is safe:

- nothing to do when ``enum`` is imported already (most user processes);
- only while the interpreter runs a single Python thread, so no other thread can import a
  stand-in while it is visible (another thread could only be started by Python code running in
  it, and there is none);
- an ``enum`` that needs more than the stand-ins provide (a Python version not checked) fails
  with ImportError/AttributeError inside the stand-in window; it is then imported normally;
- code that still holds a stand-in after the window (it imported functools inside it) reaches
  the real module through the stand-in's module ``__getattr__``.
"""

from __future__ import annotations

import sys

# name of the module -> {attribute: (C module, attribute)}: what enum takes from it.
_STAND_INS = {
    "functools": {"reduce": ("_functools", "reduce")},
    "operator": {"or_": ("_operator", "or_")},
}


def _stand_in(name: str, attributes: dict):
    module = type(sys)(name, "ge: stand-in visible only while enum is imported")
    for attribute, (c_module, c_name) in attributes.items():
        setattr(module, attribute, getattr(__import__(c_module), c_name))

    def __getattr__(attribute: str):
        # Only reached by code that imported the stand-in during the window (say, an import hook
        # run by enum's own imports): once the window is closed it sees the real module. Inside
        # the window the lookup fails, and so does enum's import: it is then redone normally.
        if sys.modules.get(name) is module:
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
        __import__(name)
        return getattr(sys.modules[name], attribute)

    module.__getattr__ = __getattr__
    return module


def import_enum():
    """The ``enum`` module, imported without functools/collections when that is safe."""
    module = sys.modules.get("enum")
    if module is not None:
        return module
    missing = [name for name in _STAND_INS if name not in sys.modules]
    if not missing or len(sys._current_frames()) != 1:
        import enum

        return enum
    try:
        stand_ins = {name: _stand_in(name, _STAND_INS[name]) for name in missing}
    except (ImportError, AttributeError):  # no C accelerator modules (another implementation)
        import enum

        return enum
    sys.modules.update(stand_ins)
    try:
        import enum
    except (ImportError, AttributeError):
        enum = None  # needs more than the stand-ins give: import it again with the real modules
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
    if enum is None:
        sys.modules.pop("enum", None)
        import enum
    return enum
