"""Cheap answer to "may any installed distribution declare this entry-point group?".

``importlib.metadata`` (email, zipfile, csv, ... plus a parse of every distribution's metadata)
costs far more than a compile with a trivial pass. Almost no environment declares
``ge.passes.plugins`` or ``ge.es.plugins``, so the plugin scans first look at the
``entry_points.txt`` files on ``sys.path`` itself and only ask ``importlib.metadata`` when one of
them names the group, or when something on the path cannot be checked this way (a zip/egg entry,
a custom distribution finder).
"""

from __future__ import annotations

import os
import sys

__all__ = ["group_may_be_declared"]

_META_SUFFIXES = (".dist-info", ".egg-info")
# Finders of the standard library that find distributions only through sys.path directories.
_STDLIB_FINDERS = {"BuiltinImporter", "FrozenImporter", "PathFinder"}


def _declares(entry_points_file: str, header: str) -> bool:
    """True if a section header of the INI-style file is ``[<group>]`` (spaces ignored)."""
    try:
        with open(entry_points_file, encoding="utf-8", errors="replace") as text:
            return any("".join(line.split()) == header for line in text)
    except OSError:
        return False  # unreadable here is unreadable for importlib.metadata too


def group_may_be_declared(group: str) -> bool:
    """False only when every distribution on ``sys.path`` was checked and none names ``group``."""
    for finder in sys.meta_path:
        name = getattr(finder, "__name__", type(finder).__name__)
        if name not in _STDLIB_FINDERS and hasattr(finder, "find_distributions"):
            return True
    header = "[" + group + "]"
    seen = set()
    for entry in sys.path:
        directory = entry or "."
        if directory in seen:
            continue
        seen.add(directory)
        if not os.path.isdir(directory):
            if os.path.exists(directory):
                return True  # a zip or egg file: importlib.metadata may find metadata inside
            continue
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        for name in names:
            if not name.lower().endswith(_META_SUFFIXES):
                continue
            if _declares(os.path.join(directory, name, "entry_points.txt"), header):
                return True
    return False
