"""The example pass plugins under examples/fusion_pass load and register as documented."""

from __future__ import annotations

import py_compile
from pathlib import Path

import pytest
from passes_support import requires_es, requires_native

from ge.passes import get_registered_passes
from ge.passes.bootstrap import load_pass_plugins

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fusion_pass"
EXPECTED = {
    "PythonAddZeroPass": "pattern_fusion",
    "PythonAddZeroConstValueMatchPass": "pattern_fusion",
    "PythonAddZeroInCustomOpPass": "pattern_fusion",
    "PythonMatMulAddToGemmPass": "pattern_fusion",
    "PythonMatMulAddToGemmCapturePass": "pattern_fusion",
    "PythonGroupedConvDecomposePass": "decompose",
    "PythonMatMulAddMatcherConfigPass": "pattern_fusion",
    "PythonMoveReluBeforeConcatPass": "fusion_base",
    "PythonConvTransFormatPass": "fusion_base",
}


@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.rglob("*.py")), ids=lambda p: str(p.relative_to(EXAMPLES))
)
def test_example_compiles(path):
    py_compile.compile(str(path), doraise=True)


@requires_native
@requires_es
def test_example_directory_registers_every_pass(monkeypatch):
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(EXAMPLES))
    # One module per pass file; graphs/ (the graph scripts) has no __init__.py and is not scanned.
    assert len(load_pass_plugins()) == len(EXPECTED)
    registered = {d.pass_name: d.kind for d in get_registered_passes()}
    assert registered == EXPECTED
    by_name = {d.pass_name: d for d in get_registered_passes()}
    assert by_name["PythonGroupedConvDecomposePass"].op_types == ["Conv2D"]
    for descriptor in get_registered_passes():
        instance = descriptor.cls()
        if descriptor.kind == "pattern_fusion":
            assert instance.patterns()  # every example declares at least one pattern


@requires_native
@requires_es
def test_gemm_expression_pattern_captures_inputs_then_output(monkeypatch):
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(EXAMPLES / "matmul_add_gemm_pass.py"))
    load_pass_plugins()
    (descriptor,) = get_registered_passes()
    patterns = descriptor.cls().patterns()
    assert len(patterns) == 2
    for pat in patterns:
        captured = pat.get_captured_tensors()
        assert [io.node.type for io in captured] == ["Data", "Data", "Data", "Add"]
