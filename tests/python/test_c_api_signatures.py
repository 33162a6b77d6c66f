"""The ctypes bindings agree with the C API headers, and the headers with the library.

compiler/include/ge/c_api/*.h declare every exported C function of libge_compiler.so once
(docs/c_api.md). This test holds the other two copies to them: each signature table of the ctypes
bindings (name -> (restype, argtypes)) must match the header declaration argument by argument,
and the library must export exactly the functions the headers declare.
"""

from __future__ import annotations

import ast
import ctypes
import importlib
import re
from pathlib import Path

import pytest
from c_api_headers import (
    CType,
    HeaderError,
    exported_functions,
    parse_headers,
    signature_mismatches,
)

REPO = Path(__file__).resolve().parents[2]
HEADERS = sorted((REPO / "compiler" / "include" / "ge" / "c_api").glob("*.h"))
SRC = REPO / "src"

# Every signature table of src/ge: (module, table) -> the prefix its keys are bound with.
SIGNATURE_TABLES = {
    ("ge._capi._runtime_lib", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi._runtime_lib", "_RUNTIME_SIGNATURES"): "",
    ("ge._capi.pygraph_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pygraph_wrapper", "_OPTIONAL_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pyes_graph_builder_wrapper", "_BASE_SIGNATURES"): "",
    ("ge._capi.pyes_graph_builder_wrapper", "_MATH_SIGNATURES"): "",
    ("ge._capi.pyop_catalog_wrapper", "_SIGNATURES"): "",
    ("ge._capi.pyge_utils_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pymatch_trace_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pyoffline_compile_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pyparser_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pypyatc_wrapper", "_SIGNATURES"): "GeApiWrapper_",
    ("ge._capi.pypass_artifacts_wrapper", "_SIGNATURES"): "GePyPassArtifacts_",
    ("ge._capi.pypass_artifacts_wrapper", "_ERROR_SIGNATURES"): "GeApiWrapper_",
    ("ge.es._op_attrs", "_ATTR_SIGNATURES"): "",
    ("ge.graph.tensor", "_ESB_SIGNATURES"): "",
}

# Names of C API functions as they appear in Python source.
_C_NAME = re.compile(
    r"\b(?:GeApiWrapper_\w+|GeRuntime_\w+|GeOpCatalog_\w+|GePyPassArtifacts_\w+|Es[A-Z]\w*)\b"
)


@pytest.fixture(scope="module")
def api():
    return parse_headers(HEADERS)


def _python_sources():
    for path in sorted((SRC / "ge").rglob("*.py")):
        module = ".".join(path.relative_to(SRC).with_suffix("").parts)
        yield module.removesuffix(".__init__"), path


def _bound_signatures():
    """(table label, C symbol, restype, argtypes) of every entry of every signature table."""
    for (module, table), prefix in SIGNATURE_TABLES.items():
        signatures = getattr(importlib.import_module(module), table)
        for name, (restype, argtypes) in signatures.items():
            yield f"{module}.{table}[{name!r}]", prefix + name, restype, argtypes


def test_headers_follow_the_style_and_declare_each_function_once(api):
    assert HEADERS, "no C API headers found"
    assert len(api.functions) > 150
    assert "GeGraphHandle" in api.handles and "EsCTensorHolder" in api.handles


def test_every_bound_signature_matches_its_header_declaration(api):
    problems = []
    for label, symbol, restype, argtypes in _bound_signatures():
        function = api.functions.get(symbol)
        if function is None:
            problems.append(f"{label}: {symbol} is declared in no ge/c_api header")
            continue
        for why in signature_mismatches(function, restype, argtypes, api):
            problems.append(f"{label} vs {function.where} ({function}): {why}")
    assert not problems, "\n".join(problems)


def test_every_signature_table_and_prototype_of_src_ge_is_checked():
    """A new table must be listed in SIGNATURE_TABLES, and no argtypes/restype is written in
    place: they are assigned only from a table entry (the local names argtypes / restype)."""
    problems = []
    for module, path in _python_sources():
        tree = ast.parse(path.read_text(), str(path))
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            for target in targets:
                name = getattr(target, "id", "")
                if name.endswith("SIGNATURES") and (module, name) not in SIGNATURE_TABLES:
                    problems.append(
                        f"{path}:{node.lineno}: table {name} is not in SIGNATURE_TABLES"
                    )
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                field = getattr(target, "attr", None)
                if field in ("argtypes", "restype") and not (
                    isinstance(node.value, ast.Name) and node.value.id == field
                ):
                    problems.append(f"{path}:{node.lineno}: {field} written in place")
    assert not problems, "\n".join(problems)


def test_every_c_function_python_names_is_in_a_signature_table(api):
    """A function called without a declared prototype would get ctypes' int defaults."""
    bound = {symbol for _, symbol, _, _ in _bound_signatures()}
    unbound = {}
    for _, path in _python_sources():
        for name in _C_NAME.findall(path.read_text()):
            if name in api.functions and name not in bound:
                unbound.setdefault(name, path.relative_to(REPO))
    assert not unbound, "\n".join(f"{path}: {name}" for name, path in sorted(unbound.items()))


def test_library_exports_exactly_the_declared_functions(api):
    from ge._capi._lib_loader import get_compiler_lib_path

    exported = exported_functions(Path(get_compiler_lib_path()))
    # C++ symbols are mangled (_Z...); names starting with an underscore belong to the toolchain.
    c_symbols = {name for name in exported if not name.startswith("_")}
    missing = sorted(set(api.functions) - exported)
    undeclared = sorted(c_symbols - set(api.functions))
    assert not missing, f"declared but not exported: {missing}"
    assert not undeclared, f"exported but declared in no ge/c_api header: {undeclared}"


# ---- the rules themselves -------------------------------------------------------------------


def _signature(tmp_path, text):
    header = tmp_path / "sample.h"
    header.write_text(
        '#include "ge/c_api/ge_c_types.h"\n'
        "typedef struct Handle Handle;\n"
        "typedef void *(*Callback)(void *key, size_t size);\n" + text
    )
    return parse_headers([header])


def test_type_rules_accept_what_ctypes_passes_faithfully(tmp_path):
    api = _signature(
        tmp_path,
        "/// malloc'd\n"
        "char *Take(const Handle *h, const char *const *names,\n"
        "           int64_t **dims, Callback cb, bool flag);\n"
        "const char *Borrow(void);\n",
    )
    i64pp = ctypes.POINTER(ctypes.POINTER(ctypes.c_int64))
    callback = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)
    args = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), i64pp, callback, ctypes.c_bool]
    take, borrow = api.functions["Take"], api.functions["Borrow"]
    assert take.params[1] == CType("char", 2, True)
    for restype in (ctypes.POINTER(ctypes.c_char), ctypes.c_void_p):
        assert signature_mismatches(take, restype, args, api) == []
    assert signature_mismatches(borrow, ctypes.c_char_p, [], api) == []


@pytest.mark.parametrize(
    "restype, argtypes, why",
    [
        (ctypes.c_char_p, None, "malloc'd char \\* result"),
        (ctypes.c_void_p, [ctypes.c_void_p], "1 argtypes for 2 parameters"),
        (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int32], "int64_t needs c_long"),
        (ctypes.c_void_p, [ctypes.c_int64, ctypes.c_int64], "Handle \\* cannot be c_long"),
        (None, [ctypes.c_void_p, ctypes.c_int64], "cannot be None"),
        (ctypes.c_void_p, [ctypes.POINTER(ctypes.c_int32), ctypes.c_int64], "Handle cannot"),
    ],
)
def test_type_rules_reject_real_mismatches(tmp_path, restype, argtypes, why):
    api = _signature(tmp_path, "char *Make(Handle *h, int64_t n);\n")
    if argtypes is None:
        argtypes = [ctypes.c_void_p, ctypes.c_int64]
    problems = signature_mismatches(api.functions["Make"], restype, argtypes, api)
    assert problems and re.search(why, "\n".join(problems)), problems


@pytest.mark.parametrize(
    "text",
    ["int Old();\n", "int Unnamed(int64_t);\n", "int Twice(void);\nint Twice(void);\n",
     "int Array(int v[2]);\n", "/* block */\n", "Unknown *Make(void);\n", "int Open(void)\n"],
)  # fmt: skip
def test_statements_outside_the_style_are_errors(tmp_path, text):
    with pytest.raises(HeaderError, match=r"sample\.h:\d+"):
        _signature(tmp_path, text)
