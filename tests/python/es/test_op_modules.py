"""Module membership of the generated op functions: every catalog op sits in the ``ge.es``
module of the CANN operator repository that defines it (the table in docs/op_catalog.md), and
the imports GE's samples use work."""

from __future__ import annotations

import importlib
import os
import re

import pytest

from ge.es import _catalog, _codegen

_REPO = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)


def _documented_modules() -> dict:
    """{op type: module} from the module table of docs/op_catalog.md."""
    with open(os.path.join(_REPO, "docs", "op_catalog.md"), encoding="utf-8") as f:
        text = f.read()
    table = text.split("## ES modules", 1)[1].split("\n\n| module | ops |", 1)[1]
    modules = {}
    for line in table.split("\n\n", 1)[0].splitlines():
        match = re.match(r"\| `(\w+)` \| (.*) \|$", line)
        if match is None:
            continue
        for op in re.findall(r"\b[A-Z][A-Za-z0-9]*\b", re.sub(r"\([^)]*\)", "", match.group(2))):
            modules[op] = match.group(1)
    return modules


def test_every_built_in_op_is_in_the_module_the_docs_name():
    documented = _documented_modules()
    catalog = {p["type"]: p["module"] for p in _catalog.list_prototypes()}
    assert {op: catalog.get(op) for op in documented} == documented
    undocumented = [op for op, module in catalog.items() if module in ("math", "nn", "control")]
    assert sorted(op for op in undocumented if op not in documented) == []


@pytest.mark.parametrize(
    "module, ops",
    [
        (
            "math",
            ["Split", "Concat", "ConcatV2", "GEMM", "Add", "MatMul", "Identity", "TensorMove"],
        ),
        ("nn", ["Relu", "Conv2D", "BatchMatMulV2"]),
        ("math", ["MaskedFill", "TopKV2"]),
        ("nn", ["GatherElements", "ScatterElements"]),
    ],
)
def test_the_imports_of_ge_samples_work(module, ops):
    generated = importlib.import_module(f"ge.es.{module}")
    for op in ops:
        assert op in generated.__all__, op
        assert callable(getattr(generated, op)), op


def test_every_op_stays_in_all():
    import ge.es.all as es_all

    for proto in _catalog.list_prototypes():
        if _codegen.is_generatable(proto):
            assert callable(getattr(es_all, proto["type"])), proto["type"]


def test_an_op_is_only_in_its_own_module():
    import ge.es.math as es_math
    import ge.es.nn as es_nn

    assert "Relu" not in es_math.__all__
    assert "Split" not in es_nn.__all__
    with pytest.raises(ImportError):
        exec("from ge.es.math import Conv2D", {})
