"""Reader of the C API headers (compiler/include/ge/c_api/*.h) and the C -> ctypes type rules.

The headers follow one restricted style (docs/c_api.md), and this reader accepts exactly that:

- Lines starting with ``#`` (include guards, includes, the ``__cplusplus`` guard), comments
  (``//`` and ``///``, whole-line or trailing) and the lines ``extern "C" {`` and ``}  // ...``
  carry no declarations.
- Every other statement ends with ``;`` (it may span lines) and is one of::

      typedef struct Name Name;               an opaque handle type
      typedef R (*Name)(T1 a, T2 b);          a function-pointer type
      R Name(T1 a, T2 b);                     a function; R Name(void) takes no arguments

- A type is optional ``const``, one base type and ``*``s, each optionally followed by ``const``.
  Base types: void, bool, char, int, float, double, size_t, the exact-width integers and the
  typedefs above. Every parameter has a name. No block comments, macros, arrays, varargs,
  struct bodies, K&R ``()`` or several declarators in one statement: anything else is an error
  naming the header and line.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Tuple

SCALARS = {
    "bool": ctypes.c_bool,
    "char": ctypes.c_char,
    "int": ctypes.c_int,
    "float": ctypes.c_float,
    "double": ctypes.c_double,
    "size_t": ctypes.c_size_t,
    "int8_t": ctypes.c_int8,
    "uint8_t": ctypes.c_uint8,
    "int16_t": ctypes.c_int16,
    "uint16_t": ctypes.c_uint16,
    "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64,
}

_TOKEN = re.compile(r"\s*(?:([A-Za-z_]\w*)|(\*|\(|\)|,|;))")


class HeaderError(ValueError):
    """A statement outside the header style, with its file and line."""


@dataclass(frozen=True)
class CType:
    """`base` with `depth` pointers; `const_base` when the pointee at the bottom is const."""

    base: str
    depth: int = 0
    const_base: bool = False

    def __str__(self) -> str:
        stars = " " + "*" * self.depth if self.depth else ""
        return ("const " if self.const_base else "") + self.base + stars

    def pointee(self) -> CType:
        return CType(self.base, self.depth - 1, self.const_base)


@dataclass(frozen=True)
class Function:
    name: str
    result: CType
    params: Tuple[CType, ...]
    where: str  # header:line

    def __str__(self) -> str:
        return f"{self.result} {self.name}({', '.join(map(str, self.params)) or 'void'})"


@dataclass
class CApi:
    functions: Dict[str, Function]
    handles: set
    callbacks: Dict[str, Function]  # function-pointer typedefs


def _tokens(text: str, where: str) -> List[str]:
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise HeaderError(f"{where}: unexpected text {text[pos : pos + 20]!r}")
        tokens.append(match.group(1) or match.group(2))
        pos = match.end()
    return tokens


def _parse_type(tokens: List[str], known: set, where: str) -> CType:
    """A type from tokens like ['const', 'char', '*', 'const', '*']."""
    const_base = False
    rest = list(tokens)
    if rest and rest[0] == "const":
        const_base = True
        rest.pop(0)
    if not rest or rest[0] not in known:
        raise HeaderError(f"{where}: unknown type {' '.join(tokens)!r}")
    base = rest.pop(0)
    if rest and rest[0] == "const":  # `char const *` style
        const_base = True
        rest.pop(0)
    depth = 0
    for token in rest:
        if token == "*":
            depth += 1
        elif token != "const" or depth == 0:
            raise HeaderError(f"{where}: unexpected {token!r} in type {' '.join(tokens)!r}")
    return CType(base, depth, const_base)


def _parse_params(tokens: List[str], known: set, where: str) -> Tuple[CType, ...]:
    if tokens == ["void"]:
        return ()
    if not tokens:
        raise HeaderError(f"{where}: write (void) for a function without parameters")
    params, current = [], []
    for token in tokens + [","]:
        if token != ",":
            current.append(token)
            continue
        if len(current) < 2 or current[-1] in known or current[-1] in ("const", "*"):
            raise HeaderError(f"{where}: every parameter needs a type and a name: {current}")
        params.append(_parse_type(current[:-1], known, where))
        current = []
    return tuple(params)


def _statements(path: Path):
    """(statement text, 'file:line') for every declaration statement of the header."""
    pending, start = "", 0
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if "/*" in line:
            raise HeaderError(f"{path.name}:{number}: block comments are not part of the style")
        if not line or line.startswith("#") or line == 'extern "C" {' or line == "}":
            continue
        if not pending:
            start = number
        pending += " " + line
        if line.endswith(";"):
            yield pending.strip(), f"{path.name}:{start}"
            pending = ""
    if pending:
        raise HeaderError(f"{path.name}:{start}: statement without ';'")


def parse_headers(paths) -> CApi:
    """The declarations of all `paths`, which may refer to each other's types in any order."""
    api = CApi({}, set(), {})
    known = set(SCALARS) | {"void"}
    statements = []
    for path in sorted(paths):
        for text, where in _statements(Path(path)):
            tokens = _tokens(text, where)
            if tokens[-1] != ";":
                raise HeaderError(f"{where}: expected ';' at the end")
            statements.append((tokens[:-1], where))
    # Handle types first, then function-pointer types, then functions.
    order = {"struct": 0, "typedef": 1}
    statements.sort(key=lambda item: order.get(item[0][1] if item[0][0] == "typedef" else "", 2))
    for tokens, where in statements:
        if tokens[:2] == ["typedef", "struct"]:
            if len(tokens) != 4 or tokens[2] != tokens[3]:
                raise HeaderError(f"{where}: expected 'typedef struct Name Name;'")
            api.handles.add(tokens[2])
            known.add(tokens[2])
            continue
        typedef = tokens[0] == "typedef"
        function = _parse_function(tokens, known, where)
        if function.name in api.functions or function.name in api.callbacks:
            raise HeaderError(f"{where}: {function.name} is declared twice")
        (api.callbacks if typedef else api.functions)[function.name] = function
        if typedef:
            known.add(function.name)
    return api


def _parse_function(tokens: List[str], known: set, where: str) -> Function:
    if tokens[0] == "typedef":
        # typedef R ( * Name ) ( params )
        open_name = tokens.index("(") if "(" in tokens else len(tokens)
        if tokens[open_name + 1 : open_name + 4 : 2] != ["*", ")"]:
            raise HeaderError(f"{where}: expected 'typedef R (*Name)(...)'")
        result_tokens, name = tokens[1:open_name], tokens[open_name + 2]
        rest = tokens[open_name + 4 :]
    else:
        if "(" not in tokens:
            raise HeaderError(f"{where}: not a function declaration")
        open_params = tokens.index("(")
        result_tokens, name = tokens[: open_params - 1], tokens[open_params - 1]
        rest = tokens[open_params:]
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise HeaderError(f"{where}: expected a function name before '('")
    if rest[:1] != ["("] or rest[-1:] != [")"] or "(" in rest[1:] or ")" in rest[:-1]:
        raise HeaderError(f"{where}: expected one parameter list")
    result = _parse_type(result_tokens, known, where)
    return Function(name, result, _parse_params(rest[1:-1], known, where), where)


# ---- C -> ctypes ----------------------------------------------------------------------------


def _is_pointer_type(py) -> bool:
    return isinstance(py, type) and issubclass(py, ctypes._Pointer)


def _is_function_type(py) -> bool:
    return isinstance(py, type) and issubclass(py, ctypes._CFuncPtr)


def mismatch(c: CType, py, api: CApi, role: str) -> str | None:
    """Why the ctypes type `py` cannot stand for C type `c` (None when it can).

    `role` is "result", "argument" or "element" (what a pointer points to). Rules:
    - scalars map one to one (SCALARS; ctypes' aliases such as c_int32 is c_int are the same
      type), `void` results to None;
    - any data pointer may travel as c_void_p (handles always do); otherwise a pointer must be
      POINTER(<compatible pointee>), or for char * also c_char_p;
    - a char * *result* without const is malloc'd by the library: c_char_p would copy and drop the
      pointer (a leak), so it must come back as POINTER(c_char) or c_void_p and be freed;
    - a function-pointer typedef needs a CFUNCTYPE whose result and arguments match it.
    """
    if c.depth == 0:
        if c.base == "void":
            return None if role == "result" and py is None else "void must map to None"
        if c.base in SCALARS:
            want = SCALARS[c.base]
            return None if py is want else f"{c} needs {want.__name__}"
        if c.base in api.callbacks:
            return _callback_mismatch(api.callbacks[c.base], py, api)
        if role == "element" and isinstance(py, type) and issubclass(py, ctypes.Structure):
            return None if py.__name__ == c.base else f"{c} cannot be {py.__name__}"
        return f"{c} cannot be passed by value"
    if py is ctypes.c_void_p:
        return None
    if c.depth == 1 and c.base == "char":
        if py is ctypes.c_char_p:
            if role == "result" and not c.const_base:
                return "a malloc'd char * result must be POINTER(c_char) or c_void_p, not c_char_p"
            return None
    if _is_pointer_type(py):
        why = mismatch(c.pointee(), py._type_, api, "element")
        return None if why is None else f"{c} as {py.__name__}: {why}"
    name = getattr(py, "__name__", repr(py))
    return f"{c} cannot be {name}"


def _callback_mismatch(callback: Function, py, api: CApi) -> str | None:
    if not _is_function_type(py):
        return f"{callback.name} needs a CFUNCTYPE"
    why = mismatch(callback.result, py._restype_, api, "result")
    if why is not None:
        return f"{callback.name} result: {why}"
    if len(py._argtypes_) != len(callback.params):
        return f"{callback.name} takes {len(callback.params)} arguments"
    for index, (c, arg) in enumerate(zip(callback.params, py._argtypes_)):
        why = mismatch(c, arg, api, "argument")
        if why is not None:
            return f"{callback.name} argument {index}: {why}"
    return None


def signature_mismatches(function: Function, restype, argtypes, api: CApi) -> List[str]:
    """Every way (restype, argtypes) disagrees with the header declaration of `function`."""
    problems = []
    why = mismatch(function.result, restype, api, "result")
    if why is not None:
        problems.append(f"result: {why}")
    if argtypes is None or len(argtypes) != len(function.params):
        count = "no argtypes" if argtypes is None else f"{len(argtypes)} argtypes"
        problems.append(f"{count} for {len(function.params)} parameters")
        return problems
    for index, (c, py) in enumerate(zip(function.params, argtypes)):
        why = mismatch(c, py, api, "argument")
        if why is not None:
            problems.append(f"argument {index}: {why}")
    return problems


# ---- exported symbols -----------------------------------------------------------------------


def exported_functions(library: Path) -> set:
    """Names of the functions a shared library exports (defined, global or weak, default
    visibility), read from its ELF dynamic symbol table (64-bit little-endian, as on the
    platforms ge_py builds for)."""
    import struct

    data = library.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{library} is not a 64-bit little-endian ELF file")
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)
    ]
    names = set()
    for _, kind, _, _, offset, size, link, _, _, entsize in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strtab_offset = sections[link][4]
        for pos in range(offset, offset + size, entsize):
            name_at, info, other, shndx = struct.unpack_from("<IBBH", data, pos)
            if shndx == 0 or info & 0xF != 2 or info >> 4 not in (1, 2) or other & 3:
                continue  # undefined, not a function, local, or hidden
            end = data.index(b"\0", strtab_offset + name_at)
            names.add(data[strtab_offset + name_at : end].decode())
    return names
