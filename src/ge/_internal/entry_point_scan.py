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


def _declares(entry_points_file: str, header: bytes) -> bool:
    """True if a section header of the INI-style file is ``[<group>]`` (spaces ignored).

    Read as bytes with os.open/os.read: no buffered text stack and no isatty probe per file (a
    venv has a dozen of these files and every compile that loads a Python pass reads them). The
    header is compared as UTF-8 bytes: for a UTF-8 file, the same answer as comparing text.
    """
    try:
        fd = os.open(entry_points_file, os.O_RDONLY)
    except OSError:
        return False  # missing or unreadable here is the same for importlib.metadata
    try:
        chunks = []
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError:
        return False
    finally:
        os.close(fd)
    return any(b"".join(line.split()) == header for line in b"".join(chunks).splitlines())


def _directory_names(entry: str, directory: str):
    """Names in ``directory``: from the import system's cache of it when that is current (the
    directory's mtime is the one the cache was filled at), else from os.listdir. The import
    system has listed every sys.path directory it searched already; listing the standard
    library's directory again costs about as much as everything else here."""
    finder = sys.path_importer_cache.get(entry)  # keyed by the sys.path entry itself
    names = getattr(finder, "_path_cache", None)
    cached_mtime = getattr(finder, "_path_mtime", None)
    if isinstance(names, set) and isinstance(cached_mtime, float) and cached_mtime >= 0:
        try:
            if os.stat(directory).st_mtime == cached_mtime:
                return names
        except OSError:
            return ()
    try:
        return os.listdir(directory)
    except OSError:
        return ()


def group_may_be_declared(group: str) -> bool:
    """False only when every distribution on ``sys.path`` was checked and none names ``group``."""
    for finder in sys.meta_path:
        name = getattr(finder, "__name__", type(finder).__name__)
        if name not in _STDLIB_FINDERS and hasattr(finder, "find_distributions"):
            return True
    header = ("[" + group + "]").encode("utf-8")
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
        for name in _directory_names(entry, directory):
            if not name.lower().endswith(_META_SUFFIXES):
                continue
            if _declares(os.path.join(directory, name, "entry_points.txt"), header):
                return True
    return False
