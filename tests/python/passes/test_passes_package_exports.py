"""The public surface of ge.passes: names, order, lazy resolution."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from passes_support import requires_graph

import ge.passes
from ge._capi._lib_loader import get_compiler_lib_path
from ge.passes import base, fuse_inspector, registry, replacement

# ge.passes.pattern is the decorator (as in the reference); the submodule lives in sys.modules.
pattern = importlib.import_module("ge.passes.pattern")

SRC = Path(__file__).resolve().parents[3] / "src"

EXPECTED_ALL = [
    "DecomposePass",
    "FuseCheckResult",
    "FusionBasePass",
    "MatchResult",
    "NodeIo",
    "PassStage",
    "PassContext",
    "Pattern",
    "PatternMatcherConfig",
    "PatternMatcherConfigBuilder",
    "PatternFusionPass",
    "SubgraphInput",
    "SubgraphOutput",
    "SubgraphBoundary",
    "SubgraphRewriter",
    "can_fuse",
    "clear_registered_passes",
    "create_pattern",
    "create_replacement",
    "get_registered_pass_by_descriptor_key",
    "get_registered_pass_dicts",
    "get_registered_passes",
    "infer_shape",
    "pattern",
    "register_decompose_pass",
    "register_fusion_pass",
    "report_fuse",
]


def test_all_lists_the_27_public_names_in_reference_order():
    assert ge.passes.__all__ == EXPECTED_ALL


def test_pure_python_names_resolve_to_their_defining_modules():
    assert ge.passes.FusionBasePass is base.FusionBasePass
    assert ge.passes.PatternFusionPass is base.PatternFusionPass
    assert ge.passes.DecomposePass is base.DecomposePass
    assert ge.passes.PassStage is base.PassStage
    assert ge.passes.infer_shape is base.infer_shape
    assert ge.passes.NodeIo is pattern.NodeIo
    assert ge.passes.create_pattern is pattern.create_pattern
    assert ge.passes.create_replacement is replacement.create_replacement
    assert ge.passes.FuseCheckResult is fuse_inspector.FuseCheckResult
    assert ge.passes.can_fuse is fuse_inspector.can_fuse
    for name in (
        "clear_registered_passes",
        "get_registered_pass_by_descriptor_key",
        "get_registered_pass_dicts",
        "get_registered_passes",
        "register_decompose_pass",
        "register_fusion_pass",
    ):
        assert getattr(ge.passes, name) is getattr(registry, name)


def test_pattern_attribute_is_the_decorator_while_the_submodule_stays_importable():
    assert ge.passes.pattern is sys.modules["ge.passes.pattern"].pattern
    assert callable(ge.passes.pattern)


def test_unknown_attribute_raises_attribute_error_naming_the_module():
    with pytest.raises(AttributeError) as info:
        ge.passes.NoSuchThing  # noqa: B018
    assert str(info.value) == "module 'ge.passes' has no attribute 'NoSuchThing'"


def test_dir_lists_every_public_name_sorted():
    listing = dir(ge.passes)
    assert listing == sorted(listing)
    assert set(EXPECTED_ALL) <= set(listing)


def _run_isolated(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_defining_and_registering_passes_does_not_load_the_native_module():
    result = _run_isolated(
        """
        import sys
        from ge.passes import (DecomposePass, FusionBasePass, PassStage, PatternFusionPass,
                               pattern, register_decompose_pass, register_fusion_pass,
                               get_registered_pass_dicts)
        from ge.passes import bootstrap, _bridge

        @register_fusion_pass(name="A", stage=PassStage.BEFORE_INFER_SHAPE)
        class A(FusionBasePass):
            def run(self, graph, context):
                return 0

        @register_fusion_pass(name="B", stage=PassStage.AFTER_INFER_SHAPE)
        class B(PatternFusionPass):
            @pattern
            def p(self, inputs):
                return inputs[0]

            def replacement(self, inputs):
                return inputs[0]

        @register_decompose_pass(name="C", stage=PassStage.AFTER_INFER_SHAPE, op_types=["Add"])
        class C(DecomposePass):
            def replacement(self, node):
                return None

        assert [d["pass_name"] for d in get_registered_pass_dicts()] == ["A", "B", "C"]
        assert "ge.passes._ge_pass_native" not in sys.modules
        assert "ge.passes._native" not in sys.modules
        print("ok")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


MISSING_NATIVE = """
import sys
sys.modules.pop("ge.passes._ge_pass_native", None)
import ge.passes.runtime as runtime
runtime.find_prebuilt_artifact = lambda: None
try:
    ge_passes = __import__("ge.passes", fromlist=["MatchResult"])
    ge_passes.MatchResult
except ImportError as exc:
    print(str(exc))
else:
    print("loaded")
"""


@requires_graph
def test_native_names_raise_import_error_naming_the_missing_artifact_when_absent():
    result = _run_isolated(MISSING_NATIVE, GE_PY_COMPILER_LIB=get_compiler_lib_path())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "Failed to load GE Python pass native artifact for runtime python tag '"
    )
    assert "fallback codegen failed" in result.stdout


def test_native_names_raise_import_error_naming_a_missing_compiler_library(tmp_path):
    missing = tmp_path / "libge_compiler.so"
    result = _run_isolated(MISSING_NATIVE, GE_PY_COMPILER_LIB=str(missing))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "Failed to load GE Python pass native artifact: libge_compiler.so cannot be loaded ("
    )
    assert str(missing) in result.stdout
